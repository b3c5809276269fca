// The playground page's entry: wires the header, the grid with its column tools, filter and tabs, and
// the sidebar pane to the server, and redraws them all from its state every 1.5 seconds (or at once after an action).
import { el, replace } from '../../../sidebar/dom';
import type { PlaygroundState } from '../protocol';
import { act, getState } from './api';
import { createColumnTools } from './column-tools';
import { createGrid } from './grid-view';
import { createHeader } from './header';
import { createFilter, createTabs } from './sheet-controls';
import { createDialog } from './dialog';
import { createSidebarPane } from './sidebar-pane';

const POLL_MS = 1500;
const TOAST_MS = 6000;

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`playground page: #${id} is missing`);
  return node as T;
}

function start(): void {
  const toastBox = byId('toast');
  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  const toast = (title: string, message: string, tone: 'info' | 'error') => {
    replace(toastBox, el('strong', {}, title), el('span', {}, message));
    toastBox.className = `toast toast-${tone}`;
    toastBox.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      toastBox.hidden = true;
    }, TOAST_MS);
  };
  const error = (message: string) => toast('Playground', message, 'error');
  // Every action is followed by a fresh state, so its effect shows without waiting for the poll.
  const then = (p: Promise<void>) => p.then(() => pollNow());

  const header = createHeader(byId('header'), {
    menu: (caption) => then(act('menu', { caption })),
    fault: (name, on) => then(act('fault', { name, on })),
    user: (other) => then(act('user', { other })),
    reset: () => then(act('reset', {})),
    error,
  });
  const grid = createGrid(
    { wrap: byId('grid-wrap'), ref: byId('cell-ref'), formula: byId<HTMLInputElement>('formula') },
    {
      // The column tools name the newly selected column at once.
      select: (sheetId, ranges) => {
        if (last) columns.render(last.sheet);
        return act('select', { sheetId, ranges });
      },
      edit: (sheetId, row, col, value) => then(act('edit', { sheetId, row, col, value })),
      paste: (sheetId, row, col, text) => then(act('paste', { sheetId, row, col, text })),
      error,
    },
  );
  const sheetActions = {
    activate: (sheetId: number) => then(act('activate', { sheetId })),
    addTab: () => then(act('addTab', {})),
    filter: (sheetId: number, col: number, text: string) => then(act('filter', { sheetId, col, text })),
    clearFilter: (sheetId: number) => then(act('filter', { sheetId, clear: true })),
    error,
  };
  const columns = createColumnTools(byId('column-tools'), () => grid.activeColumn(), {
    sort: (sheetId, col, ascending) => then(act('sort', { sheetId, col, ascending })),
    move: (sheetId, col, by) => then(act('move', { sheetId, col, by })),
    deleteRows: (sheetId) => then(act('deleteRows', { sheetId })),
    error,
  });
  const tabs = createTabs(byId('tabs'), sheetActions);
  const filter = createFilter(byId('filter'), sheetActions);
  const dialog = createDialog(document.body);
  const pane = createSidebarPane(byId('sidebar-pane'), byId<HTMLIFrameElement>('sidebar-frame'), byId('sidebar-title'), byId('sidebar-close'));

  let last: PlaygroundState | null = null;
  let lastToast: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  let again = false;

  async function poll(): Promise<void> {
    if (polling) {
      again = true;
      return;
    }
    polling = true;
    clearTimeout(timer);
    try {
      const startedAt = performance.now();
      const s = await getState();
      byId('offline').hidden = true;
      header.render(s);
      tabs.render(s);
      filter.render(s.sheet);
      grid.render(s.sheet, startedAt);
      columns.render(s.sheet);
      last = s;
      pane.render(s);
      dialog.render(s);
      // Toasts the add-on shows (e.g. "Refresh video status now"); old ones are not replayed on load.
      const seq = s.toast?.seq ?? 0;
      if (lastToast !== null && s.toast && seq > lastToast) toast(s.toast.title || 'Add-on', s.toast.message, 'info');
      lastToast = seq;
    } catch {
      byId('offline').hidden = false;
    } finally {
      polling = false;
      timer = setTimeout(() => void poll(), again ? 0 : POLL_MS);
      again = false;
    }
  }
  function pollNow(): void {
    void poll();
  }
  pollNow();
}

start();
