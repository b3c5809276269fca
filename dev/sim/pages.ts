// Recipient pages (no auth): a personal holding page until the video is ready, then a video page; the MP4 itself.
import type { Simulator } from './simulator';
import type { Lead } from './state';

export interface PageReply {
  status: number;
  contentType: string;
  body: string | Buffer;
}

/** A few bytes that begin like an MP4 (an ftyp box): enough for a client that checks the type. */
const FAKE_MP4 = Buffer.from([
  0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0x00, 0x00, 0x00, 0x00,
  0x6d, 0x70, 0x34, 0x32, 0x69, 0x73, 0x6f, 0x6d,
]);

export function handlePage(sim: Simulator, path: string): PageReply {
  sim.sync();
  const m = /^\/p\/([^/]+)(\/video)?$/.exec(path);
  const lead = m ? sim.world.slugs.get(m[1] ?? '') : undefined;
  if (!m || !lead) return html(404, 'Page not found', '<p>There is no page at this address.</p>');
  if (lead.expired) return html(410, 'Page expired', '<p>This page has expired and is no longer available.</p>');
  const ready = sim.service.isReady(lead);
  if (m[2]) {
    return ready ? { status: 200, contentType: 'video/mp4', body: FAKE_MP4 } : html(404, 'Not ready', '<p>This video is not ready yet.</p>');
  }
  return ready ? videoPage(lead) : holdingPage(lead);
}

function holdingPage(lead: Lead): PageReply {
  const name = lead.person.firstName?.trim() || 'there';
  return html(200, `Hi ${name}`, `<h1>Hi ${esc(name)}, your video is being made</h1>${extras(lead)}<p>Check back in a few minutes.</p>`);
}

function videoPage(lead: Lead): PageReply {
  const name = lead.person.firstName?.trim() || 'there';
  return html(200, `A video for ${name}`,
    `<h1>Hi ${esc(name)}, this video is for you</h1>${extras(lead)}<video src="/p/${esc(lead.slug)}/video" controls playsinline></video>${cta(lead)}`);
}

function extras(lead: Lead): string {
  const p = lead.person;
  const headline = p.headline?.replace(/\{name\}/g, p.firstName ?? '').replace(/\{company\}/g, p.company ?? '');
  return (headline ? `<p class="headline">${esc(headline)}</p>` : '') +
    (p.profileUrl ? `<p><a href="${esc(p.profileUrl)}">Profile</a></p>` : '');
}

function cta(lead: Lead): string {
  const url = lead.person.ctaUrl;
  if (!url) return '';
  const href = /^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(url) ? `mailto:${url}` : url;
  return `<p><a class="cta" href="${esc(href)}">${esc(lead.person.ctaLabel ?? 'Book a call')}</a></p>`;
}

function html(status: number, title: string, body: string): PageReply {
  return {
    status,
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`,
  };
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
