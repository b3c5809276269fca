// The recipient pages the playground links to (dev/sim/pages.ts): a personal holding screen, then the page with the sample clip and the CTA, every value as text; the clip whole and by byte range.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { advance, call, createCampaign, useSimulator } from '../sim/helpers';

const CLIP = readFileSync(join(__dirname, '..', '..', '..', 'dev', 'sim', 'assets', 'sample.mp4'));

describe('recipient pages', () => {
  const sim = useSimulator({ stageMs: 1000 });

  async function addOne(person: Record<string, string>, finish = false) {
    const id = await createCampaign(sim());
    const p = (await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: person })).body.people[0] as { url: string; videoUrl: string };
    if (finish) {
      await call(sim(), 'POST', `/campaigns/${id}/generate`);
      await advance(sim(), 10_000);
    }
    return p;
  }

  it('should greet the person by first name and company on a holding screen that reloads itself, values as text', async () => {
    const p = await addOne({
      firstName: '<b>Ann</b>',
      company: 'Acme & "Sons"',
      headline: 'Ideas for {company}',
      ctaUrl: 'https://cal.example/ann',
      ctaLabel: '<Book>',
    });
    const html = await (await fetch(p.url)).text();
    expect(html).toContain('A personal video for &#60;b&#62;Ann&#60;/b&#62; at Acme &#38; &#34;Sons&#34;');
    expect(html).toContain('Hi &#60;b&#62;Ann&#60;/b&#62;, your video is being made');
    expect(html).toContain('<p class="headline">Ideas for Acme &#38; &#34;Sons&#34;</p>');
    expect(html).toContain('<meta http-equiv="refresh" content="10">');
    expect(html).toContain('<a class="cta" href="https://cal.example/ann" rel="noopener noreferrer">&#60;Book&#62;</a>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<video');
  });

  it('should show the finished page with the sample video, its label, and a mailto CTA for a bare email', async () => {
    const p = await addOne({ firstName: 'Ann', company: 'Acme', ctaUrl: 'ann@example.com' }, true);
    const html = await (await fetch(p.url)).text();
    expect(html).toContain('Hi Ann, this video is for you');
    expect(html).toMatch(/<video src="\/p\/[^"]+\/video" controls playsinline preload="auto"><\/video>/);
    expect(html).toContain('<span class="badge">Sample video</span>');
    expect(html).toContain('href="mailto:ann@example.com"');
    expect(html).toContain('>Book a call</a>');
    expect(html).not.toContain('http-equiv="refresh"');
  });

  it('should drop a CTA or profile link that is not a web or mail address', async () => {
    const p = await addOne({ firstName: 'Ann', ctaUrl: 'javascript:alert(1)', profileUrl: 'data:text/html,x' }, true);
    const html = await (await fetch(p.url)).text();
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
    expect(html).not.toContain('class="cta"');
  });

  it('should serve the sample clip whole, by byte range, and refuse a range past its end', async () => {
    const p = await addOne({ firstName: 'Ann' }, true);
    const whole = await fetch(p.videoUrl);
    expect([whole.status, whole.headers.get('content-type'), whole.headers.get('accept-ranges')]).toEqual([200, 'video/mp4', 'bytes']);
    expect(Buffer.from(await whole.arrayBuffer()).equals(CLIP)).toBe(true);

    const head = await fetch(p.videoUrl, { headers: { range: 'bytes=0-99' } });
    expect([head.status, head.headers.get('content-range'), head.headers.get('content-length')]).toEqual([206, `bytes 0-99/${CLIP.length}`, '100']);
    expect(Buffer.from(await head.arrayBuffer()).equals(CLIP.subarray(0, 100))).toBe(true);

    const rest = await fetch(p.videoUrl, { headers: { range: 'bytes=100-' } });
    expect((await rest.arrayBuffer()).byteLength).toBe(CLIP.length - 100);
    const tail = await fetch(p.videoUrl, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(CLIP.subarray(CLIP.length - 10))).toBe(true);

    const past = await fetch(p.videoUrl, { headers: { range: `bytes=${CLIP.length}-` } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${CLIP.length}`]);
  });
});
