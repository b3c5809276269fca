// The google.script.run wrapper: replies, thrown errors and bad replies.
import { call } from '../../sidebar/bridge';

interface Recorded {
  name: string;
  args: unknown[];
}

/** A google.script.run stand-in answering through the handlers, asynchronously. */
function installRun(answer: (name: string, args: unknown[]) => { value: unknown } | { error: unknown }): Recorded[] {
  const calls: Recorded[] = [];
  const make = (ok: ((v: unknown) => void) | null, fail: ((e: unknown) => void) | null): unknown =>
    new Proxy(
      {},
      {
        get(_t, prop) {
          if (prop === 'withSuccessHandler') return (fn: (v: unknown) => void) => make(fn, fail);
          if (prop === 'withFailureHandler') return (fn: (e: unknown) => void) => make(ok, fn);
          if (prop === 'missing') return undefined;
          return (...args: unknown[]) => {
            calls.push({ name: String(prop), args });
            const a = answer(String(prop), args);
            setTimeout(() => ('value' in a ? ok?.(a.value) : fail?.(a.error)), 1);
          };
        },
      },
    );
  (globalThis as { google?: unknown }).google = { script: { run: make(null, null) } };
  return calls;
}

afterEach(() => {
  delete (globalThis as { google?: unknown }).google;
});

describe('bridge', () => {
  it('should call the named server function with its arguments and resolve with the reply', async () => {
    const calls = installRun(() => ({ value: { ok: true, campaign: { id: 'c1', name: 'Q3' } } }));
    const r = await call('selectCampaign', { campaignId: 'c1' });
    expect(r).toEqual({ ok: true, campaign: { id: 'c1', name: 'Q3' } });
    expect(calls).toEqual([{ name: 'selectCampaign', args: [{ campaignId: 'c1' }] }]);
  });

  it('should pass a server failure reply through unchanged', async () => {
    installRun(() => ({ value: { ok: false, error: { code: 'unauthorized', message: 'The key was refused.' } } }));
    expect(await call('listTemplates')).toEqual({ ok: false, error: { code: 'unauthorized', message: 'The key was refused.' } });
  });

  it('should turn a thrown server error into a network failure with its message', async () => {
    installRun(() => ({ error: new Error('Exceeded maximum execution time') }));
    const r = await call('refreshNow');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('network');
    expect(r.error.message).toContain('Exceeded maximum execution time');
  });

  it('should report a reply without ok as bad_reply', async () => {
    installRun(() => ({ value: 'surprise' }));
    const r = await call('getEstimate');
    expect(r).toMatchObject({ ok: false, error: { code: 'bad_reply' } });
  });

  it('should answer with a failure when google.script.run is absent', async () => {
    const r = await call('getSidebarState');
    expect(r).toMatchObject({ ok: false, error: { code: 'network' } });
  });

  it('should answer with a failure for a function the server does not offer', async () => {
    installRun(() => ({ value: { ok: true } }));
    const r = await call('missing' as 'listTemplates');
    expect(r).toMatchObject({ ok: false, error: { code: 'network' } });
  });
});
