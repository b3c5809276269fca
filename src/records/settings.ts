// The user's connection settings: API key and base URL in UserProperties, validated, never echoed.
// A key belongs to the host it was typed for and is never sent to another (docs/rules.md#settings).
import { USER_KEYS } from './state-keys';
import { allowedByList } from '../core/allowlist';
import { URL_ALLOWLIST } from '../core/build-info';
import type { Props } from '../core/services';

const { apiKey: KEY, keyHost: KEY_HOST, baseUrl: BASE, connected: CONNECTED, canWrite: CAN_WRITE } = USER_KEYS;

export interface Settings {
  baseUrl: string;
  apiKey: string;
}

export interface PublicSettings {
  baseUrl: string | null;
  keyHint: string | null;
  connected: boolean;
  /** False when the saved key was found read-only when saved: it can look but not create, add or generate. */
  canWrite?: boolean;
}

/** A masked hint such as ••••1a2b: enough to recognise a key, useless to anyone reading it. */
export function keyHint(key: string): string {
  return `••••${key.slice(-4)}`;
}

/**
 * Returns the normalised base URL, or a sentence saying what is wrong with it.
 * https and /api/v1 are required; plain http only for the local simulator.
 */
export function checkBaseUrl(raw: string, allowlist: readonly string[] = URL_ALLOWLIST): { ok: true; url: string } | { ok: false; message: string } {
  const url = (raw || '').trim().replace(/\/+$/, '');
  if (!url) return { ok: false, message: 'Enter the API base URL, for example https://api.example.com/api/v1.' };
  const m = /^(https?):\/\/([^/\s?#]+)(\/[^\s?#]*)?$/i.exec(url);
  if (!m) return { ok: false, message: 'The base URL is not a web address. It should look like https://api.example.com/api/v1.' };
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase().replace(/:\d+$/, '');
  const local = host === 'localhost' || host === '127.0.0.1';
  if (scheme !== 'https' && !local)
    return { ok: false, message: 'The base URL must start with https:// (plain http is only allowed for the local simulator).' };
  if (!/\/api\/v1$/.test(m[3] || '')) return { ok: false, message: 'The base URL must end with /api/v1.' };
  // A published add-on may only fetch the addresses of its manifest: anything else would never answer.
  if (allowlist.length > 0 && !allowedByList(`${url}/`, allowlist)) {
    return {
      ok: false,
      message: `This add-on may only reach ${allowlist.join(', ')}; ${m[2]} is not among them, so nothing would ever answer there. Check the base URL, or ask whoever published the add-on to allow that address.`,
    };
  }
  return { ok: true, url };
}

/** The host of a checked base URL, lower case, port included. */
export function hostOf(url: string): string {
  return ((/^https?:\/\/([^/]+)/i.exec(url) || [])[1] || '').toLowerCase();
}

/** The settings to call with; none when the key was typed for another host than the base URL's. */
export function readSettings(props: Props): Settings | null {
  const apiKey = props.getProperty(KEY);
  const baseUrl = props.getProperty(BASE);
  if (!apiKey || !baseUrl || props.getProperty(KEY_HOST) !== hostOf(baseUrl)) return null;
  return { apiKey, baseUrl };
}

export function publicSettings(props: Props): PublicSettings {
  const usable = readSettings(props);
  return {
    baseUrl: props.getProperty(BASE),
    keyHint: usable ? keyHint(usable.apiKey) : null,
    connected: props.getProperty(CONNECTED) === 'true' && !!usable,
    ...(usable ? { canWrite: !keyReadOnly(props) } : {}),
  };
}

/** The saved key was found read-only when it was saved (docs/rules.md#settings). */
export function keyReadOnly(props: Props): boolean {
  return props.getProperty(CAN_WRITE) === 'false';
}

export function storeSettings(props: Props, s: Settings & { canWrite: boolean }): void {
  props.setProperty(CAN_WRITE, String(s.canWrite));
  props.setProperty(BASE, s.baseUrl);
  props.setProperty(KEY, s.apiKey);
  props.setProperty(KEY_HOST, hostOf(s.baseUrl));
  props.setProperty(CONNECTED, 'true');
}

/** The host the saved key was typed for, or null when no key is saved. */
export function savedKeyHost(props: Props): string | null {
  return props.getProperty(KEY) ? props.getProperty(KEY_HOST) || '' : null;
}

/** The saved key, only if it was typed for `baseUrl`'s host. */
export function savedKeyFor(props: Props, baseUrl: string): string | null {
  const key = props.getProperty(KEY);
  return key && props.getProperty(KEY_HOST) === hostOf(baseUrl) ? key : null;
}

/** Records a refused key so the sidebar shows "not connected" until it is fixed. */
export function markDisconnected(props: Props): void {
  props.setProperty(CONNECTED, 'false');
}
