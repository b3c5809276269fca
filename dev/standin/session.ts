// Session: the user running the execution, a stable per-user temporary key, the script's time zone.
import { createHash } from 'node:crypto';
import { GasObject, gasApi } from './gas-object';
import type { Runtime } from './runtime';

export class FakeUser extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Base.User>()('User', ['getEmail']);
  constructor(private readonly email: string) {
    super();
  }
  getEmail(): string {
    return this.email;
  }
}

export class FakeSession extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Base.Session>()('Session', [
    'getActiveUser',
    'getEffectiveUser',
    'getTemporaryActiveUserKey',
    'getScriptTimeZone',
    'getActiveUserLocale',
  ]);
  constructor(private readonly runtime: Runtime) {
    super();
  }
  getActiveUser(): FakeUser {
    return new FakeUser(this.runtime.activeUser);
  }
  /** An add-on runs as the person using it. */
  getEffectiveUser(): FakeUser {
    return new FakeUser(this.runtime.activeUser);
  }
  getTemporaryActiveUserKey(): string {
    return createHash('sha256').update(`stand-in:${this.runtime.activeUser}`).digest('base64url').slice(0, 43);
  }
  getScriptTimeZone(): string {
    return this.runtime.timeZone;
  }
  getActiveUserLocale(): string {
    return 'en';
  }
}
