// When an unknown money outcome is settled: by evidence only, the same rule for the server and the sidebar.
import { knownBy, outcomeShown, outcomeVerdict, SETTLE_MS, stopVerdict } from '../../src/shared/unknown-outcome';

const AT = Date.parse('2026-01-05T10:00:00Z');
const open = { at: AT, pending: 10, balance: 500 };

describe("outcomeShown (the sidebar's own hold)", () => {
  it('should hold until people leave waiting or two minutes pass', () => {
    expect(outcomeShown(open, 10, AT + SETTLE_MS - 1)).toBe(false);
    expect(outcomeShown(open, 9, AT + 1)).toBe(true);
    expect(outcomeShown(open, 10, AT + SETTLE_MS)).toBe(true);
  });
});

describe('outcomeVerdict', () => {
  it('should wait two minutes for the evidence', () => {
    expect(SETTLE_MS).toBe(120_000);
    expect(knownBy(AT)).toBe(AT + 120_000);
  });

  it('should say it happened as soon as people left waiting, before two minutes', () => {
    expect(outcomeVerdict(open, 4, AT + 1_000)).toBe('happened');
  });

  it('should not read the balance when the waiting count already tells', () => {
    const balance = jest.fn(() => 400);
    expect(outcomeVerdict(open, 0, AT + SETTLE_MS * 3, balance)).toBe('happened');
    expect(balance).not.toHaveBeenCalled();
  });

  it('should leave it open while under two minutes pass with nobody started', () => {
    const balance = jest.fn(() => 500);
    expect(outcomeVerdict(open, 10, AT + SETTLE_MS - 1, balance)).toBeNull();
    expect(balance).not.toHaveBeenCalled();
  });

  it('should say it did not happen only when two minutes passed with neither the count nor the balance moving', () => {
    expect(outcomeVerdict(open, 10, AT + SETTLE_MS, () => 500)).toBe('not_happened');
  });

  it('should not tell when the balance moved though nobody was started', () => {
    expect(outcomeVerdict(open, 10, AT + SETTLE_MS, () => 480)).toBe('cannot_tell');
  });

  it('should not tell when the balance cannot be read', () => {
    expect(outcomeVerdict(open, 10, AT + SETTLE_MS, () => null)).toBe('cannot_tell');
    expect(outcomeVerdict(open, 10, AT + SETTLE_MS)).toBe('cannot_tell');
  });

  it('should not tell when people were added meanwhile (the waiting count grew)', () => {
    expect(outcomeVerdict(open, 12, AT + SETTLE_MS, () => 500)).toBe('cannot_tell');
  });

  it('should settle by time alone when the count before the call is not known', () => {
    const blind = { at: AT, pending: null };
    expect(outcomeVerdict(blind, 0, AT + 1_000)).toBeNull();
    expect(outcomeVerdict(blind, 0, AT + SETTLE_MS)).toBe('cannot_tell');
  });
});

describe('stopVerdict', () => {
  const at = 1_000_000;
  it('should say a stop happened when its part shows it stopped or more people cancelled', () => {
    expect(stopVerdict({ at, cancelledBefore: 0 }, { stopped: true, cancelled: 0 }, at)).toBe('happened');
    expect(stopVerdict({ at, cancelledBefore: 2 }, { stopped: false, cancelled: 5 }, at)).toBe('happened');
  });

  it('should wait two minutes before saying a stop did not happen', () => {
    expect(stopVerdict({ at, cancelledBefore: 2 }, { stopped: false, cancelled: 2 }, at + SETTLE_MS - 1)).toBeNull();
    expect(stopVerdict({ at, cancelledBefore: 2 }, { stopped: false, cancelled: 2 }, at + SETTLE_MS)).toBe('not_happened');
  });
});
