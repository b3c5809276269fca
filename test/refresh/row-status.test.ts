import type { Lead } from '../../src/api/types';
import { isUnresolved, NOTES, valuesForLead, valuesForStatus } from '../../src/refresh/row-status';

const lead = (over: Partial<Lead>): Lead => ({
  id: 'l1',
  campaignId: 'c1',
  status: 'complete',
  url: 'https://p/l1',
  videoUrl: 'https://p/l1/video',
  videoReady: true,
  ...over,
});

describe('isUnresolved', () => {
  it('should wait on pending and rendering rows', () => {
    expect(isUnresolved('pending', '')).toBe(true);
    expect(isUnresolved('rendering', 'https://p/x/video')).toBe(true);
  });

  it('should wait on a complete row only while it has no Video URL', () => {
    expect(isUnresolved('complete', '')).toBe(true);
    expect(isUnresolved('complete', 'https://p/x/video')).toBe(false);
  });

  it('should not wait on final or unknown statuses', () => {
    expect(['failed', 'cancelled', 'skipped', '', 'queued'].some((s) => isUnresolved(s, ''))).toBe(false);
  });
});

describe('valuesForStatus', () => {
  it('should explain failed, cancelled and skipped rows in the note, and clear their links', () => {
    const none = { pageUrl: '', videoUrl: '' };
    expect(valuesForStatus('failed')).toEqual({ status: 'failed', note: NOTES.failed, ...none });
    expect(valuesForStatus('cancelled')).toEqual({ status: 'cancelled', note: NOTES.cancelled, ...none });
    expect(valuesForStatus('skipped')).toEqual({ status: 'skipped', note: NOTES.skipped, ...none });
  });

  it('should write only the status for others, leaving the note alone', () => {
    expect(valuesForStatus('rendering')).toEqual({ status: 'rendering' });
    expect(valuesForStatus('complete')).toEqual({ status: 'complete' });
  });
});

describe('valuesForLead', () => {
  it('should write a complete lead with its video and page, clearing the note', () => {
    expect(valuesForLead(lead({}))).toEqual({ status: 'complete', videoUrl: 'https://p/l1/video', pageUrl: 'https://p/l1', note: '' });
  });

  it('should keep a complete lead whose video is not ready in rendering, without any link', () => {
    const v = valuesForLead(lead({ videoReady: false }));
    expect(v).toEqual({ status: 'rendering', pageUrl: '', videoUrl: '', note: '' });
  });

  it('should keep a complete lead with no video link in rendering even if called ready', () => {
    expect(valuesForLead(lead({ videoUrl: null })).status).toBe('rendering');
  });

  it('should clear an expired page link and say so, for a complete lead', () => {
    expect(valuesForLead(lead({ url: null }))).toEqual({ status: 'complete', videoUrl: 'https://p/l1/video', pageUrl: '', note: NOTES.expired });
    expect(valuesForLead(lead({ url: null, videoReady: false }))).toEqual({ status: 'rendering', pageUrl: '', videoUrl: '', note: NOTES.expired });
  });

  it('should add the expiry to a final status note, and write no link for a video that will never be', () => {
    expect(valuesForLead(lead({ status: 'failed', url: null }))).toEqual({
      status: 'failed',
      pageUrl: '',
      videoUrl: '',
      note: `${NOTES.failed} ${NOTES.expired}`,
    });
    expect(valuesForLead(lead({ status: 'skipped', url: 'https://p/l1' }))).toEqual({ status: 'skipped', pageUrl: '', videoUrl: '', note: NOTES.skipped });
    expect(valuesForLead(lead({ status: 'cancelled' }))).toMatchObject({ pageUrl: '', videoUrl: '' });
  });

  it('should say a page expired for a status without a note of its own, and write no link before the video is ready', () => {
    expect(valuesForLead(lead({ status: 'pending', url: null }))).toEqual({ status: 'pending', pageUrl: '', videoUrl: '', note: NOTES.expired });
    expect(valuesForLead(lead({ status: 'rendering' }))).toEqual({ status: 'rendering', pageUrl: '', videoUrl: '' });
  });
});
