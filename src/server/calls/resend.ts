// The follow-up for failed (and, when asked, cancelled) videos (docs/rules.md#follow-up): the API
// cannot render a person again in a part that holds them, so the rows go to the campaign's newest part
// when it holds none of them (and has room), else to a new part, with new ids on the same rows. The tab
// stays bound to its campaign, so one Generate reaches everyone waiting in any part. Nothing is charged
// until the person generates.
import type { Services } from '../../core/services';
import { readLeadRows, readRowSpan } from '../../sheet/lead-rows';
import { openTable, RowWriter, type Table } from '../../sheet/table';
import type { Reply, ResendFailedArgs, ResendFailedReply } from '../contract';
import { activeSheet, apiClient, requireCampaign, requireSettings, RUN_BUDGET_MS, sheetState, withDocumentLock } from '../context';
import { AddonError, toFailure } from '../failure';
import { handle } from '../handle';
import { newPart, ownParts, partLabel } from '../campaign/parts';
import { loadParts, saveParts, type CampaignParts, type Moved } from '../../records/parts-record';
import { readRegister, patchEntries } from '../../register/store';
import { RegisterBroken, type Entry, type Register } from '../../register/identity';
import { sendRows } from '../campaign/send-rows';
import { nowOf } from '../../core/clock';

export function resendFailedRows(svc: Services, args: ResendFailedArgs): Reply<ResendFailedReply> {
  return handle(() => {
    const deadline = nowOf(svc) + RUN_BUDGET_MS;
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const bound = requireCampaign(state, sheet.getName());
    const cancelled = !!(args && args.cancelled);
    // The failed videos' recording: known for a campaign made here, not for one picked from the list.
    const templateId = loadParts(svc.doc, bound).templateId || String((args && args.templateId) || '').trim();
    if (!templateId)
      throw new AddonError(
        'bad_input',
        `The add-on does not know the recording of “${bound.name}” (it was picked from the list). Choose it under Template, then press again.`,
      );
    return withDocumentLock(svc, () => {
      const table = openTable(sheet, state.mapping);
      // The parts record as it is now, inside the lock (a push may have made a part since).
      const c = loadParts(svc.doc, bound);
      const register = readRegister({ ss: sheet.getParent(), props: svc.doc });
      // A register someone changed cannot say who is new: nothing is touched, no part made (docs/rules.md#register-whole).
      if (!register.whole) throw new RegisterBroken();
      const { rows, moved, holders } = rowsToResend(table, ownParts(c, register), cancelled, register);
      if (rows.size === 0)
        throw new AddonError('no_selection', `No row of “${bound.name}” in this tab has the status failed${cancelled ? ' or cancelled' : ''}.`);
      const api = apiClient(svc, settings, deadline);
      // The people leave their old part's count as they go: the tab counts each once.
      const campaign: CampaignParts = { ...c, templateId, parts: [...c.parts], moved: addMoved(c.moved, moved) };
      // The service cannot render a person again in a part that holds them: the newest part takes them only when it
      // holds none of them; otherwise a new part is made (docs/rules.md#follow-up).
      let made: { id: string; name: string } | null = null;
      if (holders.has(c.parts[c.parts.length - 1]!.id)) {
        made = newPart(api, campaign, templateId, nowOf(svc));
      }
      saveParts(svc.doc, campaign);
      try {
        replaceEntries(sheet, rows, svc.doc);
        const writer = new RowWriter();
        for (const [row, id] of rows)
          writer.set(row, { leadId: '', campaignId: '', pageUrl: '', videoUrl: '', status: '', note: `To be sent again (was lead ${id}).` });
        writer.commit(table);
        svc.sheets.flush();
        // Every such row of the campaign goes, hidden or not: the person asked for all of them.
        const result = sendRows(svc, { sheet, state, campaign, rows: [...rows.keys()], api, deadline });
        const names = new Map(campaign.parts.map((p) => [p.id, partLabel(campaign, p.id)]));
        const to = noteSent(table, rows, names) || (made && made.id) || campaign.parts[campaign.parts.length - 1]!.id;
        const part = { id: to, name: names.get(to) || '' };
        return { campaign: bound, previous: bound, part, recording: c.templateId ? ('same' as const) : ('chosen' as const), failedRows: rows.size, result };
      } catch (e) {
        const f = toFailure(e);
        throw new AddonError(f.error.code, `Sending the rows again did not finish: ${f.error.message}`);
      }
    });
  });
}

/** The register's entries of the leads sent again are marked replaced: the new send is those people now. */
function replaceEntries(sheet: Table['sheet'], rows: Map<number, string>, props: Services['doc']): void {
  const ss = { ss: sheet.getParent(), props };
  const register = readRegister(ss);
  const olds = [...rows.values()].map((id) => register.byLead(id)).filter((e): e is Entry => !!e);
  for (const e of olds) e.state = 'replaced';
  patchEntries(ss, olds);
}

const addMoved = (a: Moved = { failed: 0, cancelled: 0 }, b: Moved): Moved => ({ failed: a.failed + b.failed, cancelled: a.cancelled + b.cancelled });

/** Row → old Lead ID of the rows of these parts whose status is failed (or cancelled, when asked), ascending rows; how many of each; the parts holding them. */
function rowsToResend(
  table: Table,
  parts: Set<string>,
  cancelled: boolean,
  register: Register,
): { rows: Map<number, string>; moved: Moved; holders: Set<string> } {
  const rows = new Map<number, string>();
  const moved: Moved = { failed: 0, cancelled: 0 };
  const holders = new Set<string>();
  for (const r of readLeadRows(table)) {
    const status = r.status.toLowerCase();
    const part = register.partOf(r.leadId, r.campaignId);
    if ((status === 'failed' || (cancelled && status === 'cancelled')) && r.leadId && parts.has(part)) {
      rows.set(r.row, r.leadId);
      moved[status as keyof Moved]++;
      holders.add(part);
    }
  }
  return { rows, moved, holders };
}

/** Rows that got an id in a part say where they went and what they were; the push's note stays after. Answers the first row's part. */
function noteSent(table: Table, rows: Map<number, string>, names: Map<string, string>): string {
  const list = [...rows.keys()];
  const writer = new RowWriter();
  let first = '';
  for (const r of readRowSpan(table, list[0]!, list[list.length - 1]!)) {
    const id = rows.get(r.row);
    const name = names.get(r.campaignId);
    if (id === undefined || !r.leadId || !name || r.leadId === id) continue;
    first ||= r.campaignId;
    writer.set(r.row, { note: `Sent again to “${name}” (was lead ${id}).${r.note ? ` ${r.note}` : ''}` });
  }
  writer.commit(table);
  return first;
}
