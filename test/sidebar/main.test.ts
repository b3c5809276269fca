// The whole sidebar: first load, layout at 300 px, text-only rendering of API strings, the README's states (images: npm run screenshots).
import { type Sidebar, thrown, useSidebars } from './harness';
import { CAMPAIGNS, fail, freshState, ok, progress, readyReplies, state, TEMPLATES } from './fixtures';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

async function noHorizontalScroll(s: Sidebar): Promise<void> {
  const widths = await s.page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: window.innerWidth }));
  expect(widths.view).toBe(300);
  expect(widths.doc).toBeLessThanOrEqual(300);
  expect(widths.body).toBeLessThanOrEqual(300);
}

describe('sidebar page', () => {
  it('should show the sections in working order after loading the state', async () => {
    sb = await sidebars.open({ replies: readyReplies() });
    await sb.page.getByTestId('top-campaign').getByText('· campaign “', { exact: false }).waitFor();
    const headings = await sb.page.locator('h2').allTextContents();
    expect(headings).toEqual(['Connection', 'Template', 'Campaign', 'Columns', 'Send rows', 'Cost and generate', 'Auto mode', 'Progress']);
    expect((await sb.calls('getSidebarState')).length).toBeGreaterThanOrEqual(1);
  });

  it('should show a failed state load as an alert at the top', async () => {
    sb = await sidebars.open({ replies: { getSidebarState: fail('network', 'The spreadsheet could not be reached.') } });
    const banner = sb.page.locator('.banner[role=alert]');
    await expect(banner.textContent()).resolves.toBeDefined();
    await banner.getByText('The spreadsheet could not be reached.').waitFor();
  });

  it('should explain the several-accounts failure instead of a raw error or a blank page', async () => {
    sb = await sidebars.open({
      replies: { getSidebarState: thrown("ScriptError: We're sorry, a server error occurred while reading from storage. Error code PERMISSION_DENIED.") },
    });
    const banner = sb.page.locator('.banner[role=alert]');
    await banner.getByText('signed in to several at once', { exact: false }).waitFor();
    expect(await banner.textContent()).toContain('Open the spreadsheet in a window signed in to one account only');
    expect(await banner.textContent()).not.toContain('PERMISSION_DENIED');
  });

  it('should recognise the other wordings of that failure', async () => {
    sb = await sidebars.open({ replies: { getSidebarState: thrown('Authorization is required to perform that action.') } });
    await sb.page.locator('.banner').getByText('private window', { exact: false }).waitFor();
  });

  it('should fit 300 px without horizontal scroll, with long names and URLs', async () => {
    const long = 'A'.repeat(120);
    const url = `https://example.com/${'very-long-path-segment/'.repeat(8)}api/v1`;
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({
          settings: { baseUrl: url, keyHint: '••••1a2b', connected: true },
          sheet: { id: 1, name: `Tab ${long}`, headers: [`Header ${long}`, 'First name'] },
          campaign: { id: 'cmp_1', name: `Campaign ${long}` },
          sample: { firstName: long, company: `${long}${long}`, website: url },
        }),
        listTemplates: ok({
          templates: [
            { ...TEMPLATES[0]!, name: `Template ${long}` },
            { ...TEMPLATES[1]!, blockedReason: `Reason ${long}` },
          ],
        }),
        listCampaigns: ok({ campaigns: [{ ...CAMPAIGNS[0]!, name: long }] }),
        getProgress: progress({ stages: { [`stage_${'x'.repeat(60)}`]: 3 }, stalled: { message: `Stalled ${long}` } }),
      },
    });
    await sb.page.getByTestId('top-campaign').getByText('· campaign “', { exact: false }).waitFor();
    await sb.page.locator('.stalled-slot [role=alert]').waitFor();
    // Open every card, so every part is measured.
    await sb.page.evaluate(() =>
      document.querySelectorAll('details').forEach((d) => {
        d.open = true;
      }),
    );
    await noHorizontalScroll(sb);
  });

  it('should put API strings in the page as text and run none of them', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ sheet: { id: 1, name: evil, headers: [evil] }, campaign: { id: 'cmp_1', name: evil }, sample: { firstName: evil } }),
        listTemplates: ok({
          templates: [
            { ...TEMPLATES[0]!, name: evil },
            { ...TEMPLATES[1]!, blockedReason: evil },
          ],
        }),
        listCampaigns: ok({ campaigns: [{ ...CAMPAIGNS[0]!, name: evil }] }),
        getProgress: progress({ stages: { [evil]: 1 }, stalled: { message: evil } }),
      },
    });
    let dialogs = 0;
    sb.page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await sb.page.locator('#template .choice-name').getByText(evil).waitFor({ state: 'attached' });
    await sb.page.evaluate(() =>
      document.querySelectorAll('details').forEach((d) => {
        d.open = true;
      }),
    );
    await sb.page.locator('.stage-list').getByText(evil).waitFor();
    await sb.page.waitForTimeout(200);
    expect(await sb.page.locator('img').count()).toBe(0);
    expect(dialogs).toBe(0);
    expect(await sb.page.getByTestId('top-campaign').textContent()).toBe(`Tab ${evil} · campaign “${evil}”`);
  });

  it('should give every control a name and reach every one with the keyboard', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ campaign: null }) } });
    await sb.page.locator('#template').getByText('Founder intro').waitFor();
    await sb.page.evaluate(() =>
      document.querySelectorAll('details').forEach((d) => {
        d.open = true;
      }),
    );
    const unnamed = await sb.page.evaluate(() =>
      Array.from(document.querySelectorAll('input, select, textarea, button'))
        .filter((c) => {
          const e = c as HTMLInputElement;
          const named =
            (e.labels?.length ?? 0) > 0 ||
            e.getAttribute('aria-label') ||
            e.getAttribute('aria-labelledby') ||
            (c.tagName === 'BUTTON' && c.textContent?.trim());
          return !named;
        })
        .map((c) => c.outerHTML),
    );
    expect(unnamed).toEqual([]);
    // Tab walks through the page; the connection field is reachable and shows a focus ring.
    await sb.page.locator('#connection summary').focus();
    await sb.page.keyboard.press('Tab');
    const focused = await sb.page.evaluate(() => ({
      name: (document.activeElement as HTMLInputElement).name,
      outline: getComputedStyle(document.activeElement!).boxShadow,
    }));
    expect(focused.name).toBe('baseUrl');
    expect(focused.outline).not.toBe('none');
  });

  // The states scripts/screenshots.ts photographs for the README; the test checks their layout and writes nothing.
  describe('README states', () => {
    const shot = async (s: Sidebar, card?: string) => {
      if (card) {
        await s.page.evaluate((id) => {
          document.querySelectorAll('details.card').forEach((d) => {
            (d as HTMLDetailsElement).open = d.id === id;
          });
        }, card);
      }
      await noHorizontalScroll(s);
    };

    it('should lay out the connect, campaign, columns, money and progress states at 300 px', async () => {
      sb = await sidebars.open({ replies: { getSidebarState: freshState() } });
      await sb.page.getByText('No key saved yet.').waitFor();
      await shot(sb);
      await sb.close();

      sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ campaign: null }) } });
      await sb.page.getByText('Founder intro').waitFor();
      await sb.page.getByLabel('Founder intro').check();
      await sb.page.getByLabel('Campaign name').fill('Q3 outreach to founders');
      await sb.page.evaluate(() =>
        document.querySelectorAll('details.card').forEach((d) => {
          (d as HTMLDetailsElement).open = ['template', 'campaign'].includes(d.id);
        }),
      );
      await shot(sb);
      await sb.close();

      sb = await sidebars.open({
        replies: { ...readyReplies(), getSidebarState: state({ sample: { firstName: '', company: 'Analytical Engines', hook: 'x'.repeat(230) } }) },
      });
      // Folded once set up: opened as a person would, to see the row's values.
      await sb.page.locator('#columns summary').click();
      await sb.page.locator('#columns').getByText('Hook is 230 characters; the limit is 200.').waitFor();
      await shot(sb, 'columns');
      await sb.close();

      sb = await sidebars.open({ replies: { ...readyReplies(), getEstimate: ok({ leads: 15, low: 30, high: 45, balance: 120, affordable: true }) } });
      await sb.page.getByTestId('top-campaign').getByText('· campaign “', { exact: false }).waitFor();
      await sb.page.getByRole('button', { name: 'Check estimate', exact: true }).click();
      await sb.page.getByText('30–45 credits').first().waitFor();
      await shot(sb, 'money');
      await sb.page.getByRole('button', { name: 'Generate videos', exact: true }).click();
      await sb.page.getByRole('alertdialog').waitFor();
      await sb.close();

      sb = await sidebars.open({
        replies: {
          ...readyReplies(),
          getSidebarState: state({
            autoRefresh: { on: true, intervalMinutes: 5, owner: { keyHint: '••••1a2b', you: true } },
            lastRefresh: { at: new Date(Date.now() - 180000).toISOString(), error: null },
          }),
          getProgress: progress({ stages: { queued: 2, tts: 1, lipsync: 3, colour_grade: 1 } }),
        },
      });
      await sb.page.locator('.legend').waitFor();
      await shot(sb, 'progress');
    });
  });
});
