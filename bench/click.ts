// The Generate click alone, for campaigns just past the largest case: getEstimate reads every part, then
// startGenerate reads the list, re-estimates parts that moved and sends one generate per part, within a minute of one key.
import { withAddon, type Cost } from './meter';
import { pushedTab } from './setup';
import { tryGenerateClick, type GenerateReply } from './sidebar';

export interface ClickResult {
  leads: number;
  reply: GenerateReply;
  cost: Cost;
}

export function generateOnly(leads: number): Promise<ClickResult> {
  return withAddon({}, async (a) => {
    const { meter } = await pushedTab(a, leads);
    const { value: reply, cost } = await meter.measure(() => tryGenerateClick(a));
    return { leads, reply, cost };
  });
}
