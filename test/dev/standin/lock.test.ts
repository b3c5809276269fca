// LockService: one holder at a time, waits that take virtual time, release at the end of each call.
import { run, standin } from './fixture';

describe('LockService', () => {
  it('should give the lock when free and release it when the call ends', () => {
    const s = standin();
    expect(
      run(s, `var l = LockService.getDocumentLock(); return [l.hasLock(), l.tryLock(1000), l.hasLock(), LockService.getDocumentLock().hasLock()];`),
    ).toEqual([false, true, true, true]);
    expect(run(s, `var l = LockService.getDocumentLock(); return [l.hasLock(), l.tryLock(0)];`)).toEqual([false, true]);
  });

  it('should refuse tryLock while another execution holds it, after waiting out the timeout', () => {
    const s = standin();
    s.holdDocumentLock();
    expect(run(s, `var t = Date.now(); var got = LockService.getDocumentLock().tryLock(5000); return [got, Date.now() - t];`)).toEqual([false, 5000]);
    expect(() => run(s, `LockService.getDocumentLock().waitLock(100);`)).toThrow('Lock timeout: another process was holding the lock for too long.');
    s.releaseDocumentLock();
    expect(run(s, `return LockService.getDocumentLock().tryLock(0);`)).toBe(true);
  });

  it('should get the lock once the other execution lets go within the timeout', () => {
    const s = standin();
    s.holdDocumentLock(2_000);
    expect(run(s, `var t = Date.now(); var got = LockService.getDocumentLock().tryLock(10000); return [got, Date.now() - t];`)).toEqual([true, 2000]);
  });

  it('should keep user locks per user and release explicitly', () => {
    const s = standin();
    expect(run(s, `var a = LockService.getUserLock(); a.tryLock(0); a.releaseLock(); return [a.hasLock(), LockService.getScriptLock().tryLock(0)];`)).toEqual([
      false,
      true,
    ]);
  });

  it("should share one person's user lock and UserProperties between two documents of theirs", () => {
    const first = standin();
    const second = standin({ sameUserAs: first, spreadsheetId: '1OtherDocument' });
    run(first, `PropertiesService.getUserProperties().setProperty('spend', '12');`);
    expect(run(second, `return PropertiesService.getUserProperties().getProperty('spend');`)).toBe('12');
    expect(second.locks.user('alice@example.com')).toBe(first.locks.user('alice@example.com'));
    expect(standin().locks.user('alice@example.com')).not.toBe(first.locks.user('alice@example.com'));
  });
});
