// Apps Script's daily quotas (UrlFetch calls, property operations, trigger runtime), counted per UTC day of
// the virtual clock (or per 24 hours from a window's first call, under the rolling reading), and refused with Apps Script's exceptions once spent.
import type { VirtualClock } from './clock';
import { GasException } from './gas-object';

export interface QuotaUsage {
  urlFetch: number;
  propertyOps: number;
  /** Virtual milliseconds spent inside time-driven trigger executions. */
  triggerRuntimeMs: number;
}

export type QuotaKind = keyof QuotaUsage;

/** A consumer (gmail.com) account's daily allowances. */
export const CONSUMER_QUOTAS: Readonly<QuotaUsage> = { urlFetch: 20_000, propertyOps: 50_000, triggerRuntimeMs: 90 * 60_000 };

export const QUOTA_MESSAGES = {
  urlFetch: 'Service invoked too many times for one day: urlfetch.',
  propertyOps: 'Service invoked too many times for one day: properties.',
  triggerRuntimeMs: 'Service using too much computer time for one day',
} as const satisfies Record<QuotaKind, string>;

const zero = (): QuotaUsage => ({ urlFetch: 0, propertyOps: 0, triggerRuntimeMs: 0 });
const utcDay = (t: number): string => new Date(t).toISOString().slice(0, 10);

export class Quotas {
  readonly limits: Readonly<QuotaUsage>;
  /** Usage per UTC day ("YYYY-MM-DD"), oldest first. */
  private readonly days = new Map<string, QuotaUsage>();

  constructor(
    private readonly clock: VirtualClock,
    limits: Partial<QuotaUsage> = {},
    private readonly rolling: () => boolean = () => false,
  ) {
    this.limits = { ...CONSUMER_QUOTAS, ...limits };
  }

  /** Today's usage (a copy). */
  today(): QuotaUsage {
    return { ...this.day() };
  }

  /** Usage since the start (or the last reset), all days together. */
  total(): QuotaUsage {
    const sum = zero();
    for (const d of this.days.values()) for (const k of Object.keys(sum) as QuotaKind[]) sum[k] += d[k];
    return sum;
  }

  /** Usage day by day, for reports of per-day figures. */
  byDay(): ({ day: string } & QuotaUsage)[] {
    return [...this.days].map(([day, u]) => ({ day, ...u }));
  }

  /** Whether today's allowance of this kind is used up. */
  spent(kind: QuotaKind): boolean {
    return this.day()[kind] >= this.limits[kind];
  }

  /** Counts n calls (UrlFetch, property operations), or throws Apps Script's exception without counting any. */
  use(kind: Exclude<QuotaKind, 'triggerRuntimeMs'>, n = 1): void {
    const d = this.day();
    if (d[kind] + n > this.limits[kind]) throw new GasException(QUOTA_MESSAGES[kind]);
    d[kind] += n;
  }

  /** Adds a finished trigger execution's runtime to the day it started on. */
  addTriggerRuntime(ms: number, startedAt: number): void {
    this.day(startedAt).triggerRuntimeMs += ms;
  }

  private rollingKey(at: number): string {
    const open = [...this.days.keys()].reverse().find((k) => k.length > 10 && Date.parse(k) <= at && at < Date.parse(k) + 86_400_000);
    return open ?? new Date(at).toISOString();
  }

  reset(): void {
    this.days.clear();
  }

  /** The window holding `at`: its UTC day, or (rolling reading) the 24 hours from the first call of a window. */
  private day(at = this.clock.now()): QuotaUsage {
    const key = this.rolling() ? this.rollingKey(at) : utcDay(at);
    let d = this.days.get(key);
    if (!d) this.days.set(key, (d = zero()));
    return d;
  }
}
