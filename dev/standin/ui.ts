// SpreadsheetApp.getUi() (menus, alerts, prompts, sidebars) and HtmlService, recorded for tests in a UiLog.
import { readFileSync } from 'node:fs';
import { ButtonEnum, ButtonSetEnum, SandboxModeEnum, XFrameOptionsModeEnum } from './enums';
import { GasException, GasObject, badArguments, gasApi } from './gas-object';

type Button = keyof typeof ButtonEnum;
type ButtonSet = keyof typeof ButtonSetEnum;

export type MenuEntry = { caption: string; functionName: string } | { separator: true } | { submenu: MenuRecord };

export interface MenuRecord {
  title: string;
  /** Built with createAddonMenu (titled with the add-on's name). */
  addon: boolean;
  items: MenuEntry[];
}

export interface AlertRecord {
  title?: string;
  prompt: string;
  buttons: ButtonSet;
  /** What the stand-in answered. */
  answer: Button;
}

export interface ShownHtml {
  title: string;
  html: string;
  width?: number;
  height?: number;
}

/** Everything the add-on showed a person, plus the answers queued for alerts and prompts. */
export class UiLog {
  readonly menus: MenuRecord[] = [];
  readonly alerts: AlertRecord[] = [];
  readonly prompts: (AlertRecord & { text: string })[] = [];
  readonly sidebars: ShownHtml[] = [];
  readonly dialogs: (ShownHtml & { modal: boolean })[] = [];
  readonly toasts: { message: string; title: string; timeoutSeconds: number }[] = [];
  private readonly answers: { button: Button; text: string }[] = [];

  /** The next alert or prompt is answered with this button (and text, for a prompt). */
  answerNext(button: Button, text = ''): void {
    this.answers.push({ button, text });
  }

  takeAnswer(buttons: ButtonSet): { button: Button; text: string } {
    const queued = this.answers.shift();
    if (queued) return queued;
    return { button: buttons.startsWith('YES') ? 'YES' : 'OK', text: '' };
  }

  /** The function a menu item runs, found by caption in the menus on the bar. */
  menuFunction(caption: string): string {
    const find = (items: MenuEntry[]): string | undefined => {
      for (const it of items) {
        if ('caption' in it && it.caption === caption) return it.functionName;
        if ('submenu' in it) {
          const f = find(it.submenu.items);
          if (f) return f;
        }
      }
      return undefined;
    };
    for (const m of this.menus) {
      const f = find(m.items);
      if (f) return f;
    }
    throw new Error(`stand-in: no menu item "${caption}"`);
  }
}

export class FakeMenu extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Base.Menu>()('Menu', ['addItem', 'addSeparator', 'addSubMenu', 'addToUi']);
  private readonly record: MenuRecord;

  constructor(
    private readonly log: UiLog,
    title: string,
    addon: boolean,
  ) {
    super();
    this.record = { title, addon, items: [] };
  }

  addItem(caption: unknown, functionName: unknown): this {
    if (typeof caption !== 'string' || typeof functionName !== 'string') throw badArguments('Menu.addItem', [caption, functionName]);
    this.record.items.push({ caption, functionName });
    return this;
  }

  addSeparator(): this {
    this.record.items.push({ separator: true });
    return this;
  }

  addSubMenu(menu: unknown): this {
    if (!(menu instanceof FakeMenu)) throw badArguments('Menu.addSubMenu', [menu]);
    this.record.items.push({ submenu: menu.record });
    return this;
  }

  addToUi(): void {
    const i = this.log.menus.findIndex((m) => m.title === this.record.title);
    const copy = structuredClone(this.record);
    if (i >= 0) this.log.menus[i] = copy;
    else this.log.menus.push(copy);
  }
}

export class FakeHtmlOutput extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.HTML.HtmlOutput>()('HtmlOutput', [
    'getContent',
    'setContent',
    'append',
    'setTitle',
    'getTitle',
    'setWidth',
    'getWidth',
    'setHeight',
    'getHeight',
    'setSandboxMode',
    'setXFrameOptionsMode',
    'addMetaTag',
  ]);
  private title = '';
  private width: number | undefined;
  private height: number | undefined;

  constructor(private html: string) {
    super();
  }

  getContent(): string {
    return this.html;
  }
  setContent(html: string): this {
    this.html = String(html);
    return this;
  }
  append(html: string): this {
    this.html += String(html);
    return this;
  }
  setTitle(title: string): this {
    this.title = String(title);
    return this;
  }
  getTitle(): string {
    return this.title;
  }
  setWidth(w: number): this {
    this.width = w;
    return this;
  }
  getWidth(): number {
    return this.width ?? 0;
  }
  setHeight(h: number): this {
    this.height = h;
    return this;
  }
  getHeight(): number {
    return this.height ?? 0;
  }
  setSandboxMode(_mode: string): this {
    return this;
  }
  setXFrameOptionsMode(_mode: string): this {
    return this;
  }
  addMetaTag(_name: string, _content: string): this {
    return this;
  }

  shown(): ShownHtml {
    return { title: this.title, html: this.html, ...(this.width ? { width: this.width } : {}), ...(this.height ? { height: this.height } : {}) };
  }
}

export class FakeUi extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Base.Ui>()('Ui', [
    'Button',
    'ButtonSet',
    'createAddonMenu',
    'createMenu',
    'alert',
    'prompt',
    'showSidebar',
    'showModalDialog',
    'showModelessDialog',
  ]);
  readonly Button = ButtonEnum;
  readonly ButtonSet = ButtonSetEnum;

  constructor(
    private readonly log: UiLog,
    private readonly addonName: string,
  ) {
    super();
  }

  createAddonMenu(): FakeMenu {
    return new FakeMenu(this.log, this.addonName, true);
  }

  createMenu(title: unknown): FakeMenu {
    if (typeof title !== 'string') throw badArguments('Ui.createMenu', [title]);
    return new FakeMenu(this.log, title, false);
  }

  /** alert(prompt) | alert(prompt, buttons) | alert(title, prompt, buttons) */
  alert(...args: unknown[]): Button {
    const rec = this.dialogArgs('Ui.alert', args);
    const answer = this.log.takeAnswer(rec.buttons).button;
    this.log.alerts.push({ ...rec, answer });
    return answer;
  }

  prompt(...args: unknown[]): FakePromptResponse {
    const rec = this.dialogArgs('Ui.prompt', args, 'OK');
    const { button, text } = this.log.takeAnswer(rec.buttons);
    this.log.prompts.push({ ...rec, answer: button, text });
    return new FakePromptResponse(button, text);
  }

  showSidebar(output: unknown): void {
    if (!(output instanceof FakeHtmlOutput)) throw badArguments('Ui.showSidebar', [output]);
    this.log.sidebars.push(output.shown());
  }

  showModalDialog(output: unknown, title: unknown): void {
    this.dialog(output, title, true);
  }
  showModelessDialog(output: unknown, title: unknown): void {
    this.dialog(output, title, false);
  }

  private dialog(output: unknown, title: unknown, modal: boolean): void {
    if (!(output instanceof FakeHtmlOutput) || typeof title !== 'string') throw badArguments('Ui.showModalDialog', [output, title]);
    this.log.dialogs.push({ ...output.shown(), title, modal });
  }

  private dialogArgs(method: string, args: unknown[], defaultSet: ButtonSet = 'OK'): Omit<AlertRecord, 'answer'> {
    const isSet = (v: unknown): v is ButtonSet => typeof v === 'string' && v in ButtonSetEnum;
    if (args.length === 1 && typeof args[0] === 'string') return { prompt: args[0], buttons: defaultSet };
    if (args.length === 2 && typeof args[0] === 'string' && isSet(args[1])) return { prompt: args[0], buttons: args[1] };
    if (args.length === 3 && typeof args[0] === 'string' && typeof args[1] === 'string' && isSet(args[2])) {
      return { title: args[0], prompt: args[1], buttons: args[2] };
    }
    throw badArguments(method, args);
  }
}

export class FakePromptResponse extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Base.PromptResponse>()('PromptResponse', ['getResponseText', 'getSelectedButton']);
  constructor(
    private readonly button: Button,
    private readonly text: string,
  ) {
    super();
  }
  getResponseText(): string {
    return this.text;
  }
  getSelectedButton(): Button {
    return this.button;
  }
}

/** HtmlService: files are read from the sidebar html given to the stand-in, else from beside the bundle. */
export class FakeHtmlService extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.HTML.HtmlService>()('HtmlService', [
    'createHtmlOutput',
    'createHtmlOutputFromFile',
    'SandboxMode',
    'XFrameOptionsMode',
  ]);
  readonly SandboxMode = SandboxModeEnum;
  readonly XFrameOptionsMode = XFrameOptionsModeEnum;

  constructor(private readonly readHtmlFile: (name: string) => string | null) {
    super();
  }

  createHtmlOutput(html?: unknown): FakeHtmlOutput {
    return new FakeHtmlOutput(html === undefined ? '' : String(html));
  }

  createHtmlOutputFromFile(name: unknown): FakeHtmlOutput {
    if (typeof name !== 'string') throw badArguments('HtmlService.createHtmlOutputFromFile', [name]);
    const html = this.readHtmlFile(name.replace(/\.html$/, ''));
    if (html === null) throw new GasException(`No HTML file named ${name} was found.`);
    return new FakeHtmlOutput(html);
  }
}

/** Reads <dir>/<name>.html, or the given sidebar html for "Sidebar". */
export function htmlFileReader(dir: string, sidebarHtml: string | undefined): (name: string) => string | null {
  return (name) => {
    if (name === 'Sidebar' && sidebarHtml !== undefined) return sidebarHtml;
    try {
      return readFileSync(`${dir}/${name}.html`, 'utf8');
    } catch {
      return null;
    }
  };
}
