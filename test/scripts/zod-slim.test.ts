// zod/mini as the server bundle carries it: schemas that parse replies as before, without the methods nothing calls.
import { build } from 'esbuild';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { droppedMethods, installedZodMini, slimZodMini, zodSlim } from '../../scripts/zod-slim';

const ROOT = join(__dirname, '..', '..');

/** A reply schema bundled as the build bundles zod (with or without the plugin), evaluated on its own. */
async function bundledSchema(slim: boolean): Promise<Record<string, unknown> & { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }> {
  const r = await build({
    stdin: {
      contents: "import * as z from 'zod/mini'; globalThis.schema = z.looseObject({ id: z.string(), n: z.optional(z.nullable(z.number())) });",
      resolveDir: ROOT,
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    logLevel: 'silent',
    plugins: slim ? [zodSlim] : [],
  });
  const box: Record<string, unknown> = {};
  runInNewContext(r.outputFiles[0]!.text, { globalThis: box });
  return box.schema as never;
}

describe('zodSlim', () => {
  it('should keep safeParse, for good and bad replies alike, unknown fields kept', async () => {
    const schema = await bundledSchema(true);
    expect(schema.safeParse({ id: 'c1', n: null, extra: 1 })).toEqual({ success: true, data: { id: 'c1', n: null, extra: 1 } });
    const bad = schema.safeParse({ id: 7 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toEqual([expect.objectContaining({ code: 'invalid_type', path: ['id'] })]);
  });

  it('should leave out the methods the add-on never calls', async () => {
    const [slim, full] = await Promise.all([bundledSchema(true), bundledSchema(false)]);
    const dropped = droppedMethods(installedZodMini());
    expect(dropped).toEqual(expect.arrayContaining(['parse', 'parseAsync', 'check']));
    for (const m of dropped) {
      expect(typeof full[m]).toBe('function');
      expect(slim[m]).toBeUndefined();
    }
  });
});

describe('slimZodMini', () => {
  it('should refuse a zod/mini whose ZodMiniType it does not recognise', () => {
    expect(() => slimZodMini('export const ZodMiniType = make("ZodMiniType", () => {}, { parse(data) { return data; } });')).toThrow(/scripts\/zod-slim\.ts/);
    expect(() => slimZodMini('export const Other = 1;')).toThrow(/no longer declares ZodMiniType/);
  });
});
