// Repeats a task on an interval while wanted and while the page is visible; never overlaps runs; slows
// down after a while without a change (docs/rules.md#budgets: an idle sidebar costs little).

export interface Poller {
  /** Starts polling (first run after one interval, or at once with `now`). No-op when running. */
  start(now?: boolean): void;
  stop(): void;
}

/** After `afterMs` of runs that changed nothing (the task resolves false), runs every `everyMs` instead. */
export interface Slowing {
  afterMs: number;
  everyMs: number;
}

export function createPoller(task: () => Promise<void | boolean>, intervalMs: number, doc: Document = document, slowing?: Slowing): Poller {
  let wanted = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;
  let lastChange = Date.now();
  const pace = () => (slowing && Date.now() - lastChange >= slowing.afterMs ? slowing.everyMs : intervalMs);

  const visible = () => doc.visibilityState !== 'hidden';
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = (delay: number) => {
    clear();
    if (wanted && visible()) timer = setTimeout(tick, delay);
  };
  function tick(): void {
    timer = null;
    if (!wanted || !visible() || inFlight) return;
    inFlight = true;
    task()
      .then((changed) => {
        if (changed !== false) lastChange = Date.now();
      })
      .catch(console.error)
      .finally(() => {
        inFlight = false;
        schedule(pace());
      });
  }

  doc.addEventListener('visibilitychange', () => {
    if (!wanted) return;
    // Hidden: stop asking. Visible again: catch up at once, then carry on.
    if (visible()) {
      lastChange = Date.now();
      schedule(0);
    } else clear();
  });

  return {
    start(now = false) {
      if (wanted) return;
      wanted = true;
      lastChange = Date.now();
      schedule(now ? 0 : intervalMs);
    },
    stop() {
      wanted = false;
      clear();
    },
  };
}
