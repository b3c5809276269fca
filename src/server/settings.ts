// The user's connection settings: API key and base URL in UserProperties, validated, never echoed.
import type { Props } from '../core/services';

const KEY = 'vps.apiKey';
const BASE = 'vps.baseUrl';
const CONNECTED = 'vps.connected';

export interface Settings {
  baseUrl: string;
  apiKey: string;
}

export interface PublicSettings {
  baseUrl: string | null;
  keyHint: string | null;
  connected: boolean;
}

/** A masked hint such as ••••1a2b: enough to recognise a key, useless to anyone reading it. */
export function keyHint(key: string): string {
  return `••••${key.slice(-4)}`;
}

/**
 * Returns the normalised base URL, or a sentence saying what is wrong with it.
 * https and /api/v1 are required; plain http only for the local simulator.
 */
export function checkBaseUrl(raw: string): { ok: true; url: string } | { ok: false; message: string } {
  const url = (raw || '').trim().replace(/\/+$/, '');
  if (!url) return { ok: false, message: 'Enter the API base URL, for example https://api.example.com/api/v1.' };
  const m = /^(https?):\/\/([^/\s?#]+)(\/[^\s?#]*)?$/i.exec(url);
  if (!m) return { ok: false, message: 'The base URL is not a web address. It should look like https://api.example.com/api/v1.' };
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase().replace(/:\d+$/, '');
  const local = host === 'localhost' || host === '127.0.0.1';
  if (scheme !== 'https' && !local) return { ok: false, message: 'The base URL must start with https:// (plain http is only allowed for the local simulator).' };
  if (!/\/api\/v1$/.test(m[3] ?? '')) return { ok: false, message: 'The base URL must end with /api/v1.' };
  return { ok: true, url };
}

export function readSettings(props: Props): Settings | null {
  const apiKey = props.getProperty(KEY);
  const baseUrl = props.getProperty(BASE);
  return apiKey && baseUrl ? { apiKey, baseUrl } : null;
}

export function publicSettings(props: Props): PublicSettings {
  const key = props.getProperty(KEY);
  return {
    baseUrl: props.getProperty(BASE),
    keyHint: key ? keyHint(key) : null,
    connected: props.getProperty(CONNECTED) === 'true' && !!key,
  };
}

export function storeSettings(props: Props, s: Settings): void {
  props.setProperty(BASE, s.baseUrl);
  props.setProperty(KEY, s.apiKey);
  props.setProperty(CONNECTED, 'true');
}

export function savedKey(props: Props): string | null {
  return props.getProperty(KEY);
}

/** Records a refused key so the sidebar shows "not connected" until it is fixed. */
export function markDisconnected(props: Props): void {
  props.setProperty(CONNECTED, 'false');
}
