// The poller: interval, no overlap, stop, and pausing while the page is hidden.
import { createPoller } from '../../sidebar/poller';

/** A document stand-in with a switchable visibility. */
function fakeDoc() {
  const listeners: (() => void)[] = [];
  const doc = {
    visibilityState: 'visible' as 'visible' | 'hidden',
    addEventListener: (_type: string, fn: () => void) => {
      listeners.push(fn);
    },
  };
  const setVisible = (v: boolean) => {
    doc.visibilityState = v ? 'visible' : 'hidden';
    listeners.forEach((l) => l());
  };
  return { doc: doc as unknown as Document, setVisible };
}

/** Lets resolved promises run between timer steps. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('createPoller', () => {
  it('should run the task once per interval after start and stop when told', async () => {
    const { doc } = fakeDoc();
    const task = jest.fn(() => Promise.resolve());
    const p = createPoller(task, 1000, doc);
    p.start();
    expect(task).toHaveBeenCalledTimes(0);
    for (let i = 0; i < 3; i++) {
      jest.advanceTimersByTime(1000);
      await flush();
    }
    expect(task).toHaveBeenCalledTimes(3);
    p.stop();
    jest.advanceTimersByTime(5000);
    await flush();
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('should run at once with start(true) and ignore a second start', async () => {
    const { doc } = fakeDoc();
    const task = jest.fn(() => Promise.resolve());
    const p = createPoller(task, 1000, doc);
    p.start(true);
    p.start(true);
    jest.advanceTimersByTime(0);
    await flush();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('should not start the next run before the previous one finished', async () => {
    const { doc } = fakeDoc();
    let release: () => void = () => undefined;
    const task = jest.fn(
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
    );
    const p = createPoller(task, 1000, doc);
    p.start();
    jest.advanceTimersByTime(1000);
    jest.advanceTimersByTime(5000);
    await flush();
    expect(task).toHaveBeenCalledTimes(1);
    release();
    await flush();
    jest.advanceTimersByTime(1000);
    await flush();
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('should pause while hidden and catch up at once when visible again', async () => {
    const { doc, setVisible } = fakeDoc();
    const task = jest.fn(() => Promise.resolve());
    const p = createPoller(task, 1000, doc);
    p.start();
    setVisible(false);
    jest.advanceTimersByTime(10000);
    await flush();
    expect(task).toHaveBeenCalledTimes(0);
    setVisible(true);
    jest.advanceTimersByTime(0);
    await flush();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('should keep polling after a task fails', async () => {
    const { doc } = fakeDoc();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const task = jest.fn(() => Promise.reject(new Error('boom')));
    const p = createPoller(task, 1000, doc);
    p.start();
    for (let i = 0; i < 2; i++) {
      jest.advanceTimersByTime(1000);
      await flush();
    }
    expect(task).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });
});
