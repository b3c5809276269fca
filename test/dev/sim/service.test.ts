// Every endpoint's reply shape and every business error, each produced by its real condition, over HTTP.
import { SIM_KEYS, SIM_PRICES, SIM_TEMPLATES } from '../../../dev/sim/types';
import { advance, balance, call, campaignWith, createCampaign, people, state, useSimulator } from './helpers';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('simulator service', () => {
  const sim = useSimulator({ stageMs: 1000 });

  describe('GET /templates', () => {
    it('should list the seeded templates newest last with blockedReason only on unusable ones', async () => {
      const r = await call(sim(), 'GET', '/templates');
      expect(r.status).toBe(200);
      const t = r.body.templates as { id: string; usable: boolean; blockedReason?: string; createdAt: string; name: string }[];
      expect(t.map((x) => x.id).sort()).toEqual(Object.values(SIM_TEMPLATES).sort());
      const times = t.map((x) => Date.parse(x.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const x of t) {
        expect(x.createdAt).toMatch(ISO);
        expect(typeof x.name).toBe('string');
        expect(x.usable).toBe(x.id === SIM_TEMPLATES.ready);
        expect('blockedReason' in x).toBe(!x.usable);
      }
      expect(t.find((x) => x.id === SIM_TEMPLATES.voicePending)?.blockedReason).toMatch(/voice/i);
    });

    it("should list only the key's own workspace", async () => {
      const r = await call(sim(), 'GET', '/templates', { key: SIM_KEYS.other });
      expect(r.body.templates.map((x: { id: string }) => x.id)).toEqual(['tpl_other_ready']);
    });
  });

  describe('POST /campaigns', () => {
    it('should put idPrefix before new campaign and lead ids, and still find them by id', async () => {
      await sim().control({ action: 'configure', config: { idPrefix: '=' } });
      const c = await call(sim(), 'POST', '/campaigns', { body: { templateId: SIM_TEMPLATES.ready, name: 'Eq' } });
      expect(c.body.id).toMatch(/^=cmp_/);
      const added = await call(sim(), 'POST', `/campaigns/${encodeURIComponent(c.body.id)}/leads`, { body: { firstName: 'Ann', company: 'A' } });
      expect(added.body.people[0].id).toMatch(/^=ld_/);
      const lead = await call(sim(), 'GET', `/leads/${encodeURIComponent(added.body.people[0].id)}`);
      expect(lead.body.id).toBe(added.body.people[0].id);
      await sim().control({ action: 'configure', config: { idPrefix: '' } });
    });

    it('should create a draft, trimming the name to 80 characters', async () => {
      const name = `  ${'N'.repeat(100)}  `;
      const r = await call(sim(), 'POST', '/campaigns', { body: { templateId: SIM_TEMPLATES.ready, name, goal: 'CTOs' } });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ id: expect.any(String), name: 'N'.repeat(80), templateId: SIM_TEMPLATES.ready, status: 'draft' });
    });

    it('should allow an unusable template (the 409 comes later)', async () => {
      const r = await call(sim(), 'POST', '/campaigns', { body: { templateId: SIM_TEMPLATES.noName, name: 'x' } });
      expect(r.status).toBe(200);
    });

    it('should answer 400 bad_input naming a missing or mistyped field', async () => {
      const cases: [unknown, RegExp][] = [
        [{ name: 'x' }, /templateId/],
        [{ templateId: SIM_TEMPLATES.ready }, /name/],
        [{ templateId: 5, name: 'x' }, /templateId/],
        [{ templateId: SIM_TEMPLATES.ready, name: '   ' }, /name/],
        [{ templateId: SIM_TEMPLATES.ready, name: 'x', goal: 3 }, /goal/],
        [[], /body/],
      ];
      for (const [body, field] of cases) {
        const r = await call(sim(), 'POST', '/campaigns', { body });
        expect([r.status, r.body.error]).toEqual([400, 'bad_input']);
        expect(r.body.message).toMatch(field);
      }
    });

    it('should answer 404 not_found for a nonexistent template or one of another workspace', async () => {
      for (const templateId of ['tpl_missing', 'tpl_other_ready']) {
        const r = await call(sim(), 'POST', '/campaigns', { body: { templateId, name: 'x' } });
        expect([templateId, r.status, r.body.error]).toEqual([templateId, 404, 'not_found']);
      }
    });
  });

  describe('GET /campaigns', () => {
    it('should list summaries newest first, 25 by default, limit from 1 to 100', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 27; i++) {
        ids.push(await createCampaign(sim()));
        await advance(sim(), 1000);
      }
      const r = await call(sim(), 'GET', '/campaigns');
      expect(r.body.campaigns.map((c: { id: string }) => c.id)).toEqual(ids.slice().reverse().slice(0, 25));
      expect(r.body.campaigns[0]).toEqual({
        id: ids[26],
        name: 'Test campaign',
        status: 'draft',
        leadCount: 0,
        waiting: 0,
        complete: 0,
        failed: 0,
        nextStep: expect.any(String),
        createdAt: expect.stringMatching(ISO),
      });
      expect((await call(sim(), 'GET', '/campaigns?limit=1')).body.campaigns).toHaveLength(1);
      expect((await call(sim(), 'GET', '/campaigns?limit=100')).body.campaigns).toHaveLength(27);
    });

    it('should answer 400 bad_input naming limit for a value outside 1..100', async () => {
      for (const limit of ['0', '101', 'abc', '2.5', '', '-1']) {
        const r = await call(sim(), 'GET', `/campaigns?limit=${limit}`);
        expect([limit, r.status, r.body.error]).toEqual([limit, 400, 'bad_input']);
        expect(r.body.message).toMatch(/limit/);
      }
    });

    it('should count people and vary nextStep with the state', async () => {
      const id = await campaignWith(sim(), 4, (i) => (i === 3 ? { firstName: '' } : {}));
      const before = (await call(sim(), 'GET', '/campaigns')).body.campaigns[0];
      expect(before).toMatchObject({ id, leadCount: 4, waiting: 3, complete: 0, failed: 0 });
      await call(sim(), 'POST', `/campaigns/${id}/generate`);
      await advance(sim(), 60_000);
      const after = (await call(sim(), 'GET', '/campaigns')).body.campaigns[0];
      expect(after).toMatchObject({ leadCount: 4, waiting: 0, complete: 3 });
      expect(after.nextStep).not.toBe(before.nextStep);
    });
    it('should count as waiting only people a generate would charge for: never attempted, with a first name', async () => {
      const id = await createCampaign(sim());
      await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { email: 'nameless@x.io', company: 'Acme' } });
      const summary = async () => (await call(sim(), 'GET', '/campaigns')).body.campaigns[0];
      expect(await summary()).toMatchObject({ id, leadCount: 1, waiting: 0 });
      expect((await call(sim(), 'GET', `/campaigns/${id}/estimate`)).body.leads).toBe(0);
      expect((await call(sim(), 'POST', `/campaigns/${id}/generate`)).body.error).toBe('not_ready');
      expect(await summary()).toMatchObject({ waiting: 0 });
    });
  });

  describe('POST /campaigns/{id}/leads', () => {
    it('should add people and give each an id, a page url and a video url', async () => {
      const id = await createCampaign(sim());
      const r = await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { people: people(3) } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ added: 3, skipped: 0, total: 3 });
      expect(r.body.people.map((p: { firstName: string }) => p.firstName)).toEqual(['Ann0', 'Ann1', 'Ann2']);
      for (const p of r.body.people) {
        expect(p).toEqual({
          id: expect.any(String),
          firstName: expect.any(String),
          company: expect.any(String),
          url: expect.any(String),
          videoUrl: `${p.url}/video`,
        });
        expect(p.url.startsWith(`${sim().pageBase}/p/`)).toBe(true);
      }
    });

    it('should accept a single person object at the top level', async () => {
      const id = await createCampaign(sim());
      const r = await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { firstName: 'Solo', company: 'One' } });
      expect(r.body).toMatchObject({ added: 1, skipped: 0, total: 1, people: [{ firstName: 'Solo', company: 'One' }] });
    });

    it('should skip people matched by email, profile link or first name plus company, returning their ids', async () => {
      const id = await createCampaign(sim());
      const first = await call(sim(), 'POST', `/campaigns/${id}/leads`, {
        body: {
          people: [
            { firstName: 'Ann', company: 'Acme', email: 'Ann@Example.com' },
            { firstName: 'Bob', profileUrl: 'https://in/bob' },
            { firstName: 'Cy', company: 'Zeta' },
            { firstName: 'Nomatch' },
          ],
        },
      });
      const again = await call(sim(), 'POST', `/campaigns/${id}/leads`, {
        body: {
          people: [
            { firstName: 'Other', email: ' ann@example.COM ' },
            { profileUrl: 'https://in/bob' },
            { firstName: ' cy ', company: 'ZETA' },
            { firstName: 'Nomatch' },
            { firstName: 'New', company: 'Acme' },
          ],
        },
      });
      expect(again.body).toMatchObject({ added: 2, skipped: 3, total: 6 });
      const ids = again.body.people.map((p: { id: string }) => p.id);
      expect(ids.slice(0, 3)).toEqual(first.body.people.slice(0, 3).map((p: { id: string }) => p.id));
      expect(again.body.people.slice(0, 3).map((p: { url: string }) => p.url)).toEqual(first.body.people.slice(0, 3).map((p: { url: string }) => p.url));
      expect(again.body.people[0].firstName).toBe('Ann');
      expect(ids[3]).not.toBe(first.body.people[3].id);
    });

    it('should skip a repeated person within the same call', async () => {
      const id = await createCampaign(sim());
      const r = await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { people: [{ email: 'a@x.io' }, { email: 'A@x.io' }] } });
      expect(r.body).toMatchObject({ added: 1, skipped: 1, total: 1 });
      expect(r.body.people[0].id).toBe(r.body.people[1].id);
    });

    it('should reject the whole call with 400 naming a field over its length, adding nobody', async () => {
      const id = await createCampaign(sim());
      const limits: [string, number][] = [
        ['firstName', 80],
        ['company', 120],
        ['hook', 200],
        ['ctaLabel', 40],
        ['headline', 160],
      ];
      for (const [field, max] of limits) {
        const ok = await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { people: [{ [field]: 'é'.repeat(max) }] } });
        expect([field, ok.status]).toEqual([field, 200]);
        const list = people(5);
        list[3] = { ...list[3], [field]: 'x'.repeat(max + 1) };
        const r = await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { people: list } });
        expect([r.status, r.body.error, r.body.message]).toEqual([400, 'bad_input', `people[3].${field} is longer than ${max} characters.`]);
      }
      expect((await state(sim())).campaigns.find((c) => c.id === id)?.leads).toHaveLength(limits.length);
    });

    it('should answer 400 for a non-string field, a non-list people and more than 1000 people', async () => {
      const id = await createCampaign(sim());
      const bad = [{ people: [{ firstName: 'A' }, { company: 7 }] }, { people: 'x' }, { people: people(1001) }, 'text', { people: [null] }];
      const messages = [];
      for (const body of bad) {
        const r = await call(sim(), 'POST', `/campaigns/${id}/leads`, { body });
        expect([r.status, r.body.error]).toEqual([400, 'bad_input']);
        messages.push(r.body.message);
      }
      expect(messages[0]).toMatch(/people\[1\]\.company/);
      expect(messages[2]).toMatch(/1000/);
      expect((await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { people: people(1000) } })).body.added).toBe(1000);
    });

    it('should list people in a shuffled order when shufflePeople is on', async () => {
      await sim().control({ action: 'configure', config: { faults: { shufflePeople: true } } });
      const id = await createCampaign(sim());
      const r = await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { people: people(30) } });
      const names = r.body.people.map((p: { firstName: string }) => p.firstName);
      expect(names).not.toEqual(people(30).map((p) => p.firstName));
      expect([...names].sort()).toEqual(
        people(30)
          .map((p) => p.firstName)
          .sort(),
      );
    });

    it('should answer 404 for a campaign of another workspace or none', async () => {
      for (const id of ['cmp_other_1', 'cmp_404']) {
        const r = await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { firstName: 'A' } });
        expect([r.status, r.body.error]).toEqual([404, 'not_found']);
      }
      expect((await state(sim())).campaigns.find((c) => c.id === 'cmp_other_1')?.leads).toHaveLength(2);
    });
  });

  describe('GET /campaigns/{id}/estimate', () => {
    it('should quote never-attempted people with a first name, low and high, and whether the balance covers high', async () => {
      const id = await campaignWith(sim(), 5, (i) => (i === 0 ? { firstName: '' } : {}));
      const r = await call(sim(), 'GET', `/campaigns/${id}/estimate`);
      expect(r.body).toEqual({ leads: 4, low: 4 * SIM_PRICES.video, high: 4 * (SIM_PRICES.video + SIM_PRICES.lookup), balance: 10_000, affordable: true });
      await sim().control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 11 });
      expect((await call(sim(), 'GET', `/campaigns/${id}/estimate`)).body).toMatchObject({ balance: 11, affordable: false });
    });
  });

  describe('preview and generate', () => {
    it('should preview the first 3 waiting people and charge them', async () => {
      const id = await campaignWith(sim(), 5);
      const r = await call(sim(), 'POST', `/campaigns/${id}/preview`);
      expect(r.body).toEqual({ campaignId: id, made: 3, creditsCharged: 3 * SIM_PRICES.video });
      expect(await balance(sim())).toBe(10_000 - 6);
      const leads = (await state(sim())).campaigns.find((c) => c.id === id)?.leads ?? [];
      expect(leads.map((l) => l.status)).toEqual(['rendering', 'rendering', 'rendering', 'pending', 'pending']);
    });

    it('should charge a lookup once per new website domain, between low and high', async () => {
      const id = await campaignWith(sim(), 4, (i) => ({ website: ['https://www.acme.com/x', 'acme.com', 'beta.io', ''][i] ?? '' }));
      const est = (await call(sim(), 'GET', `/campaigns/${id}/estimate`)).body;
      const r = await call(sim(), 'POST', `/campaigns/${id}/generate`);
      expect(r.body).toEqual({ campaignId: id, started: 4, creditsCharged: 4 * SIM_PRICES.video + 2 * SIM_PRICES.lookup });
      expect(r.body.creditsCharged).toBeGreaterThanOrEqual(est.low);
      expect(r.body.creditsCharged).toBeLessThanOrEqual(est.high);
      await advance(sim(), 10_000);
      const second = await campaignWith(sim(), 1, () => ({ email: 'new@example.com', website: 'acme.com' }));
      expect((await call(sim(), 'POST', `/campaigns/${second}/generate`)).body.creditsCharged).toBe(SIM_PRICES.video);
    });

    it('should skip people without a first name at generate, without charging them', async () => {
      const id = await campaignWith(sim(), 3, (i) => (i === 1 ? { firstName: '  ' } : {}));
      const r = await call(sim(), 'POST', `/campaigns/${id}/generate`);
      expect(r.body).toMatchObject({ started: 2, creditsCharged: 2 * SIM_PRICES.video });
      const detail = (await call(sim(), 'GET', `/campaigns/${id}`)).body;
      expect(detail.counts).toMatchObject({ total: 3, skipped: 1, rendering: 2, pending: 0 });
    });

    it('should answer 409 no_voice or needs_refilm for an unusable template, charging nothing', async () => {
      const cases: [string, string][] = [
        [SIM_TEMPLATES.voicePending, 'no_voice'],
        [SIM_TEMPLATES.noVideo, 'needs_refilm'],
        [SIM_TEMPLATES.noName, 'needs_refilm'],
      ];
      for (const [tpl, code] of cases) {
        const id = await createCampaign(sim(), tpl);
        await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { people: people(2) } });
        for (const action of ['preview', 'generate']) {
          const r = await call(sim(), 'POST', `/campaigns/${id}/${action}`);
          expect([tpl, action, r.status, r.body.error]).toEqual([tpl, action, 409, code]);
        }
      }
      expect(await balance(sim())).toBe(10_000);
    });

    it('should answer generate once the template becomes usable', async () => {
      const id = await createCampaign(sim(), SIM_TEMPLATES.voicePending);
      await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { people: people(1) } });
      await sim().control({ action: 'setTemplate', templateId: SIM_TEMPLATES.voicePending, usable: true });
      expect((await call(sim(), 'POST', `/campaigns/${id}/generate`)).status).toBe(200);
    });

    it('should answer 409 not_ready when nobody is waiting', async () => {
      const id = await createCampaign(sim());
      expect((await call(sim(), 'POST', `/campaigns/${id}/generate`)).body.error).toBe('not_ready');
      await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { people: people(1) } });
      await call(sim(), 'POST', `/campaigns/${id}/generate`);
      await advance(sim(), 5000);
      const r = await call(sim(), 'POST', `/campaigns/${id}/generate`);
      expect([r.status, r.body.error]).toEqual([409, 'not_ready']);
    });

    it('should answer 409 campaign_busy while the renders of a generate run, with no charge and nobody added', async () => {
      const id = await campaignWith(sim(), 2);
      await call(sim(), 'POST', `/campaigns/${id}/generate`);
      const before = await balance(sim());
      await advance(sim(), 3999);
      for (const [path, body] of [
        ['generate', undefined],
        ['preview', undefined],
        ['leads', { email: 'late@x.io', firstName: 'Late' }],
      ] as const) {
        const r = await call(sim(), 'POST', `/campaigns/${id}/${path}`, { body });
        expect([path, r.status, r.body.error]).toEqual([path, 409, 'campaign_busy']);
      }
      expect(await balance(sim())).toBe(before);
      expect((await call(sim(), 'GET', `/campaigns/${id}`)).body.counts).toMatchObject({ total: 2, rendering: 2 });
      await advance(sim(), 1);
      expect((await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { email: 'late@x.io', firstName: 'Late' } })).body.added).toBe(1);
      expect((await call(sim(), 'POST', `/campaigns/${id}/generate`)).body).toMatchObject({ started: 1, creditsCharged: 2 });
    });

    it('should stay busy while renders wait in the queue, and free the campaign when the last one fails', async () => {
      await sim().control({ action: 'configure', config: { concurrency: 1, failRate: 1 } });
      const id = await campaignWith(sim(), 2);
      await call(sim(), 'POST', `/campaigns/${id}/preview`);
      await advance(sim(), 4000);
      expect((await call(sim(), 'GET', `/campaigns/${id}`)).body.counts).toMatchObject({ failed: 1, rendering: 1 });
      expect((await call(sim(), 'POST', `/campaigns/${id}/generate`)).body.error).toBe('campaign_busy');
      await advance(sim(), 4000);
      expect((await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { email: 'late@x.io', firstName: 'Late' } })).body.added).toBe(1);
    });

    it('should let stop and reads through while busy, and stay busy until what could not be recalled finishes', async () => {
      await sim().control({ action: 'configure', config: { concurrency: 1 } });
      const id = await campaignWith(sim(), 3);
      await call(sim(), 'POST', `/campaigns/${id}/generate`);
      await advance(sim(), 1000);
      for (const path of ['', '/estimate', '/videos']) expect((await call(sim(), 'GET', `/campaigns/${id}${path}`)).status).toBe(200);
      expect((await call(sim(), 'GET', '/campaigns')).status).toBe(200);
      expect((await call(sim(), 'POST', `/campaigns/${id}/stop`)).body).toMatchObject({ stopped: 2, stillRendering: 1 });
      expect((await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { email: 'late@x.io', firstName: 'Late' } })).body.error).toBe('campaign_busy');
      await advance(sim(), 3000);
      expect((await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { email: 'late@x.io', firstName: 'Late' } })).body.added).toBe(1);
    });

    it('should answer 402 past_due while the last payment has failed', async () => {
      const id = await campaignWith(sim(), 2);
      await sim().control({ action: 'setWorkspace', workspaceId: 'ws_main', pastDue: true });
      for (const action of ['preview', 'generate']) {
        const r = await call(sim(), 'POST', `/campaigns/${id}/${action}`);
        expect([r.status, r.body.error]).toEqual([402, 'past_due']);
      }
      expect(await balance(sim())).toBe(10_000);
    });

    it('should answer 402 insufficient_credits when the balance is below the charge', async () => {
      const id = await campaignWith(sim(), 3);
      await sim().control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 5 });
      const r = await call(sim(), 'POST', `/campaigns/${id}/generate`);
      expect([r.status, r.body.error]).toEqual([402, 'insufficient_credits']);
      await sim().control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 6 });
      expect((await call(sim(), 'POST', `/campaigns/${id}/generate`)).body.creditsCharged).toBe(6);
      expect(await balance(sim())).toBe(0);
    });

    it('should answer 429 cap_reached past the key daily allowance, which resets at midnight UTC', async () => {
      const id = await campaignWith(sim(), 6);
      const r = await call(sim(), 'POST', `/campaigns/${id}/generate`, { key: SIM_KEYS.lowCap });
      expect([r.status, r.body.error]).toEqual([429, 'cap_reached']);
      expect((await call(sim(), 'POST', `/campaigns/${id}/preview`, { key: SIM_KEYS.lowCap })).body.creditsCharged).toBe(6);
      await advance(sim(), 5000);
      expect((await call(sim(), 'POST', `/campaigns/${id}/preview`, { key: SIM_KEYS.lowCap })).body.error).toBe('cap_reached');
      await advance(sim(), 15 * 3_600_000); // 09:00 → past midnight UTC
      expect((await call(sim(), 'POST', `/campaigns/${id}/preview`, { key: SIM_KEYS.lowCap })).body.creditsCharged).toBe(6);
    });

    it('should answer 404 for a campaign of another workspace', async () => {
      for (const action of ['preview', 'generate', 'stop']) {
        const r = await call(sim(), 'POST', `/campaigns/cmp_other_1/${action}`);
        expect([action, r.status, r.body.error]).toEqual([action, 404, 'not_found']);
      }
      expect((await call(sim(), 'POST', '/campaigns/cmp_other_1/generate', { key: SIM_KEYS.other })).status).toBe(200);
    });
  });

  describe('GET /campaigns/{id} and GET /leads/{id}', () => {
    it('should show counts and stages of a fresh campaign, and 404 across workspaces', async () => {
      const id = await campaignWith(sim(), 2);
      const r = await call(sim(), 'GET', `/campaigns/${id}`);
      expect(r.body).toEqual({
        id,
        name: 'Test campaign',
        status: 'draft',
        stages: {},
        counts: { total: 2, pending: 2, rendering: 0, complete: 0, failed: 0, cancelled: 0, skipped: 0 },
      });
      expect((await call(sim(), 'GET', '/campaigns/cmp_other_1')).status).toBe(404);
      expect((await call(sim(), 'GET', `/campaigns/${id}`, { key: SIM_KEYS.other })).status).toBe(404);
    });

    it('should show a lead, with videoUrl null until ready, and 404 across workspaces', async () => {
      const id = await createCampaign(sim());
      const added = (await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { firstName: 'Ann', company: 'Acme' } })).body.people[0];
      const r = await call(sim(), 'GET', `/leads/${added.id}`);
      expect(r.body).toEqual({
        id: added.id,
        firstName: 'Ann',
        company: 'Acme',
        campaignId: id,
        status: 'pending',
        url: added.url,
        videoUrl: null,
        videoReady: false,
      });
      expect((await call(sim(), 'GET', '/leads/ld_other_1')).status).toBe(404);
      expect((await call(sim(), 'GET', '/leads/ld_missing')).body.error).toBe('not_found');
      const noName = (await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { email: 'x@y.z' } })).body.people[0];
      expect((await call(sim(), 'GET', `/leads/${noName.id}`)).body).toMatchObject({ firstName: null, company: null });
    });
  });

  describe('POST /campaigns/{id}/stop', () => {
    it('should cancel queued and waiting people, refund the queued ones, and let started ones finish', async () => {
      await sim().control({ action: 'configure', config: { concurrency: 2 } });
      const id = await campaignWith(sim(), 6);
      await call(sim(), 'POST', `/campaigns/${id}/preview`);
      await advance(sim(), 500);
      const r = await call(sim(), 'POST', `/campaigns/${id}/stop`);
      expect(r.body).toEqual({ campaignId: id, stopped: 4, stillRendering: 2, status: 'stopped' });
      expect(await balance(sim())).toBe(10_000 - 4);
      const st = await state(sim());
      expect(st.ledger.filter((e) => e.kind === 'refund').map((e) => e.credits)).toEqual([2]);
      await advance(sim(), 10_000);
      const detail = (await call(sim(), 'GET', `/campaigns/${id}`)).body;
      expect(detail.status).toBe('stopped');
      expect(detail.counts).toMatchObject({ complete: 2, cancelled: 4, rendering: 0, pending: 0 });
      expect(await balance(sim())).toBe(10_000 - 4);
    });

    it('should let a stopped campaign generate people added later', async () => {
      const id = await campaignWith(sim(), 1);
      await call(sim(), 'POST', `/campaigns/${id}/stop`);
      await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { firstName: 'Zed', company: 'Z' } });
      expect((await call(sim(), 'POST', `/campaigns/${id}/generate`)).body.started).toBe(1);
      expect((await call(sim(), 'GET', `/campaigns/${id}`)).body.status).toBe('rendering');
    });
  });

  describe('GET /campaigns/{id}/videos', () => {
    it('should list finished videos with working pages, newest first', async () => {
      await sim().control({ action: 'configure', config: { concurrency: 1 } });
      const id = await campaignWith(sim(), 3);
      await call(sim(), 'POST', `/campaigns/${id}/preview`);
      expect((await call(sim(), 'GET', `/campaigns/${id}/videos`)).body).toEqual({ videos: [] });
      await advance(sim(), 30_000);
      const videos = (await call(sim(), 'GET', `/campaigns/${id}/videos`)).body.videos;
      expect(videos.map((v: { firstName: string }) => v.firstName)).toEqual(['Ann2', 'Ann1', 'Ann0']);
      expect(videos[0]).toEqual({ firstName: expect.any(String), company: expect.any(String), url: expect.any(String), videoUrl: `${videos[0].url}/video` });
      const st = await state(sim());
      const leads = st.campaigns.find((c) => c.id === id)?.leads ?? [];
      await sim().control({ action: 'expirePage', leadId: leads[0]?.id ?? '' });
      const after = (await call(sim(), 'GET', `/campaigns/${id}/videos`)).body.videos;
      expect(after).toHaveLength(2);
      expect((await call(sim(), 'GET', `/leads/${leads[0]?.id}`)).body.url).toBeNull();
    });

    it('should keep the oldest first when videosOrder is oldest', async () => {
      await sim().control({ action: 'configure', config: { concurrency: 1, videosOrder: 'oldest' } });
      const id = await campaignWith(sim(), 3);
      await call(sim(), 'POST', `/campaigns/${id}/preview`);
      await advance(sim(), 30_000);
      const videos = (await call(sim(), 'GET', `/campaigns/${id}/videos`)).body.videos;
      expect(videos.map((v: { firstName: string }) => v.firstName)).toEqual(['Ann0', 'Ann1', 'Ann2']);
    });

    it('should leave a finished video out of the list, and not ready on its lead, until videoReadyLagMs has run', async () => {
      await sim().control({ action: 'configure', config: { concurrency: 3, videoReadyLagMs: 60_000 } });
      const id = await campaignWith(sim(), 3);
      await call(sim(), 'POST', `/campaigns/${id}/preview`);
      await advance(sim(), 30_000);
      const leadId = (await state(sim())).campaigns.find((c) => c.id === id)!.leads[0]!.id;
      expect((await call(sim(), 'GET', `/campaigns/${id}`)).body.counts.complete).toBe(3);
      expect((await call(sim(), 'GET', `/campaigns/${id}/videos`)).body.videos).toEqual([]);
      expect((await call(sim(), 'GET', `/leads/${leadId}`)).body).toMatchObject({ status: 'complete', videoReady: false, videoUrl: null });
      await advance(sim(), 60_000);
      expect((await call(sim(), 'GET', `/campaigns/${id}/videos`)).body.videos).toHaveLength(3);
      expect((await call(sim(), 'GET', `/leads/${leadId}`)).body).toMatchObject({
        status: 'complete',
        videoReady: true,
        videoUrl: expect.stringMatching(/\/video$/),
      });
    });

    it('should list at most 500 videos', async () => {
      await sim().control({ action: 'configure', config: { concurrency: 1000 } });
      const id = await createCampaign(sim());
      await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { people: people(501) } });
      await call(sim(), 'POST', `/campaigns/${id}/generate`);
      await advance(sim(), 10_000);
      expect((await call(sim(), 'GET', `/campaigns/${id}`)).body.counts.complete).toBe(501);
      expect((await call(sim(), 'GET', `/campaigns/${id}/videos`)).body.videos).toHaveLength(500);
    });
  });
});
