// The manifest's urlFetchWhitelist as Apps Script applies it (developers.google.com/apps-script/manifest/allowlist-url):
// https prefixes with a non-empty path; the path matched case-sensitively, the URL equal to the prefix or under it;
// a leading `*.` matches subdomains. Written apart from the add-on's own matcher, so one cannot hide the other's mistake.
// The one liberty: plain http on loopback, for the stand-in's own test servers.

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//i;

export function underPrefix(url: string, prefix: string): boolean {
  const scheme = LOOPBACK.test(prefix) ? 'http://' : 'https://';
  if (!prefix.startsWith(scheme) || !url.toLowerCase().startsWith(scheme)) return false;
  let rest = prefix.slice(scheme.length);
  const wildcard = rest.startsWith('*.');
  if (wildcard) rest = rest.slice(2);
  const slash = rest.indexOf('/');
  if (slash <= 0) return false;
  const domain = rest.slice(0, slash).toLowerCase();
  const path = rest.slice(slash);
  const m = /^[a-z]+:\/\/([^/?#]+)([^?#]*)/i.exec(url);
  if (!m) return false;
  const host = m[1]!.toLowerCase();
  const hostOk = wildcard ? host.length > domain.length + 1 && host.endsWith(`.${domain}`) : host === domain;
  const urlPath = m[2] === '' ? '/' : m[2]!;
  return hostOk && (urlPath === path || urlPath.startsWith(path.endsWith('/') ? path : `${path}/`));
}
