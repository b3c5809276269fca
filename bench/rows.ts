// Pure: what the sheet's rows should say by the simulator's leads, and how far the add-on got.
import type { SimLeadState } from '../dev/sim/types';
import { linksReady } from '../src/shared/links';

export type Row = Record<string, unknown>;
export type LeadView = Pick<SimLeadState, 'id' | 'campaignId' | 'status' | 'url' | 'videoUrl' | 'videoReady'>;

export interface RowCheck {
  rows: number;
  wrong: number;
  /** The first few differences, for the report. */
  examples: string[];
}

const MAX_EXAMPLES = 3;
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The output cells a row of this lead must hold: the links only once the video is ready (docs/rules.md#links-when-ready). */
export function expectedCells(lead: LeadView): Record<string, string> {
  const ready = linksReady(lead);
  return {
    'Campaign ID': lead.campaignId,
    'Page URL': ready ? (lead.url ?? '') : '',
    'Video Status': lead.status,
    'Video URL': ready ? lead.videoUrl : '',
  };
}

/** Each row against the lead its Lead ID names; a row without a Lead ID, or naming no lead, is wrong. */
export function checkRows(rows: readonly Row[], leads: ReadonlyMap<string, LeadView>): RowCheck {
  const check: RowCheck = { rows: rows.length, wrong: 0, examples: [] };
  rows.forEach((row, i) => {
    const problem = rowProblem(row, leads);
    if (!problem) return;
    check.wrong++;
    if (check.examples.length < MAX_EXAMPLES) check.examples.push(`row ${i + 2}: ${problem}`);
  });
  return check;
}

function rowProblem(row: Row, leads: ReadonlyMap<string, LeadView>): string | null {
  const id = text(row['Lead ID']);
  if (!id) return 'no Lead ID';
  const lead = leads.get(id);
  if (!lead) return `Lead ID ${id} is not in the simulator`;
  const off = Object.entries(expectedCells(lead)).filter(([h, want]) => text(row[h]) !== want);
  return off.length === 0 ? null : off.map(([h, want]) => `${h} is "${text(row[h])}", the lead says "${want}"`).join('; ');
}

/** Rows still waiting for news, by the add-on's own rule (src/refresh/row-status.ts isUnresolved). */
export function unresolvedRows(rows: readonly Row[]): number {
  return rows.filter((r) => {
    const status = text(r['Video Status']);
    return status === 'pending' || status === 'rendering' || (status === 'complete' && !text(r['Video URL']));
  }).length;
}

/** Rows whose status can no longer change: complete with its link, or cancelled, failed, skipped. */
export function settledRows(rows: readonly Row[]): number {
  return rows.filter((r) => {
    const status = text(r['Video Status']);
    return status === 'complete' ? Boolean(text(r['Video URL'])) : ['cancelled', 'failed', 'skipped'].includes(status);
  }).length;
}

export const linkedRows = (rows: readonly Row[]): number => rows.filter((r) => text(r['Video URL'])).length;
