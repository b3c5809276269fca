// Wall-clock parts of an instant in a time zone, and back: what Sheets display and Utilities.formatDate need.

export interface WallClock {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 = Sunday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((ms % 1000) + 1000) % 1000,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** Offset of the zone from UTC at that instant, in minutes (east positive). */
export function offsetMinutes(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
  return Math.round((asUtc - ms) / 60000);
}

/** The instant whose wall clock in the zone reads these parts. */
export function fromWallClock(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = guess - offsetMinutes(guess, timeZone) * 60000;
  return guess - offsetMinutes(first, timeZone) * 60000;
}

/** Throws unless Intl knows the zone. */
export function checkTimeZone(timeZone: string): void {
  formatter(timeZone);
}
