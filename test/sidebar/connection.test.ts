// Connection section: base URL and key, the masked hint, Save and test, errors inline, and a person without a key.
import { type Sidebar, thrown, useSidebars } from './harness';
import { context, fail, freshState, ok, sidebarState, TEMPLATES, CAMPAIGNS, readyReplies, state } from './fixtures';

const sidebars = useSidebars();

let sb: Sidebar | null = null;

const section = () => sb!.page.locator('#connection');

const button = (name: string) => sb!.page.getByRole('button', { name, exact: true, includeHidden: true });

const money = () => sb!.page.locator('#money');

const seen = () => sb!.page.locator('#app').innerText();

describe('connection section', () => {
  it('should ask for address and key in a password field when nothing is saved', async () => {
    sb = await sidebars.open({ replies: { getSidebarState: freshState() } });
    await section().getByText('No key saved yet.').waitFor();
    expect(await section().getByLabel('API key').getAttribute('type')).toBe('password');
    expect(await section().locator('.card-status').textContent()).toBe('Not connected');
    expect(await section().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  });

  it('should show a saved key only as its masked hint and start collapsed when connected', async () => {
    sb = await sidebars.open({ replies: { getSidebarState: ok(sidebarState()), listTemplates: ok({ templates: [] }), listCampaigns: ok({ campaigns: [] }) } });
    await section().getByText('Key saved: ••••1a2b', { exact: false }).waitFor({ state: 'attached' });
    expect(await section().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await section().getByLabel('API key').inputValue()).toBe('');
    expect(await section().getByLabel('API address').inputValue()).toBe('https://api.example.com/api/v1');
  });

  it('should save and test, then load templates and campaigns', async () => {
    const connected = { baseUrl: 'https://api.example.com/api/v1', keyHint: '••••9z9z', connected: true };
    sb = await sidebars.open({
      replies: {
        getSidebarState: freshState(),
        saveSettings: ok({ settings: connected }),
        listTemplates: ok({ templates: TEMPLATES }),
        listCampaigns: ok({ campaigns: CAMPAIGNS }),
      },
    });
    await section().getByText('No key saved yet.').waitFor();
    await section().getByLabel('API address').fill('https://api.example.com/api/v1');
    await section().getByLabel('API key').fill('sk_live_secret9z9z');
    await section().getByRole('button', { name: 'Save and test' }).click();
    await sb.waitForCalls('listTemplates');
    const [save] = await sb.calls('saveSettings');
    expect(save!.args).toEqual([{ baseUrl: 'https://api.example.com/api/v1', apiKey: 'sk_live_secret9z9z' }]);
    expect(await section().getByLabel('API key').inputValue()).toBe('');
    await section().getByText('Key saved: ••••9z9z', { exact: false }).waitFor({ state: 'attached' });
    expect(await section().locator('.card-status').textContent()).toBe('Connected');
    await sb.page.locator('#template').getByText('Founder intro').waitFor();
  });

  it('should show the server error sentence inline as an alert and keep the key typed', async () => {
    sb = await sidebars.open({
      replies: { getSidebarState: freshState(), saveSettings: fail('unauthorized', 'The service refused this API key. Check it and paste it again.') },
    });
    await section().getByLabel('API address').fill('https://api.example.com/api/v1');
    await section().getByLabel('API key').fill('bad');
    await section().getByRole('button', { name: 'Save and test' }).click();
    const alert = section().getByRole('alert');
    await alert.getByText('The service refused this API key.', { exact: false }).waitFor();
    expect(await section().getByLabel('API key').inputValue()).toBe('bad');
    expect(await sb.calls('listTemplates')).toHaveLength(0);
  });

  it('should report a thrown server error as a sentence', async () => {
    sb = await sidebars.open({ replies: { getSidebarState: freshState(), saveSettings: thrown('Service Spreadsheets failed') } });
    await section().getByLabel('API address').fill('https://api.example.com/api/v1');
    await section().getByLabel('API key').fill('k');
    await section().getByRole('button', { name: 'Save and test' }).click();
    await section().getByRole('alert').getByText('Service Spreadsheets failed', { exact: false }).waitFor();
  });

  it('should keep the saved key when the key field is left empty, and save on Enter', async () => {
    sb = await sidebars.open({
      replies: {
        getSidebarState: ok(sidebarState({ settings: { baseUrl: 'https://old.example.com/api/v1', keyHint: '••••1a2b', connected: false } })),
        saveSettings: ok({ settings: { baseUrl: 'https://new.example.com/api/v1', keyHint: '••••1a2b', connected: true } }),
        listTemplates: ok({ templates: [] }),
        listCampaigns: ok({ campaigns: [] }),
      },
    });
    const url = section().getByLabel('API address');
    await url.waitFor();
    await sb.page.waitForFunction(() => (document.querySelector('input[name=baseUrl]') as HTMLInputElement).value !== '');
    await url.fill('https://new.example.com/api/v1');
    await url.press('Enter');
    const [save] = await sb.waitForCalls('saveSettings');
    expect(save!.args).toEqual([{ baseUrl: 'https://new.example.com/api/v1' }]);
  });

  it('should ask for the missing pieces without calling the server', async () => {
    sb = await sidebars.open({ replies: { getSidebarState: freshState() } });
    await section().getByText('No key saved yet.').waitFor();
    await section().getByRole('button', { name: 'Save and test' }).click();
    await section().getByRole('alert').getByText('Enter the API address', { exact: false }).waitFor();
    await section().getByLabel('API address').fill('https://api.example.com/api/v1');
    await section().getByRole('button', { name: 'Save and test' }).click();
    await section().getByRole('alert').getByText('Paste your API key.').waitFor();
    expect(await sb.calls('saveSettings')).toHaveLength(0);
  });

  it('should not overwrite the address while the person is typing in it', async () => {
    sb = await sidebars.open({ replies: { getSidebarState: freshState(), getActiveContext: context() }, timing: { contextPollMs: 50 } });
    const url = section().getByLabel('API address');
    await url.fill('https://typing.example');
    await sb.reply(
      'getSidebarState',
      ok(sidebarState({ settings: { baseUrl: 'https://server.example/api/v1', keyHint: null, connected: false }, campaign: null })),
    );
    // A tab switch re-reads the state while the person types.
    await sb.reply('getActiveContext', context({ sheetId: 2 }));
    await sb.waitForCalls('getSidebarState', 2);
    await sb.page.waitForTimeout(100);
    expect(await url.inputValue()).toBe('https://typing.example');
    // Once the person leaves the field with their edit, the edit is still kept.
    await url.blur();
    await sb.reply('getActiveContext', context({ sheetId: 3 }));
    await sb.waitForCalls('getSidebarState', 3);
    await sb.page.waitForTimeout(100);
    expect(await url.inputValue()).toBe('https://typing.example');
  });
});

describe('connection badge', () => {
  const replies = () => ({
    getSidebarState: ok(sidebarState()),
    listTemplates: ok({ templates: TEMPLATES }),
    listCampaigns: ok({ campaigns: CAMPAIGNS }),
    getProgress: fail('internal', 'unscripted'),
  });
  const estimate = ok({ leads: 1, low: 1, high: 2, balance: 9, affordable: true });
  const checkEstimate = () => sb!.page.locator('#money').getByRole('button', { name: 'Check estimate' }).click();

  it('should turn "Connected" off and name the refused key when any call is refused, and back on when one works', async () => {
    sb = await sidebars.open({ replies: { ...replies(), getEstimate: [fail('unauthorized', 'The API key was refused.'), estimate] } });
    await section().locator('.card-status').getByText('Connected').waitFor();
    await checkEstimate();
    await section().locator('.card-status').getByText('Key refused').waitFor();
    await section().getByRole('alert').getByText('The service refused the key ••••1a2b.', { exact: false }).waitFor({ state: 'attached' });
    await checkEstimate();
    await section().locator('.card-status').getByText('Connected').waitFor();
    expect(await section().getByText('The service refused the key', { exact: false }).count()).toBe(0);
  });

  it('should say a read-only key is read-only, and drop an API-off error once a call works again', async () => {
    sb = await sidebars.open({
      replies: { ...replies(), getEstimate: [fail('forbidden', 'This key cannot write.'), fail('api_off', 'The API is switched off.'), estimate] },
    });
    await section().locator('.card-status').getByText('Connected').waitFor();
    await checkEstimate();
    await section().getByText('This key is read-only: it cannot create, add or generate.', { exact: false }).waitFor({ state: 'attached' });
    expect(await section().locator('.card-status').textContent()).toBe('Read-only key');
    await checkEstimate();
    // The API being off is not the key's fault: the badge says so rather than "Key refused".
    await section().getByText('The service’s API is off for now; the key ••••1a2b is fine.', { exact: false }).waitFor({ state: 'attached' });
    expect(await section().locator('.card-status').textContent()).toBe('API off');
    await checkEstimate();
    await section().locator('.card-status').getByText('Connected').waitFor();
    expect(await section().getByText('switched off', { exact: false }).count()).toBe(0);
  });

  it('should turn the badge back on after Save and test', async () => {
    sb = await sidebars.open({
      replies: {
        ...replies(),
        getEstimate: fail('unauthorized', 'Refused.'),
        saveSettings: ok({ settings: { baseUrl: 'https://api.example.com/api/v1', keyHint: '••••7777', connected: true } }),
      },
    });
    await checkEstimate();
    await section().locator('.card-status').getByText('Key refused').waitFor();
    await section().getByLabel('API key').fill('sk_new7777');
    await section().getByRole('button', { name: 'Save and test' }).click();
    await section().locator('.card-status').getByText('Connected').waitFor();
    await section().getByText('Connected. The key works.').waitFor({ state: 'attached' });
  });
});

describe('connection: a person without a key', () => {
  it('should enable nothing that needs a key and leave nothing loading for ever', async () => {
    const noKey = { baseUrl: null, keyHint: null, connected: false };
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ settings: noKey, lastRefresh: { at: new Date().toISOString(), error: null } }),
        getProgress: fail('no_settings', 'Connect first: enter the API address and your key under Connection.'),
        listTemplates: fail('no_settings', 'Connect first.'),
        listCampaigns: fail('no_settings', 'Connect first.'),
      },
    });
    await sb.page.locator('#progress').getByText('Progress shows once you connect.').waitFor();
    for (const name of ['Check estimate', 'Preview', 'Generate videos', 'Stop', 'Refresh now', 'Export finished videos', 'Add selected rows']) {
      expect([name, await button(name).isDisabled()]).toEqual([name, true]);
    }
    await money().getByText('Connect under Connection first: this needs your key.').first().waitFor();
    const text = await seen();
    expect(text).not.toMatch(/Reading the campaign…|Loading progress…|Reading “/);
  });
});
