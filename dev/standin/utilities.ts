// Utilities: sleep on the virtual clock (counted), formatDate with Java SimpleDateFormat patterns,
// UUIDs and base64.
import { randomUUID } from 'node:crypto';
import { GasException, GasObject, badArguments, gasApi, requireInt } from './gas-object';
import type { Runtime } from './runtime';
import { checkTimeZone, offsetMinutes, wallClock } from './time-zone';

const MAX_SLEEP = 300_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function offsetText(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const a = Math.abs(minutes);
  const hh = String(Math.floor(a / 60)).padStart(2, '0');
  const mm = String(a % 60).padStart(2, '0');
  return `${sign}${hh}${colon ? ':' : ''}${mm}`;
}

/** Java SimpleDateFormat, the letters Apps Script code commonly uses; others fail loudly. */
export function simpleDateFormat(ms: number, timeZone: string, pattern: string): string {
  checkTimeZone(timeZone);
  const w = wallClock(ms, timeZone);
  const off = offsetMinutes(ms, timeZone);
  let out = '';
  for (let i = 0; i < pattern.length;) {
    const ch = pattern[i]!;
    if (ch === "'") {
      const end = pattern.indexOf("'", i + 1);
      const stop = end < 0 ? pattern.length : end;
      out += stop === i + 1 ? "'" : pattern.slice(i + 1, stop);
      i = stop + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(ch)) {
      out += ch;
      i++;
      continue;
    }
    let n = 1;
    while (pattern[i + n] === ch) n++;
    i += n;
    const pad = (v: number) => String(v).padStart(n, '0');
    switch (ch) {
      case 'y':
        out += n === 2 ? String(w.year % 100).padStart(2, '0') : pad(w.year);
        break;
      case 'M':
        out += n >= 4 ? MONTHS[w.month - 1] : n === 3 ? MONTHS[w.month - 1]!.slice(0, 3) : pad(w.month);
        break;
      case 'd':
        out += pad(w.day);
        break;
      case 'H':
        out += pad(w.hour);
        break;
      case 'k':
        out += pad(w.hour === 0 ? 24 : w.hour);
        break;
      case 'h':
        out += pad(((w.hour + 11) % 12) + 1);
        break;
      case 'K':
        out += pad(w.hour % 12);
        break;
      case 'm':
        out += pad(w.minute);
        break;
      case 's':
        out += pad(w.second);
        break;
      case 'S':
        out += String(w.millisecond).padStart(3, '0').slice(0, Math.max(3, n)).padEnd(n, '0');
        break;
      case 'E':
        out += n >= 4 ? DAYS[w.weekday] : DAYS[w.weekday]!.slice(0, 3);
        break;
      case 'a':
        out += w.hour < 12 ? 'AM' : 'PM';
        break;
      case 'Z':
        out += offsetText(off, false);
        break;
      case 'X':
        out += off === 0 ? 'Z' : n === 1 ? offsetText(off, false).slice(0, 3) : offsetText(off, n >= 3);
        break;
      case 'z':
        out += off === 0 ? 'UTC' : `GMT${offsetText(off, true)}`;
        break;
      default:
        throw new Error(`stand-in: Utilities.formatDate pattern letter '${ch}' is not implemented`);
    }
  }
  return out;
}

export class FakeUtilities extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Utilities.Utilities>()('Utilities', [
    'sleep',
    'formatDate',
    'getUuid',
    'base64Encode',
    'base64EncodeWebSafe',
    'base64Decode',
    'base64DecodeWebSafe',
  ]);

  constructor(private readonly runtime: Runtime) {
    super();
  }

  /** Apps Script has no timers: sleep blocks; here it moves the virtual clock (and the linked simulator's). */
  sleep(milliseconds: unknown): void {
    const ms = requireInt(milliseconds, 'Utilities.sleep', [milliseconds]);
    if (ms < 0 || ms > MAX_SLEEP) throw new GasException(`Invalid argument: milliseconds`);
    this.runtime.counters.sleeps++;
    this.runtime.counters.sleptMs += ms;
    this.runtime.clock.advance(ms);
  }

  formatDate(date: unknown, timeZone: unknown, format: unknown): string {
    if (!(date instanceof Date) || typeof timeZone !== 'string' || typeof format !== 'string') {
      throw badArguments('Utilities.formatDate', [date, timeZone, format]);
    }
    try {
      return simpleDateFormat(date.getTime(), timeZone, format);
    } catch (e) {
      if (e instanceof RangeError) throw new GasException(`Invalid argument: timeZone`);
      throw e;
    }
  }

  getUuid(): string {
    return randomUUID();
  }

  base64Encode(data: unknown): string {
    return this.bytes(data, 'base64Encode').toString('base64');
  }
  base64EncodeWebSafe(data: unknown): string {
    return this.bytes(data, 'base64EncodeWebSafe')
      .toString('base64url')
      .padEnd(Math.ceil(this.bytes(data, 'base64EncodeWebSafe').length / 3) * 4, '=');
  }
  base64Decode(encoded: unknown): number[] {
    return this.signed(Buffer.from(String(encoded), 'base64'));
  }
  base64DecodeWebSafe(encoded: unknown): number[] {
    return this.signed(Buffer.from(String(encoded), 'base64url'));
  }

  private bytes(data: unknown, method: string): Buffer {
    if (typeof data === 'string') return Buffer.from(data, 'utf8');
    if (Array.isArray(data) && data.every((b) => typeof b === 'number')) return Buffer.from(data.map((b: number) => b & 0xff));
    throw badArguments(`Utilities.${method}`, [data]);
  }

  private signed(buf: Buffer): number[] {
    return [...buf].map((b) => (b > 127 ? b - 256 : b));
  }
}
