// The explorer (docs/rules.md#explorer): random histories of fast-check commands over the world, every invariant
// checked after each action and once the service has settled; a failure is shrunk and printed as a ready test.
import fc from 'fast-check';
import { actionArb, fill, perform, show, type Action } from './actions';
import { unprotect } from '../e2e/steps';
import { INVARIANTS, check, settled, topLines } from './invariants';
import { Lab, PEOPLE, TABS, World, type WorldOptions } from './world';

export interface ExploreOptions extends WorldOptions {
  seed: number;
  /** Histories (fast-check runs) from this seed. */
  runs: number;
  /** Actions per history at most. */
  actions: number;
  /** Actions per history at least (long runs: the histories are then plain arrays of commands, shrunk as arrays). */
  minActions?: number;
  /** Stop at the first failure without shrinking (a quick yes or no). */
  noShrink?: boolean;
}

export interface Figures {
  histories: number;
  actions: number;
  invariantsChecked: number;
}

export interface Outcome extends Figures {
  seed: number;
  /** The shrunk history that broke an invariant, and what it broke. */
  failure?: { actions: Action[]; broken: string[]; test: string };
}

class Broken extends Error {
  constructor(readonly broken: string[]) {
    super(broken.join('\n'));
  }
}

/** One action as a fast-check command: run, then every invariant. */
class Step implements fc.AsyncCommand<object, Run> {
  constructor(readonly action: Action) {}
  check = (): boolean => true;
  async run(_m: object, r: Run): Promise<void> {
    await r.step(this.action);
  }
  toString = (): string => show(this.action);
}

/** One history's world and its figures. */
class Run {
  readonly done: Action[] = [];
  constructor(
    readonly w: World,
    readonly figures: Figures,
  ) {}

  async step(a: Action, record = true): Promise<void> {
    if (record) this.done.push(a);
    this.w.standingBefore = new Set(this.w.autoOn.values());
    await perform(this.w, a);
    this.figures.actions++;
    this.figures.invariantsChecked += INVARIANTS.length;
    const broken = check(this.w, await this.w.state(), a);
    if (broken.length) throw new Broken(broken);
  }

  /**
   * Faults gone; in each document the register repaired if the sidebar asks and each tab's sidebar opened by its owner;
   * a day of the timer; each person's refresh of each tab: then nothing may be left in flight.
   */
  async settle(): Promise<void> {
    const w = this.w;
    // A person whose key was refused connects their own again, as the sidebar asks them to.
    for (const p of PEOPLE.keys()) if (w.keys[p] !== PEOPLE[p]!.key) w.as(p, () => w.connect(PEOPLE[p]!.key));
    await w.inEach(async () => {
      // What the add-on asks of a person whose spreadsheet is full: room is made.
      fill(w, null);
      // And a protection the add-on said stopped it is lifted.
      unprotect(w);
      // What the sidebar asks of a person: a register someone edited is repaired before anything is sent again.
      if (w.call<any>('getSidebarState')?.registerBroken) w.lostInRepair += w.call<any>('repairRegister')?.lost || 0;
      // That look was the person's at the keyboard: what their standing order did in it is checked as theirs.
      const mine = check(w, await w.state(), { k: 'refresh' });
      if (mine.length) throw new Broken(mine);
      // The sidebar opened on each tab by its owner: what a run without the document left (auto mode's sends) is done there
      // (docs/rules.md#readings), before the day that lets it render.
      for (const t of TABS.keys()) {
        const owner = t % PEOPLE.length;
        w.as(owner, () => (w.tab(t), w.call('getSidebarState')));
        const st = await w.state();
        // What the owner's own call charged is theirs: checked as theirs (a standing order acts in its owner's calls).
        const broken = w.as(owner, () => check(w, st, { k: 'refresh' }));
        if (broken.length) throw new Broken(broken);
      }
    });
    for (let i = 0; i < 12; i++) await this.step({ k: 'wait', ms: 10 * 60_000 }, false).then(() => this.step({ k: 'timer' }, false));
    await w.inEach(() => {
      // As the sidebar does after Refresh now: its progress read again, which settles what the rows alone do not.
      for (const p of PEOPLE.keys()) for (const t of TABS.keys()) w.as(p, () => (w.tab(t), w.call('refreshNow'), w.call('getProgress')));
    });
    const broken = [...check(w, await w.state(), { k: 'refresh' }), ...settled(w, await w.state()), ...(await topLines(w))];
    this.figures.invariantsChecked += INVARIANTS.length + 1;
    if (broken.length) throw new Broken(broken);
  }
}

/** Runs one history in a fresh world; answers what it broke (nothing: []). */
export async function history(lab: Lab, actions: Action[], o: WorldOptions = {}, figures = zero()): Promise<string[]> {
  const w = new World(lab, o);
  try {
    await w.start();
    const run = new Run(w, figures);
    for (const a of actions) await run.step(a);
    await run.settle();
    return [];
  } catch (e) {
    if (e instanceof Broken) return e.broken;
    throw e;
  } finally {
    figures.histories++;
    await w.close();
  }
}

/** A history replayed as a regression test does: its own simulator, the broken invariants answered. */
export async function replay(actions: Action[], o: WorldOptions = {}): Promise<string[]> {
  const lab = await Lab.open();
  try {
    return await history(lab, actions, o);
  } finally {
    await lab.close();
  }
}

const zero = (): Figures => ({ histories: 0, actions: 0, invariantsChecked: 0 });

/** Histories from one seed; the first failure shrunk to the shortest history that still fails. */
export async function explore(lab: Lab, o: ExploreOptions): Promise<Outcome> {
  const figures = zero();
  let last: { actions: Action[]; broken: string[] } | undefined;
  const step = actionArb.map((a) => new Step(a));
  const commands: fc.Arbitrary<Iterable<fc.AsyncCommand<object, Run>>> = o.minActions
    ? fc.array(step, { minLength: o.minActions, maxLength: Math.max(o.minActions, o.actions) })
    : fc.commands([step], { maxCommands: o.actions, size: 'max' });
  const property = fc.asyncProperty(commands, async (cmds) => {
    const w = new World(lab, o);
    try {
      await w.start();
      const run = new Run(w, figures);
      try {
        await fc.asyncModelRun(() => ({ model: {}, real: run }), cmds);
        await run.settle();
      } catch (e) {
        if (e instanceof Broken) last = { actions: [...run.done], broken: e.broken };
        throw e;
      }
    } finally {
      figures.histories++;
      await w.close();
    }
  });
  const result = await fc.check(property, { seed: o.seed, numRuns: o.runs, endOnFailure: o.noShrink ?? false, verbose: 0 });
  if (!result.failed) return { seed: o.seed, ...figures };
  if (!last) throw result.errorInstance instanceof Error ? result.errorInstance : new Error(String(result.errorInstance));
  // The last failing run is the shrunk one (fast-check keeps the first smaller history that still fails).
  return { seed: o.seed, ...figures, failure: { ...last, test: readyTest(o.seed, last.actions, last.broken, o) } };
}

/** A failing history as a test to paste into test/explore/regressions.test.ts. */
export function readyTest(seed: number, actions: Action[], broken: string[], o: WorldOptions = {}): string {
  const readings = o.readings && Object.keys(o.readings).length ? `, { readings: ${JSON.stringify(o.readings)} }` : '';
  return [
    `  // Found by the explorer (seed ${seed}): ${broken[0] ?? ''}`,
    `  it('should hold every invariant through the history of seed ${seed}', async () => {`,
    `    const actions: Action[] = [`,
    ...actions.map((a) => `      ${show(a)},`),
    `    ];`,
    `    expect(await replay(actions${readings})).toEqual([]);`,
    `  });`,
  ].join('\n');
}
