// Command-line flags of the simulator (cli.ts) turned into a SimConfig.
import { parseArgs } from 'node:util';
import type { SimConfig } from './types';

export interface CliOptions {
  config: SimConfig;
  /** Print one JSON line {origin, baseUrl, pageBase} when listening, and nothing else. */
  json: boolean;
  /** Exit when stdin closes: set by spawnSimulator so the child dies with its parent. */
  exitWithStdin: boolean;
}

export const USAGE = `Usage: npm run sim -- [flags]
  --port N (8788, 0 = any free)   --host H (127.0.0.1)      --clock real|manual
  --speed X   --stage-ms N   --concurrency N   --fail-rate P   --seed N   --rate-limit N
  --workspace-concurrency N   renders at once across the workspace, the earliest started first (0: no limit)
  --stall   --error500-rate P   --rate429-rate P   --latency-ms N   --api-off   --shuffle-people
  --drop-replies N   --html502-replies N   --garbled-replies N   --drop-match REGEX
      the next N requests matching REGEX on "METHOD /path" (default: any POST) are applied, then get
      no reply / a 502 gateway HTML page / a 200 with unreadable JSON
  --fail-people 'ann@x.io,Bob'   their renders fail and are refunded (email or first name, any case)
  --config '<SimConfig JSON>'   --json (one machine-readable ready line)`;

export function parseSimArgs(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      clock: { type: 'string' },
      speed: { type: 'string' },
      'stage-ms': { type: 'string' },
      concurrency: { type: 'string' },
      'workspace-concurrency': { type: 'string' },
      'fail-rate': { type: 'string' },
      seed: { type: 'string' },
      'rate-limit': { type: 'string' },
      stall: { type: 'boolean' },
      'error500-rate': { type: 'string' },
      'rate429-rate': { type: 'string' },
      'latency-ms': { type: 'string' },
      'api-off': { type: 'boolean' },
      'shuffle-people': { type: 'boolean' },
      'drop-replies': { type: 'string' },
      'html502-replies': { type: 'string' },
      'garbled-replies': { type: 'string' },
      'drop-match': { type: 'string' },
      'fail-people': { type: 'string' },
      config: { type: 'string' },
      json: { type: 'boolean' },
      'exit-with-stdin': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) throw new Error(USAGE);
  const base = values.config ? (JSON.parse(values.config) as SimConfig) : {};
  const num = (name: string, v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n)) throw new Error(`--${name} must be a number, not "${v}".`);
    return n;
  };
  const clock = values.clock;
  if (clock !== undefined && clock !== 'real' && clock !== 'manual') throw new Error(`--clock must be real or manual, not "${clock}".`);
  const pick = <T>(v: T | undefined, fallback: T | undefined): T | undefined => (v === undefined ? fallback : v);
  const faults = base.faults ?? {};
  const config: SimConfig = {
    ...base,
    port: pick(num('port', values.port), base.port ?? 8788),
    host: pick(values.host, base.host),
    clock: pick(clock, base.clock),
    speed: pick(num('speed', values.speed), base.speed),
    stageMs: pick(num('stage-ms', values['stage-ms']), base.stageMs),
    concurrency: pick(num('concurrency', values.concurrency), base.concurrency),
    workspaceConcurrency: pick(num('workspace-concurrency', values['workspace-concurrency']), base.workspaceConcurrency),
    failRate: pick(num('fail-rate', values['fail-rate']), base.failRate),
    seed: pick(num('seed', values.seed), base.seed),
    rateLimitPerMinute: pick(num('rate-limit', values['rate-limit']), base.rateLimitPerMinute),
    faults: {
      ...faults,
      stall: pick(values.stall, faults.stall),
      error500Rate: pick(num('error500-rate', values['error500-rate']), faults.error500Rate),
      rate429Rate: pick(num('rate429-rate', values['rate429-rate']), faults.rate429Rate),
      latencyMs: pick(num('latency-ms', values['latency-ms']), faults.latencyMs),
      apiOff: pick(values['api-off'], faults.apiOff),
      shufflePeople: pick(values['shuffle-people'], faults.shufflePeople),
      dropReplies: pick(num('drop-replies', values['drop-replies']), faults.dropReplies),
      html502Replies: pick(num('html502-replies', values['html502-replies']), faults.html502Replies),
      garbledReplies: pick(num('garbled-replies', values['garbled-replies']), faults.garbledReplies),
      dropMatch: pick(values['drop-match'], faults.dropMatch),
      failPeople: pick(
        values['fail-people']
          ?.split(',')
          .map((p) => p.trim())
          .filter((p) => p !== ''),
        faults.failPeople,
      ),
    },
  };
  return { config, json: values.json ?? false, exitWithStdin: values['exit-with-stdin'] ?? false };
}
