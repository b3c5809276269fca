// `npm run sim`: starts the API simulator on a port and says how to use it.
import { parseSimArgs, USAGE } from './args';
import { startSimulator } from './server';
import { SIM_KEYS, SIM_TEMPLATES } from './types';

const KEY_USES: Record<keyof typeof SIM_KEYS, string> = {
  write: 'main workspace, writes on, large daily allowance',
  readOnly: 'main workspace, read-only (writes answer 403 forbidden)',
  revoked: 'main workspace, revoked (401 unauthorized)',
  lowCap: 'main workspace, writes on, daily allowance of 10 credits (429 cap_reached)',
  other: 'another workspace (its ids answer 404 in the main one)',
};

async function main(): Promise<void> {
  let opts;
  try {
    opts = parseSimArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(e instanceof Error && e.message === USAGE ? 0 : 1);
  }
  const port = opts.config.port ?? 8788;
  let sim;
  try {
    sim = await startSimulator(opts.config);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${port} is already in use; stop whatever holds it or pick another with --port.`
        : `The simulator could not start: ${e instanceof Error ? e.message : String(e)}`,
    );
    process.exit(1);
  }
  if (opts.exitWithStdin) {
    process.stdin.on('end', () => process.exit(0));
    process.stdin.resume();
  }
  if (opts.json) {
    console.log(JSON.stringify({ origin: sim.origin, baseUrl: sim.baseUrl, pageBase: sim.pageBase }));
    return;
  }
  const lines = [
    'Video Personalization Service API simulator',
    `  Base URL:  ${sim.baseUrl}`,
    `  Page base: ${sim.pageBase}`,
    '  Keys:',
    ...Object.entries(SIM_KEYS).map(([name, key]) => `    ${key.padEnd(26)} ${KEY_USES[name as keyof typeof SIM_KEYS]}`),
    `  Templates: ${Object.values(SIM_TEMPLATES).join(', ')} (only ${SIM_TEMPLATES.ready} is usable)`,
    `  Control:   POST ${sim.origin}/__sim/control {"action":"state"|"advance"|"configure"|"reset"|...}`,
    'Ctrl-C to stop.',
  ];
  console.log(lines.join('\n'));
}

void main();
