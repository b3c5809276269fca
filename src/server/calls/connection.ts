// Server functions for the connection and the campaign: settings, templates, campaigns, binding.
import { apiCode } from '../../api/errors';
import type { CampaignSummary, Template } from '../../api/types';
import type { Props, Services } from '../../core/services';
import type { CreateCampaignArgs, Reply, SaveSettingsArgs, SelectCampaignArgs, SidebarState } from '../contract';
import { activeSheet, apiClient, requireSettings, sheetState } from '../context';
import { AddonError, badInput } from '../failure';
import { handle } from '../handle';
import { CAMPAIGN_GOAL_MAX } from '../../shared/text-limits';
import { CAMPAIGN_NAME_MAX, createApiCampaign, partCount, partName } from '../campaign/parts';
import { saveParts, splitCampaigns, type CampaignParts } from '../../records/parts-record';
import { checkBaseUrl, hostOf, markDisconnected, publicSettings, savedKeyFor, savedKeyHost, storeSettings } from '../../records/settings';
import { nowOf } from '../../core/clock';

export function saveSettings(svc: Services, args: SaveSettingsArgs): Reply<{ settings: SidebarState['settings'] }> {
  return handle(() => {
    const url = checkBaseUrl((args && args.baseUrl) || '');
    if (!url.ok) throw badInput(url.message);
    const typed = ((args && args.apiKey) || '').trim();
    const apiKey = typed || savedKeyFor(svc.user, url.url);
    if (!apiKey) {
      const keyHost = savedKeyHost(svc.user);
      throw new AddonError(
        'no_settings',
        keyHost !== null
          ? `Type the API key again for ${hostOf(url.url)}: the saved key was typed for ${keyHost || 'another address'}, and a key is never sent to an address it was not typed for.`
          : 'Enter your API key. The video service’s workspace owner makes keys in its web application.',
      );
    }
    const api = apiClient(svc, { baseUrl: url.url, apiKey });
    try {
      api.listTemplates();
    } catch (e) {
      if (apiCode(e) === 'unauthorized' && !typed) markDisconnected(svc.user);
      throw e;
    }
    storeSettings(svc.user, { baseUrl: url.url, apiKey, canWrite: canWrite(api) });
    return { settings: publicSettings(svc.user) };
  });
}

/** A campaign id no workspace has: a stop of it changes nothing anywhere. */
export const NO_SUCH_CAMPAIGN = 'cmp_addon_write_check';

/**
 * Whether the key may write, found without changing anything (docs/rules.md#settings): a stop of a campaign that
 * does not exist answers 403 forbidden for a read-only key and 404 for a key with writing on. Any
 * other answer (a fault, no answer) says nothing about the key, and writing is assumed until a write says otherwise.
 */
function canWrite(api: ReturnType<typeof apiClient>): boolean {
  try {
    api.stop(NO_SUCH_CAMPAIGN);
  } catch (e) {
    return apiCode(e) !== 'forbidden';
  }
  return true;
}

export function listTemplates(svc: Services): Reply<{ templates: Template[] }> {
  return handle(() => ({ templates: apiClient(svc, requireSettings(svc)).listTemplates() }));
}

export function listCampaigns(svc: Services, args?: { limit?: number }): Reply<{ campaigns: CampaignSummary[] }> {
  return handle(() => {
    const limit = Math.min(100, Math.max(1, Math.floor(Number(args && args.limit) || 25)));
    return { campaigns: foldParts(svc.doc, apiClient(svc, requireSettings(svc)).listCampaigns(limit)) };
  });
}

export function createCampaign(svc: Services, args: CreateCampaignArgs): Reply<{ campaign: { id: string; name: string } }> {
  return handle(() => {
    const name = String((args && args.name) || '').trim();
    const templateId = String((args && args.templateId) || '').trim();
    const goal = String((args && args.goal) || '').trim();
    if (!templateId) throw badInput('Choose a template (a recording) for the campaign first.');
    if (!name) throw badInput('Give the campaign a name.');
    if (name.length > CAMPAIGN_NAME_MAX) throw badInput(`The campaign name is ${name.length} characters; the limit is ${CAMPAIGN_NAME_MAX}.`);
    // Checked before the service makes anything: a goal too long to keep would leave an orphan campaign.
    if (goal.length > CAMPAIGN_GOAL_MAX) throw badInput(`The goal is ${goal.length} characters; the limit is ${CAMPAIGN_GOAL_MAX}. Nothing was created.`);
    const sheet = activeSheet(svc);
    const api = apiClient(svc, requireSettings(svc));
    // The first part is made at once; its id is the campaign's id everywhere (docs/rules.md#parts).
    const campaign = createApiCampaign(api, goal ? { templateId, name, goal } : { templateId, name }, nowOf(svc));
    saveParts(svc.doc, {
      id: campaign.id,
      name: campaign.name,
      templateId,
      ...(goal ? { goal } : {}),
      parts: [{ id: campaign.id, size: 0, closed: false }],
    });
    sheetState(svc, sheet).campaign = campaign;
    return { campaign };
  });
}

export function selectCampaign(svc: Services, args: SelectCampaignArgs): Reply<{ campaign: { id: string; name: string } }> {
  return handle(() => {
    const id = String((args && args.campaignId) || '').trim();
    if (!id) throw badInput('Choose a campaign.');
    const sheet = activeSheet(svc);
    // A part is never bound on its own: its campaign is (docs/rules.md#parts).
    const whole = splitCampaigns(svc.doc).find((c) => c.parts.some((p) => p.id === id));
    const detail = apiClient(svc, requireSettings(svc)).getCampaign(whole ? whole.id : id);
    const campaign = { id: detail.id, name: whole ? whole.name : detail.name };
    sheetState(svc, sheet).campaign = campaign;
    return { campaign };
  });
}

/**
 * Campaigns as the add-on knows them (docs/rules.md#parts): a campaign of several parts is one entry
 * under its first part's id and name, with the parts' counts summed; a part never shows on its own.
 */
export function foldParts(props: Props, list: CampaignSummary[]): CampaignSummary[] {
  const records = splitCampaigns(props);
  const byId = new Map(list.map((c) => [c.id, c]));
  const partOf = new Map<string, CampaignParts>();
  for (const c of records) for (const p of c.parts) partOf.set(p.id, c);
  // Parts folded into the record's total are known by their names alone (docs/rules.md#parts).
  const foldedNamed = new Map<string, CampaignParts>();
  for (const c of records) for (let k = 2; k <= (c.folded ? c.folded.n + 1 : 0); k++) foldedNamed.set(partName(c.name, k), c);
  const campaignOf = (s: CampaignSummary) => partOf.get(s.id) || foldedNamed.get(s.name);
  const out: CampaignSummary[] = [];
  const done = new Set<string>();
  for (const s of list) {
    const c = campaignOf(s);
    if (!c) {
      out.push(s);
      continue;
    }
    if (done.has(c.id)) continue;
    done.add(c.id);
    const seen = list.filter((x) => campaignOf(x) === c);
    const sum = (k: 'leadCount' | 'waiting' | 'complete' | 'failed') => seen.reduce((n, x) => n + (Number(x[k]) || 0), 0);
    const first = byId.get(c.id) || s;
    // One part still rendering means the campaign renders; otherwise the first part's word stands.
    const status = seen.some((x) => x.status === 'rendering') ? 'rendering' : first.status;
    out.push({
      ...first,
      id: c.id,
      name: c.name,
      status,
      leadCount: sum('leadCount'),
      waiting: sum('waiting'),
      complete: sum('complete'),
      failed: sum('failed'),
      parts: partCount(c),
    });
  }
  return out;
}
