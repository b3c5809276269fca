// Services for plain unit tests: the stand-in's in-memory spreadsheet, memory properties, a lock that
// can be held by "someone else", and an HTTP transport answering from a per-test route table.
import { FakeSpreadsheet, FakeSpreadsheetApp } from '../dev/standin/spreadsheet';
import type { FakeUi, UiLog } from '../dev/standin/ui';
import type { Services } from '../src/core/services';
import { storeSettings } from '../src/records/settings';
import { SheetState } from '../src/records/tab-state';
import { FakeClock, ScriptedTransport, json, type Scripted } from './api/fakes';
import { memoryProps } from './fakes';

export const BASE = 'https://api.example.com/api/v1';
export const KEY = 'sk_test_abcd1234';

/** A route table: "POST /campaigns/c_1/generate" → reply, or a list of replies taken in turn (the last repeats). */
export type Routes = Record<string, Scripted | Scripted[] | ((body: unknown) => Scripted)>;

export function routed(routes: Routes): ScriptedTransport {
  const used = new Map<string, number>();
  return new ScriptedTransport((req) => {
    const path = req.url.replace(BASE, '').replace(/\?.*$/, '');
    const k = `${req.method} ${path}`;
    const r = routes[k];
    if (r === undefined) throw new Error(`unscripted request ${k}`);
    if (typeof r === 'function') return r(req.body ? JSON.parse(req.body) : undefined);
    if (!Array.isArray(r)) return r;
    const n = used.get(k) ?? 0;
    used.set(k, n + 1);
    return r[Math.min(n, r.length - 1)]!;
  });
}

export const ok = (body: unknown) => json(200, body);

export interface UnitWorld {
  svc: Services;
  ss: FakeSpreadsheet;
  clock: FakeClock;
  http: ScriptedTransport;
  user: ReturnType<typeof memoryProps>;
  doc: ReturnType<typeof memoryProps>;
  /** What the spreadsheet showed the person (toasts). */
  ui: UiLog;
  /** Set true: another run holds the document lock. */
  lockHeld: { value: boolean };
}

export function world(routes: Routes = {}, o: { now?: number; connected?: boolean } = {}): UnitWorld {
  const clock = new FakeClock(o.now ?? Date.parse('2026-11-24T10:00:00Z'));
  const uiLog = { alerts: [], toasts: [], sidebars: [], menus: [] } as unknown as UiLog;
  const ss = new FakeSpreadsheet({ id: 'doc_1', name: 'Doc', timeZone: 'Etc/UTC', locale: 'en_US', ui: uiLog });
  const app = new FakeSpreadsheetApp(ss, {} as FakeUi, { noActive: () => false, oauthScopes: () => null });
  const http = routed(routes);
  const user = memoryProps();
  const doc = memoryProps();
  if (o.connected !== false) storeSettings(user, { baseUrl: BASE, apiKey: KEY, canWrite: true });
  const lockHeld = { value: false };
  const svc = {
    http,
    clock,
    user,
    doc,
    documentLock: () => ({ tryLock: () => !lockHeld.value, releaseLock: () => undefined }),
    sheets: app as unknown as Services['sheets'],
    triggers: {
      newTrigger: () => {
        throw new Error('no triggers in unit tests');
      },
      getProjectTriggers: () => [],
      getUserTriggers: () => [],
      deleteTrigger: () => undefined,
    } as unknown as Services['triggers'],
    sidebarHtml: () => {
      throw new Error('no sidebar');
    },
  } as Services;
  return { svc, ss, clock, http, user, doc, ui: uiLog, lockHeld };
}

/** Binds the active tab to a campaign. */
export function bind(w: UnitWorld, id: string, name = 'Q3'): SheetState {
  const state = new SheetState(w.svc.doc, w.ss.getActiveSheet().getSheetId());
  state.campaign = { id, name };
  return state;
}

/** The stand-in's active tab holding `values` from A1, with every Range it hands out recorded as [row, column, rows, columns]. */
export function recordedTab(values: unknown[][]) {
  const fake = world({}, { connected: false }).ss.getActiveSheet();
  if (values.length > 0) fake.setValuesRaw(values, 1, 1);
  const sheet = fake as unknown as GoogleAppsScript.Spreadsheet.Sheet;
  const ranges: number[][] = [];
  const getRange = sheet.getRange.bind(sheet) as (...a: number[]) => GoogleAppsScript.Spreadsheet.Range;
  sheet.getRange = ((...a: number[]) => {
    ranges.push(a);
    return getRange(...a);
  }) as typeof sheet.getRange;
  const shown = () => fake.getRange(1, 1, fake.getLastRow(), fake.getLastColumn()).getDisplayValues();
  return { sheet, ranges, shown };
}
