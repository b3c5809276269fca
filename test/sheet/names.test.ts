// test/sheet/names.test.ts: a row's name as the service pairs people, and which finished video goes on a row.
import type { FinishedVideo } from '../../src/api/types';
import type { ColumnLayout } from '../../src/shared/headers';
import { indexVideos, isMergingKey, isNamed, keyOf, rowKey, videoForRow } from '../../src/sheet/names';

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
