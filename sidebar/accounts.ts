// Apps Script's failure when a browser is signed in to several Google accounts (docs/rules.md#accounts), in words a person can act on.

/**
 * Texts the failure handler gets in that case, as reported in public threads: "We're sorry, a server
 * error occurred while reading from storage. Error code PERMISSION_DENIED.", "Authorization is
 * required to perform that action.", "You do not have permission to call …".
 */
const SIGNS = [/PERMISSION_DENIED/i, /authori[sz]ation is required/i, /you do not have permission to call/i, /reading from storage/i];

export function isAccountMixup(thrown: string | null): boolean {
  return thrown !== null && SIGNS.some((re) => re.test(thrown));
}

export const ACCOUNT_MIXUP = [
  'Google could not tell which account uses this sidebar: the browser is signed in to several at once.',
  'Open the spreadsheet in a window signed in to one account only (or a private window, signed in with the account that installed the add-on), then reopen the sidebar.',
];
