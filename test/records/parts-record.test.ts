// The parts record: its shape as stored, and its split into values that each stay under a property's 9 KB.
import { KEEP_DONE, loadParts, saveParts, splitCampaigns, type CampaignParts, type Part } from '../../src/records/parts-record';
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
    // As many done parts as are kept one by one (more are folded into a total, below), and the newest still open.
    const open = campaign(KEEP_DONE + 2);
    const done = { ...open, parts: open.parts.map((p, i): Part => (i <= KEEP_DONE ? { ...p, done: 1, failed: i % 3 } : p)) };
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

  describe('done parts past those kept one by one', () => {
    /** The first part, `done` done parts (2 failed people each), and the newest part still open. */
    const running = (done: number): CampaignParts => {
      const c = campaign(done + 2);
      // Ids of one length, as the service's are.
      const id = (i: number) => (i === 0 ? 'cmp_first' : `cmp_${String(i).padStart(36, '0')}`);
      return { ...c, parts: c.parts.map((p, i): Part => ({ ...p, id: id(i), ...(i > 0 && i <= done ? { done: 1, failed: 2 } : {}) })) };
    };
    const read = (store: ReturnType<typeof memoryProps>) => loadParts(store, { id: 'cmp_first', name: 'Spring' });
    const bytes = (store: ReturnType<typeof memoryProps>) => [...store.m.values()].reduce((n, v) => n + Buffer.byteLength(v), 0);

    it('should fold the oldest into one total, keeping the first part, the newest done ones and the open one', () => {
      const store = memoryProps();
      const c = running(KEEP_DONE + 10);
      saveParts(store, c);
      const back = read(store);
      expect(back.folded).toEqual({ n: 10, size: 5000, failed: 20 });
      expect(back.parts.map((p) => p.id)).toEqual([c.parts[0]!.id, ...c.parts.slice(11).map((p) => p.id)]);
      // Saved again as read, or again whole as the caller still holds it: the same record.
      saveParts(store, back);
      expect(read(store)).toEqual(back);
      saveParts(store, c);
      expect(read(store)).toEqual(back);
    });

    it('should fold more as more parts are done, adding to the total', () => {
      const store = memoryProps();
      saveParts(store, running(KEEP_DONE + 10));
      const back = read(store);
      // The open part finished, and a new one was made.
      const newest = back.parts[back.parts.length - 1]!;
      Object.assign(newest, { done: 1, failed: 5 });
      back.parts.push({ id: 'cmp_new', size: 0, closed: false });
      saveParts(store, back);
      expect(read(store).folded).toEqual({ n: 11, size: 5500, failed: 22 });
      expect(read(store).parts).toHaveLength(KEEP_DONE + 2);
    });

    it('should fold only a run of done parts right after the first: a part still moving, one with people cancelled, or one whose failed people are not known ends it', () => {
      for (const odd of [{ done: undefined, failed: undefined }, { cancelled: 3 }, { failed: undefined }]) {
        const store = memoryProps();
        const c = running(KEEP_DONE + 10);
        Object.assign(c.parts[5]!, odd);
        saveParts(store, c);
        expect(read(store).folded).toBeUndefined();
        expect(read(store).parts.map((p) => p.id)).toEqual(c.parts.map((p) => p.id));
      }
    });

    it('should keep a year of a list left running in the bytes of a month', () => {
      // 1,000 new rows a day: about 60 parts in a month, 730 in a year, all but the newest done.
      const [month, year] = [memoryProps(), memoryProps()];
      saveParts(month, running(58));
      saveParts(year, running(728));
      expect(bytes(year)).toBeLessThanOrEqual(bytes(month) + 8);
      expect(read(year).folded).toEqual({ n: 708, size: 354_000, failed: 1416 });
    });
  });
});
