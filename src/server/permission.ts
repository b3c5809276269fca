// A permission the person did not tick (granular consent, docs/rules.md#refusals): asked of
// ScriptApp.getAuthorizationInfo where Apps Script has it, so a sentence can say how to grant it.
import { howToGrant } from '../api/refusals';
import type { Services } from '../core/services';

/** Whether Google says something is still to be granted, with its link; null where it cannot tell. */
export function authorization(svc: Services): { required: boolean; url: string | null } | null {
  const t = svc.triggers;
  if (typeof t.getAuthorizationInfo !== 'function' || !t.AuthMode) return null;
  try {
    const info = t.getAuthorizationInfo(t.AuthMode.FULL);
    const required = String(info.getAuthorizationStatus()) === 'REQUIRED';
    return { required, url: required ? info.getAuthorizationUrl() || null : null };
  } catch {
    return null;
  }
}

/** How to grant a missing permission, with Google's link when it gives one. */
export function grantSentence(svc: Services): string {
  const a = authorization(svc);
  return howToGrant((a && a.url) || null);
}

/** Google's consent-screen name of the permission time-driven triggers need. */
export const RUN_WHEN_ABSENT = 'Allow this application to run when you are not present';

/** A refusal that means a permission is missing (the wordings Apps Script uses for it). */
export function isPermissionRefusal(message: string): boolean {
  return /do not have permission|authori[sz]ation is required|required permissions/i.test(message);
}
