// Words for numbers, credits, counts, intervals, statuses and relative times.

const numberFormat = new Intl.NumberFormat('en-US');

/** 1234 → "1,234". */
export function formatNumber(n: number): string {
  return Number.isFinite(n) ? numberFormat.format(n) : '?';
}

/** "1 person", "15 people": `many` defaults to `one` + "s". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** "1 person", "15 people". */
export const people = (n: number): string => count(n, 'person', 'people');

/** "1 credit", "45 credits". */
export function credits(n: number): string {
  return count(n, 'credit');
}

/** "30–45 credits", or "45 credits" when both ends agree. */
export function creditRange(low: number, high: number): string {
  return low === high ? credits(high) : `${formatNumber(low)}–${credits(high)}`;
}

/** Auto-refresh interval: 5 → "every 5 minutes", 60 → "every hour", null → "". */
export function interval(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes) || minutes <= 0) return '';
  if (minutes % 60 === 0) return minutes === 60 ? 'every hour' : `every ${minutes / 60} hours`;
  return minutes === 1 ? 'every minute' : `every ${formatNumber(minutes)} minutes`;
}

/** "3 minutes ago" for an ISO time, relative to `now` (ms). */
export function relativeTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'at an unknown time';
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${count(minutes, 'minute')} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${count(hours, 'hour')} ago`;
  return `${count(Math.round(hours / 24), 'day')} ago`;
}

const STAGE_WORDS: Record<string, string> = {
  queued: 'Queued',
  lookup: 'Lookup',
  tts: 'Voice',
  lipsync: 'Lip sync',
  compose: 'Compose',
  uploading: 'Uploading',
};

/** Known stage keys, in the order a video passes them. */
export const KNOWN_STAGES = Object.keys(STAGE_WORDS);

/** A render stage for a person; unknown keys are humanized. */
export function stageWord(key: string): string {
  return STAGE_WORDS[key] ?? humanize(key);
}

/** "some_thing" → "Some thing". */
export function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}
