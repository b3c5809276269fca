// Small reads and steps that several end-to-end files share: the simulator's ledger and leads, the spending record tab,
// and a campaign left rendering.
import { SIM_KEYS, SIM_TEMPLATES, SIM_WORKSPACES, type SimState } from '../../dev/sim/types';
import type { Readings } from '../../dev/standin';
import { MAX_CELLS } from '../../dev/standin/spreadsheet';
import { HEADERS, leadRow, renderAll, startAddon, type Addon, type StandinSetup } from './harness';

/** What the spending record says of a charge whose outcome nobody knows yet (docs/rules.md#unknown-outcomes). */
export const UNKNOWN_CHARGE = 'unknown — see the service’s billing';

/** The rows of the spending record ("Video credits"), none while the tab does not exist. */
export function creditsRows(a: Addon): Record<string, unknown>[] {
  const tab = a.gas.spreadsheet.getSheetByName('Video credits');
  return tab ? a.rows(tab) : [];
}

/** Credits the simulator's ledger charged, of one campaign or all; refunds not deducted. */
export async function chargedCredits(a: Addon, campaignId?: string): Promise<number> {
  return (await a.state()).ledger
    .filter((e) => e.kind === 'charge' && (campaignId === undefined || e.campaignId === campaignId))
    .reduce((n, e) => n + e.credits, 0);
}

/** Credits charged net of refunds, in the simulator's ledger: every key's, or one key's. */
export async function netCharged(a: Addon, key?: string): Promise<number> {
  return (await a.state()).ledger.filter((e) => key === undefined || e.key === key).reduce((n, e) => n + (e.kind === 'charge' ? e.credits : -e.credits), 0);
}

/** Fires the timer a minute at a time until nothing of the workspace renders. */
export async function untilQuiet(a: Addon) {
  for (let i = 0; i < 60 && (await a.state()).campaigns.some((c) => c.leads.some((l) => l.status === 'rendering')); i++) {
    a.gas.clock.advance(60_000);
    a.gas.fireTimeTriggers();
  }
}

/** A tab of n people sent to a new campaign; `shared` of them (from index `from`) share one company website, so only the first pays its lookup. */
export function lookupTab(a: Addon, n: number, shared: { from: number; n: number } = { from: 0, n: 0 }, name = 'Q3 outreach') {
  const rows = Array.from({ length: n }, (_, i) => {
    const r = leadRow(i);
    if (i >= shared.from && i < shared.from + shared.n) r[4] = 'https://www.acme.example.com/about';
    return r;
  });
  a.sheet(rows);
  const c = a.createCampaign(name);
  a.selectRows(2, n + 1);
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true });
  return c;
}

/** Every lead of the main workspace, all campaigns (the simulator's other workspace has some of its own). */
export async function mainLeads(a: Addon) {
  return (await a.state()).campaigns.filter((c) => c.workspaceId === SIM_WORKSPACES.main).flatMap((c) => c.leads);
}

/** Five leads pushed and generated under these readings: the timer is on and renders take `stageMs` a stage. */
export async function rendering(
  readings: Partial<Readings> = {},
  stageMs = 60_000,
  standin: StandinSetup = {},
  connect = (a: Addon) => {
    a.connect();
  },
): Promise<Addon> {
  const setup: StandinSetup = typeof standin === 'function' ? async (o) => ({ ...(await standin(o)), readings }) : { ...standin, readings };
  const a = await startAddon({ stageMs }, setup);
  connect(a);
  a.pushedCampaign(5);
  expect(a.generate()).toMatchObject({ ok: true });
  return a;
}

/**
 * n leads pushed to a new campaign (parts of 500), or with `onePart` to an existing API campaign
 * chosen from the list, which stays one part however big.
 */
export async function ready(n: number, config: Parameters<typeof startAddon>[0] = {}, onePart = false): Promise<{ a: Addon; campaignId: string }> {
  const a = await startAddon(config);
  a.connect();
  a.sheet(Array.from({ length: n }, (_, i) => leadRow(i)));
  let campaign = a.createCampaign();
  if (onePart) {
    a.sheet([], undefined, 'Other');
    a.gas.spreadsheet.setActiveSheet(a.gas.spreadsheet.getSheetByName('Leads')!);
    const picked = a.call('selectCampaign', { campaignId: campaign.id });
    a.gas.properties.document.deleteProperty(`campaign.${campaign.id}`);
    campaign = picked.campaign;
  }
  a.selectRows(2, n + 1);
  const pushed = a.call('addSelectedRows');
  if (!pushed.ok || pushed.remaining) throw new Error(`push failed: ${JSON.stringify(pushed)}`);
  return { a, campaignId: campaign.id };
}

export async function pushed(a: Addon, n: number, name = 'Leads', first = 0) {
  a.sheet(
    Array.from({ length: n }, (_, i) => leadRow(first + i)),
    HEADERS,
    name,
  );
  const c = a.createCampaign(`${name} campaign`);
  a.selectRows(2, n + 1);
  const r = a.call('addSelectedRows');
  if (!r.ok || r.remaining) throw new Error(`push failed: ${JSON.stringify(r)}`);
  return c;
}

export async function expectSheetMatchesSimulator(a: Addon, campaignId: string) {
  // The campaign and its later parts (docs/rules.md#parts).
  const st = await a.state();
  const first = st.campaigns.find((c) => c.id === campaignId)!;
  const parts = st.campaigns.filter((c) => c.id === campaignId || c.name.startsWith(`${first.name} · part `));
  const byId = new Map(parts.flatMap((c) => c.leads).map((l) => [l.id, l]));
  // One comparison for the whole tab, naming only the rows that differ: an expect a row costs more than the refresh.
  const wrong = a
    .rows()
    .filter((r) => r['Lead ID'])
    .map((r) => {
      const lead = byId.get(String(r['Lead ID']));
      const row = [r['Lead ID'], r['Campaign ID'], r['First name'], r['Company'], r['Video Status'], r['Video URL']];
      return { row, service: lead ? [lead.id, lead.campaignId, lead.firstName, lead.company, lead.status, lead.videoReady ? lead.videoUrl : ''] : null };
    })
    .filter(({ row, service }) => JSON.stringify(row) !== JSON.stringify(service));
  expect(wrong).toEqual([]);
}

/** The parts the simulator holds for the campaign named `name` (its first part and "<name> · part N"). */
export async function simParts(a: Addon, name: string) {
  return (await a.state()).campaigns.filter((c) => c.name === name || c.name.startsWith(`${name} · part `));
}

export async function leadsOf(a: Addon, campaignId: string) {
  return (await a.state()).campaigns.find((c) => c.id === campaignId)!.leads;
}

export function rowOf(a: Addon, n: number): Record<string, unknown> {
  return a.rows()[n - 2]!;
}

export const FIVE_MINUTES = 5 * 60_000;

export type Sheet = ReturnType<Addon['sheet']>;

/** Types these input cells (First name, Last name, Company, Email, …) into a row, as a person would. */
export function typeInputs(sheet: Sheet, row: number, values: string[]): void {
  sheet.typeValues([values], row, 1);
}

/** Copies a whole row (output cells included) onto another, as a person's copy and paste would. */
export function copyRow(sheet: Sheet, from: number, to: number): void {
  const values = sheet.getRange(from, 1, 1, sheet.getLastColumn()).getValues();
  sheet.typeValues(values, to, 1);
}

/** Two people in a tab bound to a new campaign, both sent. */
export async function twoRowsSent(a: Addon): Promise<Sheet> {
  a.connect();
  const sheet = a.sheet([leadRow(1), leadRow(2)]);
  a.createCampaign();
  a.selectRows(2, 3);
  a.call('addSelectedRows');
  return sheet;
}

/** Generates the bound campaign and runs the timer until every link is in. */
export function generateAll(a: Addon): void {
  expect(a.generate()).toMatchObject({ ok: true });
  a.runTimerUntilDone();
}

export const own = (i: number, over: { note?: string; colour?: string } = {}) => [
  `Person${i}`,
  `Company ${i}`,
  `p${i}@example.com`,
  over.note ?? `Loved your post ${i}.`,
  'https://cal.example.com/me',
  over.colour ?? '',
];

export const OWN = ['First name', 'Company', 'Email', 'Personal note', 'Calendar', 'Favourite colour'];

export const unprotect = (a: Pick<Addon, 'gas'>) => a.gas.spreadsheet.protections.splice(0);

export function tick(a: Addon): void {
  a.gas.clock.advance(FIVE_MINUTES);
  a.gas.fireTimeTriggers({ tolerateErrors: true });
}

/**
 * Row 3's video fails in part 1, row 5 was added after the Generate and waits in part 2. `use` gets the
 * add-on at once, so the test's teardown closes it whatever fails after.
 */
export async function failedAndWaiting(use: (a: Addon) => void): Promise<{ id: string }> {
  const a = await startAddon({ faults: { failPeople: ['p2@example.com'] } });
  use(a);
  a.connect();
  const sheet = a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
  const c = a.createCampaign('Summer');
  a.selectRows(2, 4);
  a.call('addSelectedRows');
  expect(a.generate()).toMatchObject({ ok: true });
  sheet.typeValues([leadRow(4)], 5, 1);
  a.selectRows(5, 5);
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1 });
  await renderAll(a, c.id);
  a.runTimerUntilDone();
  a.call('refreshNow');
  expect(a.column('Video Status')).toEqual(['complete', 'failed', 'complete', 'pending']);
  await a.sim.control({ action: 'configure', config: { faults: { failPeople: [] } } });
  return c;
}

/** Appends rows [from, from+n) to the active tab and sends them (to a new part once the first was generated). */
export function addRows(a: Addon, from: number, n: number) {
  const sheet = a.gas.spreadsheet.getActiveSheet();
  const first = sheet.getLastRow() + 1;
  for (let i = 0; i < n; i++) sheet.appendRow(leadRow(from + i));
  a.selectRows(first, first + n - 1);
  const r = a.call('addSelectedRows');
  expect(r).toMatchObject({ ok: true, added: n });
}

/** A colleague's campaigns made straight on the service with the same workspace's key, newer than every part: none the add-on's. */
export async function colleagueCampaigns(a: Pick<Addon, 'sim'>, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const name = `Colleague ${i + 1}`;
    const post = () =>
      fetch(`${a.sim.baseUrl}/campaigns`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SIM_KEYS.write}`, 'content-type': 'application/json' },
        body: JSON.stringify({ templateId: SIM_TEMPLATES.ready, name }),
      });
    // A pooled socket the simulator closed after a long busy stretch (a 100,000-row push) fails the fetch: the simulator's
    // own state says whether the campaign was made before it is asked again.
    const res = await post().catch(async (e: unknown) => {
      const made = ((await a.sim.control({ action: 'state' })) as SimState).campaigns.some((c) => c.name === name);
      if (made) return null;
      return post().catch(() => {
        throw e;
      });
    });
    if (res && !res.ok) throw new Error(`the colleague's campaign ${i + 1} was refused: ${res.status}`);
  }
}

/** The tab fillSpreadsheet makes. */
export const ARCHIVE = 'Archive';

/** A tab of another of the person's lists takes the spreadsheet to within `room` cells of its 10 million (docs/rules.md#cells). */
export function fillSpreadsheet(a: Pick<Addon, 'gas'>, room: number): Sheet {
  const ss = a.gas.spreadsheet;
  const active = ss.getActiveSheet();
  // One column wide, so the room left is exactly `room`.
  const archive = ss.addSheet(ARCHIVE, [['x']]);
  archive.deleteColumns(2, archive.getMaxColumns() - 1);
  const more = MAX_CELLS - room - ss.cellCount();
  if (more > 0) archive.insertRowsAfter(archive.getMaxRows(), more);
  ss.setActiveSheet(active);
  return archive;
}

/** What the add-on says, from any path, when Sheets refuses to grow a full spreadsheet. */
export const FULL = /^This spreadsheet is full: Google Sheets holds 10 million cells at most, .*Delete tabs, rows or columns you do not need/;
