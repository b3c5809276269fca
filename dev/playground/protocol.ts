// The playground's HTTP contract between its server and its page: the state snapshot the page polls
// and the actions it posts. Type-only, shared by dev/playground/server.ts and dev/playground/client.

/** One tab of the spreadsheet. */
export interface TabInfo {
  id: number;
  name: string;
}

/** The active sheet as a person sees it, rows 1..rows and columns 1..cols (shown area, not only data). */
export interface SheetView {
  id: number;
  name: string;
  rows: number;
  cols: number;
  /** The sheet's full size, which whole-row and whole-column selections span. */
  maxRows: number;
  maxCols: number;
  frozenRows: number;
  frozenCols: number;
  /** Display values, [row-1][col-1]. */
  display: string[][];
  /** What editing a cell starts from: its formula, else its display value; only where it differs from display. */
  edit: Record<string, string>;
  /** "r,c" → CSS colour, from the cell's own background or a conditional rule. */
  backgrounds: Record<string, string>;
  /** "r,c" of bold cells. */
  bold: string[];
  /** 1-based rows hidden by the filter or by the person. */
  hidden: number[];
  /** The filter the playground applied (column 1-based, text contained), or null. */
  filter: { col: number; text: string } | null;
  /** The stand-in's active range list, as rectangles. */
  selection: { row: number; col: number; numRows: number; numCols: number }[];
}

export interface MenuView {
  title: string;
  items: string[];
}

/** Simulator switches in the header: the API's faults, and renders failing (refunded) now and then. */
export type FaultName = 'stall' | 'error500' | 'rate429' | 'apiOff' | 'failRenders';

export interface PlaygroundState {
  sim: {
    baseUrl: string;
    writeKey: string;
    /** A key of the same workspace that may only read: what the add-on says of a key that cannot write. */
    readKey: string;
    /** Credits of the main workspace, or null when the simulator could not be read. */
    balance: number | null;
    faults: Record<FaultName, boolean>;
  };
  menus: MenuView[];
  /** Newest toast with its sequence number (the page shows each one once). */
  toast: { seq: number; title: string; message: string } | null;
  /** Newest dialog the add-on opened (Check setup's report), with its sequence number, its HTML and its size. */
  dialog: { seq: number; title: string; html: string; width: number; height: number } | null;
  /** How many times the add-on opened its sidebar (the page reloads the pane when it grows) and its title. */
  sidebar: { opens: number; title: string };
  /** Who the add-on runs as: the person who set it up, or a colleague on the same sheet (own key, own timer). */
  user: { email: string; other: boolean };
  /** Session number: grows on every reset, so the page reloads the sidebar after one. */
  session: number;
  timer: { installed: number; everyMs: number; lastRunAt: string | null; lastError: string | null };
  tabs: TabInfo[];
  sheet: SheetView;
}

/** POST /gas/run body, and its reply (a thrown server error comes back as ok:false). */
export interface GasRunRequest {
  name: string;
  args: unknown[];
}
export type GasRunReply = { ok: true; value: unknown } | { ok: false; message: string };

/** POST /api/<action> bodies. */
export interface PlaygroundActions {
  select: { sheetId: number; ranges: string[] };
  edit: { sheetId: number; row: number; col: number; value: string };
  /** Pasted text (rows by line, cells by tab, as a spreadsheet copies them) typed in from a cell on. */
  paste: { sheetId: number; row: number; col: number; text: string };
  activate: { sheetId: number };
  /** A new tab, made the active one. */
  addTab: Record<string, never>;
  /** Deletes the rows the tab's selection spans. */
  deleteRows: { sheetId: number };
  filter: { sheetId: number; col: number; text: string } | { sheetId: number; clear: true };
  menu: { caption: string };
  /** Sorts the rows under the header by a column (1-based), as Data › Sort sheet does. */
  sort: { sheetId: number; col: number; ascending: boolean };
  /** Moves a column (1-based) one place left (-1) or right (1), as dragging its header does. */
  move: { sheetId: number; col: number; by: -1 | 1 };
  /** Signs in as the colleague (true) or back as the first person (false). */
  user: { other: boolean };
  fault: { name: FaultName; on: boolean };
  reset: Record<string, never>;
}
