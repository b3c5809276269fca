// `npm run explore:minimize -- <history.json> [--reading NAME] [--broken TEXT] [--bundle FILE]`: a history the explorer
// wrote (with `--no-shrink`) cut down to the actions that still break an invariant naming TEXT, printed as a ready test.
// `--bundle`: the server bundle it broke (a build before the fix), as `npm run explore` takes it.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NAMED_READINGS } from '../../dev/standin';
import type { Action } from './actions';
import { history, readyTest } from './explore';
import { minimize } from './minimize';
import { Lab } from './world';

const { values: v, positionals } = parseArgs({
  allowPositionals: true,
  options: { reading: { type: 'string', default: 'default' }, broken: { type: 'string', default: '' }, bundle: { type: 'string' } },
});

async function main(): Promise<void> {
  const readings = NAMED_READINGS[v.reading!];
  if (!readings || !positionals[0]) throw new Error('usage: explore:minimize -- <history.json> [--reading NAME] [--broken TEXT] [--bundle FILE]');
  const actions = JSON.parse(readFileSync(positionals[0], 'utf8')) as Action[];
  const lab = await Lab.open();
  let last: string[] = [];
  const fails = async (a: Action[]) => {
    const broken = await history(lab, a, { readings, ...(v.bundle === undefined ? {} : { bundleSource: readFileSync(v.bundle, 'utf8') }) });
    if (broken.some((b) => b.includes(v.broken!))) last = broken;
    return broken.some((b) => b.includes(v.broken!)) && broken.length > 0;
  };
  try {
    if (!(await fails(actions))) throw new Error('the history breaks no such invariant');
    const short = await minimize(actions, fails, (a) => console.error(`${a.length} actions`));
    await fails(short);
    console.log(readyTest(0, short, last, { readings }));
  } finally {
    await lab.close();
  }
}

void main();
