// The page's calls to the playground server: the polled state and the actions (JSON only, which also
// keeps other sites from posting here without a CORS preflight).
import type { PlaygroundActions, PlaygroundState } from '../protocol';

async function reply<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new Error(body.message ?? `The playground answered ${res.status}.`);
  return body;
}

export async function getState(): Promise<PlaygroundState> {
  return reply<PlaygroundState>(await fetch('/api/state', { cache: 'no-store' }));
}

export async function act<K extends keyof PlaygroundActions>(action: K, body: PlaygroundActions[K]): Promise<void> {
  await reply(await fetch(`/api/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
}
