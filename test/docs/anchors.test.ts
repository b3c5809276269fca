// The repository explains itself: every `docs/…#anchor` a file cites exists, and no file names a document outside the repository.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const CODE = ['src', 'sidebar', 'dev', 'test', 'bench', 'scripts'];

/** Every .ts file under the code folders, as paths from the root. */
function codeFiles(): string[] {
  return CODE.flatMap((dir) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f)),
  );
}

/** The anchors a docs page declares with <a id="…">. */
function anchorsOf(page: string): Set<string> {
  return new Set([...readFileSync(join(ROOT, page), 'utf8').matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]!));
}

describe('docs anchors', () => {
  it('should find every docs anchor a code comment cites', () => {
    const pages = new Map<string, Set<string>>();
    const missing: string[] = [];
    for (const file of codeFiles()) {
      for (const [, page, anchor] of readFileSync(join(ROOT, file), 'utf8').matchAll(/\b(docs\/[a-z-]+\.md)#([a-z0-9-]+)/g)) {
        if (!pages.has(page!)) pages.set(page!, anchorsOf(page!));
        if (!pages.get(page!)!.has(anchor!)) missing.push(`${file}: ${page}#${anchor}`);
      }
    }
    expect(pages.size).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('should name no document outside the repository and no tracker number', () => {
    const outside = codeFiles().filter((f) => f !== join('test', 'docs', 'anchors.test.ts') && /DESIGN|api-spec|[Ii]ssue [0-9]/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(outside).toEqual([]);
  });
});
