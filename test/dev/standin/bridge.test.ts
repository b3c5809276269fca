// The vm bridge: only implemented Apps Script members are reachable, the rest fails loudly; values and
// errors arrive in the script's own realm.
import { FakeCache, FakeCacheService } from '../../../dev/standin/cache';
import { FakeBooleanCondition, FakeConditionalFormatRule, FakeConditionalFormatRuleBuilder } from '../../../dev/standin/conditional-format';
import type { GasApi } from '../../../dev/standin/gas-object';
import { FakeLock, FakeLockService } from '../../../dev/standin/lock';
import { FakeLogger } from '../../../dev/standin/logging';
import { FakeProperties, FakePropertiesService } from '../../../dev/standin/properties';
import { FakeRange, FakeRangeList } from '../../../dev/standin/range';
import { FakeSession, FakeUser } from '../../../dev/standin/session';
import { FakeFilter, FakeSheet } from '../../../dev/standin/sheet';
import { FakeSpreadsheet, FakeSpreadsheetApp } from '../../../dev/standin/spreadsheet';
import { FakeClockTriggerBuilder, FakeScriptApp, FakeTrigger, FakeTriggerBuilder } from '../../../dev/standin/triggers';
import { FakeHtmlOutput, FakeHtmlService, FakeMenu, FakePromptResponse, FakeUi } from '../../../dev/standin/ui';
import { FakeHttpResponse, FakeUrlFetchApp } from '../../../dev/standin/urlfetch';
import { FakeUtilities } from '../../../dev/standin/utilities';
import { run, standin } from './fixture';

const CLASSES: { api: GasApi; prototype: object }[] = [
  FakeCache,
  FakeCacheService,
  FakeBooleanCondition,
  FakeConditionalFormatRule,
  FakeConditionalFormatRuleBuilder,
  FakeLock,
  FakeLockService,
  FakeLogger,
  FakeProperties,
  FakePropertiesService,
  FakeRange,
  FakeRangeList,
  FakeSession,
  FakeUser,
  FakeFilter,
  FakeSheet,
  FakeSpreadsheet,
  FakeSpreadsheetApp,
  FakeClockTriggerBuilder,
  FakeScriptApp,
  FakeTrigger,
  FakeTriggerBuilder,
  FakeHtmlOutput,
  FakeHtmlService,
  FakeMenu,
  FakePromptResponse,
  FakeUi,
  FakeHttpResponse,
  FakeUrlFetchApp,
  FakeUtilities,
];

const VALUE_MEMBERS = new Set([
  'Button',
  'ButtonSet',
  'SandboxMode',
  'XFrameOptionsMode',
  'BooleanCriteria',
  'AuthMode',
  'AuthorizationStatus',
  'EventType',
  'TriggerSource',
]);

describe('Bridge', () => {
  it('should implement every member each class declares', () => {
    for (const cls of CLASSES) {
      for (const m of cls.api.members) {
        if (VALUE_MEMBERS.has(m)) continue;
        expect([cls.api.name, m, typeof (cls.prototype as unknown as Record<string, unknown>)[m]]).toEqual([cls.api.name, m, 'function']);
      }
    }
  });

  it('should fail loudly on a member Apps Script has but the stand-in lacks, and on test helpers', () => {
    const s = standin();
    expect(() => run(s, `SpreadsheetApp.getActiveSheet().getRange('A1').setWrap(true);`)).toThrow('stand-in: Range.setWrap is not implemented');
    expect(() => run(s, `SpreadsheetApp.getActiveSheet().values();`)).toThrow('stand-in: Sheet.values is not implemented');
    expect(() => run(s, `return typeof SpreadsheetApp.openByUrl;`)).toThrow('stand-in: SpreadsheetApp.openByUrl is not implemented');
    expect(() => run(s, `return MailApp;`)).toThrow(/MailApp is not defined/);
  });

  it("should let the script catch service errors as its own Error with Apps Script's name", () => {
    const s = standin();
    expect(
      run(
        s,
        `try { SpreadsheetApp.getActiveSheet().getRange(0, 1); } catch (e) {
      return [e instanceof Error, e.name, e.message, Object.getPrototypeOf(e) === Error.prototype]; }`,
      ),
    ).toEqual([true, 'Exception', 'The starting row of the range is too small.', true]);
  });

  it('should make service objects look like Apps Script objects: named, not enumerable, not writable', () => {
    const s = standin();
    expect(
      run(
        s,
        `var r = SpreadsheetApp.getActiveSheet().getRange('A1');
      return [String(r), JSON.stringify(r), Object.keys(r).length, 'getValues' in r, 'rect' in r, typeof r.getValues];`,
      ),
    ).toEqual(['Range', '{}', 0, true, false, 'function']);
    expect(() => run(s, `'use strict'; SpreadsheetApp.foo = 1;`)).toThrow(/cannot set SpreadsheetApp.foo/);
  });

  it('should give the script plain objects of its own realm', () => {
    const s = standin();
    run(s, `PropertiesService.getUserProperties().setProperty('a', '1');`);
    expect(
      run(
        s,
        `var p = PropertiesService.getUserProperties().getProperties();
      return [Object.getPrototypeOf(p) === Object.prototype, p.a, ScriptApp.AuthMode.FULL];`,
      ),
    ).toEqual([true, '1', 'FULL']);
  });

  it('should count calls by class and member', () => {
    const s = standin();
    run(s, `var sh = SpreadsheetApp.getActiveSheet(); sh.getRange('A1').getValues(); sh.getRange('A2').setValue(1);`);
    expect(s.counters.rangeCalls).toBe(2);
    expect(s.counters.sheetCalls).toBe(2);
    expect(s.counters.byMember).toMatchObject({ 'Range.getValues': 1, 'Range.setValue': 1, 'Sheet.getRange': 2, 'SpreadsheetApp.getActiveSheet': 1 });
    s.counters.reset();
    expect([s.counters.rangeCalls, s.counters.byMember]).toEqual([0, {}]);
  });

  it('should count the cells a read of values returns', () => {
    const s = standin();
    run(
      s,
      `var sh = SpreadsheetApp.getActiveSheet(); sh.getRange(1, 1, 3, 2).getValues(); sh.getRange(1, 1, 2, 4).getDisplayValues(); sh.getRange('A1').getValue();`,
    );
    expect(s.counters.cellsRead).toBe(14);
    s.counters.reset();
    expect(s.counters.cellsRead).toBe(0);
  });
});
