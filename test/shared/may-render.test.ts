// What "may still render" means, for a listed part, a part read with its detail, and the sidebar's campaign.
import type { CampaignSummary } from '../../src/api/types';
import { campaignMayRender, detailMayRender, partMayRender, renderingIn } from '../../src/shared/may-render';

const summary = (o: Partial<CampaignSummary>): CampaignSummary => ({
  id: 'c1',
  name: 'C',
  status: 'generating',
  leadCount: 10,
  waiting: 0,
  complete: 10,
  failed: 0,
  nextStep: '',
  createdAt: '',
  ...o,
});

describe('partMayRender', () => {
  it('should count people neither waiting, finished, failed nor cancelled as rendering', () => {
    expect(renderingIn(summary({ waiting: 2, complete: 3, failed: 1 }), 1)).toBe(3);
  });

  it('should say a part renders while some of its people are rendering', () => {
    expect(partMayRender({ closed: false }, summary({ complete: 7 }))).toBe(true);
  });

  it('should not count people Stop cancelled as rendering', () => {
    expect(partMayRender({ closed: true, cancelled: 3 }, summary({ complete: 7 }))).toBe(false);
  });

  it('should say people waiting may render only once their part was generated', () => {
    const s = summary({ waiting: 4, complete: 6 });
    expect(partMayRender({ closed: true }, s)).toBe(true);
    expect(partMayRender({ closed: false }, s)).toBe(false);
  });

  it('should never say a done part renders, though the list no longer shows it', () => {
    expect(partMayRender({ closed: true }, undefined)).toBe(true);
    expect(partMayRender({ closed: true, done: 1 }, undefined)).toBe(false);
  });

  it('should never say a stopped part renders', () => {
    expect(partMayRender({ closed: true }, summary({ status: 'stopped', waiting: 4, complete: 3 }))).toBe(false);
  });

  it('should say a part the list does not show may render once generated', () => {
    expect(partMayRender({ closed: true }, undefined)).toBe(true);
    expect(partMayRender({ closed: false }, undefined)).toBe(false);
  });

  it('should say a finished part renders nothing', () => {
    expect(partMayRender({ closed: true }, summary({}))).toBe(false);
  });
});

describe('detailMayRender', () => {
  const detail = (status: string, rendering: number, pending: number) => ({ status, counts: { rendering, pending } });

  it('should say a part renders while its detail counts people rendering', () => {
    expect(detailMayRender({ closed: false }, detail('generating', 2, 0))).toBe(true);
  });

  it('should say people waiting may render only in a generated part', () => {
    expect(detailMayRender({ closed: true }, detail('generating', 0, 5))).toBe(true);
    expect(detailMayRender({ closed: false }, detail('ready', 0, 5))).toBe(false);
  });

  it('should never say a stopped part renders', () => {
    expect(detailMayRender({ closed: true }, detail('stopped', 2, 5))).toBe(false);
  });
});

describe('campaignMayRender', () => {
  const view = (rendering: number, pending: number, parts: string[] = []) => ({ counts: { rendering, pending }, parts: { rendering: parts } });

  it('should say renders may run while some render', () => {
    expect(campaignMayRender(view(1, 0), false)).toBe(true);
  });

  it('should count people waiting only after a generate this page watched', () => {
    expect(campaignMayRender(view(0, 3), true)).toBe(true);
    expect(campaignMayRender(view(0, 3), false)).toBe(false);
  });

  it('should say renders may run while a part may still render', () => {
    expect(campaignMayRender(view(0, 0, ['p2']), false)).toBe(true);
  });

  it('should say nothing renders when nothing renders, waits after a generate, or is named by a part', () => {
    expect(campaignMayRender({ counts: { rendering: 0, pending: 0 } }, true)).toBe(false);
  });
});
