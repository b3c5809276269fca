// Conditional format rules: built by the script, inspectable, colouring cells, moving with their column.
import { run, standin } from './fixture';

const ADD_RULES = `
  var sh = SpreadsheetApp.getActiveSheet();
  var col = sh.getRange('C2:C');
  var rules = sh.getConditionalFormatRules();
  rules.push(SpreadsheetApp.newConditionalFormatRule().whenTextEqualTo('complete').setBackground('#B7E1CD').setRanges([col]).build());
  rules.push(SpreadsheetApp.newConditionalFormatRule().whenTextContains('fail').setBackground('#F4C7C3').setFontColor('#990000').setRanges([col]).build());
  sh.setConditionalFormatRules(rules);
`;

function withRules() {
  const s = standin();
  const sheet = s.spreadsheet.addSheet('Leads', [
    ['Name', 'Company', 'Video Status'],
    ['A', 'X', 'complete'],
    ['B', 'Y', 'failed'],
    ['C', 'Z', 'pending'],
  ]);
  s.spreadsheet.setActiveSheet(sheet);
  run(s, ADD_RULES);
  return { s, sheet };
}

describe('conditional format rules', () => {
  it('should let the script read back the criteria, colours and ranges of its rules', () => {
    const { s } = withRules();
    expect(
      run(
        s,
        `return SpreadsheetApp.getActiveSheet().getConditionalFormatRules().map(function (r) {
      var c = r.getBooleanCondition();
      return [c.getCriteriaType(), c.getCriteriaValues(), c.getBackground(), c.getFontColor(), r.getRanges().map(function (x) { return x.getA1Notation(); })];
    });`,
      ),
    ).toEqual([
      ['TEXT_EQUAL_TO', ['complete'], '#b7e1cd', null, ['C2:C1000']],
      ['TEXT_CONTAINS', ['fail'], '#f4c7c3', '#990000', ['C2:C1000']],
    ]);
    expect(
      run(
        s,
        `return SpreadsheetApp.BooleanCriteria.TEXT_EQUAL_TO === SpreadsheetApp.getActiveSheet().getConditionalFormatRules()[0].getBooleanCondition().getCriteriaType();`,
      ),
    ).toBe(true);
  });

  it('should colour cells as a person would see them, without per-cell formatting', () => {
    const { s, sheet } = withRules();
    expect([2, 3, 4].map((r) => sheet.visibleBackground(r, 3))).toEqual(['#b7e1cd', '#f4c7c3', null]);
    expect(sheet.visibleBackground(2, 1)).toBeNull();
    expect(s.counters.setBackgroundCalls).toBe(0);
  });

  it('should move rule ranges with their column and grow them with inserted rows', () => {
    const { sheet } = withRules();
    sheet.moveColumn(2, 0);
    sheet.insertRowsBefore(3, 5);
    expect(sheet.getConditionalFormatRules().map((r) => r.getRanges().map((x) => x.getA1Notation()))).toEqual([['A2:A1005'], ['A2:A1005']]);
    expect(sheet.visibleBackground(2, 1)).toBe('#b7e1cd');
    sheet.deleteColumn(1);
    expect(sheet.getConditionalFormatRules()).toEqual([]);
  });

  it('should refuse rules without a condition and rules for another sheet', () => {
    const { s } = withRules();
    expect(() => run(s, `SpreadsheetApp.newConditionalFormatRule().setBackground('#fff').build();`)).toThrow(/condition/);
    expect(() =>
      run(
        s,
        `var other = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1');
      var rule = SpreadsheetApp.newConditionalFormatRule().whenCellEmpty().setRanges([other.getRange('A1')]).build();
      SpreadsheetApp.getActiveSheet().setConditionalFormatRules([rule]);`,
      ),
    ).toThrow(/different sheet/);
  });

  it('should copy a rule into a builder that keeps its condition', () => {
    const { s } = withRules();
    expect(
      run(
        s,
        `var r = SpreadsheetApp.getActiveSheet().getConditionalFormatRules()[0].copy().setBackground('#000000').build();
      return [r.getBooleanCondition().getCriteriaValues()[0], r.getBooleanCondition().getBackground()];`,
      ),
    ).toEqual(['complete', '#000000']);
  });

  it('should fail loudly when asked to evaluate a custom formula rule', () => {
    const { s, sheet } = withRules();
    run(
      s,
      `var sh = SpreadsheetApp.getActiveSheet();
      sh.setConditionalFormatRules([SpreadsheetApp.newConditionalFormatRule().whenFormulaSatisfied('=$C2="x"').setBackground('#000').setRanges([sh.getRange('A2')]).build()]);`,
    );
    expect(() => sheet.visibleBackground(2, 1)).toThrow(/custom formula rules/);
  });
});
