// A person another tab of the campaign sent, found on a row of this tab (docs/rules.md#moved-between-tabs): while
// a row of another tab carries them, that row is theirs; otherwise this row takes them back, and the register's
// writer records that they are now this tab's people.
import { carryingRows } from '../register/carriers';
import type { Entry, Register } from '../register/identity';
import type { Sheet } from '../sheet/table';

/** The row of another tab carrying a person. */
export interface Holder {
  tabName: string;
  row: number;
}

export class OtherTabs {
  private held: Map<string, Holder> | null = null;
  /** Entries this tab took back from another: the register's writer makes them this tab's. */
  readonly claimed: Entry[] = [];

  constructor(
    /** The other tabs that may carry the campaign's people; asked, and each read once, at the first question. */
    private readonly tabs: () => Sheet[],
    private readonly register: Register,
  ) {}

  /** The row of another tab that carries this Lead ID, or null. */
  holder(leadId: string): Holder | null {
    if (!this.held) {
      this.held = new Map();
      for (const { tabName, row } of carryingRows(this.tabs(), this.register)) {
        if (row.leadId && !this.held.has(row.leadId)) this.held.set(row.leadId, { tabName, row: row.row });
      }
    }
    return this.held.get(leadId) || null;
  }
}
