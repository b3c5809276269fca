// Jest hook of `npm run uncalled` (bench/uncalled.ts): counts the calls of each function of the built dist/Code.js in
// V8's precise coverage, test by test (a test's stand-in and its compiled bundle go with it), and writes them to
// UNCALLED_DIR when the file ends.
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const BUNDLE = `file://${resolve(__dirname, '..', 'dist', 'Code.js')}`;
const session = new inspector.Session();
session.connect();
const post = (method, params = {}) => new Promise((ok, fail) => session.post(method, params, (e, r) => (e ? fail(e) : ok(r))));
/** Calls by a function's span in the bundle, "start:end" (UTF-16 offsets). */
const calls = {};

async function take() {
  const { result } = await post('Profiler.takePreciseCoverage');
  for (const script of result) {
    if (script.url !== BUNDLE) continue;
    for (const f of script.functions) {
      const r = f.ranges[0];
      const key = `${r.startOffset}:${r.endOffset}`;
      calls[key] = (calls[key] || 0) + r.count;
    }
  }
}

beforeAll(async () => {
  await post('Profiler.enable');
  await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
});
afterEach(take);
afterAll(async () => {
  await take();
  await post('Profiler.stopPreciseCoverage');
  writeFileSync(join(process.env.UNCALLED_DIR, `server-${process.pid}-${Date.now()}.json`), JSON.stringify(calls));
});
