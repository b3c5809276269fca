// The month run stopped early: its stream of days read back as the result its block is written from.
import { fromStream } from '../../bench/month';

const checkpoint = {
  day: 1,
  rows: 1000,
  complete: 1000,
  people: 1000,
  parts: 2,
  largestValue: 262,
  storeBytes: 1633,
  ownCells: 11221,
  byKind: [['sheet', 408]],
};

describe('fromStream', () => {
  it("should read each day's figures and checkpoints, the busiest day and how far the run got", () => {
    const text = [
      `2026-11-27T22:20:36.860Z ${JSON.stringify({ day: 1, rows: 1000, requests: 445, triggerMinutes: 2.2, propertyOps: 2093, errors: 0, checkpoint })}`,
      `2026-11-27T22:21:03.446Z ${JSON.stringify({ day: 2, rows: 2000, requests: 446, triggerMinutes: 2.1, propertyOps: 2090, errors: 0 })}`,
      '',
    ].join('\n');
    expect(fromStream(text, 5, 30)).toEqual({
      timer: 'every 5 minutes',
      days: 2,
      planned: 30,
      perDay: { requests: 446, triggerMinutes: 2.2, propertyOps: 2093 },
      checkpoints: [checkpoint],
      errors: [],
    });
  });

  it('should say that runs failed, and name no plan for a run that reached its last day', () => {
    const text = `t ${JSON.stringify({ day: 1, rows: 1000, requests: 1, triggerMinutes: 0, propertyOps: 1, errors: 3 })}\n`;
    const r = fromStream(text, 60, 1);
    expect(r.planned).toBeUndefined();
    expect(r.errors).toEqual(["3 run errors (see the run's stream)"]);
  });
});
