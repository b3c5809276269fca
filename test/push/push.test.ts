// pushRows on the stand-in's in-memory sheet, with a scripted addPeople: each test says what is sent.
import type { ApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import type { AddPeopleReply } from '../../src/api/types';
import type { PersonInput } from '../../src/shared/person';
import { NOTES, pushRows, type PartAllocator, type PushInput } from '../../src/push/push';
import { readRegister } from '../../src/register/store';
import type { Sheet } from '../../src/sheet/table';
import { FakeClock } from '../api/fakes';
import { world } from '../unit-services';

type Row = [firstName: string, company: string, email: string];
type Send = (partId: string, people: PersonInput[], n: number) => AddPeopleReply;

/** Everyone added, ids l_<firstName>, in the order sent. */
const addAll: Send = (_p, people) => ({
  added: people.length,
  skipped: 0,
  total: people.length,
  people: people.map((x) => ({ id: `l_${x.firstName}`, firstName: x.firstName, company: x.company ?? null, url: null })),
});

/** Parts of at most `size` people, made as needed: c_1, c_2, … */
function allocator(size = 500): PartAllocator & { sizes: Map<string, number> } {
  const sizes = new Map<string, number>([['c_1', 0]]);
  const reserved = new Map<string, number>();
  const room = (id: string) => size - (sizes.get(id) ?? 0) - (reserved.get(id) ?? 0);
  return {
    sizes,
    next(avoid) {
      let id = [...sizes.keys()].find((p) => room(p) > 0 && !avoid?.has(p));
      if (!id) {
        id = `c_${sizes.size + 1}`;
        sizes.set(id, 0);
      }
      return { id, room: room(id) };
    },
    record(id, total) {
      sizes.set(id, total);
      reserved.delete(id);
    },
    has: (id) => sizes.has(id),
    reserve(id, n) {
      reserved.set(id, (reserved.get(id) ?? 0) + n);
    },
  };
}

function setup(rows: Row[], send: Send, extra: { leadIds?: Record<number, string> } = {}) {
  const w = world({}, { connected: false });
  const sheet = w.ss.getActiveSheet() as unknown as Sheet;
  if (rows.length + 1 > sheet.getMaxRows()) sheet.insertRowsAfter(sheet.getMaxRows(), rows.length + 1 - sheet.getMaxRows());
  sheet.getRange(1, 1, 1, 4).setValues([['First name', 'Company', 'Email', 'Lead ID']]);
  sheet.getRange(2, 1, rows.length, 4).setValues(rows.map((r, i) => [...r, extra.leadIds?.[i + 2] ?? '']));
  const calls: { partId: string; people: PersonInput[] }[] = [];
  let flushes = 0;
  const api = {
    addPeople: (partId: string, people: PersonInput[]) => {
      calls.push({ partId, people });
      return send(partId, people, calls.length - 1);
    },
    getLead: () => {
      throw new Error('no lead reads expected');
    },
  } as unknown as ApiClient;
  const clock = new FakeClock(Date.parse('2026-11-24T10:00:00Z'));
  const parts = allocator();
  const input: PushInput = {
    props: w.doc,
    sheet,
    rows: rows.map((_, i) => i + 2),
    overrides: {},
    fallbacks: {},
    parts,
    hidden: () => false,
    api,
    clock,
    deadline: clock.now() + 240_000,
    flush: () => {
      flushes++;
    },
    formatStatus: () => undefined,
    campaign: 'c_1',
  };
  const col = (h: string) => (sheet.getRange(1, 1, 1, sheet.getLastColumn()).getValues()[0] as string[]).indexOf(h);
  const cell = (row: number, h: string) => String(sheet.getRange(row, col(h) + 1).getValue());
  return { w, sheet, input, calls, parts, clock, cell, flushes: () => flushes };
}

describe('push › sending rows', () => {
  // docs/rules.md#refusals
  it('should mark an invalid row with its reason while the good rows go', () => {
    const t = setup(
      [
        ['Ada', 'ACME', 'ada@acme.test'],
        ['Bob', 'Beta', 'not-an-email'],
        ['Cy', 'Gamma', ''],
      ],
      addAll,
    );
    const r = pushRows(t.input);
    expect(r).toMatchObject({ added: 2, invalid: 1 });
    expect(t.calls.map((c) => c.people.map((p) => p.firstName))).toEqual([['Ada', 'Cy']]);
    expect(t.cell(3, 'Video Status')).toBe('invalid');
    expect(t.cell(3, 'Video Note')).toMatch(/email/i);
    expect([t.cell(2, 'Lead ID'), t.cell(3, 'Lead ID'), t.cell(4, 'Lead ID')]).toEqual(['l_Ada', '', 'l_Cy']);
  });

  // docs/rules.md#register
  it('should mark rows sending, with their part, and flush before the request goes', () => {
    let seen: string[] = [];
    let flushedBefore = 0;
    const t = setup(
      [
        ['Ada', 'ACME', ''],
        ['Bob', 'Beta', ''],
      ],
      (p, people, n) => {
        seen = [2, 3].map((r) => `${t.cell(r, 'Video Status')}@${t.cell(r, 'Campaign ID')}`);
        flushedBefore = t.flushes();
        expect(readRegister({ ss: t.w.ss as never, props: t.input.props }).entries.map((e) => e.state)).toEqual(['sending', 'sending']);
        return addAll(p, people, n);
      },
    );
    pushRows(t.input);
    expect(seen).toEqual(['sending@c_1', 'sending@c_1']);
    expect(flushedBefore).toBeGreaterThan(0);
    expect(t.cell(2, 'Video Status')).toBe('pending');
  });

  it('should never send a row that has a Lead ID again', () => {
    const t = setup(
      [
        ['Ada', 'ACME', ''],
        ['Bob', 'Beta', ''],
      ],
      addAll,
      { leadIds: { 2: 'l_old' } },
    );
    const r = pushRows(t.input);
    expect(r).toMatchObject({ alreadySent: 1, added: 1 });
    expect(t.calls.flatMap((c) => c.people.map((p) => p.firstName))).toEqual(['Bob']);
    expect(t.cell(2, 'Lead ID')).toBe('l_old');
  });

  // docs/rules.md#parts
  it('should send at most 1000 people a call and 500 to a part', () => {
    const rows: Row[] = Array.from({ length: 1200 }, (_, i) => [`P${i}`, `Co${i}`, '']);
    const t = setup(rows, addAll);
    const r = pushRows(t.input);
    expect(r.added).toBe(1200);
    expect(t.calls.map((c) => [c.partId, c.people.length])).toEqual([
      ['c_1', 500],
      ['c_2', 500],
      ['c_3', 200],
    ]);
    expect(t.cell(1201, 'Lead ID')).toBe('l_P1199');
    expect(t.cell(1201, 'Campaign ID')).toBe('c_3');
  });

  // docs/rules.md#row-identity
  it('should write each id onto the row it belongs to when the rows were sorted during the call', () => {
    const t = setup(
      [
        ['Ada', 'ACME', ''],
        ['Bob', 'Beta', ''],
        ['Cy', 'Gamma', ''],
      ],
      (p, people, n) => {
        const width = t.sheet.getLastColumn();
        const body = t.sheet.getRange(2, 1, 3, width).getValues();
        t.sheet.getRange(2, 1, 3, width).setValues([...body].reverse());
        return addAll(p, people, n);
      },
    );
    pushRows(t.input);
    expect([2, 3, 4].map((r) => `${t.cell(r, 'First name')}=${t.cell(r, 'Lead ID')}`)).toEqual(['Cy=l_Cy', 'Bob=l_Bob', 'Ada=l_Ada']);
  });
});

describe('push › what is not sent', () => {
  // docs/rules.md#row-identity
  it('should mark the second of two selected rows of one person invalid and send the person once', () => {
    const t = setup(
      [
        ['Ada', 'ACME', 'ada@acme.test'],
        ['Ada', 'ACME', 'ada@acme.test'],
      ],
      addAll,
    );
    const r = pushRows(t.input);
    expect(r).toMatchObject({ added: 1, invalid: 1 });
    expect(t.calls.flatMap((c) => c.people.map((p) => p.firstName))).toEqual(['Ada']);
    expect([t.cell(2, 'Lead ID'), t.cell(3, 'Lead ID'), t.cell(3, 'Video Status')]).toEqual(['l_Ada', '', 'invalid']);
  });

  it('should not send hidden rows', () => {
    const t = setup(
      [
        ['Ada', 'ACME', ''],
        ['Bob', 'Beta', ''],
      ],
      addAll,
    );
    t.input.hidden = (row) => row === 2;
    pushRows(t.input);
    expect(t.calls.flatMap((c) => c.people.map((p) => p.firstName))).toEqual(['Bob']);
    expect(t.cell(2, 'Video Status')).toBe('');
  });

  // docs/rules.md#budgets
  it('should start no call that would end past the deadline, and count the rows left', () => {
    const t = setup(
      [
        ['Ada', 'ACME', ''],
        ['Bob', 'Beta', ''],
      ],
      addAll,
    );
    t.input.deadline = t.clock.now() + 1_000;
    const r = pushRows(t.input);
    expect(t.calls).toHaveLength(0);
    expect(r.remaining).toBe(2);
  });

  // docs/rules.md#refusals
  it('should clear sending from new rows and say why when the service refuses the call', () => {
    const t = setup([['Ada', 'ACME', '']], () => {
      throw new ApiError('cap_reached', 409, 'The campaign is full.');
    });
    expect(() => pushRows(t.input)).toThrow(ApiError);
    expect(t.calls).toHaveLength(1);
    expect([t.cell(2, 'Video Status'), t.cell(2, 'Lead ID')]).toEqual(['', '']);
    expect(t.cell(2, 'Video Note')).not.toBe('');
  });
});

describe('push › a cut-off send', () => {
  // docs/rules.md#register
  it('should send a row left sending back to the part it went to, not to the open part', () => {
    const t = setup(
      [
        ['Ada', 'ACME', ''],
        ['Bob', 'Beta', ''],
      ],
      addAll,
    );
    t.parts.sizes.set('c_2', 500);
    const campaignCol = (t.sheet.getRange(1, 1, 1, 4).getValues()[0] as string[]).length;
    t.sheet.getRange(1, campaignCol + 1, 1, 2).setValues([['Campaign ID', 'Video Status']]);
    t.sheet.getRange(2, campaignCol + 1, 1, 2).setValues([['c_2', 'sending']]);
    pushRows(t.input);
    expect(t.calls.map((c) => [c.partId, c.people.map((p) => p.firstName).join()])).toEqual([
      ['c_2', 'Ada'],
      ['c_1', 'Bob'],
    ]);
    expect([t.cell(2, 'Campaign ID'), t.cell(3, 'Campaign ID')]).toEqual(['c_2', 'c_1']);
  });
});

describe('push › a lost answer', () => {
  // docs/rules.md#unknown-outcomes
  it('should send again only the people the service can recognise, and leave the others sending with a note', () => {
    const t = setup(
      [
        ['Ada', 'ACME', ''],
        ['Bob', '', ''],
        ['Cy', '', 'cy@x.test'],
      ],
      (p, people, n) => {
        if (n === 0) throw new ApiError('network', 0, 'no answer');
        return addAll(p, people, n);
      },
    );
    const r = pushRows(t.input);
    expect(t.calls.map((c) => c.people.map((x) => x.firstName))).toEqual([
      ['Ada', 'Bob', 'Cy'],
      ['Ada', 'Cy'],
    ]);
    expect(r).toMatchObject({ added: 2, unmatchable: 1 });
    expect(t.cell(3, 'Video Status')).toBe('sending');
    expect(t.cell(3, 'Lead ID')).toBe('');
    expect(t.cell(3, 'Video Note')).toBe(NOTES.unmatchable);
    expect([t.cell(2, 'Lead ID'), t.cell(4, 'Lead ID')]).toEqual(['l_Ada', 'l_Cy']);
    expect(t.clock.sleeps).toEqual([2_000]);
  });

  it('should leave every row sending with a note when no answer ever comes', () => {
    const t = setup(
      [
        ['Ada', 'ACME', ''],
        ['Bob', '', ''],
      ],
      () => {
        throw new ApiError('network', 0, 'no answer');
      },
    );
    expect(() => pushRows(t.input)).toThrow(ApiError);
    expect(t.calls.length).toBe(4);
    expect(t.calls.slice(1).every((c) => c.people.map((x) => x.firstName).join() === 'Ada')).toBe(true);
    expect([t.cell(2, 'Video Status'), t.cell(3, 'Video Status')]).toEqual(['sending', 'sending']);
    expect([t.cell(2, 'Video Note'), t.cell(3, 'Video Note')]).toEqual([NOTES.lost, NOTES.unmatchable]);
  });
});
