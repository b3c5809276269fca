import type { AddedPerson } from '../../src/api/types';
import { pairPeople } from '../../src/push/pairing';
import { nameKey } from '../../src/push/row-person';

const person = (id: string, firstName: string, company: string | null): AddedPerson =>
  ({ id, firstName, company, url: `u/${id}`, videoUrl: `u/${id}/video` });
const sent = (firstName: string, company: string, fp = `${firstName}|${company}`) => ({ key: nameKey(firstName, company), fp });

describe('pairPeople', () => {
  it('should pair by position when the reply keeps the order', () => {
    const r = pairPeople([sent('Ann', 'A'), sent('Bob', 'B')], [person('1', 'Ann', 'A'), person('2', 'Bob', 'B')]);
    expect(r.people.map((p) => p?.id)).toEqual(['1', '2']);
  });

  it('should pair by first name and company when the reply is shuffled', () => {
    const r = pairPeople([sent('Ann', 'A'), sent('Bob', 'B'), sent('Cy', 'C')], [person('3', 'cy', 'C '), person('1', 'Ann', 'A'), person('2', 'Bob', 'B')]);
    expect(r.people.map((p) => p?.id)).toEqual(['1', '2', '3']);
  });

  it('should give every row of one matched person that person', () => {
    const r = pairPeople([sent('Ann', 'A', 'x'), sent('Ann', 'A', 'y')], [person('1', 'Ann', 'A')]);
    expect(r.people.map((p) => p?.id)).toEqual(['1', '1']);
  });

  it('should refuse to guess between different rows sharing a name', () => {
    const r = pairPeople([sent('Ann', '', 'hook1'), sent('Ann', '', 'hook2'), sent('Bob', 'B')], [person('2', 'Ann', null), person('3', 'Bob', 'B'), person('1', 'Ann', null)]);
    expect(r.people.map((p) => p?.id)).toEqual([undefined, undefined, '3']);
    expect(r.ambiguous).toEqual([0, 1]);
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
