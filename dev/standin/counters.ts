// Counts of the service calls the add-on made from inside the vm, by class and by member.

const BY_CLASS = {
  Range: 'rangeCalls',
  RangeList: 'rangeListCalls',
  Sheet: 'sheetCalls',
  Spreadsheet: 'spreadsheetCalls',
  Properties: 'propertyCalls',
  Cache: 'cacheCalls',
  Lock: 'lockCalls',
} as const;

type ClassCounter = (typeof BY_CLASS)[keyof typeof BY_CLASS];

export class Counters {
  rangeCalls = 0;
  rangeListCalls = 0;
  sheetCalls = 0;
  spreadsheetCalls = 0;
  propertyCalls = 0;
  cacheCalls = 0;
  lockCalls = 0;
  /** UrlFetchApp.fetch calls (simulator control requests are not counted). */
  fetches = 0;
  /** Utilities.sleep calls, and the virtual milliseconds they slept. */
  sleeps = 0;
  sleptMs = 0;
  flushes = 0;
  /** Range.setBackground / RangeList.setBackground calls: status colours must come from rules. */
  setBackgroundCalls = 0;
  /** Cells Range.getValues and Range.getDisplayValues returned: what a run reads of its tabs. */
  cellsRead = 0;
  /** Every service call, keyed "Class.member". */
  byMember: Record<string, number> = {};

  /** Called by the vm bridge for each member the add-on uses. */
  record(cls: string, member: string): void {
    const key = `${cls}.${member}`;
    this.byMember[key] = (this.byMember[key] ?? 0) + 1;
    const field: ClassCounter | undefined = (BY_CLASS as Record<string, ClassCounter>)[cls];
    if (field) this[field]++;
    if (member === 'setBackground' && (cls === 'Range' || cls === 'RangeList')) this.setBackgroundCalls++;
    if (key === 'SpreadsheetApp.flush') this.flushes++;
  }

  reset(): void {
    this.rangeCalls = this.rangeListCalls = this.sheetCalls = this.spreadsheetCalls = 0;
    this.propertyCalls = this.cacheCalls = this.lockCalls = 0;
    this.fetches = this.sleeps = this.sleptMs = this.flushes = this.setBackgroundCalls = this.cellsRead = 0;
    this.byMember = {};
  }
}
