import { DOC_KEYS, USER_KEYS } from '../../src/records/state-keys';

const SLOTS = ['campaign', 'mapping', 'fallbacks', 'autoRefresh', 'lastRefresh'] as const;
const SHEETS = [0, 1, 12, 123456789];
const IDS = ['c1', 'c12', '1', '2', 'lostRun', 'a.b', 'u0123456789abcdef', '550e8400-e29b-41d4-a716-446655440000'];

describe('DOC_KEYS', () => {
  it('should give every tab, slot, campaign and part its own key, with no two builders meeting', () => {
    const keys = [
      ...SHEETS.flatMap((s) => SLOTS.map((slot) => DOC_KEYS.tab(s, slot))),
      ...SHEETS.flatMap((s) => IDS.map((id) => DOC_KEYS.refreshMemo(s, id))),
      ...IDS.map((id) => DOC_KEYS.parts(id)),
      ...IDS.map((id) => DOC_KEYS.settledPart(id)),
      ...IDS.flatMap((id) => [DOC_KEYS.charges(id), DOC_KEYS.failed(id, 'base'), DOC_KEYS.failed(id, 'booked'), DOC_KEYS.owed(id)]),
      DOC_KEYS.openCharges,
      DOC_KEYS.openStops,
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('should keep a tab key apart from a similar-looking one of another tab', () => {
    expect(DOC_KEYS.refreshMemo(1, '2.c')).not.toBe(DOC_KEYS.refreshMemo(12, 'c'));
    expect(DOC_KEYS.tab(1, 'campaign')).not.toBe(DOC_KEYS.tab(11, 'campaign'));
    expect(DOC_KEYS.tab(7, 'mapping')).toBe(DOC_KEYS.tab(7, 'mapping'));
  });
});

describe('USER_KEYS', () => {
  it('should give each trigger its own key, apart from every fixed key', () => {
    const fixed = [USER_KEYS.apiKey, USER_KEYS.keyHost, USER_KEYS.baseUrl, USER_KEYS.connected, USER_KEYS.userId, USER_KEYS.lostTimerRun];
    // Trigger ids are Apps Script's numeric unique ids.
    const triggers = ['1', '2', '6012345678901234567', '-42'].map(USER_KEYS.trigger);
    const keys = [...fixed, ...triggers];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('should be where every key is written: no module of src/ but this one spells a key out', () => {
    const { readdirSync, readFileSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
    const { join } = jest.requireActual<typeof import('node:path')>('node:path');
    const src = join(__dirname, '..', '..', 'src');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && f !== join('records', 'state-keys.ts'));
    const spelled = files.filter((f) =>
      /['`](vps|timer|pace|doc|sheet|campaign|credits|auto|refresh|settled|register)\.[A-Za-z$]/.test(readFileSync(join(src, f), 'utf8')),
    );
    expect(spelled).toEqual([]);
  });

  it('should be read and written only from src/records/: no other module calls a store itself', () => {
    const { readdirSync, readFileSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
    const { join } = jest.requireActual<typeof import('node:path')>('node:path');
    const src = join(__dirname, '..', '..', 'src');
    // src/core/services.ts names the three methods in the type of a store, and calls none.
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && f.split(/[\\/]/)[0] !== 'records' && f !== join('core', 'services.ts'),
    );
    expect(files.filter((f) => /\.(get|set|delete)Propert(y|ies)\(/.test(readFileSync(join(src, f), 'utf8')))).toEqual([]);
  });

  it("should leave each record's key and JSON to its module in src/records/: no other module takes the keys or the JSON helpers", () => {
    const { readdirSync, readFileSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
    const { join } = jest.requireActual<typeof import('node:path')>('node:path');
    const src = join(__dirname, '..', '..', 'src');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && f.split(/[\\/]/)[0] !== 'records');
    const reaching = files.filter((f) => /from '[./]*records\/(state-keys|json-props)'/.test(readFileSync(join(src, f), 'utf8')));
    expect(reaching).toEqual([]);
  });
});
