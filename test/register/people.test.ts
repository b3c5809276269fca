// test/register/people.test.ts: the service's matching rule over a campaign's people, and what a stale row is told.
import type { PersonInput } from '../../src/shared/person';
import { IDENTITY_NOTES, People, staleValues, type Known } from '../../src/register/people';

const known = (row: number, person: PersonInput, leadId?: string): Known => ({ row, person, ...(leadId ? { leadId, part: 'c1' } : {}) });

function campaign(...people: Known[]): People {
  const p = new People();
  for (const k of people) p.add(k);
  return p;
}

const sarah = { firstName: 'Sarah', company: 'Google', email: 'sarah.adams@google.test' };

describe('People.check (the service’s matching rule, docs/rules.md#row-identity)', () => {
  it('should take a row with the same email as someone there for that person, whatever its name and case', () => {
    const v = campaign(known(3, sarah, 'ld_1')).check({ firstName: 'Bob', company: 'Acme', email: ' SARAH.ADAMS@google.test' });
    expect(v).toMatchObject({ kind: 'same', by: 'email', as: { row: 3, leadId: 'ld_1' } });
  });

  it('should take a row with the same profile link for that person', () => {
    const v = campaign(known(4, { firstName: 'Ann', profileUrl: 'https://in.test/ann' })).check({ firstName: 'Anne', profileUrl: 'https://in.test/ann' });
    expect(v).toMatchObject({ kind: 'same', by: 'profile link', as: { row: 4 } });
  });

  it('should take a row of the same first name and company without an email of its own for that person', () => {
    const v = campaign(known(2, sarah)).check({ firstName: 'sarah', company: ' google ' });
    expect(v).toMatchObject({ kind: 'same', by: 'first name and company', as: { row: 2 } });
  });

  it('should tell apart two people of one first name and company whose emails differ, naming the other', () => {
    const v = campaign(known(2, sarah)).check({ ...sarah, email: 'sarah.baker@google.test' });
    expect(v).toEqual({ kind: 'new', clash: known(2, sarah) });
  });

  it('should tell apart two people of one first name and company whose profile links differ', () => {
    const a = { firstName: 'Li', company: 'Acme', profileUrl: 'https://in.test/li-1' };
    expect(campaign(known(2, a)).check({ ...a, profileUrl: 'https://in.test/li-2' })).toMatchObject({ kind: 'new', clash: { row: 2 } });
  });

  it('should take a row for the one of several same-name people it cannot be told apart from', () => {
    const baker = { ...sarah, email: 'sarah.baker@google.test' };
    const v = campaign(known(2, sarah), known(5, { firstName: 'Sarah', company: 'Google' })).check(baker);
    expect(v).toMatchObject({ kind: 'same', by: 'first name and company', as: { row: 5 } });
  });

  it('should let an email match win over a first-name clash', () => {
    const v = campaign(known(2, sarah), known(7, { firstName: 'Bo', company: 'X', email: 'bo@x.test' })).check({ ...sarah, email: 'bo@x.test' });
    expect(v).toMatchObject({ kind: 'same', by: 'email', as: { row: 7 } });
  });

  it('should find someone new when nothing matches, or when the row has nothing to match on', () => {
    const p = campaign(known(2, sarah));
    expect(p.check({ firstName: 'Sarah', company: 'Alphabet', email: 'sarah@alphabet.test' })).toEqual({ kind: 'new' });
    expect(p.check({ firstName: 'Sarah' })).toEqual({ kind: 'new' });
  });

  it('should say which row a duplicate repeats and that nobody is charged twice', () => {
    const v = campaign(known(3, sarah, 'ld_1')).check(sarah);
    expect(v.kind === 'same' && IDENTITY_NOTES.same(v)).toMatch(/^Same person as row 3 \(same email\), who is already in this campaign/);
  });
});

describe('staleValues', () => {
  it('should clear a stale row’s Lead ID, links and status, saying the old person stays in the campaign', () => {
    expect(staleValues('ld_9', { firstName: 'Ann', company: 'Acme' })).toEqual({
      leadId: '',
      campaignId: '',
      pageUrl: '',
      videoUrl: '',
      status: '',
      note: expect.stringMatching(/ld_9 .*Ann at Acme’s.*Ann at Acme stays in the campaign/),
    });
  });
});
