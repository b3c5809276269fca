// The explorer's world (docs/rules.md#explorer): the built bundle in the stand-in against one simulator, on one virtual
// clock; a document, the copies a person makes of it and a second document of the same people, each with several tabs;
// two people with their own keys; and what the people confirmed (clicks, limits, standing orders), which the invariants
// hold the simulator's ledger to.
import { AppsScriptStandin, readingsFromEnv, type Readings } from '../../dev/standin';
import { startSimulator, type SimHandle } from '../../dev/sim/server';
import { SIM_KEYS, SIM_TEMPLATES, type SimState } from '../../dev/sim/types';
import { BUNDLE, HEADERS, READING, columnLetter, leadRow } from '../e2e/harness';

/** The two people at the sheet, each with their own key (the second key has a service cap of 10 credits a day). */
export const PEOPLE = [
  { email: 'alice@example.com', key: SIM_KEYS.write },
  { email: 'bob@example.com', key: SIM_KEYS.lowCap },
] as const;

export const TABS = ['Leads A', 'Leads B', 'Leads C'] as const;

/** A press that may charge: who, with which key, in which action. */
export interface Click {
  person: number;
  key: string;
}

/** One shared simulator (reset per history), run in this thread: the stand-ins reach it in place (dev/sim/in-process.ts). */
export class Lab {
  private constructor(readonly sim: SimHandle) {}

  static async open(): Promise<Lab> {
    return new Lab(await startSimulator({ port: 0, clock: 'manual' }));
  }

  async close(): Promise<void> {
    await this.sim.close();
  }
}

export interface WorldOptions {
  readings?: Partial<Readings>;
  /** The bundle's source, instead of dist/Code.js (a deliberately broken build). */
  bundleSource?: string;
  failRate?: number;
}

/** The documents a history may reach: the first, and at most this many copies or other documents beside it. */
export const MAX_DOCS = 3;

export class World {
  /** The document at the keyboard. */
  gas!: AppsScriptStandin;
  /** Every document of the history: the first, then copies and other documents in the order they were made. */
  readonly docs: AppsScriptStandin[] = [];
  /** Per document: the rows of its spending record that came with it from the document it was copied from. */
  readonly inheritedCredits = new Map<AppsScriptStandin, number>();
  /** Who is at the keyboard. */
  person = 0;
  /** Next person index for new rows (emails p<i>@example.com); a small pool, so people recur across tabs. */
  nextLead = 0;
  campaigns = 0;
  /** Limits each person set, with when (null: none). */
  readonly limits: { person: number; at: number; limit: number | null }[] = [];
  /** Standing orders confirmed on, by document and tab (auto mode is a standing order on one tab): the owner's key (removed when switched off). */
  readonly autoOn = new Map<string, string>();
  /** The standing orders' keys as the current action found them (one it switched off may have acted before). */
  standingBefore = new Set<string>();
  /** People the repairs of the register said they could not recover. */
  lostInRepair = 0;
  /** Charges the ledger held before the current action (its length). */
  ledgerSeen = 0;
  /** Errors a server function threw (none should: docs/architecture.md#server-functions). */
  readonly thrown: string[] = [];
  readonly trace: string[] = [];

  constructor(
    readonly lab: Lab,
    readonly o: WorldOptions = {},
  ) {}

  async start(): Promise<void> {
    await this.lab.sim.control({ action: 'reset', config: { clock: 'manual', stageMs: 60_000, concurrency: 3, failRate: this.o.failRate ?? 0.1, seed: 7 } });
    const now = (await this.state()).now;
    this.gas = this.document(now);
    for (const p of PEOPLE.keys()) this.as(p, () => this.call('saveSettings', { baseUrl: this.lab.sim.baseUrl, apiKey: PEOPLE[p]!.key }));
    this.bindTabs();
  }

  /** A new document of the people's (the first shares nobody's stores; later ones share the first's UserProperties), its tabs filled. */
  private document(now: number, id?: string): AppsScriptStandin {
    const doc = new AppsScriptStandin({
      bundlePath: BUNDLE,
      ...(this.o.bundleSource !== undefined && { bundleSource: this.o.bundleSource }),
      simOrigin: this.lab.sim.origin,
      startTime: now,
      readings: { ...readingsFromEnv(READING), ...this.o.readings },
      ...(this.docs[0] && { sameUserAs: this.docs[0], spreadsheetId: id, user: PEOPLE[this.person]!.email }),
    });
    for (const [i, name] of TABS.entries()) {
      doc.spreadsheet.addSheet(name, [HEADERS, ...Array.from({ length: 3 + i }, () => leadRow(this.nextLead++ % 40))]);
    }
    this.docs.push(doc);
    return doc;
  }

  /** Every tab of the document at the keyboard bound to a campaign of its own (the histories are about what follows). */
  private bindTabs(): void {
    for (const t of TABS.keys()) this.as(t % PEOPLE.length, () => (this.tab(t), this.createCampaign()));
    this.tab(0);
  }

  /**
   * File › Make a copy of the document at the keyboard, which the person then works in; its tabs picked again where the
   * copy forgot them. Whether the copy carries the add-on's DocumentProperties is not documented: `props` plays each
   * reading (docs/rules.md#copies).
   */
  copy(props: boolean): void {
    if (this.docs.length >= MAX_DOCS) return;
    const from = this.gas;
    from.readings.copyProperties = props ? 'copied' : 'not-copied';
    const ids = TABS.map((_, t) => (this.tab(t), this.boundCampaignId()));
    const credits = from.spreadsheet.getSheetByName('Video credits');
    this.gas = from.makeCopy();
    this.docs.push(this.gas);
    this.inheritedCredits.set(this.gas, Math.max(0, (credits?.getLastRow() ?? 1) - 1));
    this.gas.setUser(PEOPLE[this.person]!.email);
    // What a careful person does in a copy whose tabs lost their campaign: picks the one the original's tab had.
    for (const [t, id] of ids.entries()) if (id && (this.tab(t), !this.boundCampaignId())) this.call('selectCampaign', { campaignId: id });
    this.tab(0);
  }

  /** A second document of the same people (another list, people recurring from the same pool), at the keyboard. */
  otherDocument(): void {
    if (this.docs.length >= MAX_DOCS) return;
    this.gas = this.document(this.now(), `1OtherDocument${this.docs.length}`);
    this.bindTabs();
  }

  /** Switches the keyboard to document d (of those made so far), its clock caught up with the others. */
  toDocument(d: number): void {
    this.gas = this.docs[d % this.docs.length]!;
    this.gas.clock.catchUp(this.now());
    this.gas.setUser(PEOPLE[this.person]!.email);
  }

  /** The documents' time: one clock, the simulator's, which each document follows. */
  now(): number {
    return Math.max(...this.docs.map((d) => d.clock.now()));
  }

  /** Time passes for every document (the one at the keyboard tells the simulator). */
  advance(ms: number): void {
    this.gas.clock.catchUp(this.now());
    this.gas.clock.advance(ms);
    for (const d of this.docs) d.clock.catchUp(this.gas.clock.now());
  }

  /** Runs fn with each document at the keyboard in turn, then puts the one that was there back. */
  async inEach(fn: (d: number) => unknown): Promise<void> {
    const was = this.docs.indexOf(this.gas);
    try {
      for (const d of this.docs.keys()) {
        this.toDocument(d);
        await fn(d);
      }
    } finally {
      this.toDocument(was);
    }
  }

  /** Where a standing order lives: its document and tab. */
  orderAt(tab: string): string {
    return `${this.docs.indexOf(this.gas)}/${tab}`;
  }

  async state(): Promise<SimState> {
    return (await this.lab.sim.control({ action: 'state' })) as SimState;
  }

  /** A server function as google.script.run calls it; a throw is kept (none should happen) and answers null. */
  /** The key each person's Connection holds now. */
  readonly keys: string[] = PEOPLE.map((p) => p.key);

  /** Connection › Save for the person at the keyboard; the key is theirs from then on only if it was taken. */
  connect(apiKey: string): void {
    if (this.call<any>('saveSettings', { baseUrl: this.lab.sim.baseUrl, apiKey })?.ok) this.keys[this.person] = apiKey;
  }

  call<T = any>(name: string, ...args: unknown[]): T | null {
    try {
      return this.gas.call<T>(name, ...args);
    } catch (e) {
      this.thrown.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }

  as<T>(person: number, fn: () => T): T {
    const was = this.person;
    this.person = person;
    this.gas.setUser(PEOPLE[person]!.email);
    try {
      return fn();
    } finally {
      this.person = was;
      this.gas.setUser(PEOPLE[was]!.email);
    }
  }

  tab(t: number) {
    const sheet = this.gas.spreadsheet.getSheetByName(TABS[t % TABS.length]!);
    if (sheet) this.gas.spreadsheet.setActiveSheet(sheet);
    return sheet;
  }

  /** Selects rows [first, last] (1-based) of the active tab. */
  selectRows(first: number, last: number): void {
    const sheet = this.gas.spreadsheet.getActiveSheet();
    this.gas.spreadsheet.select(sheet, [`A${first}:${columnLetter(Math.max(1, sheet.getLastColumn()))}${last}`]);
  }

  boundCampaignId(): string {
    return this.call<any>('getSidebarState')?.campaign?.id ?? '';
  }

  createCampaign(): void {
    this.call('createCampaign', { templateId: SIM_TEMPLATES.ready, name: `Campaign ${++this.campaigns}` });
  }

  /** The daily limit person p had in force at time t (null: none, or unknown). */
  limitAt(p: number, t: number): number | null {
    let l: number | null = null;
    for (const x of this.limits) if (x.person === p && x.at <= t) l = x.limit;
    return l;
  }

  async close(): Promise<void> {
    for (const d of this.docs) await d.close();
  }
}
