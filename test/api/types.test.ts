// Each API reply has one declaration: its zod schema; the type other modules use is inferred from it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TYPES = readFileSync(join(ROOT, 'src/api/types.ts'), 'utf8');

/** The reply types src/api/types.ts exports as the output of a schema. */
const inferred = [...TYPES.matchAll(/export type (\w+) = Reply<typeof S\.\w+>/g)].map((m) => m[1]!);

function tsFiles(dir: string): string[] {
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f));
}

describe('API reply types', () => {
  it('should infer every reply type in src/api/types.ts from its schema', () => {
    expect(inferred).toEqual(expect.arrayContaining(['Template', 'CampaignSummary', 'CampaignDetail', 'Lead', 'FinishedVideo', 'StopReply']));
    expect(TYPES).not.toMatch(/\binterface\b/);
  });

  // The sidebar and src/server/contract.ts speak the server's own contract (its StopReply is a stop over parts), not the API's.
  it('should find no hand-written copy of a reply type in src/', () => {
    const copies = tsFiles('src')
      .filter((f) => f !== join('src', 'server', 'contract.ts'))
      .flatMap((f) =>
        inferred
          .filter((name) => new RegExp(`^\\s*(export )?(interface|type) ${name}\\b(?! = Reply<)`, 'm').test(readFileSync(join(ROOT, f), 'utf8')))
          .map((name) => `${f}: ${name}`),
      );
    expect(copies).toEqual([]);
  });
});
