// ScriptApp: time-driven triggers per user and document, interval rules, add-on limits, firing.
import { run, standin } from './fixture';

const INSTALL = (every: string) => `return ScriptApp.newTrigger('onTimer').timeBased().${every}.create().getUniqueId();`;

describe('ScriptApp triggers', () => {
  it('should install a trigger for the current user and list it for the spreadsheet', () => {
    const s = standin();
    const id = run<string>(s, INSTALL('everyMinutes(5)'));
    expect(s.triggers).toEqual([{ id, handler: 'onTimer', user: 'alice@example.com', documentId: s.spreadsheet.getId(), everyMinutes: 5 }]);
    expect(run(s, `return ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet()).map(function (t) {
      return [t.getUniqueId(), t.getHandlerFunction(), t.getEventType() === ScriptApp.EventType.CLOCK, t.getTriggerSource()]; });`))
      .toEqual([[id, 'onTimer', true, 'CLOCK']]);
    s.setUser('bob@example.com');
    expect(run(s, `return [ScriptApp.getProjectTriggers().length, ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet()).length];`)).toEqual([0, 0]);
  });

  it('should allow only 1, 5, 10, 15 or 30 minutes', () => {
    const s = standin();
    expect(() => run(s, INSTALL('everyMinutes(2)'))).toThrow(/everyMinutes/);
    expect(() => run(s, INSTALL('everyHours(3)'))).toThrow(/everyHours/);
    expect(s.triggers).toEqual([]);
  });

  it('should refuse minute triggers and a second trigger in a published add-on', () => {
    const s = standin({ addonMode: true });
    expect(() => run(s, INSTALL('everyMinutes(5)'))).toThrow(/once per hour/);
    run(s, INSTALL('everyHours(1)'));
    expect(() => run(s, INSTALL('everyHours(1)'))).toThrow(/too many time-based triggers/);
    expect(s.triggers.map((t) => t.everyHours)).toEqual([1]);
  });

  it('should delete triggers', () => {
    const s = standin();
    run(s, INSTALL('everyMinutes(5)'));
    run(s, `ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); });`);
    expect(s.triggers).toEqual([]);
  });

  it('should fire each trigger as its owner with a trigger event', () => {
    const s = standin();
    const id = run<string>(s, INSTALL('everyMinutes(5)'));
    s.setUser('bob@example.com');
    expect(s.fireTimeTriggers()).toEqual(['onTimer']);
    expect(s.properties.user('alice@example.com').getProperty('runs')).toBe('1');
    expect(s.properties.user('bob@example.com').getProperty('runs')).toBeNull();
    expect(JSON.parse(s.properties.user('alice@example.com').getProperty('lastEvent')!)).toMatchObject({
      authMode: 'FULL', triggerUid: id, year: 2025, month: 1, 'day-of-month': 6, hour: 9, minute: 0, timezone: 'UTC',
    });
  });

  it('should record failing handlers and throw unless told to tolerate them', () => {
    const s = standin();
    run(s, `ScriptApp.newTrigger('failingTimer').timeBased().everyHours(1).create();`);
    expect(() => s.fireTimeTriggers()).toThrow(/timer broke/);
    expect(s.fireTimeTriggers({ tolerateErrors: true })).toEqual(['failingTimer']);
    expect(s.triggerErrors).toHaveLength(2);
    expect(s.triggerErrors[0]).toEqual({ handler: 'failingTimer', user: 'alice@example.com', message: 'timer broke' });
  });
});
