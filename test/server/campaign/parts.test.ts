import type { ApiClient } from '../../../src/api/client';
import { loadParts, PART_SIZE, partAllocator, partName, type CampaignParts } from '../../../src/server/campaign/parts';
import { memoryProps } from '../../fakes';

function fakeApi(): ApiClient & { created: string[] } {
  const created: string[] = [];
  return {
    created,
    createCampaign: (body: { name: string }) => {
      created.push(body.name);
      return { id: `c${created.length + 1}`, name: body.name, templateId: 't', status: 'draft' };
    },
  } as unknown as ApiClient & { created: string[] };
}

const campaign = (over: Partial<CampaignParts> = {}): CampaignParts => ({
  id: 'c1',
  name: 'Spring',
  templateId: 't',
  parts: [{ id: 'c1', size: 0, closed: false }],
  ...over,
});

describe('partName', () => {
  it('should name later parts after the campaign within 80 characters', () => {
    expect(partName('Spring', 2)).toBe('Spring · part 2');
    expect(partName('x'.repeat(80), 12)).toHaveLength(80);
  });
});

describe('partAllocator', () => {
  it('should fill the open part, then make a new one, saving it at once', () => {
    const props = memoryProps();
    const api = fakeApi();
    const c = campaign();
    const parts = partAllocator(c, api, props, () => 0);
    expect(parts.next()).toEqual({ id: 'c1', room: PART_SIZE });
    parts.record('c1', PART_SIZE);
    expect(parts.next()).toEqual({ id: 'c2', room: PART_SIZE });
    expect(api.created).toEqual(['Spring · part 2']);
    expect(loadParts(props, { id: 'c1', name: 'Spring' }).parts.map((p) => p.id)).toEqual(['c1', 'c2']);
  });

  it('should give a generated part no new people', () => {
    const api = fakeApi();
    const parts = partAllocator(campaign({ parts: [{ id: 'c1', size: 10, closed: true }] }), api, memoryProps(), () => 0);
    expect(parts.next()!.id).toBe('c2');
  });

  it('should make a new part for a person whose name the open part already holds, and none for a campaign picked from the list', () => {
    const api = fakeApi();
    const parts = partAllocator(campaign({ parts: [{ id: 'c1', size: 10, closed: false }] }), api, memoryProps(), () => 0);
    expect(parts.next(new Set(['c1']))).toEqual({ id: 'c2', room: PART_SIZE });
    const picked = partAllocator(loadParts(memoryProps(), { id: 'x', name: 'Picked' }), fakeApi(), memoryProps(), () => 0);
    expect(picked.next(new Set(['x']))).toBeNull();
    expect(picked.next(new Set(['other']))).toEqual({ id: 'x', room: Infinity });
  });

  it('should keep a campaign chosen from the list as one part', () => {
    const api = fakeApi();
    const c = loadParts(memoryProps(), { id: 'x', name: 'Picked' });
    const parts = partAllocator(c, api, memoryProps(), () => 0);
    parts.record('x', 5000);
    expect(parts.next()).toEqual({ id: 'x', room: Infinity });
    expect(api.created).toEqual([]);
    expect(parts.has('x')).toBe(true);
    expect(parts.has('other')).toBe(false);
  });
});
