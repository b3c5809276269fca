// terser's pass over an esbuild bundle, shared by the server bundle and the sidebar's script (docs/rules.md#budgets).
import { minify } from 'terser';

/**
 * A second minifier over esbuild's output: terser's compression wins a few percent more of a bundle's weight, never a
 * string a person reads. Top-level names (the entry points Apps Script calls) are kept; `typeofs` is off because
 * `typeof X == "undefined"` on a global the runtime lacks must not become `X === void 0`. `unsafe_arrows` makes a
 * function expression that reads neither `this` nor `arguments` an arrow: no code of either bundle calls one with `new`
 * or reads its prototype (zod's classes are made by named functions, which stay as they are). `unsafe` turns
 * `String(x)` into `"" + x` and drops `new` before built-ins (no code converts a symbol or an object whose `valueOf`
 * differs from its text); `unsafe_proto` writes `Array.prototype.slice` as `[].slice`; `hoist_funs` moves function declarations to the top of their scope, where they already live.
 */
export async function squeeze(code: string, ecma: 2019 | 2020, rounds = 2): Promise<string> {
  const r = await minify(code, {
    ecma,
    toplevel: false,
    // The second round's one pass finds all that three did (measured: the same bytes, a third of the time).
    compress: { passes: rounds > 1 ? 3 : 1, typeofs: false, unsafe_arrows: true, unsafe: true, unsafe_proto: true, hoist_funs: true },
    mangle: true,
  });
  if (r.code === undefined) throw new Error('terser returned no code');
  // Its own output squeezed again: names mangled in the first round open folds the second finds.
  if (rounds > 1) return squeeze(r.code, ecma, rounds - 1);
  return r.code;
}
