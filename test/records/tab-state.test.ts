import { DOC_KEYS } from '../../src/records/state-keys';
import { SheetState } from '../../src/records/tab-state';
import { memoryProps } from '../fakes';

describe('SheetState', () => {
  it('should keep each tab’s campaign, mapping, fallbacks and last refresh apart', () => {
    const p = memoryProps();
    const a = new SheetState(p, 1);
    const b = new SheetState(p, 11);
    a.campaign = { id: 'c1', name: 'Spring' };
    a.mapping = { firstName: 'Given' };
    a.fallbacks = { company: 'your team' };
    a.lastRefresh = { at: '2024-05-01T10:00:00Z', error: null };
    expect([b.campaign, b.mapping, b.fallbacks, b.lastRefresh]).toEqual([null, {}, {}, null]);
    const again = new SheetState(p, 1);
    expect([again.campaign, again.mapping, again.fallbacks, again.lastRefresh]).toEqual([
      { id: 'c1', name: 'Spring' },
      { firstName: 'Given' },
      { company: 'your team' },
      { at: '2024-05-01T10:00:00Z', error: null },
    ]);
  });

  it('should forget a campaign set to null', () => {
    const p = memoryProps();
    const s = new SheetState(p, 3);
    s.campaign = { id: 'c1', name: 'Spring' };
    s.campaign = null;
    expect(s.campaign).toBeNull();
    expect(p.m.has(DOC_KEYS.tab(3, 'campaign'))).toBe(false);
  });

  it('should read a hand-edited mapping as no mapping', () => {
    const s = new SheetState(memoryProps({ [DOC_KEYS.tab(2, 'mapping')]: '{firstName: Given' }), 2);
    expect(s.mapping).toEqual({});
  });

  describe('autoRefresh', () => {
    it('should store and read back the owner, and switch off with null', () => {
      const s = new SheetState(memoryProps(), 5);
      expect(s.autoRefresh).toBeNull();
      s.autoRefresh = { user: 'u1', keyHint: '…abcd', minutes: 15 };
      expect(s.autoRefresh).toEqual({ user: 'u1', keyHint: '…abcd', minutes: 15 });
      s.autoRefresh = null;
      expect(s.autoRefresh).toBeNull();
    });

    it('should read the legacy value true as switched on with no recorded owner, hourly', () => {
      const s = new SheetState(memoryProps({ [DOC_KEYS.tab(5, 'autoRefresh')]: 'true' }), 5);
      expect(s.autoRefresh).toEqual({ user: '', keyHint: null, minutes: 60 });
    });

    it('should read false or a stray scalar as off', () => {
      expect(new SheetState(memoryProps({ [DOC_KEYS.tab(5, 'autoRefresh')]: 'false' }), 5).autoRefresh).toBeNull();
      expect(new SheetState(memoryProps({ [DOC_KEYS.tab(5, 'autoRefresh')]: '"u1"' }), 5).autoRefresh).toBeNull();
    });
  });

  describe('ownedBy', () => {
    it('should let anyone run a tab that is off or has no recorded owner', () => {
      expect(new SheetState(memoryProps(), 1).ownedBy('u2')).toBe(true);
      expect(new SheetState(memoryProps({ [DOC_KEYS.tab(1, 'autoRefresh')]: 'true' }), 1).ownedBy('u2')).toBe(true);
    });

    it('should let only the owner run a tab with a recorded owner', () => {
      const s = new SheetState(memoryProps(), 1);
      s.autoRefresh = { user: 'u1', keyHint: null, minutes: 60 };
      expect(s.ownedBy('u1')).toBe(true);
      expect(s.ownedBy('u2')).toBe(false);
      expect(s.ownedBy('')).toBe(false);
    });
  });
});
