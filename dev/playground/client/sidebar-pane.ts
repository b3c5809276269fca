// The sidebar pane: the add-on's page in a 300 px frame with Sheets' title bar; reloaded when the
// add-on opens it again, another person signs in or the playground resets; hidden by its close button
// or google.script.host.close().
import { replace } from '../../../sidebar/dom';
import type { PlaygroundState } from '../protocol';

export function createSidebarPane(pane: HTMLElement, frame: HTMLIFrameElement, title: HTMLElement, close: HTMLElement): { render(s: PlaygroundState): void } {
  let shown: string | null = null;
  const hide = () => {
    pane.hidden = true;
  };
  close.addEventListener('click', hide);
  window.addEventListener('message', (ev: MessageEvent<{ source?: string; type?: string }>) => {
    if (ev.origin !== window.location.origin || ev.source !== frame.contentWindow || ev.data?.source !== 'gas-shim') return;
    if (ev.data.type === 'close-sidebar') hide();
  });
  return {
    render(s) {
      replace(title, s.sidebar.title);
      // Another person sees the sidebar as it loads for them: their key, their messages.
      const version = `${s.session}.${s.sidebar.opens}.${s.user.email}`;
      if (version === shown) return;
      // The first state only records what the frame already shows.
      if (shown !== null) {
        frame.src = `/sidebar?v=${encodeURIComponent(version)}`;
        pane.hidden = false;
      }
      shown = version;
    },
  };
}
