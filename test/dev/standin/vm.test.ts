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
});
