// The one way rows are sent (docs/rules.md#sending): Add, the follow-up and auto mode all go through
// here, so the push's wiring — the parts, the tab's register rows, the counts a refresh reads again —
// is owned in one place and no sender can leave a piece out.
import type { ApiClient } from '../../api/client';
import type { Services } from '../../core/services';
import { pushRows, type AddRowsResult, type PartAllocator } from '../../push/push';
import { forgetPart } from '../../records/part-memory';
import { ensureStatusFormatting } from '../../sheet/status-format';
import { idOf, type Sheet } from '../../sheet/table';
import type { SheetState } from '../../records/tab-state';
import { partAllocator } from './parts';
import { type CampaignParts } from '../../records/parts-record';
import { campaignTabs } from './bound-tabs';
import { saveSentColumns } from '../../records/sent-columns';
import { nowOf } from '../../core/clock';

export interface SendRows {
  sheet: Sheet;
  state: Pick<SheetState, 'mapping' | 'fallbacks'>;
  /** The campaign's parts as read inside the document lock; new parts are added to it. */
  campaign: CampaignParts;
  rows: number[];
  api: ApiClient;
  deadline: number;
  /** Whether a row is hidden; the default sends every row (the whole tab is the order). */
  hidden?: (row: number) => boolean;
  /** Collects the parts people were sent to (auto mode generates them). */
  sentTo?: Set<string>;
}

export function sendRows(svc: Services, s: SendRows): AddRowsResult {
  const alloc = partAllocator(s.campaign, s.api, svc.doc, () => nowOf(svc));
  const sheetId = idOf(s.sheet);
  const parts: PartAllocator = {
    ...alloc,
    record(partId, total) {
      if (s.sentTo) s.sentTo.add(partId);
      alloc.record(partId, total);
    },
  };
  const had = s.campaign.parts.length;
  const r = pushRows({
    sheet: s.sheet,
    rows: s.rows,
    overrides: s.state.mapping,
    fallbacks: s.state.fallbacks,
    parts,
    hidden: s.hidden || (() => false),
    api: s.api,
    clock: svc.clock,
    deadline: s.deadline,
    flush: () => svc.sheets.flush(),
    formatStatus: (sh, col) => ensureStatusFormatting(svc.sheets, sh, col),
    campaign: s.campaign.id,
    // A part whose people changed without a send (a row took its person back) is read again by the next refresh.
    touched: (part) => forgetPart(svc.doc, part),
    // The columns the batch was sent from: the sidebar says when one of them is gone (docs/rules.md#row-identity).
    remember: (columns) => saveSentColumns(svc.doc, sheetId, columns),
    props: svc.doc,
    // A person another tab sent may have moved here: the tabs bound to the campaign are read to see who still carries them.
    otherTabs: (named) => campaignTabs(svc, s.campaign.id, named),
  });
  const made = s.campaign.parts.length - had;
  return made > 0 ? { ...r, newParts: made } : r;
}
