// Columns section: each person field's column (detected or chosen), the first selected row's
// value beside it, problems flagged before sending, and fallback values.
import type { App } from './app';
import { actionButton, message, okOrShow, type ActionButton, type Message } from './action';
import { call } from './bridge';
import { autoOpen, card } from './card';
import { el, inRow, replace, showLines, uid } from './dom';
import { markSaved, syncValue } from './field';
import { FALLBACK_HINTS, FIELD_LABELS, FIELD_LIMITS, PERSON_FIELDS, sampleProblems, type PersonField } from './fields';
import { currentSample, sampleRowNumber } from './sample';
import type { FieldMap, SidebarState } from '../src/server/contract';
import { OUTPUT_HEADERS } from '../src/shared/output-headers';
import { FALLBACK_MAX } from '../src/shared/text-limits';
import { patchSidebar, watch, type AppState } from './state';

/** The add-on's own output columns: never a person's input. */
const OUTPUTS: readonly string[] = Object.values(OUTPUT_HEADERS);

/** Fields a fallback makes sense for: the ones spoken or shown to the person. */
const FALLBACK_FIELDS: readonly PersonField[] = ['firstName', 'company', 'role', 'hook', 'ctaLabel', 'ctaUrl', 'headline'];

interface Row {
  field: PersonField;
  select: HTMLSelectElement;
  fallback: HTMLInputElement | null;
  meta: HTMLElement;
  flag: HTMLElement;
}

type Slice = Pick<SidebarState, 'sheet' | 'mapping' | 'overrides' | 'fallbacks' | 'sample' | 'missingColumns' | 'sentPeople'> & {
  row: number | null;
  unused: number;
};

/** One field's row: its column choice, what it holds, its problems, and its fallback when it has one. */
function fieldRow(field: PersonField, list: HTMLElement): Row {
  const id = uid('col');
  const select = el('select', { id, name: `map-${field}` });
  const meta = el('div', { class: 'map-meta', id: `${id}-meta` });
  const flag = el('div', { class: 'flag', hidden: true });
  select.setAttribute('aria-describedby', meta.id);
  let fallback: HTMLInputElement | null = null;
  let fallbackRow: HTMLElement | null = null;
  if (FALLBACK_FIELDS.includes(field)) {
    const fid = uid('fb');
    const limit = Math.min(FIELD_LIMITS[field] ?? FALLBACK_MAX, FALLBACK_MAX);
    const hint = FALLBACK_HINTS[field];
    fallback = el('input', {
      id: fid,
      type: 'text',
      name: `fallback-${field}`,
      'aria-label': `${FIELD_LABELS[field]} if empty`,
      maxlength: limit,
      placeholder: hint ? `e.g. ${hint}` : 'Leave empty for none',
      autocomplete: 'off',
    });
    fallbackRow = el('div', 'map-fallback', el('label', { for: fid }, 'If empty'), fallback);
  }
  list.appendChild(el('div', 'map-row', el('label', { for: id }, FIELD_LABELS[field]), select, meta, flag, fallbackRow));
  return { field, select, fallback, meta, flag };
}

/** What the row says: where its column came from, the sample's value, and what would go wrong. */
function refreshRow(row: Row, s: Slice, problems: ReturnType<typeof sampleProblems>): void {
  const { field, select, fallback, meta, flag } = row;
  const overridden = s.overrides.includes(field);
  const column = s.mapping[field];
  const edited = select.value !== (select.dataset.serverValue ?? '');
  const source = edited ? 'Unsaved choice' : overridden ? `Chosen: ${column ?? '—'}` : column ? `Detected: ${column}` : 'No column found';
  const sample = s.sample ? (s.sample[field] ?? '') : null;
  replace(meta, el('span', 'map-source', source), sample === null ? null : el('span', 'map-sample', sample ? `Sample: ${sample}` : 'Sample: (empty)'));
  const fb = fallback ? fallback.value : s.fallbacks[field];
  const lines = problems.filter((p) => p.field === field).map((p) => p.message);
  if (field === 'firstName' && !column && !select.value && !(fb ?? '').trim()) {
    lines.push('Required: no first-name column. Choose one, or every row is marked invalid.');
  }
  showLines(flag, lines);
  row.select.classList.toggle('invalid', lines.length > 0);
}

/** Save columns: the choices and fallbacks of every row, then the sample read again. */
function saveButton(app: App, rows: Row[], msg: Message): ActionButton {
  const { store } = app;
  return actionButton('Save columns', 'primary', async () => {
    const mapping: Partial<FieldMap<string | null>> = {};
    const fallbacks: Partial<FieldMap<string>> = {};
    for (const r of rows) {
      mapping[r.field] = r.select.value || null;
      if (r.fallback) fallbacks[r.field] = r.fallback.value.trim();
    }
    const r = okOrShow(await call('saveColumnMapping', { mapping, fallbacks }), msg);
    if (!r) return;
    for (const row of rows) {
      markSaved(row.select);
      if (row.fallback) markSaved(row.fallback);
    }
    patchSidebar(store, { mapping: r.mapping, overrides: r.overrides, fallbacks: r.fallbacks });
    msg.show('ok', 'Columns saved for this tab.');
    // The sample follows the mapping, so read it again.
    await app.loadState();
  });
}

/** What the card shows, from the state. */
const sliceOf = (s: AppState): Slice | null =>
  s.sidebar
    ? {
        sheet: s.sidebar.sheet,
        mapping: s.sidebar.mapping,
        overrides: s.sidebar.overrides,
        fallbacks: s.sidebar.fallbacks,
        sample: currentSample(s),
        row: sampleRowNumber(s),
        missingColumns: s.sidebar.missingColumns,
        sentPeople: s.sidebar.sentPeople,
        unused: (s.sidebar.unusedColumns || []).length,
      }
    : null;

/** One field's column list and values, from the slice. */
const renderRow = (row: Row, s: Slice, sheetChanged: boolean) => {
  const { field, select, fallback } = row;
  const wanted = s.overrides.includes(field) ? (s.mapping[field] ?? '') : '';
  const keep = select.value;
  const headers = s.sheet.headers.filter((h) => h.trim() !== '' && !OUTPUTS.includes(h.trim()));
  if (wanted && !headers.includes(wanted)) headers.push(wanted);
  replace(
    select,
    el('option', { value: '' }, 'Detect automatically'),
    ...headers.map((h) => el('option', { value: h }, s.sheet.headers.includes(h) ? h : `${h} (not in this tab)`)),
  );
  // A different tab is a different form: the person's unsaved edits belong to the old one.
  if (sheetChanged) {
    delete select.dataset.serverValue;
    if (fallback) delete fallback.dataset.serverValue;
  } else select.value = keep;
  syncValue(select, wanted);
  if (fallback) syncValue(fallback, s.fallbacks[field] ?? '');
};

export function columnsSection(app: App): HTMLElement {
  const { store } = app;
  const c = card('columns', 'Columns');
  // Set up once and folded: it opens only when a field needs a column (docs/rules.md#sidebar-truth).
  const toggle = autoOpen(c.el);
  const msg = message(store);
  const intro = el('p', 'muted');
  const list = el('div', 'map-list');
  let current: Slice | null = null;

  const rows: Row[] = PERSON_FIELDS.map((field) => fieldRow(field, list));

  /** The fallbacks as typed now, so a fallback settles a problem before it is saved. */
  const typedFallbacks = (s: Slice): Partial<FieldMap<string>> => {
    const out: Partial<FieldMap<string>> = { ...s.fallbacks };
    for (const r of rows) if (r.fallback) out[r.field] = r.fallback.value;
    return out;
  };

  const refreshRows = (s: Slice) => {
    const problems = sampleProblems(s.sample, typedFallbacks(s));
    for (const r of rows) refreshRow(r, s, problems);
  };

  const render = (s: Slice, sheetChanged: boolean) => {
    for (const row of rows) renderRow(row, s, sheetChanged);
    refreshRows(s);
    const gone = (s.missingColumns ?? []).map((m) => `“${m.header}”`).join(', ');
    replace(
      intro,
      s.sample ? `Values from row ${s.row ?? '?'}, the first selected to send.` : 'Select a row in the sheet to see its values.',
      gone ? el('b', {}, ` Not found: ${gone}. Sent rows keep their people.`) : null,
      s.sentPeople ? ` This document has sent ${s.sentPeople} people.` : '',
    );
    const issues = rows.filter((r) => !r.flag.hidden).length;
    const found = PERSON_FIELDS.filter((f) => s.mapping[f]).length;
    // A column no field uses is not "done": what it holds goes nowhere (docs/rules.md#columns). With every column found,
    // what is left to fix is the sample row's, and the status names it.
    c.status(
      issues
        ? `${s.mapping.firstName && s.row ? `Row ${s.row}: ` : ''}${issues} to fix`
        : `${found} of ${PERSON_FIELDS.length} found${s.unused ? ` · ${s.unused} unused` : ''}`,
      issues || s.unused ? 'warn' : 'done',
    );
    // A missing required column is the one thing that needs this card; a bad row value is the row's, said under Send rows.
    toggle(!s.mapping.firstName && !(s.fallbacks.firstName ?? '').trim());
  };

  const onEdit = () => {
    if (current) refreshRows(current);
  };
  list.addEventListener('change', onEdit);
  list.addEventListener('input', onEdit);

  const save = saveButton(app, rows, msg);

  c.body.append(intro, list, inRow(save.el), msg.el);

  watch(store, sliceOf, (s) => {
    if (!s) return;
    const sheetChanged = current !== null && current.sheet.id !== s.sheet.id;
    current = s;
    render(s, sheetChanged);
  });
  return c.el;
}
