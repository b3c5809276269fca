// What the build tells the code: the published build's urlFetchWhitelist (empty for a bound script or a test).
declare const __URL_ALLOWLIST__: readonly string[] | undefined;

export const URL_ALLOWLIST: readonly string[] = typeof __URL_ALLOWLIST__ !== 'undefined' ? __URL_ALLOWLIST__ : [];
