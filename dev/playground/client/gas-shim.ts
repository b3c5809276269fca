// Runs inside the sidebar frame before the add-on's own script: google.script.run and
// google.script.host as Apps Script provides them, with each call a POST /gas/run to the playground.
import type { GasRunReply } from '../protocol';

type Handler = ((value: unknown, userObject?: unknown) => void) | null;

async function send(name: string, args: unknown[]): Promise<GasRunReply> {
  try {
    const res = await fetch('/gas/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, args }) });
    // The playground answers every call, failed or not, as a GasRunReply.
    return (await res.json()) as GasRunReply;
  } catch {
    // What Apps Script reports when the call never reached the server.
    return { ok: false, message: 'NetworkError: Connection failure due to HTTP 0' };
  }
}

/** A google.script.run runner: handlers are set by chaining, any other name calls that server function. */
function runner(ok: Handler, fail: Handler, user: unknown): object {
  return new Proxy(
    {},
    {
      get(_t, prop) {
        if (prop === 'withSuccessHandler') return (fn: Handler) => runner(fn, fail, user);
        if (prop === 'withFailureHandler') return (fn: Handler) => runner(ok, fn, user);
        if (prop === 'withUserObject') return (u: unknown) => runner(ok, fail, u);
        // Not thenable, not a primitive: only string names are server functions.
        if (typeof prop !== 'string' || prop === 'then') return undefined;
        return (...args: unknown[]) => {
          void send(prop, args).then((r) => {
            if (r.ok) ok?.(r.value, user);
            else if (fail) fail(new Error(r.message), user);
            else console.error(`google.script.run.${prop}: ${r.message}`);
          });
        };
      },
    },
  );
}

/** Messages to the playground page that holds this frame. */
function toPage(type: 'close-sidebar' | 'focus-editor'): void {
  window.parent.postMessage({ source: 'gas-shim', type }, window.location.origin);
}

(window as unknown as { google: unknown }).google = {
  script: {
    run: runner(null, null, undefined),
    host: {
      origin: window.location.origin,
      close: () => toPage('close-sidebar'),
      setHeight: () => undefined,
      setWidth: () => undefined,
      editor: { focus: () => toPage('focus-editor') },
    },
  },
};
