// Repeats a task on an interval while wanted and while the page is visible; never overlaps runs.

export interface Poller {
  /** Starts polling (first run after one interval, or at once with `now`). No-op when running. */
  start(now?: boolean): void;
  stop(): void;
  readonly running: boolean;
}

export function createPoller(task: () => Promise<void>, intervalMs: number, doc: Document = document): Poller {
  let wanted = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;

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
      .catch((e: unknown) => { console.error(e); })
      .finally(() => {
        inFlight = false;
        schedule(intervalMs);
      });
  }

  doc.addEventListener('visibilitychange', () => {
    if (!wanted) return;
    // Hidden: stop asking. Visible again: catch up at once, then carry on.
    if (visible()) schedule(0);
    else clear();
  });

  return {
    start(now = false) {
      if (wanted) return;
      wanted = true;
      schedule(now ? 0 : intervalMs);
    },
    stop() {
      wanted = false;
      clear();
    },
    get running() { return wanted; },
  };
}
