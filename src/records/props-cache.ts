// A properties store read once per execution: the first read takes every key with getProperties()
// (one operation), later reads come from memory, writes go through (the property budget of docs/rules.md#budgets).
import type { Props } from '../core/services';

export type PropertyStore = Props & Pick<GoogleAppsScript.Properties.Properties, 'getProperties'>;

export function readOnce(store: PropertyStore): Props {
  let cache: Record<string, string> | null = null;
  const all = (): Record<string, string> => (cache ??= { ...store.getProperties() });
  return {
    getProperty: (key) => all()[key] ?? null,
    setProperty(key, value) {
      store.setProperty(key, value);
      if (cache) cache[key] = value;
      return this as unknown as GoogleAppsScript.Properties.Properties;
    },
    deleteProperty(key) {
      store.deleteProperty(key);
      if (cache) delete cache[key];
      return this as unknown as GoogleAppsScript.Properties.Properties;
    },
    keys: () => Object.keys(all()),
    forget() {
      cache = null;
    },
  };
}
