// AppsScriptStandin: calls as google.script.run makes them, executions (AuthMode, time limit), logs, load.
import { AppsScriptStandin } from '../../../dev/standin';
import { FIXTURE_BUNDLE, run, standin } from './fixture';

describe('AppsScriptStandin', () => {
  it('should JSON round-trip arguments and results', () => {
    const s = standin();
    expect(s.call('echo', { a: [1, 'x', null], b: undefined })).toEqual({ a: [1, 'x', null] });
    expect(s.call('echo', 5)).toBe(5);
    expect(run(s, `return { n: NaN, f: undefined };`)).toEqual({ n: null });
  });

  it('should refuse Dates both ways, as google.script.run cannot pass them', () => {
    const s = standin();
    expect(() => s.call('echo', { when: new Date() })).toThrow(/cannot pass a Date/);
    expect(() => run(s, `return { when: new Date() };`)).toThrow(/cannot pass a Date \(result of exec.when\)/);
  });

  it("should rethrow the script's error with its message", () => {
    const s = standin();
    expect(() => s.call('fail')).toThrow('boom from the script');
    expect(() => s.call('fail')).toThrow(Error);
  });

  it('should not find missing, private or built-in functions', () => {
    const s = standin();
    expect(() => s.call('nothing')).toThrow('Script function not found: nothing');
    expect(() => s.call('private_')).toThrow('Script function not found: private_');
    expect(() => s.call('Date')).toThrow('Script function not found: Date');
    expect(() => s.call('SpreadsheetApp')).toThrow('Script function not found: SpreadsheetApp');
  });

  it('should refuse services other than the menu in AuthMode.NONE', () => {
    const s = new AppsScriptStandin({ bundleSource: `function onOpen() { PropertiesService.getUserProperties(); }` });
    expect(() => s.open()).toThrow(/You do not have permission to call PropertiesService.getUserProperties/);
    expect(() => s.open({ authMode: 'LIMITED' })).not.toThrow();
  });

  it('should stop an execution past six minutes of virtual time, even if the script catches the error', () => {
    const s = standin();
    expect(() => run(s, `for (var i = 0; i < 10; i++) { try { Utilities.sleep(60000); } catch (e) {} } return 'finished';`)).toThrow(
      'Exceeded maximum execution time',
    );
    expect(run(s, `Utilities.sleep(1000); return 'next call is fine';`)).toBe('next call is fine');
    const unlimited = standin({ executionLimitMs: 0 });
    expect(run(unlimited, `for (var i = 0; i < 10; i++) Utilities.sleep(60000); return 'finished';`)).toBe('finished');
  });

  it('should collect Logger and console lines, showing service objects by class name only', () => {
    const s = standin();
    run(
      s,
      `PropertiesService.getUserProperties().setProperty('apiKey', 'sk_secret_1');
      console.log('props', PropertiesService.getUserProperties(), { n: 1 }); console.error('bad'); Logger.log('%s rows', 3); Logger.log(PropertiesService.getUserProperties());`,
    );
    expect(s.logs).toEqual(['props Properties { n: 1 }', 'bad', '3 rows', 'Properties']);
    expect(s.logs.join('\n')).not.toContain('sk_secret_1');
  });

  it("should start every execution from the script's top level, so nothing kept in memory outlives its call", () => {
    const s = new AppsScriptStandin({ bundleSource: `var calls = 0; function count() { calls += 1; return calls; }` });
    expect(s.call('count')).toBe(1);
    expect(s.call('count')).toBe(1);
  });

  it('should record service calls made while loading the bundle', () => {
    expect(standin().loadCalls).toEqual([]);
    const eager = new AppsScriptStandin({ bundleSource: `var props = PropertiesService.getScriptProperties();\n${FIXTURE_BUNDLE}` });
    expect(eager.loadCalls).toEqual(['PropertiesService.getScriptProperties']);
  });
});
