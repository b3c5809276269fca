// The script's context: ECMAScript built-ins and Apps Script globals only.
import { run, standin } from './fixture';

describe('script context', () => {
  it('should lack the Node and browser globals Apps Script lacks', () => {
    const s = standin();
    const names = [
      'fetch',
      'URL',
      'URLSearchParams',
      'setTimeout',
      'setInterval',
      'atob',
      'btoa',
      'TextEncoder',
      'TextDecoder',
      'require',
      'process',
      'Buffer',
      'module',
      'window',
    ];
    expect(run(s, `return ${JSON.stringify(names)}.filter(function (n) { return typeof globalThis[n] !== 'undefined'; });`)).toEqual([]);
  });

  it('should have the Apps Script services and console', () => {
    const s = standin();
    const names = [
      'SpreadsheetApp',
      'PropertiesService',
      'CacheService',
      'LockService',
      'ScriptApp',
      'UrlFetchApp',
      'Utilities',
      'Session',
      'Logger',
      'HtmlService',
      'console',
    ];
    expect(run(s, `return ${JSON.stringify(names)}.filter(function (n) { return typeof globalThis[n] === 'undefined'; });`)).toEqual([]);
  });

  it('should find the built-ins in the script’s own scope, not through the global object node:vm makes slow to read', () => {
    const s = standin();
    // Taken off the global object for a moment, Math is still there: the script reads it from its own scope.
    const seen = run<[string, boolean, boolean]>(
      s,
      `var g = globalThis.Math; delete globalThis.Math; var t = typeof Math; globalThis.Math = g; return [t, Math === g, Date.now() === new Date().getTime()];`,
    );
    expect(seen).toEqual(['object', true, true]);
  });

  it('should keep Date on the virtual clock for the script', () => {
    const s = standin();
    s.clock.advance(3_600_000);
    expect(run<number>(s, 'return Date.now();')).toBe(s.clock.now());
  });
});
