// zod/mini schemas for every reply of the API (docs/api.md#replies); unknown fields are kept. Each is a function that builds
// it: Apps Script runs the top level at every execution, and most executions parse no reply (the caller builds each once).
import * as z from 'zod/mini';

const str = z.string();
const num = z.number();
const nullableStr = z.nullable(z.string());
/** A name field echoed back "as supplied": absent and null both mean none. */
const echoed = z.optional(nullableStr);

export const templateSchema = () =>
  z.looseObject({
    id: str,
    name: str,
    usable: z.boolean(),
    blockedReason: z.optional(str),
    createdAt: str,
  });

export const templatesReplySchema = () => z.looseObject({ templates: z.array(templateSchema()) });

export const campaignSummarySchema = () =>
  z.looseObject({
    id: str,
    name: str,
    status: str,
    leadCount: num,
    waiting: num,
    complete: num,
    failed: num,
    nextStep: str,
    createdAt: str,
  });

export const campaignsReplySchema = () => z.looseObject({ campaigns: z.array(campaignSummarySchema()) });

export const createdCampaignSchema = () => z.looseObject({ id: str, name: str, templateId: str, status: str });

// Skipped people come back "with the id and url they already had": url may be null (expired page) and
// videoUrl may be left out, so only the id is required.
export const addedPersonSchema = () =>
  z.looseObject({
    id: str,
    firstName: echoed,
    company: echoed,
    url: z.optional(nullableStr),
    videoUrl: z.optional(nullableStr),
  });

export const addPeopleReplySchema = () =>
  z.looseObject({
    added: num,
    skipped: num,
    total: num,
    people: z.array(addedPersonSchema()),
  });

export const estimateSchema = () => z.looseObject({ leads: num, low: num, high: num, balance: num, affordable: z.boolean() });

export const previewReplySchema = () => z.looseObject({ campaignId: str, made: num, creditsCharged: num });

export const generateReplySchema = () => z.looseObject({ campaignId: str, started: num, creditsCharged: num });

/**
 * A reply's schema and the plain function its parsed value goes through: zod checks the shape, `tidy` keeps what the
 * add-on reads (zod's own pipe and transform would weigh about 1 KB of the bundle). `before` reads the reply first.
 */
export interface Tidied<T> {
  safeParse(raw: unknown): { success: true; data: T } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } };
}

function tidied<I, O>(schema: z.ZodMiniType<I>, tidy: (v: I) => O, before: (raw: unknown) => unknown = (v) => v): Tidied<O> {
  return {
    safeParse(raw) {
      const r = schema.safeParse(before(raw));
      return r.success ? { success: true, data: tidy(r.data) } : r;
    },
  };
}

const countsShape = () => z.looseObject({ total: num, pending: num, rendering: num, complete: num, failed: num, cancelled: num, skipped: num });

/** The spec leaves the types of stalled's keys (minutes, jobs, message) unstated, so every key is kept as received. */
export const stalledSchema = () => z.looseObject({});

const detailShape = () =>
  z.looseObject({
    id: str,
    name: str,
    status: str,
    counts: countsShape(),
    // Open-ended: any stage key is accepted; a non-numeric value is dropped rather than failing the poll. An object of
    // no named keys, not zod's record, which would add about 3 KB to the bundle for the same check on JSON.
    stages: z.optional(z.looseObject({})),
    stalled: z.optional(z.nullable(stalledSchema())),
  });

/** counts is typed as all-numeric: a future non-numeric extra key is dropped rather than failing the reply. */
export const campaignDetailSchema = () =>
  tidied(detailShape(), (d) => Object.assign(d, { counts: numbersOnly(d.counts) as Record<string, number> & typeof d.counts, stages: numbersOnly(d.stages) }));

function numbersOnly(o: Record<string, unknown> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(o || {})) if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  return out;
}

export const leadSchema = () =>
  z.looseObject({
    id: str,
    firstName: echoed,
    company: echoed,
    campaignId: str,
    status: str,
    url: nullableStr,
    videoUrl: nullableStr,
    videoReady: z.boolean(),
  });

export const finishedVideoSchema = () =>
  z.looseObject({
    firstName: echoed,
    company: echoed,
    url: str,
    videoUrl: str,
  });

const VIDEO_ENVELOPE_KEYS = ['videos', 'items', 'data', 'results'];

/** The /videos envelope key is not in the spec: a bare array, a known key, or else the first array property. */
export function videoListOf(body: unknown): unknown {
  if (Array.isArray(body) || typeof body !== 'object' || body === null) return body;
  const obj = body as Record<string, unknown>;
  for (const k of VIDEO_ENVELOPE_KEYS) if (Array.isArray(obj[k])) return obj[k];
  for (const k of Object.keys(obj)) if (Array.isArray(obj[k])) return obj[k];
  return body;
}

export const videosReplySchema = () => tidied(z.array(finishedVideoSchema()), (list) => list, videoListOf);

export const stopReplySchema = () => z.looseObject({ campaignId: str, stopped: num, stillRendering: num, status: str });

export const errorBodySchema = () => z.looseObject({ error: str, message: str });

/** One sentence about the first thing wrong with a reply, e.g. "counts.total should be a number but is a string". */
export function describeProblem(issues: readonly z.core.$ZodIssue[], data: unknown): string {
  const issue = issues[0];
  if (!issue) return 'it did not have the expected shape';
  const path = formatPath(issue.path);
  const where = path === '' ? 'the reply' : path;
  if (issue.code === 'invalid_type') {
    const actual = valueAt(data, issue.path);
    return `${where} should be ${article(issue.expected)} but is ${kindOf(actual)}`;
  }
  return `${where} is not valid (${issue.code})`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out === '' ? '' : '.'}${String(p)}`;
  return out;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const p of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

function article(expected: string): string {
  // zod calls a keyed object a record; a person reading the message knows it as an object.
  if (expected === 'record') expected = 'object';
  return /^[aeiou]/i.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function kindOf(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return article(typeof v);
}
