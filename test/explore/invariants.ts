// The invariants of a list's life (docs/rules.md#explorer), checked after every action against the simulator's state
// and ledger, and what the people confirmed; each answers the sentences of what is broken (none: holds).
import type { SimState } from '../../dev/sim/types';
import { PEOPLE, TABS, type World } from './world';
import type { Action } from './actions';
import { NOTES } from '../../src/push/push';
import { initialState } from '../../sidebar/state';
import { topLine } from '../../sidebar/truth';

export const INVARIANTS = [
  'no server function throws',
  'nobody in the service twice for one row’s person',
  'no person charged twice',
  'nothing charged without a click or a confirmed standing order',
  'a day’s spend per person never past the limit',
  'the record never below the ledger, never above what was charged',
  'every link on a row its own person’s, and only once ready',
  'no stored value past its limit',
  'no run past 6 minutes',
  'the top line says the campaign as the service holds it, once settled',
] as const;

const DAY = 86_400_000;
type Lead = SimState['campaigns'][number]['leads'][number];

/** A campaign and its later parts ("<name> · part N") are one campaign. */
const family = (name: string) => name.replace(/ · part \d+$/, '');
const email = (s: unknown) =>
  String(s ?? '')
    .trim()
    .toLowerCase();

/** Every broken invariant after `action`, given the ledger entries it added. */
export function check(w: World, st: SimState, action: Action): string[] {
  const out: string[] = [];
  if (w.thrown.length) out.push(`no server function throws: ${w.thrown.splice(0).join('; ')}`);
  out.push(...people(w, st), ...charges(w, st, action), ...limits(w, st), ...record(w, st), ...links(w, st), ...stored(w), ...runs(w));
  w.ledgerSeen = st.ledger.length;
  return out;
}

function people(w: World, st: SimState): string[] {
  const twice: string[] = [];
  const once: string[] = [];
  const seen = new Map<string, Lead>();
  const charged = new Map<string, Lead>();
  // Two documents each send the people of their own rows, and neither can see the other's register: one person sent by
  // each (a copy and its original both adding a new row of them) is two sends nobody could join. A pair is the add-on's
  // to prevent only when one document's register holds both (docs/rules.md#copies).
  const sentBy = w.docs.length > 1 ? w.docs.map(registerIds) : null;
  const joined = (x: Lead, y: Lead) => !sentBy || sentBy.some((ids) => ids.has(x.id) && ids.has(y.id));
  for (const c of st.campaigns.filter((x) => x.workspaceId === 'ws_main')) {
    for (const l of c.leads) {
      // A person without an email is told apart by first name and company (docs/rules.md#row-identity); one with neither
      // (their columns renamed away) is nobody the service or the add-on can recognise: two such rows are two people.
      if (!email(l.email) && !(email(l.firstName) && email(l.company))) continue;
      const who = `${family(c.name)} / ${email(l.email) || `${email(l.firstName)} at ${email(l.company)}`}`;
      if (l.status !== 'failed' && l.status !== 'cancelled') {
        const first = seen.get(who);
        if (first && joined(first, l)) twice.push(`nobody in the service twice for one row’s person: ${who} is ${first.id} and ${l.id}`);
        seen.set(who, l);
      }
      if (l.charged > 0) {
        const first = charged.get(who);
        if (first && joined(first, l)) once.push(`no person charged twice: ${who} charged as ${first.id} and ${l.id}`);
        charged.set(who, l);
      }
    }
  }
  // A repair says how many people it could not recover (nothing left to tell them apart): that many may come again.
  return [...twice.slice(w.lostInRepair), ...once.slice(w.lostInRepair)];
}

/** The Lead IDs a document's register holds. */
function registerIds(doc: World['docs'][number]): Set<string> {
  const values = (doc.spreadsheet.getSheetByName('Video register')?.getDataRange().getValues() ?? []) as unknown[][];
  const col = (values[0] ?? []).indexOf('Lead ID');
  return new Set(values.slice(1).map((r) => String(r[col] ?? '')));
}

/** Charges the action added: only a press of Generate or Preview by the key's person, or the timer of a standing order. */
function charges(w: World, st: SimState, a: Action): string[] {
  const fresh = st.ledger.slice(w.ledgerSeen).filter((e) => e.kind === 'charge');
  const inner = a.k === 'fault' ? a.then : a;
  const timer = a.k === 'timer' || (a.k === 'fault' && a.f.startsWith('timer'));
  const pressKey = ['generate', 'preview', 'resend'].includes(inner.k) ? PEOPLE[w.person]!.key : null;
  const standing = new Set([...w.standingBefore, ...w.autoOn.values()]);
  // A standing order acts in its timer, or in its owner's own call: a timer that ran without the document is caught up
  // when its owner opens the sidebar (docs/rules.md#timer).
  const owner = PEOPLE[w.person]!.key;
  return fresh
    .filter((e) => e.key !== pressKey && !(e.key !== undefined && standing.has(e.key) && (timer || e.key === owner)))
    .map((e) => `nothing charged without a click or a confirmed standing order: ${e.credits} credits (${e.reason}) under ${e.key} during ${JSON.stringify(a)}`);
}

/**
 * Per person's key and UTC day, charges net of that day's refunds within the limit in force all day. A Preview made
 * below the limit may take the day past it (its cost is not known before: docs/rules.md#spending-limit); nothing
 * may be charged once the limit is reached.
 */
function limits(w: World, st: SimState): string[] {
  const out: string[] = [];
  for (const [p, { key }] of PEOPLE.entries()) {
    const net = new Map<number, number>();
    for (const e of st.ledger.filter((x) => x.key === key)) {
      const day = Math.floor(e.at / DAY);
      const before = net.get(day) ?? 0;
      const after = before + (e.kind === 'charge' ? e.credits : -e.credits);
      net.set(day, after);
      const start = day * DAY;
      // A limit changed during the day is not one the whole day was held to.
      if (e.kind !== 'charge' || w.limits.some((l) => l.person === p && l.at > start && l.at < start + DAY)) continue;
      const limit = w.limitAt(p, start);
      const allowance = e.reason.startsWith('preview') && before < (limit ?? 0);
      if (limit !== null && after > limit && !allowance)
        out.push(`a day’s spend per person never past the limit: ${key} spent ${after} on day ${day} under a limit of ${limit} (${e.reason})`);
    }
  }
  return out;
}

/**
 * The spending record per key, over every document (a copy's rows that came from its original counted there only): its
 * known figures plus its unknown rows' quotes never below the ledger's net.
 */
function record(w: World, st: SimState): string[] {
  const out: string[] = [];
  const rows = w.docs.flatMap((doc) => {
    const values = (doc.spreadsheet.getSheetByName('Video credits')?.getDataRange().getValues() ?? []) as unknown[][];
    const head = (values[0] ?? []).map(String);
    return values
      .slice(1 + (w.inheritedCredits.get(doc) ?? 0))
      .map((r) => ({ key: r[head.indexOf('Key')], charged: r[head.indexOf('Credits charged')], quoted: r[head.indexOf('Credits quoted')] }));
  });
  for (const { key } of PEOPLE) {
    const hint = `••••${key.slice(-4)}`;
    let known = 0;
    let unknown = 0;
    for (const r of rows.filter((x) => x.key === hint)) {
      if (typeof r.charged === 'number') known += r.charged;
      else unknown += Number(r.quoted) || 0;
    }
    const ledger = st.ledger.filter((e) => e.key === key);
    const net = ledger.reduce((n, e) => n + (e.kind === 'charge' ? e.credits : -e.credits), 0);
    const gross = ledger.filter((e) => e.kind === 'charge').reduce((n, e) => n + e.credits, 0);
    if (known + unknown < net) out.push(`the record never below the ledger: ${hint} records ${known} (+${unknown} unknown), the service took ${net} net`);
    if (known > gross) out.push(`the record never above what was charged: ${hint} records ${known}, the service charged ${gross}`);
  }
  return out;
}

/** Each data row of each lead tab of every document, with the column indexes of `headers` (-1 when absent); tabs lacking `needed` are skipped. */
function eachRow(w: World, headers: string[], needed: string, visit: (r: unknown[], cols: number[], where: string) => void): void {
  for (const [d, doc] of w.docs.entries()) {
    for (const name of TABS) {
      const sheet = doc.spreadsheet.getSheetByName(name);
      if (!sheet) continue;
      const values = sheet.getDataRange().getValues() as unknown[][];
      const head = (values[0] ?? []).map(String);
      if (head.indexOf(needed) < 0) continue;
      const cols = headers.map((h) => head.indexOf(h));
      values.slice(1).forEach((r, i) => visit(r, cols, `${d ? `document ${d}, ` : ''}${name} row ${i + 2}`));
    }
  }
}

/**
 * A Video URL on a row is the ready video of the lead on that row; once the rows were refreshed (`own`), that lead is
 * the row's person too: a row a person just typed over keeps its stale link until the next push or refresh.
 */
function links(w: World, st: SimState, own = false): string[] {
  const byUrl = new Map(st.campaigns.flatMap((c) => c.leads).map((l) => [l.videoUrl, l]));
  const out: string[] = [];
  eachRow(w, ['Video URL', 'Lead ID', 'Email', 'First name', 'Company'], 'Video URL', (r, [u, id, em, fn, co], where) => {
    const url = String(r[u!] ?? '');
    // A row whose Lead ID cell is empty is one the add-on does not track (its Lead ID header renamed: a new column was made).
    if (!url || id! < 0 || !String(r[id!] ?? '')) return;
    const lead = byUrl.get(url);
    const rowId = String(r[id!]);
    // A lead sent without an email (another document's row, its Email header renamed) is the person of its first name and
    // company, as the service merged them (docs/rules.md#row-identity).
    const other = email(lead?.email)
      ? em! >= 0 && email(r[em!]) !== email(lead!.email)
      : fn! >= 0 && co! >= 0 && (email(r[fn!]) !== email(lead?.firstName) || email(r[co!]) !== email(lead?.company));
    if (!lead || !lead.videoReady) out.push(`every link on a row only once ready: ${where} shows ${url}`);
    else if (lead.id !== rowId || (own && other))
      out.push(`every link on a row its own person’s: ${where} (${String(r[id!])}, ${String(r[em!] ?? '')}) shows ${lead.id}'s video (${lead.email})`);
  });
  return out;
}

function stored(w: World): string[] {
  const out: string[] = [];
  for (const [store, props] of w.docs.flatMap((d) => d.properties.all())) {
    for (const [k, v] of Object.entries(props.getProperties()))
      if (props.sizeOf(k, v) > props.valueLimit) out.push(`no stored value past its limit: ${store} ${k} is ${props.sizeOf(k, v)} bytes`);
  }
  return out;
}

function runs(w: World): string[] {
  const over = w.docs.flatMap((d) => d.triggerErrors.splice(0)).filter((e) => /Exceeded maximum execution time|too large/.test(e.message));
  return over.map((e) => `no run past 6 minutes: ${e.handler} as ${e.user}: ${e.message}`);
}

/** Once the service has settled and the rows were refreshed: no row left `sending`, none behind its lead. */
export function settled(w: World, st: SimState): string[] {
  const leads = new Map(st.campaigns.flatMap((c) => c.leads).map((l) => [l.id, l]));
  const out: string[] = links(w, st, true);
  eachRow(w, ['Video Status', 'Lead ID', 'Video Note'], 'Video Status', (r, [s, id, note], where) => {
    const status = String(r[s!] ?? '');
    const lead = id! >= 0 ? leads.get(String(r[id!] ?? '')) : undefined;
    // A cut-off row the service cannot recognise is handed to the person with a note: sending it again could add them twice.
    if (status === 'sending' && String(r[note!] ?? '') !== NOTES.unmatchable) out.push(`no row left sending once settled: ${where}`);
    if (status === 'pending' && lead && lead.status !== 'pending') out.push(`no row left pending once settled: ${where} (${lead.id} is ${lead.status})`);
  });
  // An unknown outcome's row says it will be completed: once the service has settled, each one has been, on its own row
  // (a copy's rows that came from its original are the original's to complete), though whoever settled it could not write
  // the record then.
  for (const [d, doc] of w.docs.entries()) {
    const values = (doc.spreadsheet.getSheetByName('Video credits')?.getDataRange().getValues() ?? []) as unknown[][];
    const note = (values[0] ?? []).map(String).indexOf('Note');
    values.forEach((r, i) => {
      if (i > (w.inheritedCredits.get(doc) ?? 0) && /completed once the campaign shows/i.test(String(r[note] ?? '')))
        out.push(`no spending-record row left open once settled: ${d ? `document ${d}, ` : ''}Video credits row ${i + 1}`);
    });
  }
  return out;
}

/** The API campaigns a document's records name as parts of its campaigns. */
function partsRecorded(doc: World['docs'][number]): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(doc.properties.document.getProperties())) {
    if (!k.startsWith('campaign.')) continue;
    const x = JSON.parse(v) as { parts?: { id: string }[] } | { id: string }[];
    for (const p of Array.isArray(x) ? x : (x.parts ?? [])) out.add(p.id);
  }
  return out;
}

/** Parts other documents recorded that document d did not (a copy's later parts, unknown to its original, and back). */
function partsOnlyElsewhere(w: World, d: number, first: string): Set<string> {
  const mine = partsRecorded(w.docs[d]!).add(first);
  return new Set(w.docs.flatMap((doc, i) => (i === d ? [] : [...partsRecorded(doc)])).filter((id) => !mine.has(id)));
}

/**
 * Each tab's top line (in every document), derived as the sidebar derives it from the two replies it reads (getSidebarState, getProgress),
 * says its campaign's counts as the service holds them in all its parts: how many are ready and waiting, of a total
 * that fits them.
 */
export async function topLines(w: World, read: () => Promise<SimState> = () => w.state()): Promise<string[]> {
  const out: string[] = [];
  const n = (s: string | undefined) => Number(String(s || '0').replace(/,/g, ''));
  await w.inEach(async (d) => {
    for (const t of TABS.keys()) {
      const owner = t % PEOPLE.length;
      const { sidebar, progress } = w.as(owner, () => {
        w.tab(t);
        const sidebar = w.call<any>('getSidebarState');
        return { sidebar, progress: sidebar && sidebar.campaign ? w.call<any>('getProgress') : null };
      });
      // Read after the replies: opening the sidebar does what a run without the document left (docs/rules.md#readings).
      const st = await read();
      out.push(...w.as(owner, () => check(w, st, { k: 'refresh' })));
      if (!progress || !progress.ok) continue;
      const line = topLine({ ...initialState, sidebar, progress })?.line || '';
      const own = st.campaigns.find((c) => c.id === sidebar.campaign.id);
      if (!own) continue;
      // Parts only another document made are not this document's to know: each document keeps its own record of parts.
      const elsewhere = partsOnlyElsewhere(w, d, own.id);
      const leads = st.campaigns
        .filter((x) => x.workspaceId === own.workspaceId && family(x.name) === family(own.name) && !elsewhere.has(x.id))
        .flatMap((c) => c.leads);
      // Nobody finished or waiting is ever sent again, so those two are the service's exactly; the total counts a person
      // sent again after a failure or a Stop once (docs/rules.md#follow-up), so it lies between them and every lead.
      const ready = leads.filter((l) => l.status === 'complete').length;
      const waiting = leads.filter((l) => l.status === 'pending').length;
      const m = /^All ([\d,]+) ready|^([\d,]+) of ([\d,]+) videos? ready/.exec(line);
      const said = m ? (m[1] ? [n(m[1]), n(m[1])] : [n(m[2]), n(m[3])]) : /^Nobody in this campaign yet/.test(line) ? [0, 0] : null;
      const wait = /([\d,]+) (?:new )?(?:people|person) (?:waiting|added since)/.exec(line);
      const off = !!said && (said[0] !== ready || said[1]! < ready + waiting || said[1]! > leads.length);
      if (off || (wait && n(wait[1]) !== waiting))
        out.push(
          `the top line says the campaign as the service holds it: ${d ? `document ${d}, ` : ''}${TABS[t]} says “${line}”; the service: ${ready} ready, ${waiting} waiting, ${leads.length} leads`,
        );
    }
  });
  return out;
}
