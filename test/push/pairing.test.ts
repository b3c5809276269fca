import type { AddedPerson } from '../../src/api/types';
import { followUpRounds, pairPeople } from '../../src/push/pairing';
import { nameKey } from '../../src/shared/row-person';

const person = (id: string, firstName: string, company: string | null): AddedPerson => ({ id, firstName, company, url: `u/${id}`, videoUrl: `u/${id}/video` });
const sent = (firstName: string, company: string, fp = `${firstName}|${company}`, identified = false) => ({ key: nameKey(firstName, company), fp, identified });

describe('pairPeople', () => {
  it('should pair by first name and company when the reply keeps the order', () => {
    const r = pairPeople([sent('Ann', 'A'), sent('Bob', 'B')], [person('1', 'Ann', 'A'), person('2', 'Bob', 'B')]);
    expect(r.people.map((p) => p?.id)).toEqual(['1', '2']);
  });

  it('should pair by first name and company when the reply is shuffled', () => {
    const r = pairPeople([sent('Ann', 'A'), sent('Bob', 'B'), sent('Cy', 'C')], [person('3', 'cy', 'C '), person('1', 'Ann', 'A'), person('2', 'Bob', 'B')]);
    expect(r.people.map((p) => p?.id)).toEqual(['1', '2', '3']);
  });

  it('should never pair rows sharing a name by position, even when the reply looks in order', () => {
    const rows = Array.from({ length: 8 }, (_, i) => sent('Sam', '', `sam${i}@x.com`, true));
    const reply = Array.from({ length: 8 }, (_, i) => person(`l${i}`, 'Sam', null));
    const r = pairPeople(rows, reply);
    expect(r.people.every((p) => p === null)).toBe(true);
    expect(r.followUp).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(r.ambiguous).toEqual([]);
  });

  it('should not give two different rows the one person a reply lists for their name', () => {
    const r = pairPeople([sent('Ann', 'A', 'x', true), sent('Ann', 'A', 'y', true)], [person('1', 'Ann', 'A')]);
    expect(r.people).toEqual([null, null]);
    expect(r.followUp).toEqual([0, 1]);
  });

  it('should mark rows sharing a name ambiguous when they have no email or profile link to tell them apart', () => {
    const r = pairPeople(
      [sent('Ann', '', 'hook1'), sent('Ann', '', 'hook2'), sent('Bob', 'B')],
      [person('2', 'Ann', null), person('3', 'Bob', 'B'), person('1', 'Ann', null)],
    );
    expect(r.people.map((p) => p?.id ?? null)).toEqual([null, null, '3']);
    expect(r.ambiguous).toEqual([0, 1]);
    expect(r.followUp).toEqual([]);
  });

  it('should pair identical rows in any order', () => {
    const r = pairPeople([sent('Ann', ''), sent('Ann', ''), sent('Bob', 'B')], [person('3', 'Bob', 'B'), person('1', 'Ann', null), person('2', 'Ann', null)]);
    expect(new Set(r.people.map((p) => p?.id))).toEqual(new Set(['1', '2', '3']));
    expect(r.ambiguous).toEqual([]);
  });

  it('should leave a row the reply does not mention unpaired', () => {
    const r = pairPeople([sent('Ann', 'A'), sent('Bob', 'B')], [person('1', 'Ann', 'A')]);
    expect(r.people.map((p) => p?.id ?? null)).toEqual(['1', null]);
  });
});

describe('followUpRounds', () => {
  it('should put at most one row of each name in a round', () => {
    const rows = [sent('Sam', ''), sent('Sam', ''), sent('Ann', ''), sent('Sam', ''), sent('Ann', '')];
    expect(followUpRounds(rows, [0, 1, 2, 3, 4])).toEqual([[0, 2], [1, 4], [3]]);
  });
});
