// The server bundle's zod/mini without the schema methods the add-on never calls (docs/rules.md#budgets).
import type { Plugin } from 'esbuild';
import { parse } from 'acorn';
import { full } from 'acorn-walk';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** zod/mini's module of schema kinds, where every schema's shared methods are declared. */
export const ZOD_MINI_SCHEMAS = /zod[\\/]v4[\\/]mini[\\/]schemas\.js$/;

/** zod/mini's module of schema kinds as installed: what the plugin slims. */
export const installedZodMini = (): string => readFileSync(join(__dirname, '..', 'node_modules', 'zod', 'v4', 'mini', 'schemas.js'), 'utf8');

/** The one method the add-on calls on a schema: every reply is parsed through `Tidied.safeParse` (src/api/schemas.ts). */
const KEPT = '{safeParse(data, params) { return parse.safeParse(this, data, params); }}';

/**
 * zod/mini with the methods object of `ZodMiniType` (parse, parseAsync, safeParseAsync, check, with, clone, brand,
 * register, apply) cut to `safeParse`: every schema kind inherits them, so no bundler can tell they are never called,
 * and they pull in zod's throwing and asynchronous parsers. Throws when zod's text is no longer as described, so
 * a zod update is looked at here instead of building something else.
 */
export function slimZodMini(source: string): string {
  const m = methodsObject(source);
  return source.slice(0, m.start) + KEPT + source.slice(m.end);
}

/** The methods `slimZodMini` leaves out of this zod/mini source, by name: the lint refuses a call of each. */
export function droppedMethods(source: string): string[] {
  const names = methodsObject(source).properties.map((p) => String(p.key.name ?? p.key.value));
  return [...new Set(names)].filter((n) => n !== 'safeParse');
}

/** ZodMiniType's methods object in zod/mini's source; throws when zod's text is no longer as this file expects. */
function methodsObject(source: string): { start: number; end: number; properties: { key: { name?: string; value?: unknown } }[] } {
  const ast = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const found: ReturnType<typeof methodsObject>[] = [];
  full(ast, (n) => {
    if (n.type !== 'VariableDeclarator') return;
    const d = n as unknown as { id: { name?: string }; init?: { type: string; arguments?: { type: string }[] } };
    if (d.id.name !== 'ZodMiniType' || d.init?.type !== 'CallExpression') return;
    const methods = d.init.arguments?.[2];
    if (methods?.type === 'ObjectExpression') found.push(methods as unknown as ReturnType<typeof methodsObject>);
  });
  const [m] = found;
  if (found.length !== 1 || !m || !/safeParse\(data, params\)\s*\{\s*return parse\.safeParse\(this, data, params\);/.test(source.slice(m.start, m.end))) {
    throw new Error('zod/mini no longer declares ZodMiniType as scripts/zod-slim.ts expects: look at that file before building');
  }
  return m;
}

/** esbuild's plugin that loads zod/mini's schemas module slimmed. */
export const zodSlim: Plugin = {
  name: 'zod-slim',
  setup(b) {
    b.onLoad({ filter: ZOD_MINI_SCHEMAS }, (a) => ({ contents: slimZodMini(readFileSync(a.path, 'utf8')), loader: 'js' }));
  },
};
