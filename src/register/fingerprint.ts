// The register's fingerprint (docs/rules.md#register-whole): its row count and a digest of its Lead IDs in
// order, kept beside it so a register someone sorted, edited or cut is never trusted. Pure: the digest
// is a sum of one hash per (row, Lead ID), so an append or a completed reply updates it without a read.
import { fnv, FNV_START } from '../core/hash';

export interface Print {
  /** Rows below the header. */
  rows: number;
  /** The sum, modulo 2^32, of the hash of each row's number and Lead ID. */
  sum: number;
}

/** FNV-1a of a row's number and its Lead ID: a row moved or an id changed changes it. */
export function cellHash(row: number, leadId: string): number {
  // The hash of `${row}\u0000${leadId}`, without making that text: every Lead ID of the register is hashed at each run.
  // The \u0000 between them: FNV-1a's step for a zero character is the multiply alone.
  return fnv(Math.imul(fnv(FNV_START, String(row)), 0x01000193) >>> 0, leadId);
}

/** The print of Lead IDs stored from row `first` on (the header is row 1). */
export function printOf(leadIds: readonly string[], first = 2): Print {
  let sum = 0;
  leadIds.forEach((id, i) => {
    sum = (sum + cellHash(first + i, id)) >>> 0;
  });
  return { rows: first - 2 + leadIds.length, sum };
}

/** The print after a row's Lead ID changed from `was` to `now` (a new row was ''), growing to `row` rows. */
export function withRow(p: Print, row: number, was: string | null, now: string): Print {
  const sum = (p.sum - (was === null ? 0 : cellHash(row, was)) + cellHash(row, now)) >>> 0;
  return { rows: Math.max(p.rows, row - 1), sum };
}

export function encodePrint(p: Print): string {
  return `${p.rows}:${p.sum}`;
}

export function decodePrint(s: string | null): Print | null {
  const m = /^(\d+):(\d+)$/.exec(s || '');
  return m ? { rows: Number(m[1]), sum: Number(m[2]) } : null;
}

export function samePrint(a: Print, b: Print): boolean {
  return a.rows === b.rows && a.sum === b.sum;
}
