// Every sentence that describes where things stand, derived in one place from the latest server state
// and the action in flight (docs/rules.md#sidebar-truth): nothing here remembers, so nothing outlives a state that contradicts it.
import { count, formatNumber, interval, people, relativeTime } from './format';
import { isReadOnly, keyProblemOf, READ_ONLY } from './key';
import { campaignMayRender as mayRender, type RenderView } from '../src/shared/may-render';
import { campaignOf, type AppState, type Progress, type Unsettled } from './state';
import type { CampaignSummary } from '../src/api/types';
import type { PersonField } from '../src/shared/person';
import { FIELD_LABELS } from '../src/shared/people';

/** The four campaign statuses the spec names; any other is shown as it came, never translated. */
const KNOWN_STATUSES = new Set(['draft', 'qa_ready', 'rendering', 'stopped']);

export type Tone = 'todo' | 'busy' | 'done' | 'warn';
/** The next step's button at the top: it presses the card's own button of that name, or opens a card at its first field. */
export interface Step {
  label: string;
  press?: string;
  open?: string;
}
export interface TopLine {
  line: string;
  tone: Tone;
  /** An API status word the spec does not define, as it came. */ small: string | null;
  step?: Step | null;
}

const press = (label: string): Step => ({ label, press: label });
const go = (label: string, open: string): Step => ({ label, open });
const t = (line: string, tone: Tone = 'todo', step: Step | null = null, small: string | null = null): TopLine => ({ line, tone, small, step });
const REFRESH = press('Refresh now');
const ESTIMATE = press('Check estimate');
const EXPORT = press('Export finished videos');

const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });

/** "10:05 GMT+1": an ISO instant on this computer's clock, with its time zone (docs/rules.md#sidebar-truth). */
export function clock(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'an unknown time' : CLOCK.format(d);
}

/** Now on the server's clock, which wrote the times the sidebar shows. */
export const serverNow = (s: AppState): number => Date.now() + s.skew;

/** The progress of the campaign bound to the shown tab, or null. */
export function boundProgress(s: AppState): Progress | null {
  const id = campaignOf(s);
  return id && s.progress?.campaignId === id ? s.progress : null;
}

/** The unknown money outcome that holds Generate and Preview: the server's (), else this page's own until progress is read. */
export function holdOf(s: AppState): { unsettled: Unsettled | null; local: string | null } | null {
  // The campaign's progress is the later reading when there is one: it alone decides.
  const p = boundProgress(s);
  const server = (p ? p.unsettled : s.sidebar?.unsettled) ?? null;
  if (server) return { unsettled: server, local: null };
  const id = campaignOf(s);
  const local = id ? s.unsettled[id] : undefined;
  return local ? { unsettled: null, local: local.action } : null;
}

export const ACTION_WORDS: Record<string, string> = { generate: 'Generate', preview: 'The preview', stop: 'Stop' };

/** Why Generate and Preview stay off while an outcome is unknown; never "nothing was charged". */
export function holdSentence(s: AppState): string | null {
  const h = holdOf(s);
  if (!h) return null;
  if (h.unsettled) {
    return `${ACTION_WORDS[h.unsettled.action]} may have started and charged. Generate and Preview stay off until ${clock(h.unsettled.knownBy)}, when the add-on will know.`;
  }
  return `${ACTION_WORDS[h.local!] ?? 'The last action'} may have happened: Preview, Generate and Stop wait until the campaign is read.`;
}

/** Whether anything is still moving: rendering, or pending after a generate. */
export function inFlight(p: Pick<RenderView, 'counts'> | null, awaitingRender: boolean): boolean {
  return Boolean(p && (p.counts.rendering > 0 || (awaitingRender && p.counts.pending > 0)));
}

/** People a stop would cancel and refund: waiting, or queued and not started. */
export function refundable(p: Progress): number {
  const queued = typeof p.stages.queued === 'number' ? p.stages.queued : 0;
  return p.counts.pending + Math.min(queued, p.counts.rendering);
}

// Whether renders may run or wait: the only time Stop can do anything (docs/rules.md#may-still-render).
export { mayRender };

/** An API status the spec does not define, for small print, never read as a promise; null for the four it names. */
export function strangeStatus(status: string): string | null {
  return KNOWN_STATUSES.has(status) ? null : `the video service calls the campaign “${status}”`;
}

/** "3 failed", or nothing for none. */
const some = (n: number | undefined, word: string): string => (n && n > 0 ? `${formatNumber(n)} ${word}` : '');

interface Tally {
  total: number;
  pending: number;
  complete: number;
  failed: number;
  cancelled?: number;
  skipped?: number;
}

/** Counts in words a person can act on: "47 of 50 ready · 3 waiting for Generate" (docs/rules.md#sidebar-truth). */
export function countWords(n: Tally, stopped = false): string {
  if (n.total === 0) return 'nobody added yet';
  const rest = n.total - n.pending - n.complete - n.failed - (n.cancelled ?? 0) - (n.skipped ?? 0);
  return [
    `${formatNumber(n.complete)} of ${formatNumber(n.total)} ready`,
    some(rest, 'rendering'),
    some(n.pending, 'waiting for Generate'),
    some(n.failed, 'failed'),
    some(n.cancelled, 'cancelled'),
    some(n.skipped, 'skipped'),
    stopped ? 'stopped' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A campaign of the list in words: its counts, never a status word alone. */
export function summaryWords(c: CampaignSummary): string {
  const stopped = c.status === 'stopped';
  // The list does not count the cancelled: after a Stop, who is neither waiting, ready nor failed was cancelled.
  const rest = c.leadCount - c.waiting - c.complete - c.failed;
  return countWords({ total: c.leadCount, pending: c.waiting, complete: c.complete, failed: c.failed, cancelled: stopped ? rest : 0 }, stopped);
}

function progressLine(p: Progress, awaitingRender: boolean): TopLine {
  const n = p.counts;
  const small = strangeStatus(p.status);
  const ready = `${formatNumber(n.complete)} of ${formatNumber(n.total)} ${n.total === 1 ? 'video' : 'videos'} ready`;
  const line = (text: string, tone: Tone, step: Step | null = null) => t(text, tone, step, small);
  if (n.total === 0) return line('Nobody in this campaign yet · next: select rows, then Add selected rows', 'todo', press('Add selected rows'));
  const generated = n.complete + n.rendering + n.failed + n.cancelled + n.skipped > 0;
  if (p.stalled) {
    const r = refundable(p);
    return line(
      `${ready} · rendering is stuck at the service · next: wait${r ? `, or Stop to cancel and refund the ${formatNumber(r)} not started` : ''}`,
      'warn',
    );
  }
  const added = n.pending > 0 && !awaitingRender && generated ? ` · ${people(n.pending)} added since, waiting for Generate` : '';
  if (inFlight(p, awaitingRender)) return line(`${ready} · next: wait, links fill in alone${added}`, 'busy', REFRESH);
  if (n.pending > 0) {
    return generated
      ? line(`${ready} · ${count(n.pending, 'new person', 'new people')} waiting · next: Check estimate, then Generate`, 'todo', ESTIMATE)
      : line(`${people(n.pending)} waiting · next: Check estimate, then Preview or Generate`, 'todo', ESTIMATE);
  }
  const send = n.complete > 0 ? 'export or send the Page URLs' : '';
  const out = n.complete > 0 ? EXPORT : go('See the rows', 'send');
  if (n.failed > 0)
    return line(`${ready}, ${formatNumber(n.failed)} failed · next: ${send ? `${send}; ` : ''}send the failed rows to a new campaign`, 'warn', out);
  if (n.complete === n.total) return line(`All ${formatNumber(n.total)} ready · next: export or send the Page URLs`, 'done', EXPORT);
  const rest = [some(n.cancelled, 'cancelled'), some(n.skipped, 'skipped')].filter(Boolean).join(', ');
  const again = n.cancelled ? `send the ${formatNumber(n.cancelled)} cancelled again (Send rows)` : '';
  return line(
    `${ready}${rest ? `, ${rest}` : ''} · next: ${[send, again].filter(Boolean).join('; ') || 'add rows to a new campaign'}`,
    n.complete ? 'done' : 'todo',
    out,
  );
}

/** Where the campaign stands and the next step, in one line (docs/rules.md#sidebar-truth). */
export function topLine(s: AppState): TopLine | null {
  const sb = s.sidebar;
  if (!sb) return null;
  if (sb.sheet.ownTab === 'credits') return t('This tab is the spending record: a row per charge and refund.', 'done');
  if (sb.sheet.ownTab === 'export') return t('This tab exports finished videos, for a mail merge.', 'done');
  const problem = keyProblemOf(s);
  if (!sb.settings.keyHint || !sb.settings.connected) return t('Not connected · next: fill in Connection', 'todo', go('Connect', 'connection'));
  if (problem?.code === 'api_off') return t('The service’s API is switched off · next: wait, then Refresh now', 'warn', sb.campaign ? REFRESH : null);
  if (problem && problem.code !== 'forbidden')
    return t(`The key ${sb.settings.keyHint} was refused · next: paste a working one`, 'warn', go('Paste a key', 'connection'));
  const readOnly = isReadOnly(s);
  if (!sb.campaign) {
    return t(
      `No campaign on tab ${sb.sheet.name} · next: ${readOnly ? 'use an existing one (read-only key)' : 'create or pick one under Campaign'}`,
      'todo',
      go('Choose a campaign', 'campaign'),
    );
  }
  const h = holdOf(s);
  if (h?.unsettled)
    return t(`${ACTION_WORDS[h.unsettled.action]} may have started and charged · the add-on will know by ${clock(h.unsettled.knownBy)} · next: wait`, 'warn');
  if (h?.local && h.local !== 'stop') return t(`${ACTION_WORDS[h.local]} may have started and charged · next: wait for the counts`, 'warn');
  const p = boundProgress(s);
  if (!p)
    return t(s.progressError ? `“${sb.campaign.name}” could not be read · see Progress` : `Reading “${sb.campaign.name}”…`, s.progressError ? 'warn' : 'busy');
  return progressLine(p, s.awaitingRender);
}

/**: the timer overdue and the service silent, each with its time. */
export function watchNotices(s: AppState): string[] {
  const out: string[] = [];
  const auto = s.sidebar?.autoRefresh;
  if (auto?.on && auto.overdueSince) {
    const every = interval(auto.intervalMinutes);
    out.push(
      `Auto-refresh has not run since ${clock(auto.overdueSince)}${every ? ` (due ${every})` : ''}.${auto.timerRestored ? ' Its timer was just put back.' : ''}`,
    );
  }
  const silent = boundProgress(s)?.silentSince ?? s.sidebar?.silentSince ?? null;
  if (silent) out.push(`The service has not answered since ${clock(silent)}. It catches up once it answers.`);
  return out;
}

/** The refresh record as a line: a failed refresh never reads as "Last refresh". */
export function refreshLines(s: AppState, now: number): { line: string; error: string | null; at: string | null } {
  const a = s.sidebar?.lastRefresh ?? null;
  const b = boundProgress(s)?.lastRefresh ?? null;
  const last = !a ? b : !b ? a : Date.parse(b.at) > Date.parse(a.at) ? b : a;
  if (!last) return { line: 'Not refreshed yet.', error: null, at: null };
  if (last.error) return { line: `The last refresh failed ${relativeTime(last.at, now)}.`, error: last.error, at: last.at };
  return { line: `Last refresh ${relativeTime(last.at, now)}.`, error: null, at: last.at };
}

/** The auto-refresh switch's words: a finished campaign's timer says it switches itself off. */
export function autoText(s: AppState): string {
  const auto = s.sidebar?.autoRefresh;
  if (!auto?.on) return 'off';
  const every = interval(auto.intervalMinutes) || 'on a timer';
  const p = boundProgress(s);
  // Auto mode keeps the timer for the rows still to come.
  const ends = p && !mayRender(p, s.awaitingRender) && p.counts.pending === 0 && !s.sidebar?.autoMode?.on;
  return ends ? `${every}; switches itself off at its next run` : every;
}

/** Why anything about a campaign cannot run before the tab has one. */
export const NO_CAMPAIGN = 'Choose or create a campaign first.';

/** Why an action that writes (create, add, preview, generate, stop) cannot run with this key. */
export function writeBlock(s: AppState): string | null {
  return keyBlock(s) ?? (isReadOnly(s) ? READ_ONLY : null);
}

/** Why nothing that reaches the service can run: no working key saved (a refusal since may pass: a call tells). */
export function keyBlock(s: AppState): string | null {
  return s.sidebar?.settings.keyHint && s.sidebar.settings.connected ? null : 'Connect under Connection first: this needs your key.';
}

type Badge = { badge: string; tone: 'done' | 'todo' | 'warn'; lines: string[] };
const badge = (text: string, tone: Badge['tone'], lines: string[] = []): Badge => ({ badge: text, tone, lines });

/** The connection badge and the lines under it, from the saved settings and the last refusal. */
export function connectionTruth(s: AppState): { badge: string; tone: 'done' | 'todo' | 'warn'; lines: string[] } {
  const sb = s.sidebar;
  if (!sb?.settings.keyHint) return badge('Not connected', 'todo');
  const p = keyProblemOf(s);
  if (p?.code === 'api_off') return badge('API off', 'warn', [`The service’s API is off for now; the key ${sb.settings.keyHint} is fine.`, p.message]);
  if (p && p.code !== 'forbidden')
    return badge('Key refused', 'warn', [`The service refused the key ${sb.settings.keyHint}. Paste a working one, then Save and test.`, p.message]);
  if (!sb.settings.connected) return badge('Not connected', 'todo');
  if (isReadOnly(s)) return badge('Read-only key', 'warn', [READ_ONLY]);
  return badge('Connected', 'done');
}

const GAP_WORDS: Partial<Record<string, string>> = { hook: 'personal line', ctaUrl: 'button link', ctaLabel: 'button text' };

/**
 * What the tab's rows leave out (docs/rules.md#columns): the columns no field uses, and per optional
 * field the people it is empty for, among the rows not sent yet or the people waiting.
 */
export function gapLines(s: AppState, among: 'unsent' | 'waiting'): string[] {
  const g = s.sidebar?.gaps;
  if (!g) return [];
  const cols = s.sidebar!.unusedColumns || [];
  const lines = cols.length ? [`Not used by any field: ${cols.join(', ')}. Map what the video needs under Columns.`] : [];
  for (const [f, n] of Object.entries(g[among].empty)) {
    if (n) lines.push(`${count(n, 'person has', 'people have')} no ${GAP_WORDS[f] ?? FIELD_LABELS[f as PersonField].toLowerCase()}.`);
  }
  const odd = among === 'unsent' && g.unsent.odd;
  return odd ? [...lines, odd] : lines;
}
