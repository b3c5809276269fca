// The playground's grid over the stand-in spreadsheet: the view it draws, selection, typing, deleting rows, the filter, sorting, moving a column, and tabs.
import { AppsScriptStandin } from '../../../dev/standin';
import { Grid } from '../../../dev/playground/grid';

function setup() {
  const gas = new AppsScriptStandin({ bundleSource: 'function onOpen() {}', startTime: Date.UTC(2026, 0, 5, 9), sidebarHtml: '<p></p>' });
  const ss = gas.spreadsheet;
  const first = ss.getActiveSheet();
  const leads = ss.addSheet('Leads', [
    ['First name', 'Company'],
    ['Ava', 'Northwind'],
    ['Ben', 'Bluepeak'],
    ['Chloe', 'Northwind Labs'],
  ]);
  const other = ss.addSheet('Other', [['Name'], ['Zed']]);
  ss.deleteSheet(first);
  ss.setActiveSheet(leads);
  return { gas, grid: new Grid(ss), leads, other };
}

describe('playground grid', () => {
  it('should list the tabs and show the active sheet with room past the data', () => {
    const { grid, leads, other } = setup();
    expect(grid.tabs()).toEqual([
      { id: leads.getSheetId(), name: 'Leads' },
      { id: other.getSheetId(), name: 'Other' },
    ]);
    const v = grid.view();
    expect(v.name).toBe('Leads');
    expect(v.display[1]).toEqual(['Ava', 'Northwind', ...Array(v.cols - 2).fill('')]);
    expect(v.rows).toBeGreaterThanOrEqual(14);
    expect(v.cols).toBeGreaterThanOrEqual(4);
    expect(v.hidden).toEqual([]);
    expect(v.filter).toBeNull();
  });

  it('should leave a hidden tab out of the strip, as Sheets does, unless it is the active one', () => {
    const { grid, leads, other } = setup();
    other.hideSheet();
    expect(grid.tabs()).toEqual([{ id: leads.getSheetId(), name: 'Leads' }]);
    other.activate();
    expect(grid.tabs().map((t) => t.name)).toEqual(['Leads', 'Other']);
  });

  it('should select whole rows and make that the stand-in selection the add-on reads', () => {
    const { gas, grid, leads } = setup();
    grid.select(leads.getSheetId(), ['2:3']);
    expect(gas.spreadsheet.getActiveRange()?.getA1Notation()).toBe('A2:Z3');
    expect(grid.view().selection).toEqual([{ row: 2, col: 1, numRows: 2, numCols: leads.getMaxColumns() }]);
  });

  it('should select on another tab and make it the active one', () => {
    const { gas, grid, other } = setup();
    grid.select(other.getSheetId(), ['A2']);
    expect(gas.spreadsheet.getActiveSheet().getName()).toBe('Other');
    expect(grid.view().name).toBe('Other');
  });

  it('should parse typing as Sheets does and keep a formula to edit', () => {
    const { grid, leads } = setup();
    grid.edit(leads.getSheetId(), 2, 3, '42');
    grid.edit(leads.getSheetId(), 3, 3, '=1+1');
    expect(leads.getRange(2, 3).getValue()).toBe(42);
    const v = grid.view();
    expect(v.edit['3,3']).toBe('=1+1');
  });

  it('should hide the data rows whose column does not contain the text, ignoring case, and clear it', () => {
    const { grid, leads } = setup();
    grid.filter(leads.getSheetId(), 2, 'northWIND');
    let v = grid.view();
    expect(v.hidden).toEqual([3]);
    expect(v.filter).toEqual({ col: 2, text: 'northWIND' });
    expect(leads.isRowHiddenByFilter(3)).toBe(true);
    grid.clearFilter(leads.getSheetId());
    v = grid.view();
    expect(v.hidden).toEqual([]);
    expect(v.filter).toBeNull();
  });

  it('should sort the rows under the header by a column, descending and ascending, rows whole', () => {
    const { grid, leads } = setup();
    leads.setFrozenRows(1);
    grid.sort(leads.getSheetId(), 1, false);
    expect(leads.getRange('A1:B4').getValues()).toEqual([
      ['First name', 'Company'],
      ['Chloe', 'Northwind Labs'],
      ['Ben', 'Bluepeak'],
      ['Ava', 'Northwind'],
    ]);
    grid.sort(leads.getSheetId(), 2, true);
    expect(leads.getRange('A2:A4').getValues().flat()).toEqual(['Ben', 'Ava', 'Chloe']);
  });

  it('should move a column left and right with its header, and keep it selected', () => {
    const { gas, grid, leads } = setup();
    grid.moveColumn(leads.getSheetId(), 2, -1);
    expect(leads.getRange('A1:B2').getValues()).toEqual([
      ['Company', 'First name'],
      ['Northwind', 'Ava'],
    ]);
    expect(gas.spreadsheet.getActiveRange()?.getA1Notation()).toBe(`A1:A${leads.getMaxRows()}`);
    grid.moveColumn(leads.getSheetId(), 1, 1);
    expect(leads.getRange('A1:B1').getValues()).toEqual([['First name', 'Company']]);
  });

  it('should refuse to move a column past the data or sort by an empty column, with a sentence', () => {
    const { grid, leads } = setup();
    expect(() => grid.moveColumn(leads.getSheetId(), 1, -1)).toThrow('Column A is already at the left end of the data.');
    expect(() => grid.moveColumn(leads.getSheetId(), 2, 1)).toThrow('Column B is already at the right end of the data.');
    expect(() => grid.sort(leads.getSheetId(), 5, true)).toThrow('Column E is past the last column with data (B).');
  });

  it('should switch the active tab', () => {
    const { gas, grid, other } = setup();
    grid.activate(other.getSheetId());
    expect(gas.spreadsheet.getActiveSheet().getName()).toBe('Other');
  });

  it('should add a tab named as Sheets names one, after the others, and make it the active one', () => {
    const { gas, grid } = setup();
    grid.addTab();
    expect(grid.tabs().map((t) => t.name)).toEqual(['Leads', 'Other', 'Sheet3']);
    expect(gas.spreadsheet.getActiveSheet().getName()).toBe('Sheet3');
    grid.addTab();
    expect(grid.tabs().map((t) => t.name)).toEqual(['Leads', 'Other', 'Sheet3', 'Sheet4']);
  });

  it('should delete every row the selection spans, apart or together, and keep the rows between them', () => {
    const { grid, leads } = setup();
    leads.appendRow(['Dan', 'Acme']);
    grid.select(leads.getSheetId(), ['2:2', 'A4:B5']);
    expect(grid.deleteRows(leads.getSheetId())).toBe(3);
    expect(leads.getDataRange().getValues()).toEqual([
      ['First name', 'Company'],
      ['Ben', 'Bluepeak'],
    ]);
  });

  it('should refuse to delete rows of a tab not selected, or every row of a tab, with a sentence', () => {
    const { grid, leads, other } = setup();
    grid.select(other.getSheetId(), ['A2']);
    expect(() => grid.deleteRows(leads.getSheetId())).toThrow('Select the rows to delete on this tab first.');
    grid.select(leads.getSheetId(), ['A:A']);
    expect(() => grid.deleteRows(leads.getSheetId())).toThrow('A tab keeps at least one row: select fewer rows to delete.');
    expect(leads.getLastRow()).toBe(4);
  });

  it('should refuse a tab that does not exist with a sentence', () => {
    const { grid } = setup();
    expect(() => grid.activate(12345)).toThrow('There is no tab with id 12345; reload the page.');
  });
});
