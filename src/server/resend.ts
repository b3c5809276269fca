// A follow-up for failed videos (DESIGN 11): the API cannot render a failed person again in the same
// campaign, so the bound campaign's failed rows go to a new campaign on the same recording, with new
// ids on the same rows. Nothing is charged: the person generates the follow-up when ready.
import type { Services } from '../core/services';
import { pushRows } from '../push/push';
import { cellText } from '../sheet/cells';
import { ensureStatusFormatting } from '../sheet/status-format';
import { openTable, readRows, RowWriter, type Table } from '../sheet/table';
import type { Reply, ResendFailedArgs, ResendFailedReply } from './contract';
import { activeSheet, apiClient, requireCampaign, requireSettings, RUN_BUDGET_MS, sheetState, withDocumentLock } from './context';
import { AddonError, toFailure } from './failure';
import { handle } from './handle';
import { CAMPAIGN_NAME_MAX, createApiCampaign, loadParts, partAllocator, partIds, saveParts, type CampaignParts } from './parts';

export function resendFailedRows(svc: Services, args: ResendFailedArgs): Reply<ResendFailedReply> {
  return handle(() => {
    const deadline = svc.clock.now() + RUN_BUDGET_MS;
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const previous = requireCampaign(state, sheet.getName());
    // Without a name, rows go to a new part of the same campaign (docs/rules.md#follow-up); a name makes a campaign of their own.
    if (args && (args.cancelled || !args.name)) {
      return resendToNewPart(svc, { deadline, settings, sheet, state, campaign: previous, templateId: String(args.templateId || '').trim(), status: args.cancelled ? 'cancelled' : 'failed' });
    }
    const old = loadParts(svc.docProps, previous);
    const name = String(args && args.name || '').trim();
    if (!name || name.length > CAMPAIGN_NAME_MAX) throw new AddonError('bad_input', `Give the follow-up campaign a name of at most ${CAMPAIGN_NAME_MAX} characters.`);
    // The failed videos' recording: known for a campaign made here, not for one picked from the list.
    const templateId = old.templateId || String(args && args.templateId || '').trim();
    if (!templateId) throw new AddonError('bad_input', `The add-on does not know the recording of “${previous.name}” (it was picked from the list). Choose it under Template, then press again.`);
    return withDocumentLock(svc, () => {
      const table = openTable(sheet, state.mapping);
      // The parts record as it is now, inside the lock (a push may have made a part since).
      const failed = failedRows(table, partIds(loadParts(svc.docProps, previous)));
      if (failed.size === 0) throw new AddonError('no_selection', `No row of “${previous.name}” in this tab has the status failed.`);
      const api = apiClient(svc, settings, deadline);
      const goal = old.goal ? { goal: old.goal } : {};
      // POST /campaigns is sent once; an unknown outcome is settled by the list (createApiCampaign).
      const made = createApiCampaign(api, { templateId, name, ...goal }, svc.clock.now());
      const fresh: CampaignParts = { ...made, templateId, ...goal, parts: [{ id: made.id, size: 0, closed: false }] };
      saveParts(svc.docProps, fresh);
      state.campaign = made;
      try {
        // The push sends only rows without a Lead ID: the old ids leave the rows and stay in the note.
        const writer = new RowWriter();
        for (const [row, id] of failed) writer.set(row, { leadId: '', campaignId: '', pageUrl: '', videoUrl: '', status: '', note: `To be sent to “${made.name}” after the video failed (was lead ${id}).` });
        writer.commit(table);
        svc.sheets.flush();
        const result = pushRows({
          sheet, rows: [...failed.keys()], overrides: state.mapping, fallbacks: state.fallbacks,
          parts: partAllocator(fresh, api, svc.docProps, () => svc.clock.now()),
          // Every failed row of the campaign goes, hidden or not: the person asked for all of them.
          hidden: () => false,
          api, clock: svc.clock, deadline,
          flush: () => svc.sheets.flush(),
          formatStatus: (sh, col) => ensureStatusFormatting(svc.sheets, sh, col),
        });
        noteSent(table, failed, fresh);
        return { campaign: made, previous, recording: old.templateId ? 'same' as const : 'chosen' as const, failedRows: failed.size, result };
      } catch (e) {
        const f = toFailure(e);
        throw new AddonError(f.error.code, `Made “${made.name}” and bound this tab to it, but sending the failed rows did not finish: ${f.error.message}`);
      }
    });
  });
}

interface CancelledInput {
  deadline: number; settings: ReturnType<typeof requireSettings>; sheet: ReturnType<typeof activeSheet>;
  state: ReturnType<typeof sheetState>; campaign: { id: string; name: string }; templateId: string; status: 'cancelled' | 'failed';
}

/**
 * The rows a Stop cancelled, or whose video failed, go to a new part of the same campaign
 * (docs/rules.md#follow-up): the service would match them again in their own part. Nothing is
 * charged until the person generates; the tab stays bound to its campaign.
 */
function resendToNewPart(svc: Services, input: CancelledInput): ResendFailedReply {
  const { sheet, state, campaign, deadline, status } = input;
  return withDocumentLock(svc, () => {
    const table = openTable(sheet, state.mapping);
    const parts = loadParts(svc.docProps, campaign);
    const held = new Set<string>();
    const rows = failedRows(table, partIds(parts), status, held);
    if (rows.size === 0) throw new AddonError('no_selection', `No row of “${campaign.name}” in this tab has the status ${status}.`);
    const templateId = parts.templateId || input.templateId;
    if (!templateId) throw new AddonError('bad_input', `The add-on does not know the recording of “${campaign.name}” (it was picked from the list). Choose it under Template, then press again.`);
    const api = apiClient(svc, input.settings, deadline);
    // The parts that hold them take nobody new: the push makes a new part.
    const closed: CampaignParts = { ...parts, templateId, parts: parts.parts.map((p) => (held.has(p.id) ? { ...p, closed: true } : p)) };
    saveParts(svc.docProps, closed);
    const writer = new RowWriter();
    for (const [row, id] of rows) writer.set(row, { leadId: '', campaignId: '', pageUrl: '', videoUrl: '', status: '', note: `To be sent again after ${status === 'cancelled' ? 'a Stop cancelled it' : 'the video failed'} (was lead ${id}).` });
    writer.commit(table);
    svc.sheets.flush();
    const result = pushRows({
      sheet, rows: [...rows.keys()], overrides: state.mapping, fallbacks: state.fallbacks,
      parts: partAllocator(closed, api, svc.docProps, () => svc.clock.now()),
      hidden: () => false, api, clock: svc.clock, deadline,
      flush: () => svc.sheets.flush(),
      formatStatus: (sh, col) => ensureStatusFormatting(svc.sheets, sh, col),
    });
    return { campaign, previous: campaign, recording: 'same' as const, failedRows: rows.size, result };
  });
}

/** Row → old Lead ID of the rows of these parts whose status is `status` (ascending rows). */
function failedRows(table: Table, parts: Set<string>, status = 'failed', partsSeen = new Set<string>()): Map<number, string> {
  const rows = new Map<number, string>();
  readRows(table.sheet, 2, table.sheet.getLastRow() - 1, table.headers.length).forEach((cells, i) => {
    const at = (c: keyof Table['out']) => cellText(cells[table.out[c] - 1]);
    if (at('status').toLowerCase() !== status || !parts.has(at('campaignId'))) return;
    rows.set(i + 2, at('leadId'));
    partsSeen.add(at('campaignId'));
  });
  return rows;
}

/** Rows that got an id in the new campaign say where they went and what they were; the push's note stays after. */
function noteSent(table: Table, rows: Map<number, string>, fresh: CampaignParts): void {
  const list = [...rows.keys()];
  const parts = partIds(fresh);
  const writer = new RowWriter();
  readRows(table.sheet, list[0]!, list[list.length - 1]! - list[0]! + 1, table.headers.length).forEach((cells, i) => {
    const at = (c: keyof Table['out']) => cellText(cells[table.out[c] - 1]);
    const id = rows.get(i + list[0]!);
    if (id === undefined || !at('leadId') || !parts.has(at('campaignId'))) return;
    writer.set(i + list[0]!, { note: `Sent again to “${fresh.name}” after the video failed (was lead ${id}).${at('note') ? ` ${at('note')}` : ''}` });
  });
  writer.commit(table);
}
