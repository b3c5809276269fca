// Jest hook of `npm run uncalled` (bench/uncalled.ts): counts the calls of each function of the built dist/Code.js in
// V8's precise coverage, test by test (a test's stand-in and its compiled bundle go with it), and writes them to
// UNCALLED_DIR when the file ends.
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { addCalls } from './uncalled';

const BUNDLE = `file://${resolve(__dirname, '..', 'dist', 'Code.js')}`;
const session = new Session();
session.connect();
const post = <T>(method: string, params: object = {}): Promise<T> =>
  new Promise((ok, fail) => session.post(method, params, (e, r) => (e ? fail(e) : ok(r as T))));
/** Calls by a function's span in the bundle, "start:end" (UTF-16 offsets). */
const calls: Record<string, number> = {};

async function take(): Promise<void> {
  const { result } = await post<{ result: { url: string; functions: Parameters<typeof addCalls>[1] }[] }>('Profiler.takePreciseCoverage');
  for (const script of result) if (script.url === BUNDLE) addCalls(calls, script.functions);
}

beforeAll(async () => {
  await post('Profiler.enable');
  await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
});
afterEach(take);
afterAll(async () => {
  await take();
  await post('Profiler.stopPreciseCoverage');
  writeFileSync(join(process.env.UNCALLED_DIR!, `server-${process.pid}-${Date.now()}.json`), JSON.stringify(calls));
});
