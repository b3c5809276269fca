// A campaign's parts read as one: the done parts from the parts record, those folded into its total too.
import type { ApiClient } from '../../../src/api/client';
import type { CampaignDetail } from '../../../src/api/types';
import { readCampaign } from '../../../src/server/campaign/state';
import { memoryProps } from '../../fakes';

const detail = (id: string): CampaignDetail => ({
  id,
  name: id,
  status: 'rendering',
  counts: { total: 40, pending: 0, rendering: 40, complete: 0, failed: 0, cancelled: 0, skipped: 0 },
  stages: {},
});

describe('readCampaign', () => {
  it('should sum the folded and done parts from the record and read only the parts in play', () => {
    const read: string[] = [];
    const api = { getCampaigns: (ids: string[]) => ids.map((id) => (read.push(id), detail(id))) } as unknown as ApiClient;
    const view = readCampaign(api, memoryProps(), {
      id: 'c1',
      name: 'Spring',
      templateId: 't',
      folded: { n: 10, size: 5000, failed: 12 },
      parts: [
        { id: 'c1', size: 40, closed: true },
        { id: 'c12', size: 500, closed: true, done: 1, failed: 3 },
        { id: 'c13', size: 40, closed: true },
      ],
    });
    expect(read).toEqual(['c1', 'c13']);
    expect(view.counts).toEqual({ total: 5580, pending: 0, rendering: 80, complete: 5485, failed: 15, cancelled: 0, skipped: 0 });
    // The newest part says the status, not the folded total.
    expect(view.status).toBe('rendering');
  });
});
