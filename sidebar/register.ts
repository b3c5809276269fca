// The register no longer matches its fingerprint (docs/rules.md#register-whole): the button that rebuilds
// it, shown only then; its label then says what the repair recovered.
import type { App } from './app';
import { actionButton } from './action';
import { call } from './bridge';
import { watch } from './state';

export function registerBlock(app: App): HTMLElement {
  const b = actionButton('Repair the register (edited by hand: nothing is sent)', 'secondary', async () => {
    const r = await call('repairRegister');
    b.el.title = r.ok ? `Recovered ${r.recovered}, lost ${r.lost}` : r.error.message;
    await app.loadState();
  });
  watch(
    app.store,
    (s) => !s.sidebar?.registerBroken,
    (h) => (b.el.hidden = h),
  );
  return b.el;
}
