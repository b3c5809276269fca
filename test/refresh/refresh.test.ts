// refreshSheet on the stand-in's in-memory sheet, with a scripted API: each test says which reads happen.
import type { ApiClient } from '../../src/api/client';
import { ApiError, runTimeUp } from '../../src/api/errors';
import type { CampaignDetail, CampaignSummary, FinishedVideo, Lead } from '../../src/api/types';
import { refreshSheet, sharedSummaries, type RefreshInput } from '../../src/refresh/refresh';
import { NOTES } from '../../src/refresh/row-status';
import type { Entry } from '../../src/register/identity';
import { appendEntries } from '../../src/register/store';
import type { Sheet } from '../../src/sheet/table';
import { CellError, FormulaCell } from '../../dev/standin/cell';
import { FakeClock } from '../api/fakes';
import { world } from '../unit-services';

const HEADERS = ['First name', 'Company', 'Email', 'Lead ID', 'Campaign ID', 'Page URL', 'Video URL', 'Video Status', 'Video Note'];
type Row = [first: string, company: string, email: unknown, leadId: string, campaignId: string, status: string];

const counts = (c: Partial<CampaignDetail['counts']>): CampaignDetail['counts'] => ({
  total: 0,
  pending: 0,
  rendering: 0,
  complete: 0,
  failed: 0,
  cancelled: 0,
  skipped: 0,
  ...c,
});
const detail = (id: string, c: Partial<CampaignDetail['counts']>, status = 'rendering'): CampaignDetail =>
  ({ id, name: id, status, counts: counts(c), stages: {} }) as CampaignDetail;
const summaryOf = (d: CampaignDetail): CampaignSummary => ({
  id: d.id,
  name: d.id,
  status: d.status,
  leadCount: d.counts.total,
  waiting: d.counts.pending,
  complete: d.counts.complete,
  failed: d.counts.failed,
  nextStep: '',
  createdAt: '2026-11-24T09:00:00Z',
});
const lead = (id: string, o: Partial<Lead>): Lead => ({ id, campaignId: 'c_1', status: 'rendering', url: null, videoUrl: null, videoReady: false, ...o });

/** The API as a table of campaigns and leads; every read is logged. */
function fakeApi(campaigns: Record<string, CampaignDetail | ApiError>, leads: Record<string, Lead> = {}, videos: Record<string, FinishedVideo[]> = {}) {
  const log: string[] = [];
  const api = {
    listCampaigns: () => {
      log.push('list');
      return Object.values(campaigns)
        .filter((d): d is CampaignDetail => !(d instanceof Error))
        .map(summaryOf);
    },
    getCampaigns: (ids: string[]) =>
      ids.map((id) => {
        log.push(`detail ${id}`);
        return campaigns[id] ?? new ApiError('not_found', 404, 'gone');
      }),
    listVideosOf: (ids: string[]) =>
      ids.map((id) => {
        log.push(`videos ${id}`);
        return videos[id] ?? [];
      }),
    getLead: (id: string) => {
      log.push(`lead ${id}`);
      const l = leads[id];
      if (!l) throw new ApiError('not_found', 404, 'gone');
      return l;
    },
  } as unknown as ApiClient;
  return { api, log, campaigns, leads, videos };
}

function setup(rows: Row[], api: ReturnType<typeof fakeApi>) {
  const w = world({}, { connected: false });
  const sheet = w.ss.getActiveSheet() as unknown as Sheet;
  sheet.getRange(1, 1, 1, HEADERS.length).setValues([HEADERS]);
  // Stored as given, so a formula showing an error value stays one.
  w.ss.getActiveSheet().setValuesRaw(
    rows.map(([f, c, e, id, cid, s]) => [f, c, e, id, cid, '', '', s, '']),
    2,
    1,
  );
  const clock = new FakeClock(Date.parse('2026-11-24T10:00:00Z'));
  const pass = (o: Partial<RefreshInput> = {}) =>
    refreshSheet({
      sheet,
      api: api.api,
      clock,
      deadline: clock.now() + 240_000,
      memo: w.doc,
      summaries: sharedSummaries(api.api),
      ...o,
    });
  const cell = (row: number, h: string) => String(sheet.getRange(row, HEADERS.indexOf(h) + 1).getDisplayValue());
  return { w, sheet, pass, cell };
}

/** Rows as the add-on's send leaves them: each Lead ID in the register as its row's person (a video is placed by name). */
function sent(t: ReturnType<typeof setup>, rows: Row[]): void {
  const entries = rows.map(([firstName, company, , leadId, part]): Entry => ({
    at: 0,
    leadId,
    part,
    campaign: part,
    tab: '0',
    batch: '1',
    state: 'sent',
    firstName,
    company,
    email: '',
    profileUrl: '',
    columns: 'First name|Company|Email|',
  }));
  appendEntries({ ss: t.w.ss as never, props: t.w.doc }, entries);
}

describe('refresh › what a pass costs', () => {
  // docs/rules.md#budgets
  it('should cost one request, the campaign list, on a pass where nothing changed', () => {
    const api = fakeApi({ c_1: detail('c_1', { total: 2, rendering: 2 }) });
    const t = setup(
      [
        ['Ada', 'ACME', '', 'l_1', 'c_1', 'rendering'],
        ['Bob', 'Beta', '', 'l_2', 'c_1', 'rendering'],
      ],
      api,
    );
    t.pass();
    expect(api.log).toContain('detail c_1');
    api.log.length = 0;
    t.pass();
    expect(api.log).toEqual(['list']);
  });

  it('should read the campaign again once its summary moves', () => {
    const api = fakeApi({ c_1: detail('c_1', { total: 2, rendering: 2 }) });
    const t = setup(
      [
        ['Ada', 'ACME', '', 'l_1', 'c_1', 'rendering'],
        ['Bob', 'Beta', '', 'l_2', 'c_1', 'rendering'],
      ],
      api,
    );
    t.pass();
    api.campaigns.c_1 = detail('c_1', { total: 2, rendering: 1, failed: 1 });
    api.leads.l_1 = lead('l_1', { status: 'failed' });
    api.leads.l_2 = lead('l_2', { status: 'rendering' });
    api.log.length = 0;
    t.pass();
    expect(api.log.slice(0, 2)).toEqual(['list', 'detail c_1']);
    expect(t.cell(2, 'Video Status')).toBe('failed');
  });
});

describe('refresh › parts outside the list', () => {
  // docs/rules.md#parts
  const queued = (id: string) => ({ ...detail(id, { total: 1, rendering: 1 }), stages: { queued: 1 } }) as CampaignDetail;
  const fiveQueued = () => {
    const ids = [1, 2, 3, 4, 5].map((i) => `c_${i}`);
    const api = fakeApi(Object.fromEntries(ids.map((id) => [id, queued(id)])));
    // A colleague's newer campaigns fill the list: none of these is in it.
    api.api.listCampaigns = () => (api.log.push('list'), []);
    const rows = ids.map((id, i): Row => [`P${i}`, `Co${i}`, '', `l_${i}`, id, 'rendering']);
    const t = setup(rows, api);
    sent(t, rows);
    return { api, t, ids };
  };

  it('should read, of parts whose renders were all queued, only the first two in line each pass', () => {
    const { api, t } = fiveQueued();
    t.pass();
    expect(api.log.filter((l) => l.startsWith('detail'))).toHaveLength(5);
    api.log.length = 0;
    t.pass();
    expect(api.log.filter((l) => l.startsWith('detail'))).toEqual(['detail c_1', 'detail c_2']);
  });

  it('should read every queued part again once an hour has passed, in whatever order the service starts them', () => {
    const { api, t, ids } = fiveQueued();
    const clock = new FakeClock(Date.parse('2026-11-24T10:00:00Z'));
    t.pass({ clock, deadline: clock.now() + 240_000 });
    clock.sleep(30 * 60_000);
    t.pass({ clock, deadline: clock.now() + 240_000 });
    // The fifth in line started first: an hour after its last read it is read, and its video is written.
    api.campaigns.c_5 = detail('c_5', { total: 1, complete: 1 }, 'complete');
    api.videos.c_5 = [{ firstName: 'P4', company: 'Co4', url: 'https://p.example/p/5', videoUrl: 'https://p.example/v/5.mp4' }];
    clock.sleep(30 * 60_000);
    api.log.length = 0;
    t.pass({ clock, deadline: clock.now() + 240_000 });
    expect(api.log.filter((l) => l.startsWith('detail'))).toEqual(ids.map((id) => `detail ${id}`));
    expect(t.cell(6, 'Video Status')).toBe('complete');
  });

  it('should read a part again when the pass that saw its summary move could not read it', () => {
    const api = fakeApi({ c_1: detail('c_1', { total: 1, rendering: 1 }) });
    const rows: Row[] = [['Ada', 'ACME', '', 'l_1', 'c_1', 'rendering']];
    const t = setup(rows, api);
    sent(t, rows);
    t.pass();
    api.campaigns.c_1 = detail('c_1', { total: 1, complete: 1 }, 'complete');
    api.videos.c_1 = [{ firstName: 'Ada', company: 'ACME', url: 'https://p.example/p/1', videoUrl: 'https://p.example/v/1.mp4' }];
    const read = api.api.getCampaigns;
    api.api.getCampaigns = (ids: string[]) => ids.map(() => runTimeUp('GET /campaigns/{id}'));
    t.pass();
    api.api.getCampaigns = read;
    api.log.length = 0;
    t.pass();
    expect(api.log).toContain('detail c_1');
    expect(t.cell(2, 'Video Status')).toBe('complete');
  });
});

describe('refresh › a run that runs out of time', () => {
  // docs/rules.md#budgets
  it('should keep what it read when the deadline stops its requests mid-pass, and refresh the rest on the next pass', () => {
    const ids = Array.from({ length: 30 }, (_, i) => i + 1);
    const campaigns = Object.fromEntries(ids.map((i) => [`c_${i}`, detail(`c_${i}`, { total: 1, complete: 1 }, 'complete')]));
    const videos = Object.fromEntries(
      ids.map((i) => [`c_${i}`, [{ firstName: `P${i}`, company: `Co${i}`, url: `https://p.example/p/${i}`, videoUrl: `https://p.example/v/${i}.mp4` }]]),
    );
    const api = fakeApi(campaigns, {}, videos);
    // Room for 40 requests a run: past them, what the deadline leaves unsent.
    let room = 40;
    const late = runTimeUp('GET /campaigns/{id}');
    const within =
      <T>(read: (ids: string[]) => T[]) =>
      (asked: string[]) =>
        read(asked).map((x) => (room-- > 0 ? x : late));
    api.api.getCampaigns = within(api.api.getCampaigns);
    api.api.listVideosOf = within(api.api.listVideosOf);
    const rows = ids.map((i): Row => [`P${i}`, `Co${i}`, '', `l_${i}`, `c_${i}`, 'rendering']);
    const t = setup(rows, api);
    sent(t, rows);
    const first = t.pass();
    const done = () => ids.filter((i) => t.cell(i + 1, 'Video Status') === 'complete').length;
    expect(first.finished).toBe(false);
    expect(done()).toBeGreaterThan(0);
    expect(t.cell(2, 'Video URL')).toBe('https://p.example/v/1.mp4');
    room = 40;
    t.pass();
    expect(done()).toBe(30);
  });
});

describe('refresh › links', () => {
  // docs/rules.md#links-when-ready
  it('should write no link while the video file is not ready, and write both once it is', () => {
    const api = fakeApi(
      { c_1: detail('c_1', { total: 1, complete: 1 }, 'complete') },
      {
        l_1: lead('l_1', {
          firstName: 'Ada',
          company: 'ACME',
          status: 'complete',
          url: 'https://p.example/p/ada',
          videoUrl: 'https://p.example/v/ada.mp4',
          videoReady: false,
        }),
      },
    );
    const t = setup([['Ada', 'ACME', '', 'l_1', 'c_1', 'rendering']], api);
    t.pass();
    expect([t.cell(2, 'Video Status'), t.cell(2, 'Page URL'), t.cell(2, 'Video URL')]).toEqual(['rendering', '', '']);
    api.leads.l_1 = { ...api.leads.l_1!, videoReady: true };
    api.log.length = 0;
    t.pass();
    expect(api.log).toContain('lead l_1');
    expect([t.cell(2, 'Video Status'), t.cell(2, 'Page URL'), t.cell(2, 'Video URL')]).toEqual([
      'complete',
      'https://p.example/p/ada',
      'https://p.example/v/ada.mp4',
    ]);
  });
});

describe('refresh › a campaign the key cannot see', () => {
  // docs/rules.md#refusals
  it("should leave a 404 campaign's rows as they are, with a note, and refresh the others", () => {
    const api = fakeApi({ c_1: detail('c_1', { total: 1, failed: 1 }, 'complete') }, { l_1: lead('l_1', { status: 'failed' }) });
    const t = setup(
      [
        ['Ada', 'ACME', '', 'l_1', 'c_1', 'rendering'],
        ['Bob', 'Beta', '', 'l_9', 'c_gone', 'rendering'],
      ],
      api,
    );
    t.pass();
    expect(t.cell(2, 'Video Status')).toBe('failed');
    expect([t.cell(3, 'Lead ID'), t.cell(3, 'Video Status'), t.cell(3, 'Video Note')]).toEqual(['l_9', 'rendering', NOTES.campaignNotFound('c_gone')]);
  });

  it("should write nothing and say so when the key sees none of the tab's campaigns", () => {
    const api = fakeApi({});
    const t = setup([['Bob', 'Beta', '', 'l_9', 'c_gone', 'rendering']], api);
    expect(() => t.pass()).toThrow(ApiError);
    expect([t.cell(2, 'Video Status'), t.cell(2, 'Video Note')]).toEqual(['rendering', '']);
  });
});

describe('refresh › who a row is', () => {
  const entry = (leadId: string, firstName: string, email: string): Entry => ({
    at: 0,
    leadId,
    part: 'c_1',
    campaign: 'c_1',
    tab: '0',
    batch: '1',
    state: 'sent',
    firstName,
    company: 'ACME',
    email,
    profileUrl: '',
    columns: 'First name|Company|Email|',
  });

  // docs/rules.md#row-identity
  it('should clear a row whose email now definitely names someone else, but keep rows with an empty or error cell', () => {
    const api = fakeApi(
      { c_1: detail('c_1', { total: 3, failed: 3 }, 'complete') },
      {
        l_1: lead('l_1', { status: 'failed' }),
        l_2: lead('l_2', { status: 'failed' }),
        l_3: lead('l_3', { status: 'failed' }),
      },
    );
    const t = setup(
      [
        ['Ada', 'ACME', 'zed@other.test', 'l_1', 'c_1', 'rendering'],
        ['Bob', 'ACME', '', 'l_2', 'c_1', 'rendering'],
        ['Cy', 'ACME', new FormulaCell('=VLOOKUP(A4,X!A:B,2)', new CellError('#REF!')), 'l_3', 'c_1', 'rendering'],
      ],
      api,
    );
    appendEntries({ ss: t.w.ss as never, props: t.w.doc }, [
      entry('l_1', 'Ada', 'ada@acme.test'),
      entry('l_2', 'Bob', 'bob@acme.test'),
      entry('l_3', 'Cy', 'cy@acme.test'),
    ]);
    expect(t.cell(4, 'Email')).toBe('#REF!');
    t.pass();
    expect([t.cell(2, 'Lead ID'), t.cell(2, 'Video Status')]).toEqual(['', '']);
    expect(t.cell(2, 'Video Note')).toContain('l_1');
    expect([t.cell(3, 'Lead ID'), t.cell(3, 'Video Status')]).toEqual(['l_2', 'failed']);
    expect([t.cell(4, 'Lead ID'), t.cell(4, 'Video Status')]).toEqual(['l_3', 'failed']);
  });
});
