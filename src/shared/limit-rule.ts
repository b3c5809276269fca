// The daily spending limit's rule (docs/rules.md#spending-limit), shared by the server and the sidebar.

/** The person's daily spending limit (null: none) and what they spent today (UTC), net of refunds. */
export interface LimitFigures {
  creditsPerDay: number | null;
  spentToday: number;
}

/** A Generate confirmed at `high` stays within today's limit. */
export function generateFits(f: LimitFigures, high: number): boolean {
  return f.creditsPerDay === null || f.spentToday + high <= f.creditsPerDay;
}

/** A Preview may go: its cost is not known in advance, so it is refused only once the limit is reached. */
export function previewFits(f: LimitFigures): boolean {
  return f.creditsPerDay === null || f.spentToday < f.creditsPerDay;
}
