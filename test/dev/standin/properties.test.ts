// PropertiesService: per-user stores, document and script stores, string values, size limits.
import { run, standin } from './fixture';

describe('PropertiesService', () => {
  it('should keep UserProperties per user and share DocumentProperties', () => {
    const s = standin();
    run(
      s,
      `PropertiesService.getUserProperties().setProperty('apiKey', 'sk_alice');
      PropertiesService.getDocumentProperties().setProperty('sheet.1.campaign', 'c_1');`,
    );
    s.setUser('bob@example.com');
    expect(
      run(
        s,
        `return [PropertiesService.getUserProperties().getProperty('apiKey'), PropertiesService.getDocumentProperties().getProperty('sheet.1.campaign')];`,
      ),
    ).toEqual([null, 'c_1']);
    run(s, `PropertiesService.getUserProperties().setProperty('apiKey', 'sk_bob');`);
    expect(s.properties.user('alice@example.com').getProperty('apiKey')).toBe('sk_alice');
    expect(s.properties.user().getProperty('apiKey')).toBe('sk_bob');
    expect(s.properties.document.getProperties()).toEqual({ 'sheet.1.campaign': 'c_1' });
    expect(s.properties.script.getKeys()).toEqual([]);
  });

  it('should store strings, set several at once, and delete', () => {
    const s = standin();
    expect(
      run(
        s,
        `var p = PropertiesService.getScriptProperties();
      p.setProperty('n', 5).setProperties({ a: '1', b: '2' });
      var before = p.getProperties();
      p.setProperties({ c: '3' }, true); var after = p.getKeys();
      p.deleteProperty('c'); return [typeof before.n, before, after, p.getKeys()];`,
      ),
    ).toEqual(['string', { n: '5', a: '1', b: '2' }, ['c'], []]);
    expect(() => run(s, `PropertiesService.getScriptProperties().setProperty('x', null);`)).toThrow(/don't match the method signature/);
  });

  it('should refuse a value over 9 KB, as Apps Script does', () => {
    const s = standin();
    expect(() => run(s, `PropertiesService.getUserProperties().setProperty('big', new Array(9 * 1024 + 2).join('x'));`)).toThrow('Argument too large: value');
    expect(
      run(
        s,
        `PropertiesService.getUserProperties().setProperty('ok', new Array(9 * 1024 + 1).join('x')); return PropertiesService.getUserProperties().getProperty('ok').length;`,
      ),
    ).toBe(9 * 1024);
  });
});
