// The server functions the sidebar calls (docs/architecture.md#server-functions): argument and reply types, shared
// with the sidebar by type-only import. Replies are plain JSON: no Date, no class instances.
import type { CampaignCounts, CampaignSummary, Stalled, Template } from '../api/types';
import type { PersonField } from '../shared/person';

export type AddonErrorCode =
  | 'no_settings'
  | 'no_campaign'
  | 'no_selection'
  | 'locked'
  | 'network'
  | 'bad_mapping'
  | 'bad_reply'
  | 'api_off'
  | 'campaign_changed'
  | 'quote_changed'
  | 'unsettled'
  | 'over_limit'
  | 'no_limit'
  | 'not_owner'
  | 'quota'
  | 'not_allowed'
  | 'no_permission'
  | 'spreadsheet_full';

import type { LimitFigures } from '../shared/limit-rule';
export type { LimitFigures };

/**
 * An unknown money outcome not yet settled by evidence (docs/rules.md#unknown-outcomes): Generate and Preview stay refused
 * until knownBy. ISO strings; knownBy is when the evidence rule will have decided (since + 2 min at most).
 */
export interface Unsettled {
  action: 'generate' | 'preview';
  since: string;
  knownBy: string;
}

/** One part's answer to Stop (docs/rules.md#may-still-render): 'unknown' when no clear answer came back, 'error' when it was refused. */
export interface StopPart {
  id: string;
  name: string;
  outcome: 'stopped' | 'unknown' | 'error';
  stopped?: number;
  stillRendering?: number;
  message?: string;
}

/** Stop over parts: `status` is 'stopped' only when every part's outcome is 'stopped', else 'partly_stopped'. */
export interface StopReply {
  stopped: number;
  stillRendering: number;
  status: string;
  parts: StopPart[];
}

export interface EstimateInfo {
  leads: number;
  low: number;
  high: number;
  balance: number;
  affordable: boolean;
  /** People waiting (counted in leads) whom no row of the tab names any more: rows edited or deleted since they were added (getEstimate only). */
  orphans?: number;
}

export interface Failure {
  ok: false;
  /**
   * code is an API error code (docs/api.md#errors) or an AddonErrorCode; message is a sentence for a person.
   * `network` always means the outcome is unknown: the action may have happened (docs/rules.md#unknown-outcomes).
   */
  error: { code: string; message: string };
  /** quote_changed: the fresh estimate, to confirm again. */
  estimate?: EstimateInfo;
  /** campaign_changed: the campaign the tab is bound to now (null when none). */
  campaign?: { id: string; name: string } | null;
  /** network after a money call: the campaign's state as read right after, when it could be read. */
  progress?: ProgressInfo;
  /** unsettled: the unknown outcome Generate and Preview wait for. */
  unsettled?: Unsettled;
  /** over_limit: the limit and today's spending. */
  limit?: LimitFigures;
}

/**
 * T with every Date, function, Map or Set turned into never: google.script.run passes plain JSON
 * only, so a reply holding one cannot be built and fails to compile.
 */
export type JsonOnly<T> = T extends Date | ((...a: never[]) => unknown) | Map<unknown, unknown> | Set<unknown>
  ? never
  : T extends readonly (infer U)[]
    ? readonly JsonOnly<U>[]
    : T extends object
      ? { [K in keyof T]: JsonOnly<T[K]> }
      : T;

export type Reply<T extends object> = ({ ok: true } & T & JsonOnly<T>) | Failure;

export type FieldMap<T> = Record<PersonField, T>;

export interface LastRefresh {
  /** ISO 8601. */
  at: string;
  error: string | null;
}

/**
 * The selected data rows (hidden rows included: no per-row check in a polled call), and of them the rows not sent yet — no
 * Lead ID, not empty — which Add takes but for rows a filter hides (docs/rules.md#sending); null past the rows a poll reads.
 */
export interface Selection {
  rows: number;
  unsent?: number | null;
}

export interface SidebarState {
  /** canWrite: false when the key was found read-only on saving (docs/rules.md#settings); absent when unknown. */
  settings: { baseUrl: string | null; keyHint: string | null; connected: boolean; canWrite?: boolean };
  /** ownTab: the add-on's own tabs (the send-ready export, the spending record), which hold no leads (docs/rules.md#sidebar-truth). */
  sheet: { id: number; name: string; headers: string[]; ownTab?: OwnTab | null };
  selection: Selection;
  campaign: { id: string; name: string } | null;
  /** field → header name in use (detected or overridden), or null when none. */
  mapping: FieldMap<string | null>;
  /** mapping.firstName is a full-name column: its first word is the first name (docs/rules.md#sheet). */
  firstNameFromFullName?: boolean;
  /** Fields whose column was chosen by the person rather than detected. */
  overrides: PersonField[];
  /** field → fallback value used when the row's cell is empty. */
  fallbacks: Partial<FieldMap<string>>;
  /** The first selected data row's values, by field (after fallbacks are NOT applied), or null. */
  sample: Partial<FieldMap<string>> | null;
  /** The sheet row number of `sample`, so every sentence about it names its row. */
  sampleRow?: number | null;
  /**
   * Auto-refresh of this tab: whose timer runs it (docs/rules.md#shared-sheets), with that person's key hint; `you` is
   * false when the person looking is not the owner. `timerRestored` is true when the owner's trigger
   * had disappeared and was put back just now; `timerLost` when it could not be.
   */
  autoRefresh: {
    on: boolean;
    intervalMinutes: number | null;
    owner: { keyHint: string | null; you: boolean } | null;
    timerLost?: boolean;
    timerRestored?: boolean;
    /**
     * ISO of the last timer run on this tab (or of the switch-on), present when a run is overdue by more than
     * two intervals (docs/rules.md#readings); the owner's trigger is then put back and `timerRestored` set.
     */
    overdueSince?: string;
  };
  /** The owner's last timer run on this tab (or a refresh by them), kept because triggers fail silently. */
  lastRefresh: LastRefresh | null;
  /** ISO: the video service has not answered this person since then (docs/rules.md#budgets); null or absent while it answers. */
  silentSince?: string | null;
  /** Rows of this tab that need a person (docs/rules.md#problem-rows), as selectProblemRows would select them. */
  problems: ProblemRows;
  /** Columns this tab's people were sent from that are no longer found (renamed or deleted): rows keep their people. */
  missingColumns?: { field: string; header: string }[];
  /** How many people this document has sent, every tab and campaign (the register, docs/rules.md#register). */
  sentPeople?: number;
  /** True when the register no longer matches its fingerprint: nothing is sent until it is repaired (docs/rules.md#register-whole). */
  registerBroken?: boolean;
  /** The bound campaign's unknown money outcome not yet settled (Generate and Preview refused until knownBy). */
  unsettled?: Unsettled | null;
  /** The person's daily spending limit and today's spending (docs/rules.md#spending-limit). */
  limit?: LimitFigures;
  /** This tab's auto mode (docs/rules.md#auto-mode). */
  autoMode?: AutoModeInfo;
  gaps?: FieldGaps;
  /** The tab's columns no field uses (docs/rules.md#columns). */
  unusedColumns?: string[];
  /** ISO: the server's clock when it answered, so times it wrote are read against its own now (docs/rules.md#sidebar-truth). */
  now?: string;
}

/**
 * Auto mode of a tab (docs/rules.md#auto-mode): whose it is, with their key hint, their limit and
 * what they spent today (as of their last run, for anyone else); when the next run is due (ISO); why
 * people wait, when they do. Off: the figures are the viewer's own.
 */
export interface AutoModeInfo extends LimitFigures {
  on: boolean;
  owner: { keyHint: string | null; you: boolean } | null;
  nextRunAt?: string | null;
  waiting?: string | null;
}

/** setAutoMode: `check` only asks what switching on would do (the confirmation's figures) and changes nothing. */
export interface AutoModeArgs {
  campaignId: string;
  on: boolean;
  check?: boolean;
}
/**
 * The confirmation names everyone the next run would charge (docs/rules.md#auto-mode): `unsent`, rows of the tab
 * not sent yet (sent on the next run); `waiting`, people already in the campaign's parts that run generates,
 * `orphans` of them named by no row any more; `credits`, the most it may take (null when no quote tells the
 * unsent rows' price).
 */
export interface AutoModeReply extends LimitFigures {
  on: boolean;
  owner: AutoModeInfo['owner'];
  unsent: number;
  waiting: number;
  orphans: number;
  credits: number | null;
}

/** 'export': a tab written by exportFinishedVideos; 'credits': the spending record. */
export type OwnTab = 'export' | 'credits';

/** A previewed person's page, to watch what was made (the holding page until the video is ready). */
export interface PreviewPage {
  row: number | null;
  firstName: string;
  company: string;
  url: string;
}

/**
 * Rows whose Video Status is invalid, failed, skipped, or sending with no Lead ID: `rows` in all,
 * `byStatus` per status (only statuses present).
 */
export interface ProblemRows {
  rows: number;
  byStatus: Record<string, number>;
  /** The first few, in row order, with the row's note. */ named?: NamedProblem[];
}
export interface NamedProblem {
  row: number;
  status: string;
  note: string;
}

/**
 * What the tab's rows leave out (docs/rules.md#columns): per optional field how many rows have it empty,
 * among the rows not sent yet and among the people waiting (the columns no field uses: `unusedColumns`).
 */
export interface FieldGaps {
  /** `odd`: the sentence naming first names a video would say oddly, among rows not sent yet. */
  unsent: { rows: number; empty: Partial<FieldMap<number>>; odd?: string };
  waiting: { rows: number; empty: Partial<FieldMap<number>> };
}

/** Today's (UTC) rows of the spending record, the tab “Video credits” (docs/rules.md#money-record). */
export interface SpendToday {
  /** Credits charged today, summed from the rows that know their figure. */
  chargedToday: number;
  /** Rows of today whose charge is not known (an unknown outcome). */
  unknownToday: number;
}

/** Follow-up for failed videos: the new campaign's name; templateId only counts when the bound campaign's recording is not known. */
export interface ResendFailedArgs {
  name?: string;
  templateId?: string;
  /** The rows a Stop cancelled instead of the failed ones: to a new part of the same campaign (docs/rules.md#follow-up). */
  cancelled?: boolean;
}
export interface ResendFailedReply {
  /** The tab's campaign, still bound to it. */
  campaign: { id: string; name: string };
  /** The new part of that campaign the rows went to. */
  part: { id: string; name: string };
  /** The campaign the failed rows came from; its failed leads stay failed there. */
  previous: { id: string; name: string };
  /** 'same': the failed videos' recording; 'chosen': the templateId given, as the bound campaign's recording was not known. */
  recording: 'same' | 'chosen';
  /** Failed rows found and moved. */
  failedRows: number;
  /** The push of those rows to the new campaign (nothing charged). */
  result: AddRowsResult;
}

export interface SaveSettingsArgs {
  baseUrl: string;
  /** Empty or absent keeps the saved key. */ apiKey?: string;
}
export interface CreateCampaignArgs {
  templateId: string;
  name: string;
  goal?: string;
}
export interface SelectCampaignArgs {
  campaignId: string;
}
export interface SaveColumnMappingArgs {
  /** field → header name; null or '' means "detect automatically". */
  mapping: Partial<FieldMap<string | null>>;
  /** field → fallback value; '' removes it. */
  fallbacks?: Partial<FieldMap<string>>;
}

/** Money calls carry what the person saw when they clicked (docs/architecture.md#server-functions). */
export interface MoneyArgs {
  campaignId: string;
}
export interface GenerateArgs extends MoneyArgs {
  /** The estimate's high figure the person confirmed. */ high: number;
}

import type { AddRowsResult } from '../push/push';
export type { AddRowsResult };

export interface ProgressInfo {
  campaignId: string;
  /** The tab's auto-refresh as it stands now (the timer switches it off once all is done). */
  autoRefresh?: SidebarState['autoRefresh'];
  status: string;
  counts: CampaignCounts;
  stages: Record<string, number>;
  stalled?: Stalled;
  lastRefresh: LastRefresh | null;
  /** An unknown money outcome not yet settled. */
  unsettled?: Unsettled | null;
  /** The parts (docs/rules.md#may-still-render), with those that may still render: Stop again names them. */
  parts?: { count: number; rendering: { id: string; name: string }[] };
  /** ISO: the video service has not answered this person since then; null while it answers. */
  silentSince?: string | null;
  /** ISO: the server's clock when it answered. */
  now?: string;
}

/**
 * The cheap poll of an open sidebar (docs/rules.md#budgets): the active tab and selection, reading no property
 * and calling no API, and no per-row visibility check. When sheetId differs from the one shown,
 * the sidebar asks for getSidebarState.
 */
export interface ActiveContext {
  sheetId: number;
  sheetName: string;
  selection: Selection;
  /** The first selected data row that would be sent (no Lead ID, not empty), display text by column, or null. */
  sampleRow: { row: number; cells: string[] } | null;
  /** ISO: when a timer run last sent, generated or changed what it says in this document (docs/rules.md#auto-mode); null when not known. */
  timerActed?: string | null;
}

export interface ServerFunctions {
  getActiveContext(): Reply<ActiveContext>;
  getSidebarState(): Reply<SidebarState>;
  saveSettings(args: SaveSettingsArgs): Reply<{ settings: SidebarState['settings'] }>;
  listTemplates(): Reply<{ templates: Template[] }>;
  listCampaigns(args?: { limit?: number }): Reply<{ campaigns: CampaignSummary[] }>;
  createCampaign(args: CreateCampaignArgs): Reply<{ campaign: { id: string; name: string } }>;
  selectCampaign(args: SelectCampaignArgs): Reply<{ campaign: { id: string; name: string } }>;
  saveColumnMapping(args: SaveColumnMappingArgs): Reply<{ mapping: FieldMap<string | null>; overrides: PersonField[]; fallbacks: Partial<FieldMap<string>> }>;
  addSelectedRows(): Reply<AddRowsResult>;
  /** With today's spending from the record (optional: older servers leave it out). */
  getEstimate(): Reply<EstimateInfo & Partial<SpendToday> & { limit?: LimitFigures }>;
  startPreview(args: MoneyArgs): Reply<{
    made: number;
    creditsCharged: number;
    autoRefresh: { on: boolean; intervalMinutes: number | null };
    /** The previewed people's pages, when they could be read. */ pages?: PreviewPage[];
  }>;
  startGenerate(args: GenerateArgs): Reply<{
    started: number;
    creditsCharged: number;
    /** Parts generated (docs/rules.md#parts). */ parts: number;
    autoRefresh: { on: boolean; intervalMinutes: number | null };
  }>;
  stopCampaign(args: MoneyArgs): Reply<StopReply>;
  /**
   * Reads the campaign's progress (parts summed) and also WRITES: while someone watches, it runs a
   * short refresh pass over the active tab's rows (skipped when another run holds the document).
   */
  getProgress(): Reply<ProgressInfo>;
  refreshNow(): Reply<{ updated: number; remaining: number }>;
  setAutoRefresh(args: { on: boolean }): Reply<{ on: boolean; intervalMinutes: number | null }>;
  exportFinishedVideos(): Reply<{ sheetName: string; count: number }>;
  /** Switches to the spending record; sheetName is null when nothing has been charged from this spreadsheet yet. */
  showCreditsRecord(): Reply<{ sheetName: string | null }>;
  /** The person's own daily limit in credits (null: none). */
  setSpendingLimit(args: { creditsPerDay: number | null }): Reply<LimitFigures>;
  /** Switches the active tab's auto mode on or off (or, with check, says what on would do). */
  setAutoMode(args: AutoModeArgs): Reply<AutoModeReply>;
  /** Shows the tab of that id (the sidebar's way back from the add-on's own tabs). */
  showSheet(args: { sheetId: number }): Reply<{ sheetId: number; name: string }>;
  /** Selects the active tab's problem rows as one range list. */
  selectProblemRows(): Reply<ProblemRows>;
  /** Sends the bound campaign's failed rows to a new campaign (charges nothing) and binds the tab to it. */
  resendFailedRows(args: ResendFailedArgs): Reply<ResendFailedReply>;
  /** Rebuilds a register that no longer matches its fingerprint from the tabs' Lead IDs and the service's lead records (docs/rules.md#register-whole). */
  repairRegister(): Reply<{ recovered: number; lost: number }>;
}
