// `npm start` (after the build): the playground on http://localhost:8787, or --port N / PORT; runs until Ctrl-C.
import { parseArgs } from 'node:util';
import { SIM_KEYS } from './sim/types';
import { DEFAULT_PORT, DEFAULT_TIMER_MS, PortBusyError, startPlayground, type Playground } from './playground/server';

export const START_USAGE = `Usage: npm start -- [--port N] [--timer-seconds S]
  --port N            where the playground listens (default ${DEFAULT_PORT}; also PORT=N; 0 = any free port)
  --timer-seconds S   how often the simulated refresh trigger fires while installed (default ${DEFAULT_TIMER_MS / 1000})`;

export interface StartOptions {
  port: number;
  timerEveryMs: number;
}

/** Flags win over PORT; a bad value is an Error with a sentence (USAGE for --help). */
export function parseStartArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): StartOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { port: { type: 'string' }, 'timer-seconds': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) throw new Error(START_USAGE);
  const given = values.port ?? (env.PORT?.trim() ? env.PORT.trim() : undefined);
  const port = given === undefined ? DEFAULT_PORT : Number(given);
  if (!/^\d+$/.test(given ?? '0') || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`The port must be a whole number from 0 to 65535, not "${given}".`);
  }
  const seconds = values['timer-seconds'] === undefined ? DEFAULT_TIMER_MS / 1000 : Number(values['timer-seconds']);
  if (!Number.isFinite(seconds) || seconds < 0.2) throw new Error(`--timer-seconds must be a number of at least 0.2, not "${values['timer-seconds']}".`);
  return { port, timerEveryMs: Math.round(seconds * 1000) };
}

/** What a person needs to start: where to go, and what to paste into the sidebar's Connection section. */
export function banner(pg: Playground): string {
  const sim = pg.session.sim;
  return [
    `Playground: ${pg.url}`,
    '',
    "In the sidebar's Connection section, paste:",
    `  API address  ${sim.baseUrl}`,
    `  API key      ${SIM_KEYS.write}`,
    '',
    'Ctrl-C to stop.',
  ].join('\n');
}

/** Starts the playground; resolves with an exit code when it cannot, or null once it runs (until a signal). */
export async function main(argv: string[] = process.argv.slice(2)): Promise<number | null> {
  let opts: StartOptions;
  try {
    opts = parseStartArgs(argv);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    console.error(message);
    return message === START_USAGE ? 0 : 1;
  }
  let pg: Playground;
  try {
    pg = await startPlayground({ port: opts.port, timerEveryMs: opts.timerEveryMs });
  } catch (e) {
    console.error(e instanceof PortBusyError ? e.message : `The playground could not start: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  const stop = (): void => {
    console.log('\nStopping the playground and the simulator…');
    pg.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // After the handlers, so a Ctrl-C as soon as the banner shows still stops the simulator.
  console.log(banner(pg));
  return null;
}

if (require.main === module) {
  void main().then((code) => {
    if (code !== null) process.exit(code);
  });
}
