// The parts record: its shape as stored, and its split into values that each stay under a property's 9 KB.
import { loadParts, saveParts, splitCampaigns, type CampaignParts, type Part } from '../../src/records/parts-record';
import { DOC_KEYS } from '../../src/records/state-keys';
import { memoryProps } from '../fakes';

const campaign = (n: number): CampaignParts => ({
  id: 'cmp_first',
  name: 'Spring',
  templateId: 'tpl_1',
  parts: Array.from({ length: n }, (_, i): Part => ({ id: i === 0 ? 'cmp_first' : `cmp_${'x'.repeat(40)}_${i}`, size: 500, closed: true })),
});

describe('parts record', () => {
  it('should read a campaign it has no record of as its one part, of a size not known', () => {
    expect(loadParts(memoryProps(), { id: 'cmp_picked', name: 'Picked' })).toEqual({
      id: 'cmp_picked',
      name: 'Picked',
      templateId: null,
      parts: [{ id: 'cmp_picked', size: -1, closed: false }],
    });
  });

  it('should keep 200 parts in three values, each under 9 KB, and read them back as they were', () => {
    const store = memoryProps();
    saveParts(store, campaign(200));
    const key = DOC_KEYS.parts('cmp_first');
    expect([...store.m.keys()].sort()).toEqual([key, `${key}.1`, `${key}.2`]);
    for (const v of store.m.values()) expect(Buffer.byteLength(v)).toBeLessThan(9 * 1024);
    expect(loadParts(store, { id: 'cmp_first', name: 'Spring' })).toEqual(campaign(200));
  });

  it('should write the further values before the head, so no reader finds a head naming a value not written yet', () => {
    const store = memoryProps();
    const order: string[] = [];
    saveParts({ ...store, setProperty: (k: string, v: string) => (order.push(k), store.setProperty(k, v)) } as never, campaign(170));
    const key = DOC_KEYS.parts('cmp_first');
    expect(order).toEqual([`${key}.2`, `${key}.1`, key]);
  });

  it('should keep a done part as its id, size and failed people, in 70% of its bytes or less, and read it back as it was', () => {
    const store = memoryProps();
    const open = campaign(81);
    const done = { ...open, parts: open.parts.map((p, i): Part => (i < 80 ? { ...p, done: 1, failed: i % 3 } : p)) };
    const before = Buffer.byteLength(JSON.stringify(done));
    saveParts(store, done);
    const after = [...store.m.values()].reduce((n, v) => n + Buffer.byteLength(v), 0);
    // These ids are 48 characters; the service's 36-character ids make it about 60%.
    expect(after).toBeLessThan(before * 0.7);
    expect(loadParts(store, { id: 'cmp_first', name: 'Spring' })).toEqual(done);
    // A part Stop cancelled people in keeps its whole entry: its cancelled count still matters.
    const stopped = { ...done, parts: done.parts.map((p, i) => (i === 1 ? { ...p, cancelled: 3 } : p)) };
    saveParts(store, stopped);
    expect(loadParts(store, { id: 'cmp_first', name: 'Spring' })).toEqual(stopped);
  });

  it('should read a done part an earlier version kept without its failed people as done, its failed people not known', () => {
    const store = memoryProps();
    store.setProperty(
      'campaign.cmp_first',
      JSON.stringify({ id: 'cmp_first', name: 'Spring', templateId: null, parts: [['cmp_first', 500], { id: 'cmp_b', size: 3, closed: false }] }),
    );
    const [old] = loadParts(store, { id: 'cmp_first', name: 'Spring' }).parts;
    expect(old).toMatchObject({ id: 'cmp_first', size: 500, closed: true, done: 1 });
    expect(typeof old!.failed).not.toBe('number');
  });

  it("should list the document's campaigns of several parts with every part of each, past the first value's 80", () => {
    const store = memoryProps();
    saveParts(store, campaign(200));
    saveParts(store, { ...campaign(2), id: 'cmp_two', parts: campaign(2).parts.map((p, i) => ({ ...p, id: `cmp_two_${i}` })) });
    saveParts(store, { ...campaign(1), id: 'cmp_one', parts: [{ id: 'cmp_one', size: 10, closed: false }] });
    const found = splitCampaigns(store).sort((a, b) => b.parts.length - a.parts.length);
    expect(found.map((c) => [c.id, c.parts.length])).toEqual([
      ['cmp_first', 200],
      ['cmp_two', 2],
    ]);
    expect(found[0]).toEqual(campaign(200));
  });
});
