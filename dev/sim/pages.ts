// Recipient pages (no auth): a personal holding page until the video is ready, then the person's page
// with the sample clip, which is served (with byte ranges, as browsers ask for media) at each videoUrl.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Simulator } from './simulator';
import type { Lead } from './state';

export interface PageReply {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

/**
 * One short real clip for every finished video, so a browser can play it: 4 s, 320×180, H.264 in MP4,
 * "Sample video" burnt in (assets/README.md says how it was made).
 */
const SAMPLE_FILE = join(__dirname, 'assets', 'sample.mp4');
export const SAMPLE_TYPE = 'video/mp4';
let sample: Buffer | null = null;
const sampleClip = (): Buffer => (sample ??= readFileSync(SAMPLE_FILE));

/** How often the holding page reloads itself, so it turns into the video page without a click. */
const HOLDING_REFRESH_S = 10;

export function handlePage(sim: Simulator, path: string, range?: string): PageReply {
  sim.sync();
  const m = /^\/p\/([^/]+)(\/video)?$/.exec(path);
  const lead = m ? sim.world.slugs.get(m[1] ?? '') : undefined;
  if (!m || !lead) return notice(404, 'Page not found', 'There is no page at this address.');
  if (lead.expired) return notice(410, 'Page expired', 'This page has expired and is no longer available.');
  const ready = sim.service.isReady(lead);
  if (m[2]) return ready ? clip(range) : notice(404, 'Not ready', 'This video is not ready yet.');
  return ready ? videoPage(lead) : holdingPage(lead);
}

/** The sample clip, whole or the byte range asked for (Chromium asks for `bytes=0-` and seeks by range). */
export function clip(range: string | undefined): PageReply {
  const file = sampleClip();
  const size = file.length;
  const whole = { 'accept-ranges': 'bytes', 'cache-control': 'no-store' };
  const m = range === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!m || (m[1] === '' && m[2] === '')) {
    return { status: 200, contentType: SAMPLE_TYPE, body: file, headers: { ...whole, 'content-length': String(size) } };
  }
  // "bytes=-N" is the last N bytes; "bytes=N-" runs to the end.
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || start > end) {
    return { status: 416, contentType: SAMPLE_TYPE, body: '', headers: { ...whole, 'content-range': `bytes */${size}` } };
  }
  return {
    status: 206,
    contentType: SAMPLE_TYPE,
    body: file.subarray(start, end + 1),
    headers: { ...whole, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) },
  };
}

function holdingPage(lead: Lead): PageReply {
  const p = personOf(lead);
  return page(
    200,
    `A video for ${p.name}`,
    `
    <p class="eyebrow">${esc(p.forWhom)}</p>
    <h1>Hi ${esc(p.name)}, your video is being made</h1>
    ${headline(lead)}
    <div class="screen holding" role="status">
      <div class="spinner" aria-hidden="true"></div>
      <p>We are recording a short video just for you${p.company ? ` and ${esc(p.company)}` : ''}.</p>
      <p class="muted">This page shows it as soon as it is ready; it checks again every ${HOLDING_REFRESH_S} seconds.</p>
    </div>
    ${cta(lead)}`,
    `<meta http-equiv="refresh" content="${HOLDING_REFRESH_S}">`,
  );
}

function videoPage(lead: Lead): PageReply {
  const p = personOf(lead);
  return page(
    200,
    `A video for ${p.name}`,
    `
    <p class="eyebrow">${esc(p.forWhom)}</p>
    <h1>Hi ${esc(p.name)}, this video is for you</h1>
    ${headline(lead)}
    <figure class="screen">
      <video src="/p/${esc(encodeURIComponent(lead.slug))}/video" controls playsinline preload="auto"></video>
      <figcaption><span class="badge">Sample video</span> The local simulator plays the same short clip on every page; the real service shows the person's own video here.</figcaption>
    </figure>
    ${cta(lead)}`,
  );
}

/** The names the page greets with: the first name (or "there") and the company, if any. */
function personOf(lead: Lead): { name: string; company: string; forWhom: string } {
  const first = lead.person.firstName?.trim() ?? '';
  const company = lead.person.company?.trim() ?? '';
  return { name: first || 'there', company, forWhom: first ? `A personal video for ${first}${company ? ` at ${company}` : ''}` : 'A personal video' };
}

function headline(lead: Lead): string {
  const p = lead.person;
  const text = p.headline?.replace(/\{name\}/g, p.firstName ?? '').replace(/\{company\}/g, p.company ?? '');
  const profile = safeHref(p.profileUrl);
  return (
    (text ? `<p class="headline">${esc(text)}</p>` : '') +
    (profile ? `<p class="profile"><a href="${esc(profile)}" rel="noopener noreferrer">Profile</a></p>` : '')
  );
}

function cta(lead: Lead): string {
  const url = lead.person.ctaUrl?.trim();
  if (!url) return '';
  const href = /^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(url) ? `mailto:${url}` : safeHref(url);
  if (!href) return '';
  return `<p class="cta-row"><a class="cta" href="${esc(href)}" rel="noopener noreferrer">${esc(lead.person.ctaLabel?.trim() || 'Book a call')}</a></p>`;
}

/** Only web and mail links become links: a javascript: or data: address from a cell is dropped. */
function safeHref(url: string | null | undefined): string | null {
  return url && /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : null;
}

function notice(status: number, title: string, text: string): PageReply {
  return page(status, title, `<h1>${esc(title)}</h1><p>${esc(text)}</p>`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:48px 16px;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#202124;background:linear-gradient(160deg,#e8f0fe,#f8f9fa 60%)}
main{width:100%;max-width:640px;background:#fff;border-radius:16px;padding:32px;box-shadow:0 4px 24px rgba(60,64,67,.15)}
.eyebrow{margin:0 0 4px;color:#1a73e8;font-size:13px;font-weight:600;letter-spacing:.04em;text-transform:uppercase}
h1{margin:0 0 12px;font-size:28px;line-height:1.25}
.headline{margin:0 0 20px;font-size:18px;color:#3c4043}
.profile{margin:-12px 0 20px;font-size:14px}
.screen{margin:0 0 24px}
video{display:block;width:100%;aspect-ratio:16/9;background:#000;border-radius:12px}
figcaption{margin-top:8px;font-size:13px;color:#5f6368}
.badge{display:inline-block;margin-right:6px;padding:1px 8px;border-radius:10px;background:#fef7e0;color:#b06000;font-weight:600}
.holding{display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;aspect-ratio:16/9;
  padding:24px;border-radius:12px;background:#1a73e8;color:#fff}
.holding p{margin:4px 0}.holding .muted{color:#d2e3fc;font-size:14px}
.spinner{width:40px;height:40px;margin-bottom:16px;border:4px solid rgba(255,255,255,.35);border-top-color:#fff;border-radius:50%;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
.cta-row{margin:0;text-align:center}
.cta{display:inline-block;padding:12px 28px;border-radius:24px;background:#188038;color:#fff;font-weight:600;text-decoration:none}
.cta:hover{background:#137333}
`;

function page(status: number, title: string, body: string, head = ''): PageReply {
  return {
    status,
    contentType: 'text/html; charset=utf-8',
    body:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}` +
      `<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
  };
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
