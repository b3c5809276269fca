// Ui and HtmlService: menus, sidebars, alerts and prompts as recorded, scriptlet templates refused.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_BUNDLE, run, standin } from './fixture';
import { AppsScriptStandin } from '../../../dev/standin';

describe('Ui', () => {
  it('should record the add-on menu that onOpen builds in AuthMode.NONE', () => {
    const s = standin({ addonName: 'Videos' });
    s.open();
    expect(s.ui.menus).toEqual([
      {
        title: 'Videos',
        addon: true,
        items: [{ caption: 'Open sidebar', functionName: 'showSidebar' }, { separator: true }, { caption: 'Refresh', functionName: 'refresh' }],
      },
    ]);
  });

  it('should show the sidebar html when a person clicks the menu item', () => {
    const s = standin({ sidebarHtml: '<div id="app"></div>' });
    s.open();
    s.clickMenu('Open sidebar');
    expect(s.ui.sidebars).toEqual([{ title: 'Videos', html: '<div id="app"></div>' }]);
    expect(() => s.clickMenu('Nope')).toThrow(/no menu item/);
  });

  it('should read HTML files from beside the bundle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'standin-'));
    try {
      writeFileSync(join(dir, 'Code.js'), FIXTURE_BUNDLE);
      writeFileSync(join(dir, 'Sidebar.html'), '<b>built sidebar</b>');
      const s = new AppsScriptStandin({ bundlePath: join(dir, 'Code.js') });
      expect(run(s, `return HtmlService.createHtmlOutputFromFile('Sidebar').getContent();`)).toBe('<b>built sidebar</b>');
      expect(() => run(s, `HtmlService.createHtmlOutputFromFile('Missing');`)).toThrow('No HTML file named Missing was found.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should refuse scriptlet templates loudly', () => {
    const s = standin();
    expect(() => run(s, `HtmlService.createTemplateFromFile('Sidebar');`)).toThrow('stand-in: HtmlService.createTemplateFromFile is not implemented');
  });

  it('should answer alerts and prompts with queued buttons, OK or YES by default', () => {
    const s = standin();
    s.ui.answerNext('NO');
    s.ui.answerNext('OK', 'my text');
    expect(
      run(
        s,
        `var ui = SpreadsheetApp.getUi();
      var a = ui.alert('Stop?', 'Stop the campaign?', ui.ButtonSet.YES_NO);
      var p = ui.prompt('Name?');
      var b = ui.alert('Done');
      var c = ui.alert('Sure?', ui.ButtonSet.YES_NO);
      return [a === ui.Button.NO, p.getSelectedButton(), p.getResponseText(), b, c];`,
      ),
    ).toEqual([true, 'OK', 'my text', 'OK', 'YES']);
    expect(s.ui.alerts.map((a) => [a.title, a.prompt, a.buttons, a.answer])).toEqual([
      ['Stop?', 'Stop the campaign?', 'YES_NO', 'NO'],
      [undefined, 'Done', 'OK', 'OK'],
      [undefined, 'Sure?', 'YES_NO', 'YES'],
    ]);
  });
});
