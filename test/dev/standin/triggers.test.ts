// ScriptApp: time-driven triggers per user and document, interval rules, add-on limits, firing, triggerUid, lost triggers, no active spreadsheet.
import { run, standin } from './fixture';

const INSTALL = (every: string) => `return ScriptApp.newTrigger('onTimer').timeBased().${every}.create().getUniqueId();`;

describe('ScriptApp triggers', () => {
  it('should install a trigger for the current user and list it for the spreadsheet', () => {
    const s = standin();
    const id = run<string>(s, INSTALL('everyMinutes(5)'));
    expect(s.triggers).toEqual([{ id, handler: 'onTimer', user: 'alice@example.com', documentId: s.spreadsheet.getId(), everyMinutes: 5 }]);
    expect(
      run(
        s,
        `return ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet()).map(function (t) {
      return [t.getUniqueId(), t.getHandlerFunction(), t.getEventType() === ScriptApp.EventType.CLOCK, t.getTriggerSource()]; });`,
      ),
    ).toEqual([[id, 'onTimer', true, 'CLOCK']]);
    s.setUser('bob@example.com');
    expect(run(s, `return [ScriptApp.getProjectTriggers().length, ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet()).length];`)).toEqual([0, 0]);
  });

  it('should give two documents of one person triggers of different ids (a record kept under the id in UserProperties is one trigger’s)', () => {
    const first = standin();
    const second = standin({ sameUserAs: first, spreadsheetId: '1OtherDocument' });
    expect(run<string>(first, INSTALL('everyMinutes(5)'))).not.toBe(run<string>(second, INSTALL('everyMinutes(5)')));
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
      authMode: 'FULL',
      triggerUid: id,
      year: 2025,
      month: 1,
      'day-of-month': 6,
      hour: 9,
      minute: 0,
      timezone: 'UTC',
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

  it('should pass a triggerUid that matches getUniqueId of the trigger ScriptApp lists', () => {
    const s = standin();
    const id = run<string>(s, INSTALL('everyMinutes(5)'));
    s.properties.script.setProperty('spreadsheetId', s.spreadsheet.getId());
    run(s, `ScriptApp.newTrigger('probeTimer').timeBased().everyMinutes(5).create();`);
    s.fireTimeTriggers();
    const probe = JSON.parse(s.properties.script.getProperty('probe')!);
    expect(typeof probe.triggerUid).toBe('string');
    expect(probe.uids).toEqual([id, probe.triggerUid]);
    expect(s.triggers.map((t) => t.id)).toEqual([id, probe.triggerUid]);
  });

  it("should lose a trigger silently: one by id, or all of the current user's", () => {
    const s = standin();
    const first = run<string>(s, INSTALL('everyMinutes(5)'));
    const second = run<string>(s, INSTALL('everyHours(1)'));
    s.setUser('bob@example.com');
    const bobs = run<string>(s, INSTALL('everyHours(1)'));
    expect(s.loseTrigger(first).map((t) => t.id)).toEqual([first]);
    expect(() => s.loseTrigger(first)).toThrow(/no installed trigger/);
    expect(s.loseTrigger().map((t) => t.id)).toEqual([bobs]);
    expect(s.triggers.map((t) => t.id)).toEqual([second]);
    s.setUser('alice@example.com');
    expect(run(s, `return ScriptApp.getProjectTriggers().map(function (t) { return t.getUniqueId(); });`)).toEqual([second]);
    s.loseTrigger();
    expect(s.fireTimeTriggers()).toEqual([]);
    expect(run(s, `return ScriptApp.getProjectTriggers().length;`)).toBe(0);
  });

  describe('with nullSpreadsheetInTriggers', () => {
    it('should give no active spreadsheet inside time-driven triggers, while openById finds the document', () => {
      const s = standin({ nullSpreadsheetInTriggers: true });
      s.properties.script.setProperty('spreadsheetId', s.spreadsheet.getId());
      run(s, `ScriptApp.newTrigger('probeTimer').timeBased().everyMinutes(5).create();`);
      s.fireTimeTriggers();
      expect(JSON.parse(s.properties.script.getProperty('probe')!)).toMatchObject({ active: null, opened: 'Leads' });
      expect(run(s, `return [SpreadsheetApp.getActiveSpreadsheet().getId(), SpreadsheetApp.getActiveSheet().getName()];`)).toEqual([
        s.spreadsheet.getId(),
        'Sheet1',
      ]);
    });

    it('should switch on and off between runs', () => {
      const s = standin();
      s.properties.script.setProperty('spreadsheetId', s.spreadsheet.getId());
      run(s, `ScriptApp.newTrigger('probeTimer').timeBased().everyMinutes(5).create();`);
      s.fireTimeTriggers();
      expect(JSON.parse(s.properties.script.getProperty('probe')!).active).toBe(s.spreadsheet.getId());
      s.nullSpreadsheetInTriggers = true;
      s.fireTimeTriggers();
      expect(JSON.parse(s.properties.script.getProperty('probe')!).active).toBeNull();
    });
  });
});
