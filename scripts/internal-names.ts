// Property names each bundle shortens: names only that bundle's own code reads (docs/rules.md#budgets).

/**
 * Each is a method or field of an object that lives and dies inside one execution: never a field of the API, of a reply
 * to the sidebar, of a stored record or cache entry, of an Apps Script or JavaScript object, or of zod's; never read by
 * a name held in a string. `test/scripts/internal-names.test.ts` holds each to that.
 */
export const INTERNAL_NAMES = [
  // The API client's methods and its request policy.
  'getCampaigns',
  'getCampaign',
  'getLead',
  'getEstimates',
  'listVideos',
  'listVideosOf',
  'requestAll',
  'fromResponse',
  'retryable',
  'retryPolicy',
  'retryAfterMs',
  'maxRequests',
  'maxAttempts',
  'baseDelayMs',
  'maxDelayMs',
  'windowMs',
  'grantPermission',
  'alwaysExists',
  'pacer',
  // A refresh's input and plan.
  'defaultCampaignId',
  'leadPolls',
  'campaignNotFound',
  'byCampaign',
  'registerSpan',
  'completeHidden',
  'settledAll',
  'doubtful',
  'deadline',
  'summaries',
  'eager',
  'memos',
  'byId',
  // Who a row is, and a push's wiring.
  'byLead',
  'byName',
  'rowOfLead',
  'namesIn',
  'partOf',
  'tabName',
  'otherTabs',
  'holders',
  'sentTo',
  'remember',
  'followUp',
  'formatStatus',
  'identified',
  'reserve',
  'lastCallMs',
  'inUser',
  // The money record's rows as a charge builds them.
  'balanceBefore',
  'balanceAfter',
  'notToday',
] as const;

/**
 * The sidebar's: fields of its own state and methods of its own objects, never a field of a server reply, of the page's
 * DOM, of its HTML or style, or of a setting a test gives the page (`window.sidebarTiming`).
 */
export const SIDEBAR_NAMES = [
  'loadState',
  'loadProgress',
  'loadContext',
  'loadCampaigns',
  'loadTemplates',
  'takeProgress',
  'progressError',
  'templatesError',
  'showWhile',
  'serverValue',
  'confirmLabel',
  'leadTab',
  'awaiting',
] as const;

/** esbuild's `mangleProps`: exactly these names. */
export const namesPattern = (names: readonly string[]): RegExp => new RegExp(`^(?:${names.join('|')})$`);
