// Session: the user running the execution, a stable temporary key per user, the script time zone.
import { run, standin } from './fixture';

describe('Session', () => {
  it('should report the current user, a stable temporary key per user, and the script time zone', () => {
    const s = standin({ timeZone: 'Europe/Berlin' });
    const [email, key, tz] = run<string[]>(s, `return [Session.getActiveUser().getEmail(), Session.getTemporaryActiveUserKey(), Session.getScriptTimeZone()];`);
    expect([email, tz]).toEqual(['alice@example.com', 'Europe/Berlin']);
    expect(run(s, `return Session.getTemporaryActiveUserKey();`)).toBe(key);
    s.setUser('bob@example.com');
    const [bob, bobKey] = run<string[]>(s, `return [Session.getEffectiveUser().getEmail(), Session.getTemporaryActiveUserKey()];`);
    expect(bob).toBe('bob@example.com');
    expect(bobKey).not.toBe(key);
  });
});
