// ScriptApp: installable time-driven triggers owned by a user (and, for add-ons, a document), with
// Apps Script's interval rules and the add-on limits (hourly at most often, one per user and document).
import { AuthModeEnum, AuthorizationStatusEnum, EventTypeEnum, TriggerSourceEnum } from './enums';
import { GasException, GasObject, badArguments, gasApi, requireInt } from './gas-object';
import type { Runtime } from './runtime';
import { FakeSpreadsheet } from './spreadsheet';
import { TEST_DEPLOYMENT_TRIGGER_MESSAGE, TRIGGER_PERMISSION_MESSAGE, type Readings } from './readings';

export interface InstalledTrigger {
  id: string;
  handler: string;
  user: string;
  /** The spreadsheet active when it was created. */
  documentId: string;
  everyMinutes?: number;
  everyHours?: number;
  /** Made in a test deployment that never fires its triggers (the never-fire reading). */
  silent?: boolean;
  /** Fires at most this often whatever it asked (a published add-on's everyMinutes under the hourly reading). */
  firesEveryMinutes?: number;
  /** Virtual time it was made, and last fired. */
  createdAt?: number;
  lastFired?: number;
}

const MINUTES = [1, 5, 10, 15, 30];
const HOURS = [1, 2, 4, 6, 8, 12];
const PER_USER_LIMIT = 20;

/** Trigger ids are unique across documents, as Apps Script's are: two documents of one person never share one. */
let nextId = 7_301_000_001;

export class TriggerStore {
  readonly installed: InstalledTrigger[] = [];

  constructor(
    readonly runtime: Runtime,
    readonly spreadsheet: FakeSpreadsheet,
    readonly readings: Pick<Readings, 'timeTriggers' | 'clockTriggersInUserTriggers'> &
      Partial<Pick<Readings, 'publishedEveryMinutes' | 'fetchRefusal' | 'triggerPermission'>>,
  ) {}

  /** Every ScriptApp call about triggers needs the script.scriptapp scope, listing and deleting as much as making one. */
  requirePermission(member: string): void {
    if (this.readings.triggerPermission === 'not-granted') throw new GasException(TRIGGER_PERMISSION_MESSAGE.replace('newTrigger', member));
  }

  add(t: Omit<InstalledTrigger, 'id' | 'user' | 'documentId'>): InstalledTrigger {
    this.requirePermission('newTrigger');
    if (this.readings.timeTriggers === 'create-throws') throw new GasException(TEST_DEPLOYMENT_TRIGGER_MESSAGE);
    const user = this.runtime.activeUser;
    const documentId = this.spreadsheet.getId();
    const mine = this.installed.filter((x) => x.user === user);
    if (mine.length >= PER_USER_LIMIT)
      throw new GasException('This script has too many triggers. Triggers must be deleted from the script before more can be added.');
    let firesEveryMinutes: number | undefined;
    if (this.runtime.addonMode) {
      if (t.everyMinutes !== undefined && this.readings.publishedEveryMinutes === 'hourly') firesEveryMinutes = 60;
      else if (t.everyMinutes !== undefined) throw new GasException('Add-ons cannot create time-based triggers that run more than once per hour.');
      if (mine.some((x) => x.documentId === documentId)) {
        throw new GasException('This add-on has created too many time-based triggers in this document for this Google user account.');
      }
    }
    const trigger: InstalledTrigger = {
      id: String(nextId++),
      user,
      documentId,
      ...t,
      createdAt: this.runtime.clock.now(),
      ...(this.readings.timeTriggers === 'never-fire' && { silent: true }),
      ...(firesEveryMinutes && { firesEveryMinutes }),
    };
    this.installed.push(trigger);
    return trigger;
  }
}

export class FakeTrigger extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Script.Trigger>()('Trigger', [
    'getUniqueId',
    'getHandlerFunction',
    'getEventType',
    'getTriggerSource',
    'getTriggerSourceId',
  ]);
  constructor(readonly info: InstalledTrigger) {
    super();
  }
  getUniqueId(): string {
    return this.info.id;
  }
  getHandlerFunction(): string {
    return this.info.handler;
  }
  getEventType(): string {
    return EventTypeEnum.CLOCK;
  }
  getTriggerSource(): string {
    return TriggerSourceEnum.CLOCK;
  }
  getTriggerSourceId(): null {
    return null;
  }
}

export class FakeClockTriggerBuilder extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Script.ClockTriggerBuilder>()('ClockTriggerBuilder', ['everyMinutes', 'everyHours', 'create']);
  private minutes: number | undefined;
  private hours: number | undefined;

  constructor(
    private readonly store: TriggerStore,
    private readonly handler: string,
  ) {
    super();
  }

  everyMinutes(n: unknown): this {
    const m = requireInt(n, 'ScriptApp.ClockTriggerBuilder.everyMinutes', [n]);
    if (!MINUTES.includes(m)) throw new GasException('The value you passed to everyMinutes must be one of 1, 5, 10, 15 or 30.');
    this.minutes = m;
    this.hours = undefined;
    return this;
  }

  everyHours(n: unknown): this {
    const h = requireInt(n, 'ScriptApp.ClockTriggerBuilder.everyHours', [n]);
    if (!HOURS.includes(h)) throw new GasException('The value you passed to everyHours must be one of 1, 2, 4, 6, 8 or 12.');
    this.hours = h;
    this.minutes = undefined;
    return this;
  }

  create(): FakeTrigger {
    if (this.minutes === undefined && this.hours === undefined) throw new GasException('Time-based triggers need a recurrence (everyMinutes, everyHours …).');
    return new FakeTrigger(
      this.store.add({
        handler: this.handler,
        ...(this.minutes !== undefined && { everyMinutes: this.minutes }),
        ...(this.hours !== undefined && { everyHours: this.hours }),
      }),
    );
  }
}

export class FakeTriggerBuilder extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Script.TriggerBuilder>()('TriggerBuilder', ['timeBased']);
  constructor(
    private readonly store: TriggerStore,
    private readonly handler: string,
  ) {
    super();
  }
  timeBased(): FakeClockTriggerBuilder {
    return new FakeClockTriggerBuilder(this.store, this.handler);
  }
}

export class FakeScriptApp extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Script.ScriptApp>()('ScriptApp', [
    'newTrigger',
    'getProjectTriggers',
    'getUserTriggers',
    'deleteTrigger',
    'getAuthorizationInfo',
    'AuthMode',
    'AuthorizationStatus',
    'EventType',
    'TriggerSource',
  ]);
  readonly AuthMode = AuthModeEnum;
  readonly AuthorizationStatus = AuthorizationStatusEnum;
  readonly EventType = EventTypeEnum;
  readonly TriggerSource = TriggerSourceEnum;

  constructor(private readonly store: TriggerStore) {
    super();
  }

  newTrigger(functionName: unknown): FakeTriggerBuilder {
    if (typeof functionName !== 'string' || functionName === '') throw badArguments('ScriptApp.newTrigger', [functionName]);
    return new FakeTriggerBuilder(this.store, functionName);
  }

  /** Whether the person must still grant something: REQUIRED while a permission is unticked (the no-permission refusal). */
  getAuthorizationInfo(authMode: unknown): FakeAuthorizationInfo {
    if (typeof authMode !== 'string' || !(authMode in AuthModeEnum)) throw badArguments('ScriptApp.getAuthorizationInfo', [authMode]);
    return new FakeAuthorizationInfo(this.store.readings.fetchRefusal === 'no-permission' || this.store.readings.triggerPermission === 'not-granted');
  }

  /** The current user's triggers of this project. */
  getProjectTriggers(): FakeTrigger[] {
    this.store.requirePermission('getProjectTriggers');
    const user = this.store.runtime.activeUser;
    return this.store.installed.filter((t) => t.user === user).map((t) => new FakeTrigger(t));
  }

  /** The current user's triggers in that spreadsheet; time-driven ones only under the 'listed' reading. */
  getUserTriggers(spreadsheet: unknown): FakeTrigger[] {
    if (!(spreadsheet instanceof FakeSpreadsheet)) throw badArguments('ScriptApp.getUserTriggers', [spreadsheet]);
    this.store.requirePermission('getUserTriggers');
    if (this.store.readings.clockTriggersInUserTriggers === 'unlisted') return [];
    const user = this.store.runtime.activeUser;
    return this.store.installed.filter((t) => t.user === user && t.documentId === spreadsheet.getId()).map((t) => new FakeTrigger(t));
  }

  deleteTrigger(trigger: unknown): void {
    if (!(trigger instanceof FakeTrigger)) throw badArguments('ScriptApp.deleteTrigger', [trigger]);
    this.store.requirePermission('deleteTrigger');
    const i = this.store.installed.findIndex((t) => t.id === trigger.info.id && t.user === this.store.runtime.activeUser);
    if (i >= 0) this.store.installed.splice(i, 1);
  }
}

export class FakeAuthorizationInfo extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Script.AuthorizationInfo>()('AuthorizationInfo', ['getAuthorizationStatus', 'getAuthorizationUrl']);
  constructor(private readonly required: boolean) {
    super();
  }
  getAuthorizationStatus(): string {
    return this.required ? AuthorizationStatusEnum.REQUIRED : AuthorizationStatusEnum.NOT_REQUIRED;
  }
  getAuthorizationUrl(): string | null {
    return this.required ? 'https://script.google.com/macros/d/stand-in/authorize' : null;
  }
}
