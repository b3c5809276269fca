// One playground session: the simulator child, the built add-on in the Apps Script stand-in with the
// sample spreadsheet, and what the page can do to them (calls, menu clicks, the timer, faults, who is
// signed in, reset).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppsScriptStandin, DEFAULT_BUNDLE } from '../standin';
import type { SimHandle } from '../sim/server';
import { spawnSimulator } from '../sim/spawn';
import { SIM_KEYS, SIM_WORKSPACES, type SimConfig, type SimState } from '../sim/types';
import { Grid } from './grid';
import { followUpLeads, sampleLeads } from './leads';
import type { FaultName, PlaygroundState } from './protocol';

export interface SessionOptions {
  /** Simulator settings over the playground's (real clock at speed 1: 50 videos take about a minute). */
  sim?: Omit<SimConfig, 'port' | 'host' | 'clock'>;
  /** The built server bundle; default dist/Code.js (dist/Sidebar.html is read beside it). */
  bundlePath?: string;
}

type SimPatch = Omit<SimConfig, 'port' | 'host'>;

/**
 * What a switch sets in the simulator: the error rates are high enough to see, low enough for retries
 * to win; one render in five failing shows refunds and the failed rows without emptying the campaign.
 */
const FAULTS: Record<FaultName, { on: SimPatch; off: SimPatch; isOn: (c: SimState['config']) => boolean }> = {
  stall: { on: { faults: { stall: true } }, off: { faults: { stall: false } }, isOn: (c) => c.faults.stall },
  error500: { on: { faults: { error500Rate: 0.5 } }, off: { faults: { error500Rate: 0 } }, isOn: (c) => c.faults.error500Rate > 0 },
  rate429: { on: { faults: { rate429Rate: 0.5 } }, off: { faults: { rate429Rate: 0 } }, isOn: (c) => c.faults.rate429Rate > 0 },
  apiOff: { on: { faults: { apiOff: true } }, off: { faults: { apiOff: false } }, isOn: (c) => c.faults.apiOff },
  failRenders: { on: { failRate: 0.2 }, off: { failRate: 0 }, isOn: (c) => c.failRate > 0 },
};

/** The two people who use the sample sheet: who sets it up, and a colleague with their own key and timer. */
export const PLAYGROUND_PEOPLE = { first: 'alice@example.com', other: 'bob@example.com' } as const;

const OPEN_SIDEBAR = 'Open sidebar';

export class PlaygroundSession {
  gas!: AppsScriptStandin;
  grid!: Grid;
  /** Grows on every reset. */
  number = 0;
  private readonly bundlePath: string;
  private lastTimer: { at: string; error: string | null } | null = null;

  private constructor(
    readonly sim: SimHandle,
    o: SessionOptions,
  ) {
    this.bundlePath = o.bundlePath ?? DEFAULT_BUNDLE;
  }

  /** Spawns the simulator (its own process: the stand-in's UrlFetchApp blocks this thread) and opens the spreadsheet. */
  static async start(o: SessionOptions = {}): Promise<PlaygroundSession> {
    const sim = await spawnSimulator({ ...o.sim, port: 0, clock: 'real' });
    const session = new PlaygroundSession(sim, o);
    try {
      await session.open();
    } catch (e) {
      await sim.close();
      throw e;
    }
    return session;
  }

  /** A google.script.run call: JSON in and out, a thrown error as Error(message). */
  call(name: string, args: unknown[]): unknown {
    this.followSim();
    return this.gas.call(name, ...args);
  }

  clickMenu(caption: string): void {
    this.followSim();
    this.gas.clickMenu(caption);
  }

  /**
   * Fires the installed time-driven triggers now, whatever their interval: the playground's timer
   * stands in for Apps Script's, minutes apart, so renders show up while someone watches.
   */
  fireTimer(): void {
    if (this.gas.triggers.length === 0) return;
    this.followSim();
    const before = this.gas.triggerErrors.length;
    this.gas.fireTimeTriggers({ tolerateErrors: true });
    const error = this.gas.triggerErrors
      .slice(before)
      .map((e) => `${e.handler}: ${e.message}`)
      .join('; ');
    this.lastTimer = { at: new Date(this.gas.clock.now()).toISOString(), error: error || null };
  }

  /** The page the add-on last showed as its sidebar (as Apps Script serves it), else the built one. */
  sidebarHtml(): string {
    const shown = this.gas.ui.sidebars[this.gas.ui.sidebars.length - 1];
    return shown?.html ?? readFileSync(join(this.bundlePath, '..', 'Sidebar.html'), 'utf8');
  }

  async setFault(name: FaultName, on: boolean): Promise<void> {
    const fault = FAULTS[name];
    await this.sim.control({ action: 'configure', config: on ? fault.on : fault.off });
  }

  /**
   * Signs in as the colleague or back as the first person: later calls, menu clicks and the sidebar run
   * as them, with their own UserProperties (so their own key); each timer still runs as its owner.
   */
  setOtherPerson(other: boolean): void {
    this.gas.setUser(other ? PLAYGROUND_PEOPLE.other : PLAYGROUND_PEOPLE.first);
  }

  /** Fresh simulator (seeded state, start config, faults off), fresh spreadsheet, properties and triggers. */
  async reset(): Promise<void> {
    await this.sim.control({ action: 'reset' });
    const old = this.gas;
    await this.open();
    await old.close();
  }

  /** Everything the page polls, except the grid (see Grid). */
  async state(timerEveryMs: number): Promise<Omit<PlaygroundState, 'tabs' | 'sheet'>> {
    const sim = await this.sim.control({ action: 'state' }).then(
      (s) => s as SimState,
      () => null,
    );
    const config = sim?.config;
    const ui = this.gas.ui;
    const last = ui.toasts[ui.toasts.length - 1];
    const dialog = ui.dialogs[ui.dialogs.length - 1];
    return {
      sim: {
        baseUrl: this.sim.baseUrl,
        writeKey: SIM_KEYS.write,
        readKey: SIM_KEYS.readOnly,
        balance: sim?.workspaces.find((w) => w.id === SIM_WORKSPACES.main)?.balance ?? null,
        faults: Object.fromEntries(Object.entries(FAULTS).map(([name, f]) => [name, config ? f.isOn(config) : false])) as Record<FaultName, boolean>,
      },
      menus: ui.menus.map((m) => ({
        title: m.title,
        items: m.items.flatMap((it) => ('caption' in it ? [it.caption] : [])),
      })),
      toast: last ? { seq: ui.toasts.length, title: last.title, message: last.message } : null,
      dialog: dialog ? { seq: ui.dialogs.length, title: dialog.title, html: dialog.html, width: dialog.width ?? 600, height: dialog.height ?? 400 } : null,
      sidebar: { opens: ui.sidebars.length, title: ui.sidebars[ui.sidebars.length - 1]?.title || 'Add-on' },
      user: { email: this.gas.user, other: this.gas.user !== PLAYGROUND_PEOPLE.first },
      session: this.number,
      timer: { installed: this.gas.triggers.length, everyMs: timerEveryMs, lastRunAt: this.lastTimer?.at ?? null, lastError: this.lastTimer?.error ?? null },
    };
  }

  async close(): Promise<void> {
    await this.gas?.close();
    await this.sim.close();
  }

  /** A new stand-in on the sample spreadsheet, opened as a person opens it: onOpen, then "Open sidebar". */
  private async open(): Promise<void> {
    const now = ((await this.sim.control({ action: 'state' })) as SimState).now;
    const gas = new AppsScriptStandin({ bundlePath: this.bundlePath, simOrigin: this.sim.origin, startTime: now, user: PLAYGROUND_PEOPLE.first });
    const ss = gas.spreadsheet;
    const first = ss.getActiveSheet();
    for (const [name, rows] of [
      ['Leads', sampleLeads()],
      ['Follow-ups', followUpLeads()],
    ] as const) {
      const sheet = ss.addSheet(name, rows);
      sheet.setFrozenRows(1);
      sheet.setFrozenColumns(1);
      sheet.getRange(1, 1, 1, rows[0]!.length).setFontWeight('bold');
    }
    ss.deleteSheet(first);
    ss.setActiveSheet(ss.getSheetByName('Leads'));
    gas.open();
    this.gas = gas;
    this.grid = new Grid(ss);
    this.lastTimer = null;
    this.number++;
    if (gas.ui.menus.some((m) => m.items.some((it) => 'caption' in it && it.caption === OPEN_SIDEBAR))) this.clickMenu(OPEN_SIDEBAR);
  }

  /**
   * Brings the stand-in's clock up to the simulator's before a run (advancing it by 0 asks the
   * simulator for its now): otherwise the first reply of a run would jump the clock by the idle time
   * since the last one and trip the 6-minute limit.
   */
  private followSim(): void {
    this.gas.clock.advance(0);
  }
}
