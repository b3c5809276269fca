// "Repair the register" (docs/rules.md#register-whole): a register that no longer matches its fingerprint is
// rebuilt from evidence — its own rows a tab's row confirms, and for every other Lead ID (in the tabs or
// left in the register) the service's lead record — and the reply says how many people it could not recover.
import type { ApiClient } from '../../api/client';
import { apiCode } from '../../api/errors';
import type { Lead } from '../../api/types';
import type { Services } from '../../core/services';
import { activeSpreadsheet } from '../../core/services';
import { personFromRow } from '../../shared/row-person';
import { evidenceEntry, sentIds, type Entry, type Ids } from '../../register/identity';
import { printedRows, readRegister, REGISTER_TAB, rewriteRegister, storedEntries } from '../../register/store';
import { readLeadRows, type LeadRow } from '../../sheet/lead-rows';
import { openTable, type Sheet, type Table, idOf } from '../../sheet/table';
import type { Reply } from '../contract';
import { apiClient, requireSettings, sheetState, withDocumentLock } from '../context';
import { handle } from '../handle';
import { forgetPart } from '../../records/part-memory';

/** A Lead ID as a tab shows it: the tab, its row and the person its cells name. */
interface Seen {
  tab: Sheet;
  table: Table;
  row: LeadRow;
  campaign: string;
}

export function repairRegister(svc: Services): Reply<{ recovered: number; lost: number }> {
  return handle(() => {
    const settings = requireSettings(svc);
    return withDocumentLock(svc, () => {
      const ss = activeSpreadsheet(svc);
      const doc = { ss, props: svc.doc };
      const now = readRegister(doc, null);
      if (now.whole) return { recovered: storedEntries(ss).filter((e) => e.leadId).length, lost: 0 };
      const expected = printedRows(svc.doc);
      const seen = leadIdsInTabs(svc, ss.getSheets());
      const api = apiClient(svc, settings);
      const rebuilt: Entry[] = [];
      const done = new Set<string>();
      for (const e of storedEntries(ss)) {
        if (!e.leadId) {
          // A send cut off before its reply: the register's own record of where it went.
          if (e.state === 'sending') rebuilt.push(e);
          continue;
        }
        if (done.has(e.leadId)) continue;
        const s = seen.get(e.leadId);
        // Two records agree (a tab's row and the register's row): the register's row stands, wherever it was moved.
        const entry = s && s.row.campaignId === e.part ? e : fromEvidence(api, e.leadId, s, e);
        if (entry) rebuilt.push(entry);
        done.add(e.leadId);
      }
      for (const [id, s] of seen) {
        if (done.has(id)) continue;
        const entry = fromEvidence(api, id, s);
        if (entry) rebuilt.push(entry);
        done.add(id);
      }
      rewriteRegister(
        doc,
        rebuilt,
        ss.getSheets().map((t) => idOf(t)),
      );
      // Who the rows are may have changed: every tab reads its parts again, whatever was last seen of them.
      forgetPart(svc.doc);
      const recovered = rebuilt.filter((e) => e.leadId).length;
      return { recovered, lost: Math.max(0, expected - rebuilt.length) };
    });
  });
}

/** Every Lead ID the tabs show (the first row showing it), with the tab's bound campaign: one read per tab. */
function leadIdsInTabs(svc: Services, tabs: readonly Sheet[]): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  for (const tab of tabs) {
    if (tab.getName() === REGISTER_TAB || tab.getLastRow() < 2) continue;
    const state = sheetState(svc, tab);
    const table = openTable(tab, state.mapping, false);
    if (table.layout.outputs.leadId === undefined) continue;
    for (const row of readLeadRows(table)) {
      if (row.leadId && !seen.has(row.leadId)) seen.set(row.leadId, { tab, table, row, campaign: (state.campaign && state.campaign.id) || '' });
    }
  }
  return seen;
}

/** An entry rebuilt from the service's record of the lead; null: the service does not know this id (a mistyped one), so it is nobody. */
function fromEvidence(api: ApiClient, leadId: string, seen: Seen | undefined, was?: Entry): Entry | null {
  let lead: Lead;
  try {
    lead = api.getLead(leadId);
  } catch (e) {
    if (apiCode(e) === 'not_found') return null;
    throw e;
  }
  const where = seen ? { tab: String(idOf(seen.tab)), campaign: seen.campaign, ...rowIdentifiers(seen) } : { tab: '', campaign: '' };
  return evidenceEntry(lead, where, was && was.part === lead.campaignId ? was : null);
}

/** The identifiers a tab's row names now, with the headers they come from. */
function rowIdentifiers(s: Seen): { ids: Ids; columns: string } {
  const { person } = personFromRow(s.row.cells, s.table.layout, {});
  return sentIds(s.row.cells, s.table.headers, s.table.layout, person);
}
