// Whose key another person's switch runs on, said the same by the server's refusals and the sidebar's lines.

/**
 * Whose key another person's switch runs on, in brackets: their key's hint, or — a team sharing one workspace key —
 * that it is the viewer's own key, so the hint is never mistaken for a stranger's (docs/rules.md#shared-sheets).
 */
export function theirKey(hint: string | null | undefined, mine: string | null | undefined): string {
  return !hint ? '(key not known)' : hint === mine ? '(on the same API key as yours)' : `(key ${hint})`;
}
