// Logger and console: every line the add-on logs lands in the stand-in's log (so tests can prove
// that no secret is ever logged).
import { formatWithOptions } from 'node:util';
import { GasObject, apiOf, gasApi } from './gas-object';
import type { Runtime } from './runtime';

/** One log line; a service object shows as its class name, as in Apps Script (never its contents). */
export function formatLogLine(args: readonly unknown[]): string {
  return formatWithOptions({ depth: 6, breakLength: Infinity }, ...args.map((a) => (a instanceof GasObject ? apiOf(a).name : a)));
}

export class FakeLogger extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Base.Logger>()('Logger', ['log', 'getLog', 'clear']);
  private lines: string[] = [];

  constructor(private readonly runtime: Runtime) {
    super();
  }

  log(...args: unknown[]): this {
    const line = formatLogLine(args);
    this.lines.push(line);
    this.runtime.log(line);
    return this;
  }

  getLog(): string {
    return this.lines.join('\n');
  }
  clear(): void {
    this.lines = [];
  }
}
