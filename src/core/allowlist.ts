// A published build's urlFetchWhitelist, matched as Google matches it: https prefixes with a path, the
// host in any case and optionally `*.` for its subdomains, the path case-sensitive, a whole segment at a time.

/** Whether `url` falls under `prefix` (e.g. https://api.example.com/v1/ or https://*.example.com/api/). */
export function allowedBy(url: string, prefix: string): boolean {
  const p = /^https:\/\/(\*\.)?([^/*?#]+)(\/[^?#]*)$/i.exec(prefix);
  const u = /^https:\/\/([^/?#]+)([^?#]*)/i.exec(url);
  if (!p || !u) return false;
  const host = u[1]!.toLowerCase();
  const want = p[2]!.toLowerCase();
  if (p[1] ? !host.endsWith(`.${want}`) : host !== want) return false;
  const path = u[2] || '/';
  const base = p[3]!;
  return path === base || path.startsWith(base.endsWith('/') ? base : `${base}/`);
}

export function allowedByList(url: string, list: readonly string[]): boolean {
  return list.some((prefix) => allowedBy(url, prefix));
}
