// CacheService: per-user and shared caches expiring on the virtual clock.
import { run, standin } from './fixture';

describe('CacheService', () => {
  it('should expire entries on the virtual clock', () => {
    const s = standin();
    run(s, `CacheService.getDocumentCache().put('k', 'v', 60); CacheService.getScriptCache().putAll({ a: '1', b: '2' });`);
    s.clock.advance(59_000);
    expect(run(s, `return [CacheService.getDocumentCache().get('k'), CacheService.getScriptCache().getAll(['a', 'b', 'c'])];`)).toEqual([
      'v',
      { a: '1', b: '2' },
    ]);
    s.clock.advance(1_000);
    expect(run(s, `return CacheService.getDocumentCache().get('k');`)).toBeNull();
    s.clock.advance(540_000);
    expect(run(s, `return CacheService.getScriptCache().get('a');`)).toBeNull();
  });

  it('should keep user caches apart and remove entries', () => {
    const s = standin();
    run(s, `CacheService.getUserCache().put('me', 'alice'); CacheService.getScriptCache().put('x', '1'); CacheService.getScriptCache().remove('x');`);
    s.setUser('bob@example.com');
    expect(run(s, `return [CacheService.getUserCache().get('me'), CacheService.getScriptCache().get('x')];`)).toEqual([null, null]);
  });
});
