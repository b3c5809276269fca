// The sidebar's progress poll over parts: a part not read now is unknown to money, never zero (docs/rules.md#unknown-outcomes).
import type { ApiClient } from '../../../src/api/client';
import type { CampaignDetail, CampaignSummary } from '../../../src/api/types';
import { pollCampaign } from '../../../src/server/campaign/poll';
import { world } from '../../unit-services';

const counts = { total: 10, pending: 0, rendering: 10, complete: 0, failed: 0, cancelled: 0, skipped: 0 };
const detail = (id: string): CampaignDetail => ({ id, name: id, status: 'rendering', counts, stages: {} });
const summary = (id: string): CampaignSummary => ({
  id,
  name: id,
  status: 'rendering',
  leadCount: 10,
  waiting: 0,
  complete: 0,
  failed: 0,
  nextStep: '',
  createdAt: '2026-11-24T09:00:00Z',
});

/** A person's world whose CacheService keeps what it is given (the poll's turn lives there). */
function cachedWorld() {
  const w = world({}, { now: 60_000 * 1000 });
  const store = new Map<string, string>();
  w.svc.userCache = () => ({ get: (k: string) => store.get(k) ?? null, put: (k: string, v: string) => void store.set(k, v) }) as never;
  return w;
}

/** The campaign c_1 of two parts of 10; the second generated (closed) or not. */
const twoParts = (secondClosed: boolean) => ({
  id: 'c_1',
  name: 'Q3',
  templateId: 't',
  parts: [
    { id: 'c_1', size: 10, closed: true },
    { id: 'c_2', size: 10, closed: secondClosed },
  ],
});

describe('poll › a part outside the list of 100', () => {
  it('should leave a part it did not read now out of the counts money is settled from, never reading it as zeros', () => {
    // c_2 is pushed out of the newest 100 campaigns, finished, and its detail (as an earlier poll read it) is not due now.
    const w = cachedWorld();
    const c2 = { ...detail('c_2'), counts: { ...counts, rendering: 0, complete: 10 } };
    w.svc.userCache!()!.put('poll.c_1', JSON.stringify({ cursor: 'c_2', parts: { c_2: { sig: '', detail: c2, rec: '10 true undefined' } } }));
    const api = { listCampaigns: () => [summary('c_1')], getCampaigns: (ids: string[]) => ids.map(detail) } as unknown as ApiClient;
    const poll = pollCampaign(w.svc, api, {
      id: 'c_1',
      name: 'Q3',
      templateId: 't',
      parts: [
        { id: 'c_1', size: 10, closed: true },
        { id: 'c_2', size: 10, closed: true },
      ],
    });
    expect(poll.turn).toBe('c_1');
    expect([...poll.waiting.keys()]).toEqual(['c_1']);
    expect([...poll.known.keys()]).toEqual(['c_1']);
  });
});

describe('poll › a part outside the list that changes', () => {
  it('should read it again once a send, a generate or a stop changed its record, and show what it says now', () => {
    // c_2 finished and was pushed out of the list; then three people were sent to it again and generated.
    const w = cachedWorld();
    let c2 = { ...detail('c_2'), status: 'stopped', counts: { ...counts, rendering: 0, complete: 10 } };
    const read: string[] = [];
    const api = {
      listCampaigns: () => [summary('c_1')],
      getCampaigns: (ids: string[]) => ids.map((id) => (read.push(id), id === 'c_2' ? c2 : detail(id))),
    } as unknown as ApiClient;
    const polls = (parts: ReturnType<typeof twoParts>, n: number) =>
      Array.from({ length: n }, () => {
        w.clock.sleep(30_000);
        return pollCampaign(w.svc, api, parts);
      });
    polls(twoParts(true), 4);
    expect(read.filter((id) => id === 'c_2')).toEqual(['c_2']);
    c2 = { ...c2, status: 'rendering', counts: { ...c2.counts, total: 13, rendering: 3 } };
    const later = polls({ ...twoParts(true), parts: [twoParts(true).parts[0]!, { id: 'c_2', size: 13, closed: true }] }, 3);
    // c_1 renders its 10 and c_2 its 3; before its turn the memo of c_2 said none.
    expect(later[0]!.turn).toBe('c_2');
    expect(later.map((p) => p.view.counts.rendering)).toEqual([13, 13, 13]);
  });
});

describe('poll › an open outcome in a part outside the list', () => {
  it('should give that part its turn again until it is settled, though nothing of it renders', () => {
    // c_1 renders and is in the list; c_2 waits, outside the list, with an unknown Generate open.
    const turns = (open: Set<string>) => {
      const w = cachedWorld();
      const waiting = { ...counts, pending: 10, rendering: 0 };
      const api = {
        listCampaigns: () => [summary('c_1')],
        getCampaigns: (ids: string[]) => ids.map((id) => (id === 'c_2' ? { ...detail(id), status: 'draft', counts: waiting } : detail(id))),
      } as unknown as ApiClient;
      const parts = twoParts(false);
      return Array.from({ length: 6 }, () => {
        w.clock.sleep(30_000);
        return pollCampaign(w.svc, api, parts, open).turn;
      }).filter((t) => t === 'c_2').length;
    };
    expect(turns(new Set())).toBe(1);
    expect(turns(new Set(['c_2']))).toBe(3);
  });
});

describe('poll › a list that shows none of the parts', () => {
  it('should read the campaign list again only every five minutes, one part a poll in between (both at first: nothing of either is known)', () => {
    // A colleague's newer campaigns fill the list: neither part is in it, and both render.
    const w = cachedWorld();
    let lists = 0;
    let details = 0;
    const api = {
      listCampaigns: () => (lists++, [summary('other')]),
      getCampaigns: (ids: string[]) => ((details += ids.length), ids.map(detail)),
    } as unknown as ApiClient;
    const parts = twoParts(true);
    // Ten polls 30 s apart: five minutes.
    const turns = Array.from({ length: 10 }, () => {
      w.clock.sleep(30_000);
      return pollCampaign(w.svc, api, parts).turn;
    });
    expect(lists).toBe(1);
    expect(details).toBe(11);
    expect(new Set(turns)).toEqual(new Set(['c_1', 'c_2']));
    w.clock.sleep(30_000);
    pollCampaign(w.svc, api, parts);
    expect(lists).toBe(2);
  });

  it('should read the list every poll while it shows a part', () => {
    const w = cachedWorld();
    let lists = 0;
    const api = { listCampaigns: () => (lists++, [summary('c_2')]), getCampaigns: (ids: string[]) => ids.map(detail) } as unknown as ApiClient;
    const parts = twoParts(true);
    for (let i = 0; i < 4; i++) {
      w.clock.sleep(30_000);
      pollCampaign(w.svc, api, parts);
    }
    expect(lists).toBe(4);
  });
});

describe('poll › done parts', () => {
  it('should sum a done part from its record, never read it, and keep nothing of it in the memo, however many parts', () => {
    const w = world({}, { now: 60_000 * 1000 });
    const store = new Map<string, string>();
    w.svc.userCache = () => ({ get: (k: string) => store.get(k) ?? null, put: (k: string, v: string) => void store.set(k, v) }) as never;
    const read: string[] = [];
    const api = { listCampaigns: () => [], getCampaigns: (ids: string[]) => ids.map((id) => (read.push(id), detail(id))) } as unknown as ApiClient;
    // 400 parts the list no longer shows: 399 done (each with 2 failed people), the newest rendering; the memo had read them all.
    const ids = Array.from({ length: 400 }, (_, i) => `cmp_${String(i).padStart(32, '0')}`);
    store.set(
      `poll.${ids[0]}`,
      JSON.stringify({ cursor: '', parts: Object.fromEntries(ids.map((id) => [id, { sig: '', detail: detail(id), rec: '10 true undefined' }])) }),
    );
    const c = {
      id: ids[0]!,
      name: 'Q3',
      templateId: 't',
      parts: ids.map((id, i) => (i < 399 ? { id, size: 500, closed: true, done: 1 as const, failed: 2 } : { id, size: 10, closed: true })),
    };
    const poll = pollCampaign(w.svc, api, c);
    expect(read).toEqual([ids[399]]);
    expect(poll.view.counts).toMatchObject({ total: 399 * 500 + 10, complete: 399 * 498, failed: 399 * 2, rendering: 10 });
    expect(Object.keys(JSON.parse(store.get(`poll.${ids[0]}`)!).parts)).toEqual([ids[399]]);
  });
});

describe('poll › a part neither listed nor in the memo', () => {
  it("should sum it from a tab's last refresh of it, not as zeros, while its turn has not come", () => {
    const w = world({}, { now: 60_000 * 1000 });
    const read: string[] = [];
    const api = { listCampaigns: () => [], getCampaigns: (ids: string[]) => ids.map((id) => (read.push(id), detail(id))) } as unknown as ApiClient;
    // Three parts nobody has polled: two are read this poll, c_2 waits its turn. The timer's refresh of a tab last saw
    // c_2 with 4 people waiting.
    const waiting = { ...counts, total: 4, pending: 4, rendering: 0 };
    w.svc.doc.setProperty('refresh.1000001.c_2', JSON.stringify({ status: 'draft', counts: waiting, at: 1 }));
    const c = { ...twoParts(false), parts: [...twoParts(false).parts, { id: 'c_3', size: 10, closed: true }] };
    const poll = pollCampaign(w.svc, api, c);
    expect(read.sort()).toEqual(['c_1', 'c_3']);
    expect(poll.view.counts).toMatchObject({ total: 24, pending: 4, rendering: 20 });
    // Not read now: still nothing money is settled from.
    expect([...poll.known.keys()].sort()).toEqual(['c_1', 'c_3']);
  });
});

describe('poll › whose turn', () => {
  it('should read in one poll both parts the list and its memo do not show, though the counts of one are kept (another document may have changed it)', () => {
    const w = world({}, { now: 60_000 * 1000 });
    const read: string[] = [];
    const api = { listCampaigns: () => [], getCampaigns: (ids: string[]) => ids.map((id) => (read.push(id), detail(id))) } as unknown as ApiClient;
    // By the clock it would be c_1's turn; c_1's settled counts are kept, nothing of c_2 is.
    w.svc.doc.setProperty('settled.c_1', JSON.stringify({ ...detail('c_1'), counts: { ...counts, rendering: 0, complete: 10 } }));
    const poll = pollCampaign(w.svc, api, twoParts(true));
    expect(read.sort()).toEqual(['c_1', 'c_2']);
    expect(poll.view.counts).toMatchObject({ total: 20, rendering: 20 });
  });
});

describe('poll › a settled part outside the list, its cache lost', () => {
  const stopped = (id: string): CampaignDetail => ({ ...detail(id), status: 'stopped', counts: { ...counts, rendering: 0, complete: 8, failed: 2 } });
  const threeParts = () => ({ ...twoParts(true), parts: [...twoParts(true).parts, { id: 'c_3', size: 10, closed: true }] });
  /** Polls 30 s apart, the person's cache forgetting everything (none of the parts is in the list); what each counted and named. */
  function polls(n: number) {
    const w = world({}, { now: 60_000 * 1000 });
    const api = {
      listCampaigns: () => [],
      getCampaigns: (ids: string[]) => ids.map((id) => (id === 'c_1' ? stopped(id) : detail(id))),
    } as unknown as ApiClient;
    return Array.from({ length: n }, () => {
      w.clock.sleep(30_000);
      return pollCampaign(w.svc, api, threeParts());
    });
  }

  it('should keep its counts once read, so a poll that does not read it sums them, not zeros', () => {
    // Two of the three parts are read a poll; c_1 stopped with everyone finished (the only finished people), the others render.
    const all = polls(6);
    const later = all.slice(all.findIndex((p) => p.view.details.has('c_1')) + 1);
    expect(later.some((p) => !p.view.details.has('c_1'))).toBe(true);
    expect(later.map((p) => p.view.counts.complete)).toEqual(later.map(() => 8));
  });

  it('should not name it among the parts that may render when this poll read it stopped', () => {
    const all = polls(3);
    const readNow = all.filter((p) => p.view.details.has('c_1'));
    expect(readNow.length).toBeGreaterThan(0);
    for (const p of readNow) expect(p.rendering.map((r) => r.id)).toEqual(['c_2', 'c_3']);
  });
});

describe('poll › parts nothing is known of', () => {
  it('should read first, whatever the turn, a part neither the list, the memo nor any kept counts show', () => {
    // Three parts outside the list and no memo: c_1 and c_2 have settled counts kept, c_3 nothing (a Stop forgot them).
    const reads = [0, 30_000, 60_000].map((offset) => {
      const w = world({}, { now: 60_000 * 1000 + offset });
      const read: string[] = [];
      const api = { listCampaigns: () => [], getCampaigns: (ids: string[]) => ids.map((id) => (read.push(id), detail(id))) } as unknown as ApiClient;
      for (const id of ['c_1', 'c_2'])
        w.svc.doc.setProperty(`settled.${id}`, JSON.stringify({ ...detail(id), counts: { ...counts, rendering: 0, complete: 10 } }));
      const poll = pollCampaign(w.svc, api, { ...twoParts(true), parts: [...twoParts(true).parts, { id: 'c_3', size: 10, closed: true }] });
      expect(poll.view.counts.total).toBe(30);
      return read;
    });
    expect(reads.every((r) => r.includes('c_3') && r.length === 2)).toBe(true);
  });
});

describe('poll › parts outside the list another document may change', () => {
  /** c_1 and c_2 outside the list, both read settled before (kept, and in the memo); c_2 has since been given two people. */
  function world2() {
    const w = cachedWorld();
    const done = (id: string): CampaignDetail => ({ ...detail(id), status: 'stopped', counts: { ...counts, rendering: 0, complete: 10 } });
    let c2 = done('c_2');
    const read: string[] = [];
    const api = {
      listCampaigns: () => [],
      getCampaigns: (ids: string[]) => ids.map((id) => (read.push(id), id === 'c_2' ? c2 : done(id))),
    } as unknown as ApiClient;
    const parts = twoParts(true);
    w.clock.sleep(30_000);
    pollCampaign(w.svc, api, parts);
    w.clock.sleep(30_000);
    pollCampaign(w.svc, api, parts);
    c2 = { ...c2, counts: { ...c2.counts, total: 12, pending: 2 } };
    read.length = 0;
    return { w, api, parts, read };
  }

  it('should read, when nothing is due, one of them a poll in turn, and show what another document added', () => {
    const { w, api, parts, read } = world2();
    const after = Array.from({ length: 2 }, () => {
      w.clock.sleep(30_000);
      return pollCampaign(w.svc, api, parts);
    });
    expect(read.sort()).toEqual(['c_1', 'c_2']);
    expect(after[1]!.view.counts).toMatchObject({ total: 22, pending: 2 });
    // Its settled counts no longer hold: forgotten, so no later poll sums them.
    expect(w.svc.doc.getProperty('settled.c_2')).toBeNull();
  });

  it('should name neither among the parts that may render while their settled counts are kept', () => {
    const { w, api, parts } = world2();
    w.clock.sleep(30_000);
    const poll = pollCampaign(w.svc, api, parts);
    const notRead = parts.parts.map((p) => p.id).filter((id) => !poll.view.details.has(id));
    expect(notRead).toHaveLength(1);
    expect(poll.rendering.map((r) => r.id)).not.toContain(notRead[0]);
  });
});

describe('poll › done parts folded into the record', () => {
  it("should count the folded parts' people from the record's total, reading neither them nor more than the parts in play", () => {
    // 1,000 people finished in two parts the record folded, beside the first and the newest part (docs/rules.md#parts).
    const w = cachedWorld();
    const read: string[] = [];
    const api = {
      listCampaigns: () => [summary('c_1'), summary('c_2')],
      getCampaigns: (ids: string[]) => ids.map((id) => (read.push(id), detail(id))),
    } as unknown as ApiClient;
    const c = { ...twoParts(true), folded: { n: 2, size: 1000, failed: 7 } };
    const poll = pollCampaign(w.svc, api, c);
    expect(poll.view.counts).toEqual({ total: 1020, pending: 0, rendering: 20, complete: 993, failed: 7, cancelled: 0, skipped: 0 });
    expect(poll.view.status).toBe('rendering');
    expect(read.every((id) => id === 'c_1' || id === 'c_2')).toBe(true);
  });
});
