import {
  addedPersonSchema,
  campaignDetailSchema,
  describeProblem,
  errorBodySchema,
  leadSchema,
  templateSchema,
  videoListOf,
  videosReplySchema,
} from '../../src/api/schemas';
import { sample } from './fakes';

describe('schemas', () => {
  it('should accept a template without blockedReason and one with it', () => {
    expect(templateSchema().safeParse(sample.template).success).toBe(true);
    expect(templateSchema().safeParse({ ...sample.template, usable: false, blockedReason: 'Voice still being prepared.' }).success).toBe(true);
  });

  it('should accept null names and links on a lead', () => {
    const r = leadSchema().safeParse({ ...sample.lead, firstName: null, company: null, url: null, videoUrl: null });
    expect(r.success).toBe(true);
  });

  it('should refuse a number sent as a string', () => {
    expect(campaignDetailSchema().safeParse({ ...sample.detail, counts: { ...sample.detail.counts, complete: '1' } }).success).toBe(false);
  });

  it('should keep numeric extra counts and drop non-numeric ones', () => {
    const r = campaignDetailSchema().safeParse({ ...sample.detail, counts: { ...sample.detail.counts, archived: 2, note: 'x' } });
    expect(r.success && r.data.counts).toEqual({ ...sample.detail.counts, archived: 2 });
  });

  it('should accept any stage key and an empty stages object', () => {
    expect(campaignDetailSchema().safeParse({ ...sample.detail, stages: {} }).success).toBe(true);
    expect(campaignDetailSchema().safeParse({ ...sample.detail, stages: { upscaling: 2 } }).success).toBe(true);
  });

  it('should drop a stage whose value is not a number instead of failing the poll', () => {
    const r = campaignDetailSchema().safeParse({ ...sample.detail, stages: { tts: 2, upscaling: 'busy' } });
    expect(r.success && r.data.stages).toEqual({ tts: 2 });
  });

  it('should read a null stalled as not stalled', () => {
    const r = campaignDetailSchema().safeParse({ ...sample.detail, stalled: null });
    expect(r.success && r.data.stalled).toBeNull();
  });

  it('should accept a skipped person that comes back with only its id and url', () => {
    expect(addedPersonSchema().safeParse({ id: 'ld_1', url: null }).success).toBe(true);
    expect(addedPersonSchema().safeParse({ url: 'https://x/p/a' }).success).toBe(false);
  });

  it('should refuse stalled when it is not an object', () => {
    expect(campaignDetailSchema().safeParse({ ...sample.detail, stalled: 'yes' }).success).toBe(false);
  });

  it('should read the error body and refuse one without a message', () => {
    expect(errorBodySchema().safeParse({ error: 'not_found', message: 'No.' }).success).toBe(true);
    expect(errorBodySchema().safeParse({ error: 'not_found' }).success).toBe(false);
  });

  it('should refuse a video without a page url', () => {
    expect(videosReplySchema().safeParse({ videos: [{ ...sample.video, url: null }] }).success).toBe(false);
  });

  it('should leave a body without any array for the array check to refuse', () => {
    expect(videoListOf({ count: 0 })).toEqual({ count: 0 });
    expect(videosReplySchema().safeParse({ count: 0 }).success).toBe(false);
  });
});

describe('describeProblem', () => {
  it('should name the path and the kinds', () => {
    const data = { a: [{ b: 1 }] };
    expect(describeProblem([{ code: 'invalid_type', expected: 'string', path: ['a', 0, 'b'], message: 'Invalid input', input: 1 }], data)).toBe(
      'a[0].b should be a string but is a number',
    );
  });

  it('should fall back to a general sentence without issues', () => {
    expect(describeProblem([], {})).toBe('it did not have the expected shape');
  });
});
