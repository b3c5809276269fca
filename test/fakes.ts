// Fakes shared by unit tests: an in-memory properties store.

export function memoryProps() {
  const m = new Map<string, string>();
  return {
    getProperty: (k: string) => m.get(k) ?? null,
    setProperty(k: string, v: string) { m.set(k, v); return this as never; },
    deleteProperty(k: string) { m.delete(k); return this as never; },
    dump: () => Object.fromEntries(m),
  };
}
