import type { ApiClient } from '../../../src/api/client';
import { PART_SIZE, partAllocator, partCount, partLabel, partName } from '../../../src/server/campaign/parts';
import { loadParts, type CampaignParts } from '../../../src/records/parts-record';
import { memoryProps } from '../../fakes';

function fakeApi(): ApiClient & { created: string[] } {
  const created: string[] = [];
  return {
    created,
    createCampaign: (body: { name: string }) => {
      created.push(body.name);
      return { id: `c${created.length + 1}`, name: body.name, templateId: 't', status: 'draft' };
    },
  } as unknown as ApiClient & { created: string[] };
}

const campaign = (over: Partial<CampaignParts> = {}): CampaignParts => ({
  id: 'c1',
  name: 'Spring',
  templateId: 't',
  parts: [{ id: 'c1', size: 0, closed: false }],
  ...over,
});

describe('partName', () => {
  it('should name later parts after the campaign within 80 characters', () => {
    expect(partName('Spring', 2)).toBe('Spring · part 2');
    expect(partName('x'.repeat(80), 12)).toHaveLength(80);
  });
});

describe('part numbers past folded parts', () => {
  it('should count and name parts after those the record folded into its total', () => {
    // Parts 2 to 11 are folded (docs/rules.md#parts); the record lists the first, part 12 and part 13.
    const c = campaign({
      folded: { n: 10, size: 5000, failed: 0 },
      parts: [
        { id: 'c1', size: 500, closed: true },
        { id: 'c12', size: 500, closed: true, done: 1, failed: 0 },
        { id: 'c13', size: 40, closed: true },
      ],
    });
    expect(partCount(c)).toBe(13);
    expect([partLabel(c, 'c1'), partLabel(c, 'c12'), partLabel(c, 'c13')]).toEqual(['Spring', 'Spring · part 12', 'Spring · part 13']);
    // The next part made is part 14, whatever the record still lists.
    const api = fakeApi();
    const parts = partAllocator(c, api, memoryProps(), () => 0);
    parts.record('c13', PART_SIZE);
    c.parts[2]!.closed = true;
    parts.next();
    expect(api.created).toEqual(['Spring · part 14']);
  });
});

describe('partAllocator', () => {
  it('should fill the open part, then make a new one, saving it at once', () => {
    const props = memoryProps();
    const api = fakeApi();
    const c = campaign();
    const parts = partAllocator(c, api, props, () => 0);
    expect(parts.next()).toEqual({ id: 'c1', room: PART_SIZE });
    parts.record('c1', PART_SIZE);
    expect(parts.next()).toEqual({ id: 'c2', room: PART_SIZE });
    expect(api.created).toEqual(['Spring · part 2']);
    expect(loadParts(props, { id: 'c1', name: 'Spring' }).parts.map((p) => p.id)).toEqual(['c1', 'c2']);
  });

  it('should give a generated part no new people while its generate may still run', () => {
    const api = fakeApi();
    const parts = partAllocator(campaign({ parts: [{ id: 'c1', size: 10, closed: true }] }), api, memoryProps(), () => 0);
    expect(parts.next()!.id).toBe('c2');
  });

  /** A part's detail as the API would answer it. */
  const detail = (status: string, rendering: number, stages: Record<string, number> = {}) => ({
    id: 'c1',
    name: 'Spring',
    status,
    counts: { total: 10, pending: 0, rendering, complete: 10 - rendering, failed: 0, cancelled: 0, skipped: 0 },
    stages,
  });

  it('should fill a generated part up to 500 once its generate settled, but not while it renders, after a stop, or when its detail cannot be read', () => {
    const cases: [ReturnType<typeof detail> | Error, number | undefined, string][] = [
      [detail('rendering', 0), undefined, 'c1'],
      [detail('rendering', 2, { lipsync: 2 }), undefined, 'c2'],
      [detail('rendering', 0, { uploading: 1 }), undefined, 'c2'],
      [detail('stopped', 0), undefined, 'c2'],
      [detail('rendering', 0), 3, 'c2'],
      [new Error('no answer'), undefined, 'c2'],
    ];
    for (const [d, cancelled, to] of cases) {
      const api = Object.assign(fakeApi(), {
        getCampaign: () => {
          if (d instanceof Error) throw d;
          return d;
        },
      });
      const props = memoryProps();
      const c = campaign({ parts: [{ id: 'c1', size: 10, closed: true, ...(cancelled ? { cancelled } : {}) }] });
      expect(partAllocator(c, api, props, () => 0).next()).toEqual({ id: to, room: to === 'c1' ? PART_SIZE - 10 : PART_SIZE });
      // Reopened, it is saved as taking people (a generate of it charges only the newcomers).
      if (to === 'c1') expect(loadParts(props, { id: 'c1', name: 'Spring' }).parts).toEqual([{ id: 'c1', size: 10, closed: false }]);
    }
  });

  it('should make a new part for a person whose name the open part already holds, and none for a campaign picked from the list', () => {
    const api = fakeApi();
    const parts = partAllocator(campaign({ parts: [{ id: 'c1', size: 10, closed: false }] }), api, memoryProps(), () => 0);
    expect(parts.next(new Set(['c1']))).toEqual({ id: 'c2', room: PART_SIZE });
    const picked = partAllocator(loadParts(memoryProps(), { id: 'x', name: 'Picked' }), fakeApi(), memoryProps(), () => 0);
    expect(picked.next(new Set(['x']))).toBeNull();
    expect(picked.next(new Set(['other']))).toEqual({ id: 'x', room: Infinity });
  });

  it('should keep a campaign chosen from the list as one part', () => {
    const api = fakeApi();
    const c = loadParts(memoryProps(), { id: 'x', name: 'Picked' });
    const parts = partAllocator(c, api, memoryProps(), () => 0);
    parts.record('x', 5000);
    expect(parts.next()).toEqual({ id: 'x', room: Infinity });
    expect(api.created).toEqual([]);
    expect(parts.has('x')).toBe(true);
    expect(parts.has('other')).toBe(false);
  });
});
