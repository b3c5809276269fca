// Test doubles for the API layer: a clock that moves only when slept on, and a transport answering from a script.
import type { Clock } from '../../src/core/clock';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/core/http';

export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  constructor(public t = 1_700_000_000_000) {}
  now(): number {
    return this.t;
  }
  sleep(ms: number): void {
    this.sleeps.push(ms);
    this.t += ms;
  }
}

/** A reply, or 'drop' for a request that gets no answer at all. */
export type Scripted = HttpResponse | 'drop';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
}

export function apiError(status: number, code: string, message = `A ${code} sentence.`, headers: Record<string, string> = {}): HttpResponse {
  return json(status, { error: code, message }, headers);
}

export function html(status: number): HttpResponse {
  return { status, body: '<!DOCTYPE html><html><body>Not Found</body></html>', headers: { 'content-type': 'text/html' } };
}

/** Answers each request with `answer(req, n)`; records every request. */
export class ScriptedTransport implements HttpTransport {
  readonly requests: HttpRequest[] = [];
  constructor(private readonly answer: (req: HttpRequest, n: number) => Scripted) {}

  static queue(...replies: Scripted[]): ScriptedTransport {
    return new ScriptedTransport((_req, n) => {
      const r = replies[Math.min(n, replies.length - 1)];
      if (r === undefined) throw new Error('empty script');
      return r;
    });
  }

  request(req: HttpRequest): HttpResponse {
    const n = this.requests.length;
    this.requests.push(req);
    const r = this.answer(req, n);
    if (r === 'drop') throw new Error('socket hang up');
    return r;
  }

  get paths(): string[] {
    return this.requests.map((r) => `${r.method} ${r.url.replace(/^https?:\/\/[^/]+\/api\/v1/, '')}`);
  }
}

export const sample = {
  template: { id: 'tpl_1', name: 'Intro', usable: true, createdAt: '2024-01-01T00:00:00Z' },
  summary: {
    id: 'c_1',
    name: 'Q3',
    status: 'draft',
    leadCount: 2,
    waiting: 2,
    complete: 0,
    failed: 0,
    nextStep: 'Add people.',
    createdAt: '2024-01-01T00:00:00Z',
  },
  created: { id: 'c_1', name: 'Q3', templateId: 'tpl_1', status: 'draft' },
  person: { id: 'l_1', firstName: 'Ada', company: 'ACME', url: 'https://p.example/p/ada', videoUrl: 'https://p.example/p/ada/video' },
  estimate: { leads: 2, low: 4, high: 6, balance: 100, affordable: true },
  preview: { campaignId: 'c_1', made: 1, creditsCharged: 2 },
  generate: { campaignId: 'c_1', started: 2, creditsCharged: 4 },
  detail: {
    id: 'c_1',
    name: 'Q3',
    status: 'rendering',
    counts: { total: 2, pending: 0, rendering: 2, complete: 0, failed: 0, cancelled: 0, skipped: 0 },
    stages: { queued: 1, tts: 1 },
  },
  lead: { id: 'l_1', firstName: 'Ada', company: null, campaignId: 'c_1', status: 'pending', url: 'https://p.example/p/ada', videoUrl: null, videoReady: false },
  video: { firstName: 'Ada', company: 'ACME', url: 'https://p.example/p/ada', videoUrl: 'https://p.example/p/ada/video' },
  stop: { campaignId: 'c_1', stopped: 1, stillRendering: 1, status: 'stopped' },
};
