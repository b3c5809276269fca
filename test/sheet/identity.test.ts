import type { FinishedVideo, PersonInput } from '../../src/api/types';
import type { ColumnLayout } from '../../src/sheet/headers';
import { IDENTITY_NOTES, indexVideos, isMergingKey, isNamed, keyOf, People, rowKey, staleValues, videoForRow, type Known } from '../../src/sheet/identity';

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

describe('a row is the person its inputs name', () => {
  const layout: ColumnLayout = { fields: { firstName: 0, company: 1 }, fullName: null, outputs: {} };

  it('should compare first name and company ignoring case and spacing, and nothing else', () => {
    expect(isNamed({ firstName: 'jon smith', company: 'acme  inc' }, { firstName: 'Jon  Smith', company: 'ACME Inc' })).toBe(true);
    expect(isNamed({ firstName: 'Jon', company: 'Acme' }, { firstName: 'John', company: 'Acme' })).toBe(false);
    expect(isNamed({ firstName: 'Jon', company: 'Acme' }, { firstName: 'Jon', company: 'Acme Ltd' })).toBe(false);
  });

  it('should read a row’s name with the tab’s fallbacks, as it was sent', () => {
    expect(rowKey(['Jon', ''], layout, { company: 'your team' })).toBe(rowKey(['jon', 'Your Team'], layout, {}));
  });

  it('should treat only a first name with a company as a name the service merges on', () => {
    expect(isMergingKey(rowKey(['Jon', 'Acme'], layout, {}))).toBe(true);
    expect(isMergingKey(rowKey(['Jon', ''], layout, {}))).toBe(false);
  });

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

describe('videoForRow (which finished video goes on a row)', () => {
  const video = (firstName: string | null, company: string | null, n: number): FinishedVideo => ({
    firstName,
    company,
    url: `https://v.test/p/${n}`,
    videoUrl: `https://v.test/f/${n}.mp4`,
  });
  const sarahV = video('Sarah', 'Google', 1);
  const tomV = video('Tom', 'Acme', 2);
  const key = (firstName: string, company: string) => keyOf({ firstName, company });

  it('should give a row the one video of its name', () => {
    expect(videoForRow({ name: key('sarah', 'google') }, indexVideos([sarahV, tomV]))).toBe(sarahV);
  });

  it("should prefer the one video of the row's name over a stale page of someone else", () => {
    expect(videoForRow({ name: key('Sarah', 'Google'), page: tomV.url }, indexVideos([sarahV, tomV]))).toBe(sarahV);
  });

  it("should find the video by the row's page when the name names several videos, if the names agree", () => {
    const twin = video('Sarah', 'Google', 3);
    expect(videoForRow({ name: key('Sarah', 'Google'), page: twin.url }, indexVideos([sarahV, twin]))).toBe(twin);
    expect(videoForRow({ name: key('Sarah', 'Google') }, indexVideos([sarahV, twin]))).toBeUndefined();
  });

  it('should not give a row the video of its name when other rows of the part share that name', () => {
    expect(videoForRow({ name: key('Sarah', 'Google'), shared: true }, indexVideos([sarahV]))).toBeUndefined();
    expect(videoForRow({ name: key('Sarah', 'Google'), shared: true, page: sarahV.url }, indexVideos([sarahV]))).toBe(sarahV);
  });

  it('should never give a row a video of another name, even by its page', () => {
    expect(videoForRow({ name: key('Sarah', 'Google'), page: tomV.url }, indexVideos([tomV]))).toBeUndefined();
  });

  it('should not match by name a row without a company (the service does not merge on it)', () => {
    const noCo = video('Sarah', null, 4);
    expect(videoForRow({ name: key('Sarah', '') }, indexVideos([noCo]))).toBeUndefined();
    expect(videoForRow({ name: key('Sarah', ''), page: noCo.url }, indexVideos([noCo]))).toBe(noCo);
  });

  it("should take the page alone when the row's name is not known", () => {
    expect(videoForRow({ page: tomV.url }, indexVideos([sarahV, tomV]))).toBe(tomV);
    expect(videoForRow({}, indexVideos([sarahV, tomV]))).toBeUndefined();
  });
});
