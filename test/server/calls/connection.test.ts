// The campaign list as the add-on shows it: a campaign of several parts is one entry (docs/rules.md#parts).
import type { CampaignSummary } from '../../../src/api/types';
import { saveParts, type Part } from '../../../src/records/parts-record';
import { foldParts } from '../../../src/server/calls/connection';
import { memoryProps } from '../../fakes';

const id = (i: number) => (i === 0 ? 'cmp_first' : `cmp_part_${i}`);
const summary = (i: number, status = 'complete'): CampaignSummary =>
  ({
    id: id(i),
    name: `Leads · part ${i + 1}`,
    status,
    leadCount: 500,
    waiting: 0,
    complete: 490,
    failed: 10,
    createdAt: '2026-11-28T09:00:00.000Z',
  }) as CampaignSummary;

describe('foldParts', () => {
  it('should fold every part of a 100-part campaign into its one entry, those past the first 80 too', () => {
    const props = memoryProps();
    const parts = Array.from({ length: 100 }, (_, i): Part => ({ id: id(i), size: 500, closed: true }));
    saveParts(props, { id: 'cmp_first', name: 'Leads', templateId: 'tpl_1', parts });
    // The list of 100 newest holds the last parts (the first ones fell out of it) and another team's campaign.
    const list = [summary(95, 'rendering'), summary(90), summary(85), summary(20), { ...summary(0), id: 'cmp_other', name: 'Other' }];
    const out = foldParts(props, list);
    expect(out.map((c) => c.name)).toEqual(['Leads', 'Other']);
    expect(out[0]).toMatchObject({ id: 'cmp_first', status: 'rendering', leadCount: 2000, complete: 1960, failed: 40, parts: 100 });
  });

  it('should fold the parts its record folded into a total, known by their names, and count them among its parts', () => {
    const props = memoryProps();
    // 40 parts: the first, 38 done, the newest still open; the record folds 18 of the done ones (docs/rules.md#parts).
    const parts = Array.from({ length: 40 }, (_, i): Part => ({ id: id(i), size: 500, closed: true, ...(i > 0 && i < 39 ? { done: 1, failed: 10 } : {}) }));
    saveParts(props, { id: 'cmp_first', name: 'Leads', templateId: 'tpl_1', parts });
    const list = [summary(39, 'rendering'), summary(30), summary(5), summary(2), { ...summary(3), id: 'cmp_other', name: 'Other' }];
    const out = foldParts(props, list);
    // Parts 3 and 6 (folded) are the campaign's by their names; "Other" keeps its own entry.
    expect(out.map((c) => c.name)).toEqual(['Leads', 'Other']);
    expect(out[0]).toMatchObject({ id: 'cmp_first', status: 'rendering', leadCount: 2000, complete: 1960, failed: 40, parts: 40 });
  });
});
