// Every key the add-on keeps in a properties store (and the document's cache), in one place, so no two owners invent schemes.

/** UserProperties: the person's own. */
export const USER_KEYS = {
  apiKey: 'vps.apiKey',
  /** The host the key was typed for: it is never sent to another. */
  keyHost: 'vps.keyHost',
  baseUrl: 'vps.baseUrl',
  connected: 'vps.connected',
  /** 'false' when the saved key was found read-only on saving (docs/rules.md#settings). */
  canWrite: 'vps.canWrite',
  /** A random id for the person (no email scope). */
  userId: 'vps.userId',
  /** Per trigger: the spreadsheet it serves and its interval. */
  trigger: (uid: string) => `timer.${uid}`,
  /** Per spreadsheet: its timer finished in a run without the document; rows catch up when it is open. */
  timerDone: (spreadsheetId: string) => `timer.done.${spreadsheetId}`,
  /** The last timer run that could not reach its spreadsheet. */
  lostTimerRun: 'timer.lostRun',
  /** The key's requests of the last minute ("pace.<hash of the key>"), kept here only while CacheService forgets them. */
  pace: (keyHash: string) => `pace.${keyHash}`,
  /** Since when the service has not answered, and the timer's back-off (docs/rules.md#budgets). */
  silence: 'vps.silence',
  /** The person's daily spending limit in credits (absent: none). */
  limit: 'vps.limit',
  /** Today's (UTC) spending of the person: one entry per record row booked under their key. */
  spend: 'vps.spend',
  /** Check setup's round trip (written, read back and removed at once; also its cache probe). */
  probe: 'vps.checkSetup',
} as const;

/** DocumentProperties: shared by everyone on the document. */
export const DOC_KEYS = {
  /** The spreadsheet these records were made for: another id means this document is a copy (docs/rules.md#copies). */
  spreadsheetId: 'doc.id',
  /** Per tab (by sheet id): bound campaign, column mapping, fallbacks, auto-refresh owner, last refresh. */
  tab: (sheetId: number, slot: 'campaign' | 'mapping' | 'fallbacks' | 'autoRefresh' | 'lastRefresh' | 'sentColumns' | 'registerRows') =>
    `sheet.${sheetId}.${slot}`,
  /** Money outcomes still open: unknown charges and stops whose answers were lost, each naming its part (docs/rules.md#unknown-outcomes). */
  openCharges: 'credits.open',
  openStops: 'credits.openStops',
  /** Outcomes settled by someone the record was protected from: their rows, written by the next reader who may. */
  unwrittenRows: 'credits.unwritten',
  /** Per part (by a short hash of its id): the charges refunds are taken from (docs/rules.md#refunds). */
  charges: (partHash: string) => `credits.charges.${partHash}`,
  /** Per campaign: the failures its record has seen, and those it booked (docs/rules.md#refunds). */
  failed: (campaignId: string, slot: 'base' | 'booked') => `credits.failed.${campaignId}.${slot}`,
  /** Per key hint: a colleague's refunds booked here, owed to their daily spending (docs/rules.md#spending-limit). */
  owed: (keyHint: string) => `credits.owed.${keyHint}`,
  /** The register's fingerprint: its row count and the digest of its Lead IDs in order (docs/rules.md#register-whole). */
  registerPrint: 'register.print',
  /**
   * Per tab: its auto mode — the standing order (owner, campaign, since), written only by the person's switch —
   * what its runs saw (limit, why people wait), and the last reading of its unsent rows.
   */
  autoMode: (sheetId: number) => `auto.${sheetId}`,
  autoRun: (sheetId: number) => `auto.${sheetId}.run`,
  autoSeen: (sheetId: number) => `auto.${sheetId}.seen`,
  /** Per tab and API campaign: the last seen counts and summary of a refresh pass. */
  refreshMemo: (sheetId: number, campaignId: string) => `refresh.${sheetId}.${campaignId}`,
  /** Per campaign of the add-on (by its first part's id): its parts. */
  parts: (firstPartId: string) => `campaign.${firstPartId}`,
  /** Per campaign of several parts: the estimate the person last saw, by part, with its time. */
  quote: (firstPartId: string) => `quote.${firstPartId}`,
  /** Per part with nothing left in flight: its final counts. */
  settledPart: (partId: string) => `settled.${partId}`,
} as const;

/** The document's CacheService: short-lived news shared by everyone on the document. */
export const DOC_CACHE_KEYS = {
  /** When a timer run last sent, generated or changed what it says (docs/rules.md#auto-mode). */
  timerActed: 'timer.acted',
} as const;
