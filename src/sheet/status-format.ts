// Colours for the Video Status column: conditional-format rules added once to the column, never
// per-cell formatting on each write.
import type { SpreadsheetService } from '../core/services';
import type { ColumnIndex } from '../shared/headers';
import type { Sheet } from './table';

const COLOURS: { statuses: string[]; background: string; font: string }[] = [
  { statuses: ['complete'], background: '#d9ead3', font: '#274e13' },
  { statuses: ['pending', 'rendering', 'sending'], background: '#fff2cc', font: '#7f6000' },
  { statuses: ['failed', 'invalid'], background: '#f4cccc', font: '#990000' },
  { statuses: ['cancelled', 'skipped'], background: '#efefef', font: '#666666' },
];

/** Adds the rules to the status column unless a rule already covers it (they move with the column). */
export function ensureStatusFormatting(sheets: Pick<SpreadsheetService, 'newConditionalFormatRule'>, sheet: Sheet, status: ColumnIndex): boolean {
  // The ranges' numbering (1-based), which getColumn() answers in too.
  const statusColumn = status + 1;
  const rules = sheet.getConditionalFormatRules();
  const covered = rules.some((rule) => rule.getRanges().some((r) => r.getColumn() <= statusColumn && statusColumn < r.getColumn() + r.getNumColumns()));
  if (covered) return false;
  const range = sheet.getRange(2, statusColumn, Math.max(1, sheet.getMaxRows() - 1), 1);
  const added = COLOURS.flatMap((c) =>
    c.statuses.map((s) => sheets.newConditionalFormatRule().whenTextEqualTo(s).setBackground(c.background).setFontColor(c.font).setRanges([range]).build()),
  );
  sheet.setConditionalFormatRules(rules.concat(added));
  return true;
}
