import { USER_KEYS } from '../../src/records/state-keys';
import { userId } from '../../src/records/user-id';

function memoryProps(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    m,
    writes,
    getProperty: (k: string) => m.get(k) ?? null,
    setProperty(k: string, v: string) {
      writes.push(k);
      m.set(k, v);
      return this as never;
    },
    deleteProperty(k: string) {
      m.delete(k);
      return this as never;
    },
  };
}

describe('userId', () => {
  it('should make a random id once, save it, and return the same one after', () => {
    const p = memoryProps();
    const id = userId(p);
    expect(id).toMatch(/^u[0-9a-f]{16}$/);
    expect(p.m.get(USER_KEYS.userId)).toBe(id);
    expect(userId(p)).toBe(id);
    expect(p.writes).toEqual([USER_KEYS.userId]);
  });

  it('should return a saved id without writing', () => {
    const p = memoryProps({ [USER_KEYS.userId]: 'u-saved' });
    expect(userId(p)).toBe('u-saved');
    expect(p.writes).toEqual([]);
  });

  it('should give different stores different ids', () => {
    const ids = Array.from({ length: 20 }, () => userId(memoryProps()));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('should make a new id when the saved one is empty', () => {
    const p = memoryProps({ [USER_KEYS.userId]: '' });
    expect(userId(p)).toMatch(/^u[0-9a-f]{16}$/);
  });
});
