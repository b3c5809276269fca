// Template section: the workspace's recordings; usable ones selectable, blocked ones shown with why.
import type { App } from './app';
import { actionButton, message } from './action';
import { autoOpen, card } from './card';
import { el, focused, inRow, replace, uid } from './dom';
import { isConnected } from './key';
import { watch } from './state';

export function templateSection(app: App): HTMLElement {
  const { store } = app;
  const c = card('template', 'Template');
  const toggle = autoOpen(c.el);
  const msg = message(store);
  const list = el('div', 'choices');
  const groupName = uid('template');
  const legendId = uid('legend');
  const fieldset = el('fieldset', { class: 'stack', 'aria-describedby': legendId }, el('legend', { id: legendId }, 'Recording to personalize'), list);
  const reload = actionButton('Reload list', 'secondary', () => app.loadTemplates());
  const empty = el('p', 'muted');
  c.body.append(empty, fieldset, msg.el, inRow(reload.el));

  watch(
    store,
    (s) => ({ connected: isConnected(s), templates: s.templates, error: s.templatesError, id: s.templateId, bound: Boolean(s.sidebar?.campaign) }),
    ({ connected, templates, error, id, bound }) => {
      if (error) msg.show('error', error);
      else msg.clear();
      reload.block(connected ? null : 'Connect first.');
      fieldset.hidden = !templates || templates.length === 0;
      empty.hidden = fieldset.hidden === false;
      replace(empty, !connected ? 'Connect to the service first.' : templates ? 'No recordings in this workspace yet.' : 'Loading recordings…');
      const now = focused();
      const kept = now instanceof HTMLInputElement && list.contains(now) ? now.value : null;
      replace(
        list,
        ...(templates ?? []).map((t) => {
          const reasonId = uid('why');
          const radio = el('input', {
            type: 'radio',
            name: groupName,
            value: t.id,
            checked: t.id === id,
            disabled: !t.usable,
            'aria-describedby': t.usable ? null : reasonId,
            onchange: () => store.set({ templateId: t.id }),
          });
          return el(
            'label',
            `choice${t.usable ? '' : ' choice-disabled'}`,
            radio,
            el(
              'span',
              'choice-text',
              el('span', 'choice-name', t.name),
              t.usable ? null : el('span', { class: 'choice-why', id: reasonId }, t.blockedReason ?? 'Not usable right now.'),
            ),
          );
        }),
      );
      // Rebuilding the list must not drop keyboard focus.
      if (kept !== null) list.querySelector<HTMLInputElement>(`input[value="${CSS.escape(kept)}"]`)?.focus();
      const chosen = templates?.find((t) => t.id === id);
      c.status(chosen ? chosen.name : connected && !bound ? 'Choose one' : '—', chosen ? 'done' : 'todo');
      // Only a new campaign needs a recording, and only a choice needs the card: once the tab has a campaign, or the one
      // usable recording was taken for the person, it folds to that name.
      toggle(!bound && !(chosen && templates!.filter((t) => t.usable).length < 2));
    },
  );

  return c.el;
}
