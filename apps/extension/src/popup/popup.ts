/** The toolbar popup: status, this site, pause, on-device setting, last analysis, dashboard link. */
import { getBrowser } from '../browser';
import { sendInternal, type PopupState } from '../messaging';
import { render, setControlsBusy } from './view';

const browser = getBrowser();

async function main(): Promise<void> {
  const [tab] = (await browser.tabs?.query({ active: true, currentWindow: true })) ?? [];
  const where = { tabId: tab?.id, url: tab?.url };
  let state: PopupState = await sendInternal(browser, { kind: 'popupState', ...where });
  const show = (s: PopupState) => {
    state = s;
    render(document, s);
  };
  show(state);

  // One action at a time: the controls stay disabled until the background has answered it.
  const on = (id: string, type: string, fn: () => Promise<PopupState>) =>
    document.getElementById(id)?.addEventListener(type, () => {
      setControlsBusy(document);
      void fn().then(show, (error: unknown) => {
        console.error('Media Diet popup:', error);
        show(state);
      });
    });

  on('ignore', 'click', () =>
    sendInternal(browser, { ...where, kind: 'ignoreSite', url: state.site?.url ?? '', ignore: !state.site?.locallyIgnored }),
  );
  on('pause', 'click', () => sendInternal(browser, { kind: 'pause', minutes: state.pausedUntil ? 0 : 60, ...where }));
  on('on-device', 'change', () =>
    sendInternal(browser, {
      kind: 'setOnDevice',
      onDevice: (document.getElementById('on-device') as HTMLInputElement).checked,
      ...where,
    }),
  );
}

void main().catch((error: unknown) => {
  console.error('Media Diet popup:', error);
  const status = document.getElementById('status');
  if (status) status.textContent = 'Unavailable';
});
