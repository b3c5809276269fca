// The playground's header: the add-on menu, who is signed in (and the switch to a colleague), the
// simulator's address and write key to copy, the credit balance, the fault switches, the timer, and Reset.
import { el, replace } from '../../../sidebar/dom';
import type { FaultName, MenuView, PlaygroundState } from '../protocol';

export interface HeaderActions {
  menu(caption: string): Promise<void>;
  fault(name: FaultName, on: boolean): Promise<void>;
  user(other: boolean): Promise<void>;
  reset(): Promise<void>;
  error(message: string): void;
}

const FAULT_LABELS: Record<FaultName, { label: string; help: string }> = {
  stall: { label: 'Stall', help: 'Renders stop moving; campaign detail reports stalled' },
  error500: { label: '500s', help: 'Half of API requests answer 500 internal' },
  rate429: { label: '429s', help: 'Half of API requests answer 429 rate_limited' },
  apiOff: { label: 'API off', help: 'Every API path answers 404, as when the API is switched off' },
  failRenders: { label: 'Render failures', help: 'One render in five fails; its credits are refunded' },
};

/** "15:04:09 UTC": the zone named, as the sidebar names it, so the two clocks read alike. */
const time = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }).format(new Date(iso));

function copyButton(source: HTMLElement): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'copy', title: 'Copy' }, 'Copy');
  button.addEventListener('click', () => {
    void navigator.clipboard.writeText(source.textContent ?? '').then(
      () => {
        replace(button, 'Copied');
        setTimeout(() => replace(button, 'Copy'), 1200);
      },
      () => {
        getSelection()?.selectAllChildren(source);
      },
    );
  });
  return button;
}

export function createHeader(root: HTMLElement, actions: HeaderActions): { render(s: PlaygroundState): void } {
  const run = (p: Promise<void>) => p.catch((e: unknown) => actions.error(e instanceof Error ? e.message : String(e)));

  const menuList = el('div', { class: 'menu-list', role: 'menu', hidden: true });
  const menuButton = el('button', { type: 'button', class: 'menu-button', 'aria-haspopup': 'menu' }, 'Extensions ▾');
  menuButton.addEventListener('click', (ev) => {
    ev.stopPropagation();
    menuList.hidden = !menuList.hidden;
  });
  document.addEventListener('click', () => {
    menuList.hidden = true;
  });
  let menusDrawn = '';

  const baseUrl = el('code', { 'data-testid': 'base-url' });
  const writeKey = el('code', { 'data-testid': 'write-key' });
  const readKey = el('code', { 'data-testid': 'read-key' });
  const balance = el('strong', { 'data-testid': 'balance' }, '…');
  const timer = el('span', { class: 'timer' });
  const switches = new Map<FaultName, HTMLInputElement>();
  const faults = el(
    'div',
    { class: 'faults', role: 'group', 'aria-label': 'Simulator faults' },
    el('span', { class: 'muted' }, 'Faults:'),
    ...(Object.keys(FAULT_LABELS) as FaultName[]).map((name) => {
      const box = el('input', { type: 'checkbox', name: `fault-${name}` });
      box.addEventListener('change', () => void run(actions.fault(name, box.checked)));
      switches.set(name, box);
      return el('label', { class: 'switch', title: FAULT_LABELS[name].help }, box, FAULT_LABELS[name].label);
    }),
  );
  // A colleague on the same sheet: their own UserProperties, so the sidebar asks for their own key.
  const who = el('code', { 'data-testid': 'user' });
  const other = el('input', { type: 'checkbox', name: 'other-person' });
  other.addEventListener('change', () => void run(actions.user(other.checked)));
  const person = el(
    'span',
    { class: 'person', title: 'The add-on runs as this Google account; each person keeps their own API key and timer.' },
    'Signed in as ',
    who,
    el('label', { class: 'switch switch-person' }, other, 'Sign in as another person'),
  );
  const reset = el('button', { type: 'button', class: 'danger' }, 'Reset');
  reset.addEventListener('click', () => {
    if (confirm('Start over: a fresh simulator, the sample spreadsheet again, and no saved settings?')) void run(actions.reset());
  });

  replace(
    root,
    el(
      'div',
      { class: 'bar bar-top' },
      el('span', { class: 'brand' }, 'Video add-on playground'),
      el('div', { class: 'menu' }, menuButton, menuList),
      el('span', { class: 'spacer' }),
      person,
      el('span', { class: 'balance' }, 'Balance: ', balance),
      reset,
    ),
    el(
      'div',
      { class: 'bar bar-sim' },
      el('span', { class: 'cred' }, 'API address ', baseUrl, copyButton(baseUrl)),
      el('span', { class: 'cred' }, 'Write key ', writeKey, copyButton(writeKey)),
      el('span', { class: 'cred', title: 'A key that may only read: try what the add-on says of it' }, 'Read-only key ', readKey, copyButton(readKey)),
      faults,
      el('span', { class: 'spacer' }),
      timer,
    ),
  );

  function drawMenus(menus: MenuView[]): void {
    const next = JSON.stringify(menus);
    if (next === menusDrawn) return;
    menusDrawn = next;
    replace(
      menuList,
      ...(menus.length ? menus : [{ title: 'No add-on menu yet', items: [] }]).map((m) =>
        el(
          'div',
          { class: 'menu-group' },
          el('div', { class: 'menu-title' }, m.title),
          ...m.items.map((caption) =>
            el(
              'button',
              {
                type: 'button',
                role: 'menuitem',
                onclick: () => {
                  menuList.hidden = true;
                  void run(actions.menu(caption));
                },
              },
              caption,
            ),
          ),
        ),
      ),
    );
  }

  return {
    render(s) {
      drawMenus(s.menus);
      replace(baseUrl, s.sim.baseUrl);
      replace(writeKey, s.sim.writeKey);
      replace(readKey, s.sim.readKey);
      replace(balance, s.sim.balance === null ? 'unknown' : `${s.sim.balance.toLocaleString('en-US')} credits`);
      for (const [name, box] of switches) if (document.activeElement !== box) box.checked = s.sim.faults[name];
      replace(who, s.user.email);
      if (document.activeElement !== other) other.checked = s.user.other;
      const t = s.timer;
      replace(
        timer,
        t.installed === 0
          ? 'Timer: none installed'
          : `Timer: fires every ${Math.round(t.everyMs / 1000)} s${t.lastRunAt ? ` · last run ${time(t.lastRunAt)}` : ''}`,
      );
      timer.classList.toggle('timer-error', Boolean(t.lastError));
      timer.title = t.lastError ?? 'The add-on installs a time-driven trigger (every 5 minutes); the playground fires it every few seconds.';
    },
  };
}
