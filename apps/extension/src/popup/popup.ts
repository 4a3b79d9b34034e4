/** The toolbar popup: status, this site, pause, on-device setting, last analysis, dashboard link. */
import { getBrowser } from '../browser';
import { sendInternal, type PopupState } from '../messaging';
import { render, setControlsBusy } from './view';

const browser = getBrowser();

/** While the server is still analysing the last page, the popup asks again this often, this many times at most. */
const RESULT_ASK_EVERY_MS = 2_000;
const RESULT_ASKS_MAX = 15;

async function main(): Promise<void> {
  const [tab] = (await browser.tabs?.query({ active: true, currentWindow: true })) ?? [];
  const where = { tabId: tab?.id, url: tab?.url };
  let state: PopupState = await sendInternal(browser, { kind: 'popupState', ...where });
  const show = (s: PopupState) => {
    state = s;
    render(document, s);
  };
  // Server mode: the last page's result comes from the server. While it is being analysed the popup asks again
  // now and then (a bounded number of times); when the server cannot be asked it offers "Try again".
  let asks = 0;
  show(state);
  void loadLastResult();

  async function loadLastResult(): Promise<void> {
    if (state.lastResult !== 'loading' && state.lastResult !== 'pending') return;
    asks++;
    try {
      show(await sendInternal(browser, { kind: 'lastResult', ...where }));
    } catch (error: unknown) {
      console.error('Media Diet popup:', error);
      show({ ...state, lastResult: 'unavailable' });
    }
    if (state.lastResult === 'pending' && asks < RESULT_ASKS_MAX) setTimeout(() => void loadLastResult(), RESULT_ASK_EVERY_MS);
  }
  document.getElementById('last')?.addEventListener('click', (event) => {
    if ((event.target as HTMLElement | null)?.id !== 'last-retry') return;
    asks = 0;
    show({ ...state, lastResult: 'loading' });
    void loadLastResult();
  });

  // One action at a time: the controls stay disabled until the background has answered it.
  const on = (id: string, type: string, fn: () => Promise<PopupState>) =>
    document.getElementById(id)?.addEventListener(type, () => {
      setControlsBusy(document);
      void fn().then((next) => {
        show(next);
        if (next.lastResult === 'loading') void loadLastResult();
      }, (error: unknown) => {
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
