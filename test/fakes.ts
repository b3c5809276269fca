// Fakes shared by unit tests: an in-memory properties store.

export function memoryProps(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return {
    m,
    getProperty: (k: string) => m.get(k) ?? null,
    setProperty(k: string, v: string) {
      m.set(k, v);
      return this as never;
    },
    deleteProperty(k: string) {
      m.delete(k);
      return this as never;
    },
    keys: () => [...m.keys()],
    dump: () => Object.fromEntries(m),
  };
}
