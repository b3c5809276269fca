// Recipient pages: holding page until ready, the video page and file after, 410 once expired.
import { SIM_NOW_HEADER } from '../../../dev/sim/types';
import { advance, call, createCampaign, useSimulator } from './helpers';

describe('simulator recipient pages', () => {
  const sim = useSimulator({ stageMs: 1000 });

  async function addOne(person: Record<string, string>) {
    const id = await createCampaign(sim());
    const p = (await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: person })).body.people[0] as { id: string; url: string; videoUrl: string };
    return { campaignId: id, ...p };
  }

  it('should show a personal holding page and no video until the render is done, without a key', async () => {
    const p = await addOne({ firstName: '<Ann>', company: 'Acme', headline: 'For {name} at {company}' });
    const page = await fetch(p.url);
    const html = await page.text();
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.headers.get(SIM_NOW_HEADER)).not.toBeNull();
    expect(html).toContain('Hi &#60;Ann&#62;, your video is being made');
    expect(html).toContain('For &#60;Ann&#62; at Acme');
    expect(html).not.toContain('<video');
    expect((await fetch(p.videoUrl)).status).toBe(404);
  });

  it('should show the video page and serve an mp4 once ready', async () => {
    const p = await addOne({ firstName: 'Ann', ctaUrl: 'ann@example.com', ctaLabel: 'Write me' });
    await call(sim(), 'POST', `/campaigns/${p.campaignId}/generate`);
    await advance(sim(), 10_000);
    const html = await (await fetch(p.url)).text();
    expect(html).toContain('<video');
    expect(html).toContain('href="mailto:ann@example.com"');
    const video = await fetch(p.videoUrl);
    expect([video.status, video.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    expect(
      Buffer.from(await video.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');
  });

  it('should answer 410 for an expired page and 404 for an unknown one', async () => {
    const p = await addOne({ firstName: 'Ann' });
    await sim().control({ action: 'expirePage', leadId: p.id });
    expect((await fetch(p.url)).status).toBe(410);
    expect((await fetch(p.videoUrl)).status).toBe(410);
    expect((await fetch(`${sim().pageBase}/p/nobody-123456`)).status).toBe(404);
  });
});
