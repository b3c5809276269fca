// "Check setup" (docs/rules.md#readings): tries, harmlessly, each thing the add-on relies on where Apps Script is not
// documented, and says in a sentence which reading holds. It never writes to the sheet and never leaves
// a trigger it made (when the add-on's timer exists, it only lists it).
import { isApiError } from '../../api/errors';
import type { Props, Services } from '../../core/services';
import { apiClient, userCache } from '../context';
import { authorization, grantSentence } from '../permission';
import { cacheKeeps, roundTripHolds } from '../../records/probe';
import { readSettings } from '../../records/settings';
import { lostTimerRun, probeTrigger, timerInterval } from '../timer/timer';
import { errorText } from '../../core/error-text';
import { nowOf } from '../../core/clock';

export interface SetupCheck {
  /** What was tried, for a heading. */
  name: string;
  /** true: works; false: does not; null: could not be tried. */
  ok: boolean | null;
  sentence: string;
}

/** The raw stores (not the once-read cache), so a round trip really goes to Google and back. */
export interface RawStores {
  user: Props;
  document: Props | null;
}

function roundTrip(name: string, props: Props | null, value: string): SetupCheck {
  if (!props) return { name, ok: false, sentence: 'Google gave this run no document properties (a run without its document).' };
  try {
    return roundTripHolds(props, value)
      ? { name, ok: true, sentence: 'A value was written, read back and removed.' }
      : { name, ok: false, sentence: 'A value was written but did not read back the same.' };
  } catch (e) {
    return { name, ok: false, sentence: `Refused: ${errorText(e)}` };
  }
}

function lockCheck(svc: Services): SetupCheck {
  const name = 'Document lock';
  const lock = svc.documentLock();
  if (!lock) return { name, ok: false, sentence: 'Google gave this run no document lock (a run without its document).' };
  if (!lock.tryLock(0)) return { name, ok: true, sentence: 'Another run holds the document lock right now (perhaps the automatic refresh); locking works.' };
  lock.releaseLock();
  return { name, ok: true, sentence: 'The document lock was taken and released.' };
}

function triggerCheck(svc: Services): SetupCheck {
  const name = 'Timer (auto-refresh)';
  const lost = lostTimerRun(svc);
  const tail = lost ? ` The last timer problem (${lost.at}): ${lost.error}` : '';
  try {
    const minutes = timerInterval(svc);
    if (minutes !== null)
      return {
        name,
        ok: true,
        sentence: `Your auto-refresh timer for this spreadsheet is installed (every ${minutes} minutes); it was listed, not re-made.${tail}`,
      };
    const probe = probeTrigger(svc);
    return {
      name,
      ok: true,
      sentence: `A timer could be made (every ${probe.minutes} minutes) and was removed again. Google lists it with ${probe.inUser ? 'this spreadsheet’s timers' : 'the add-on’s timers but not with this spreadsheet’s; the add-on finds it either way'}. Whether Google fires it shows later: the sidebar says when auto-refresh is overdue.${tail}`,
    };
  } catch (e) {
    return { name, ok: false, sentence: `${errorText(e)}${tail}` };
  }
}

/** Granular consent: whether Google says a permission is still to be granted (docs/rules.md#refusals). */
function permissionCheck(svc: Services): SetupCheck {
  const name = 'Permissions';
  const a = authorization(svc);
  if (!a) return { name, ok: null, sentence: 'Google gave no way to ask here whether every permission is granted.' };
  if (!a.required) return { name, ok: true, sentence: 'Every permission the add-on asks for is granted.' };
  return { name, ok: false, sentence: `A permission the add-on needs was not granted (perhaps unticked on Google’s consent screen). ${grantSentence(svc)}` };
}

const PACES = 'the add-on paces its requests without it.';

/** CacheService is best effort (docs/rules.md#pacing): says whether a value survives to the next read. */
function cacheCheck(svc: Services, value: string): SetupCheck {
  const name = 'Cache (request pacing)';
  const cache = userCache(svc);
  if (!cache) return { name, ok: null, sentence: 'No cache here: each run paces its own requests.' };
  try {
    return cacheKeeps(cache, value)
      ? { name, ok: true, sentence: 'A value was kept and read back.' }
      : { name, ok: true, sentence: `Google forgot a value at once (the cache is best effort); ${PACES}` };
  } catch (e) {
    return { name, ok: true, sentence: `The cache refused a value (${errorText(e)}); ${PACES}` };
  }
}

function serviceChecks(svc: Services): SetupCheck[] {
  const settings = readSettings(svc.user);
  if (!settings)
    return [{ name: 'Video service', ok: null, sentence: 'Not tried: no API key is saved for the base URL. Save one under Connection in the sidebar.' }];
  const api = apiClient(svc, settings);
  const checks: SetupCheck[] = [];
  try {
    api.listTemplates();
    checks.push({ name: 'Video service', ok: true, sentence: `${settings.baseUrl} answered, and the key can read: it listed the templates.` });
  } catch (e) {
    return [{ name: 'Video service', ok: false, sentence: `${settings.baseUrl}: ${errorText(e)}` }];
  }
  try {
    // A stop of a campaign that does not exist changes nothing: 403 for a read-only key, 404 with writing on.
    api.stop('check-setup-no-such-campaign');
    checks.push({
      name: 'Key can write',
      ok: null,
      sentence: 'The service answered a stop of a campaign that does not exist without an error, so whether the key can write is not known.',
    });
  } catch (e) {
    const code = isApiError(e) ? e.code : '';
    if (code === 'not_found') checks.push({ name: 'Key can write', ok: true, sentence: 'The key has writing switched on.' });
    else if (code === 'forbidden')
      checks.push({ name: 'Key can write', ok: false, sentence: 'The key is read-only: it can look, but not create campaigns, add people or start videos.' });
    else checks.push({ name: 'Key can write', ok: null, sentence: `Could not tell: ${errorText(e)}` });
  }
  return checks;
}

/** Every check, in the order the add-on relies on them. */
export function checkSetup(svc: Services, raw: RawStores): SetupCheck[] {
  const value = String(nowOf(svc));
  return [
    roundTrip('Your properties (API key, settings)', raw.user, value),
    roundTrip('Document properties (campaign, columns)', raw.document, value),
    lockCheck(svc),
    triggerCheck(svc),
    permissionCheck(svc),
    cacheCheck(svc, value),
    ...serviceChecks(svc),
  ];
}

/** The report as a small page; every sentence escaped (a message may quote the service). */
export function setupReportHtml(checks: SetupCheck[]): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const mark = (ok: boolean | null) => (ok === true ? '✔' : ok === false ? '✘' : '–');
  const rows = checks.map((c) => `<li><b>${mark(c.ok)} ${esc(c.name)}</b><br>${esc(c.sentence)}</li>`).join('');
  return `<div style="font:13px Arial,sans-serif"><ul style="list-style:none;padding:0">${rows}</ul></div>`;
}
