// Google's refusals of a fetch before anything is sent (docs/rules.md#refusals): a quota, an administrator's
// list of allowed addresses, a permission the person did not grant. Each has its own code and sentence, and
// none is an unknown outcome: the request never left.
import { ApiError } from './errors';
import { errorText } from '../core/error-text';

/** The permission UrlFetchApp needs, as Google's consent screen names it. */
export const EXTERNAL_REQUEST = 'Connect to an external service';

/**
 * The refusal `e` stands for, or null when it is not one (then no answer came: an unknown outcome).
 * `host` is the address asked for; `grant` says how to grant a missing permission.
 */
export function refusalError(e: unknown, host: string, grant = howToGrant(null)): ApiError | null {
  const m = errorText(e);
  if (/too many times for one day|too much computer time/i.test(m)) {
    return new ApiError(
      'quota',
      0,
      `Google’s daily limit for your account is spent (“${m}”), so nothing was sent. It resets within a day; until then the add-on cannot reach the video service.`,
    );
  }
  if (/too many times/i.test(m)) {
    return new ApiError(
      'quota',
      0,
      `Google is limiting how often your account may reach other services just now (“${m}”), so nothing was sent. Wait a minute and try again.`,
    );
  }
  if (/do not have permission|authori[sz]ation is required|required permissions/i.test(m)) {
    return new ApiError('no_permission', 0, `You have not given the add-on the permission “${EXTERNAL_REQUEST}”, so nothing was sent. ${grant}`);
  }
  if (/whitelist|allowlist|administrator|allowed by your|not allowed/i.test(m)) {
    return new ApiError(
      'not_allowed',
      0,
      `Google blocked the request to ${host} before sending it (“${m}”). Ask your Google Workspace administrator to allow ${host} for Apps Script (in the Google Admin console).`,
    );
  }
  return null;
}

/** How to grant a missing permission: Google's own link when it gives one. */
export function howToGrant(url: string | null): string {
  const where = url ? `open ${url} and tick it` : 'open the add-on again from Extensions and tick every permission Google asks for';
  return `To grant it, ${where}; or remove the add-on’s access at myaccount.google.com/permissions and open it again.`;
}

/** The host of a URL, for sentences. */
export function hostOf(url: string): string {
  return (/^https?:\/\/([^/?#]+)/i.exec(url) || [])[1] || url;
}
