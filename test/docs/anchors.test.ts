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

/** The project's own pages, which keep the same rule as its code. */
function docFiles(): string[] {
  return ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];
}

/**
 * References to a document outside the repository or to the tracker: the design or API spec by name, issues or
 * contracts by number, and section numbers such as "(6.5)" or "§ 12".
 */
const OUTSIDE = /DESIGN|api-spec|\b[Ii]ssues? #?[0-9]|\b[Cc]ontracts? [0-9]|\s\(§?\s?[0-9]{1,2}\.[0-9]{1,2}\)|§\s?[0-9]/g;

function outsideReferences(text: string): string[] {
  return [...text.matchAll(OUTSIDE)].map((m) => m[0]);
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
    const files = [...codeFiles(), ...docFiles()].filter((f) => f !== join('test', 'docs', 'anchors.test.ts'));
    const outside = files.flatMap((f) => outsideReferences(readFileSync(join(ROOT, f), 'utf8')).map((r) => `${f}: ${r}`));
    expect(outside).toEqual([]);
  });

  it.each([
    ['a design document', 'see DESIGN for the rule'],
    ['the API spec', '// per api-spec.md'],
    ['an issue', '// fixed in issue 18'],
    ['issues', '// servers of issues 18 and 20'],
    ['contracts by number', '// Shared contracts 1 and 3'],
    ['a section number', '// left for the person (6.5).'],
    ['a section sign', '// as § 12 says'],
  ])('should catch a reference to %s', (_what, text) => {
    expect(outsideReferences(text)).not.toEqual([]);
  });

  it('should let numbers in code pass', () => {
    expect(outsideReferences("expect(generalNumber(1.5)).toBe('1.5'); const failRate = toBe(0.2); // on 127.0.0.1 (127.0.0.1) // 2 issues left")).toEqual([]);
  });
});
