// The layer order is enforced: lint refuses a module that imports from a layer above it, naming the rule.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const ESLINT = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

/** ESLint in its own process (its config is an ES module, which jest's vm cannot load), on text given as `file`. */
async function lint(file: string, code: string): Promise<string[]> {
  const run = spawnSync(process.execPath, [ESLINT, '--stdin', '--stdin-filename', file, '--format', 'json'], { cwd: ROOT, input: code, encoding: 'utf8' });
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[];
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer order', () => {
  jest.setTimeout(60_000);

  it('should refuse an import of the server layer from src/api, naming the rule', async () => {
    const messages = await lint('src/api/probe.ts', "import '../server/contract';\n");
    expect(messages).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*Layer order .*src\/api may not import src\/server/)]);
  });

  it.each([
    ['src/core/probe.ts', "import '../api/client';\n"],
    ['src/sheet/probe.ts', "import '../push/push';\n"],
    ['src/push/probe.ts', "import '../refresh/refresh';\n"],
    ['src/refresh/probe.ts', "import '../server/context';\n"],
    ['src/server/probe.ts', "import '../main';\n"],
    ['sidebar/probe.ts', "import { refreshSheet } from '../src/refresh/refresh';\nrefreshSheet;\n"],
    ['src/api/probe.ts', "import '../rules/links';\n"],
    ['src/rules/probe.ts', "import '../sheet/cells';\n"],
    ['src/rules/probe.ts', "import '../api/client';\n"],
  ])('should refuse an upward import in %s', async (file, code) => {
    expect((await lint(file, code)).some((m) => m.startsWith('@typescript-eslint/no-restricted-imports'))).toBe(true);
  });

  it("should allow downward imports and the sidebar's shared modules and types", async () => {
    expect(await lint('src/server/probe.ts', "import '../push/push';\nimport '../core/clock';\n")).toEqual([]);
    expect(await lint('src/refresh/probe.ts', "import '../rules/links';\n")).toEqual([]);
    expect(await lint('src/rules/probe.ts', "import '../api/types';\nimport '../core/clock';\n")).toEqual([]);
    expect(await lint('sidebar/probe.ts', "import { linksReady } from '../src/rules/links';\nexport const l = linksReady;\n")).toEqual([]);
    expect(
      await lint(
        'sidebar/probe.ts',
        "import { validatePerson } from '../src/api/people';\nimport type { Reply } from '../src/server/contract';\nexport type R = Reply<object>;\nexport const v = validatePerson;\n",
      ),
    ).toEqual([]);
  });
});
