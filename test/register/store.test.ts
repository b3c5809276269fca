// The register tab on the stand-in's in-memory spreadsheet: where it lives, what is read and written.
import { norm, type Entry } from '../../src/register/identity';
import { appendEntries, patchEntries, readRegister, registerSize, REGISTER_TAB } from '../../src/register/store';
import { registerSpanOf } from '../../src/records/register-records';
import type { FakeSheet } from '../../dev/standin/sheet';
import { world } from '../unit-services';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

const entry = (n: number, o: Partial<Entry> = {}): Entry => ({
  at: 0,
  leadId: '',
  part: 'c_1',
  campaign: 'c_1',
  tab: '0',
  batch: '1',
  state: 'sending',
  firstName: `P${n}`,
  company: `Co${n}`,
  email: '',
  profileUrl: '',
  columns: 'First name|Company||',
  ...o,
});

function setup() {
  const w = world({}, { connected: false });
  const ss = { ss: w.ss as unknown as Spreadsheet, props: w.doc };
  const tab = () => w.ss.getSheetByName(REGISTER_TAB) as FakeSheet;
  return { w, ss, tab };
}

describe('register store › the tab', () => {
  // docs/rules.md#register
  it('should make the register hidden, warning-only protected, at the end, and leave the person on their tab', () => {
    const t = setup();
    t.w.ss.insertSheet('Leads', 1);
    t.w.ss.setActiveSheet(t.w.ss.getSheetByName('Sheet1')!);
    appendEntries(t.ss, [entry(1)]);
    const tab = t.tab();
    expect(tab.isSheetHidden()).toBe(true);
    expect(tab.sheetProtections.map((p) => p.isWarningOnly())).toEqual([true]);
    expect(tab.getIndex()).toBe(3);
    expect(t.w.ss.getActiveSheet().getName()).toBe('Sheet1');
    expect(tab.getRange(1, 1, 1, 6).getValues()[0]).toEqual(['Lead ID', 'Part', 'Campaign', 'Tab', 'Batch', 'State']);
  });

  it('should give each appended entry its row and read it back the same', () => {
    const t = setup();
    const a = [entry(1), entry(2)];
    const b = [entry(3, { email: 'p3@x.test' })];
    appendEntries(t.ss, a);
    appendEntries(t.ss, b);
    expect([...a, ...b].map((e) => e.at)).toEqual([2, 3, 4]);
    // The email comes back as its digest (docs/rules.md#register): the same person to every comparison.
    expect(readRegister(t.ss).entries).toEqual([...a, ...b].map((e) => ({ ...e, email: norm('email', e.email) })));
    expect(registerSize(t.ss.ss)).toBe(3);
  });

  it('should keep no email or profile link in clear: the tab holds their digests', () => {
    const t = setup();
    appendEntries(t.ss, [entry(1, { email: 'Sarah@Google.example', profileUrl: 'https://linkedin.com/in/sarah' })]);
    const cells = readRegister(t.ss).entries[0]!;
    expect(JSON.stringify(t.w.ss.getSheetByName('Video register')!.getDataRange().getValues())).not.toMatch(/sarah@|linkedin/i);
    expect(cells.email).toBe(norm('email', 'sarah@google.example'));
    expect(cells.profileUrl).toBe(norm('profileUrl', 'https://LinkedIn.com/in/sarah/'));
  });

  // docs/rules.md#stored-text
  it('should keep text Sheets would parse as the text sent', () => {
    const t = setup();
    const e = entry(1, { firstName: '=HYPERLINK("x")', company: '007', email: '+1 555' });
    appendEntries(t.ss, [e]);
    expect(readRegister(t.ss).entries[0]).toMatchObject({ firstName: '=HYPERLINK("x")', company: '007', email: norm('email', '+1 555') });
  });

  it('should grow the tab when a batch needs more rows than it has', () => {
    const t = setup();
    const many = Array.from({ length: 1200 }, (_, i) => entry(i));
    appendEntries(t.ss, many);
    expect(many[1199]!.at).toBe(1201);
    expect(registerSize(t.ss.ss)).toBe(1200);
    expect(readRegister(t.ss).entries[1199]!.firstName).toBe('P1199');
  });
});

describe('register store › reading and completing', () => {
  it("should read only a tab's span of rows, and nothing for a tab that sent nobody", () => {
    const t = setup();
    appendEntries(t.ss, [entry(1), entry(2), entry(3), entry(4)]);
    expect(readRegister(t.ss, { first: 3, last: 4 }).entries.map((e) => [e.at, e.firstName])).toEqual([
      [3, 'P2'],
      [4, 'P3'],
    ]);
    expect(readRegister(t.ss, null).entries).toEqual([]);
  });

  it('should write only the Lead ID, part and state on completion, leaving what was sent as it is', () => {
    const t = setup();
    const es = [entry(1), entry(2), entry(3)];
    appendEntries(t.ss, es);
    t.tab().getRange(3, 7).setValue('Edited');
    es[0]!.leadId = 'l_1';
    es[0]!.state = 'sent';
    es[2]!.leadId = 'l_3';
    es[2]!.state = 'sent';
    es[2]!.part = 'c_2';
    es[1]!.firstName = 'Changed in memory';
    patchEntries(t.ss, [es[0]!, es[2]!, entry(9)]);
    const read = readRegister(t.ss).entries;
    expect(read.map((e) => [e.leadId, e.part, e.state, e.firstName])).toEqual([
      ['l_1', 'c_1', 'sent', 'P1'],
      ['', 'c_1', 'sending', 'Edited'],
      ['l_3', 'c_2', 'sent', 'P3'],
    ]);
    expect(registerSize(t.ss.ss)).toBe(3);
  });

  it('should read an empty state as sending and skip rows with no part', () => {
    const t = setup();
    appendEntries(t.ss, [entry(1), entry(2)]);
    t.tab().getRange(2, 6).setValue('');
    t.tab().getRange(3, 2).setValue('');
    expect(readRegister(t.ss).entries.map((e) => [e.at, e.state])).toEqual([[2, 'sending']]);
  });
});

// docs/rules.md#register-whole
describe('register store › the fingerprint and the spans its writer keeps', () => {
  /** Three entries sent from tab 7, the second completed. */
  function sent() {
    const t = setup();
    const es = [entry(1, { tab: '7' }), entry(2, { tab: '7' }), entry(3, { tab: '7' })];
    appendEntries(t.ss, es);
    es[1]!.leadId = 'l_2';
    es[1]!.state = 'sent';
    patchEntries(t.ss, [es[1]!]);
    return t;
  }

  it('should trust the register its writer wrote, appended to and completed, and record the rows of each tab', () => {
    const t = sent();
    appendEntries(t.ss, [entry(4, { tab: '8' })]);
    expect(readRegister(t.ss).whole).toBe(true);
    expect(readRegister(t.ss, null).whole).toBe(true);
    expect(registerSpanOf(t.w.doc, 7)).toEqual({ first: 2, last: 4 });
    expect(registerSpanOf(t.w.doc, 8)).toEqual({ first: 5, last: 5 });
    expect(readRegister(t.ss, registerSpanOf(t.w.doc, 7)).entries.map((e) => e.leadId)).toEqual(['', 'l_2', '']);
  });

  it('should not trust a register whose rows were sorted, typed over, deleted, or whose tab was renamed', () => {
    const edits: ((tab: FakeSheet) => void)[] = [
      (tab) => tab.sortBy(0, true),
      (tab) => tab.getRange(3, 1).setValue('l_9'),
      (tab) => tab.deleteRows(4, 1),
      (tab) => tab.setName('Old register'),
    ];
    for (const edit of edits) {
      const t = sent();
      edit(t.tab() ?? (t.w.ss.getSheetByName(REGISTER_TAB) as FakeSheet));
      const read = readRegister(t.ss);
      expect([read.whole, read.entries]).toEqual([false, []]);
      expect(readRegister(t.ss, { first: 2, last: 4 }).whole).toBe(false);
    }
  });

  it('should take a register from before fingerprints as it is, and fingerprint it', () => {
    const t = sent();
    t.w.doc.deleteProperty('register.print');
    expect(readRegister(t.ss).whole).toBe(true);
    t.tab().getRange(2, 1).setValue('l_9');
    expect(readRegister(t.ss).whole).toBe(false);
  });

  // docs/rules.md#cells
  it('should make the register as narrow as its columns', () => {
    const t = sent();
    expect([t.tab().getMaxRows(), t.tab().getMaxColumns()]).toEqual([4, 11]);
  });
});
