// Simulator flags → SimConfig.
import { parseSimArgs } from '../../../dev/sim/args';

describe('parseSimArgs', () => {
  it('should default to port 8788 and no faults set', () => {
    expect(parseSimArgs([])).toMatchObject({ json: false, exitWithStdin: false, config: { port: 8788, clock: undefined } });
  });

  it('should read every flag into the config', () => {
    const { config, json } = parseSimArgs([
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--clock',
      'manual',
      '--speed',
      '10',
      '--stage-ms',
      '500',
      '--concurrency',
      '3',
      '--workspace-concurrency',
      '400',
      '--fail-rate',
      '0.1',
      '--seed',
      '9',
      '--stall',
      '--error500-rate',
      '0.2',
      '--rate429-rate',
      '0.3',
      '--latency-ms',
      '40',
      '--api-off',
      '--shuffle-people',
      '--rate-limit',
      '60',
      '--json',
    ]);
    expect(json).toBe(true);
    expect(config).toEqual({
      port: 0,
      host: '0.0.0.0',
      clock: 'manual',
      speed: 10,
      stageMs: 500,
      concurrency: 3,
      workspaceConcurrency: 400,
      failRate: 0.1,
      seed: 9,
      rateLimitPerMinute: 60,
      faults: { stall: true, error500Rate: 0.2, rate429Rate: 0.3, latencyMs: 40, apiOff: true, shufflePeople: true },
    });
  });

  it('should read the reply faults, their match and the people whose renders fail', () => {
    const { config } = parseSimArgs([
      '--drop-replies',
      '1',
      '--html502-replies',
      '2',
      '--garbled-replies',
      '3',
      '--drop-match',
      '^POST /campaigns$',
      '--fail-people',
      'ann@x.io, Bob,',
    ]);
    expect(config.faults).toEqual({ dropReplies: 1, html502Replies: 2, garbledReplies: 3, dropMatch: '^POST /campaigns$', failPeople: ['ann@x.io', 'Bob'] });
    expect(() => parseSimArgs(['--garbled-replies', 'lots'])).toThrow(/--garbled-replies/);
  });

  it('should list every flag in the usage text', () => {
    let usage = '';
    try {
      parseSimArgs(['--help']);
    } catch (e) {
      usage = (e as Error).message;
    }
    for (const flag of ['--drop-replies', '--html502-replies', '--garbled-replies', '--drop-match', '--fail-people', '--stall', '--api-off', '--config']) {
      expect(usage).toContain(flag);
    }
  });

  it('should take a JSON config and let flags win over it', () => {
    const { config } = parseSimArgs(['--config', '{"stageMs":7,"faults":{"dropReplies":2}}', '--stage-ms', '8']);
    expect(config).toMatchObject({ stageMs: 8, faults: { dropReplies: 2 } });
  });

  it('should refuse a bad number, a bad clock or an unknown flag', () => {
    expect(() => parseSimArgs(['--speed', 'fast'])).toThrow(/--speed/);
    expect(() => parseSimArgs(['--clock', 'solar'])).toThrow(/--clock/);
    expect(() => parseSimArgs(['--bogus'])).toThrow();
  });
});
