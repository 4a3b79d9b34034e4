/** The consent page (decision 115): what is read and sent, the analysis mode, and the agreement itself. */
import type { BrowserApi } from '../browser';
import { sendInternal, type PopupState } from '../messaging';

/** Shown when the extension's background does not answer the page (its state, or the agreement). */
export const CONSENT_UNAVAILABLE =
  'Media Diet could not load your choice. Close this page and open it again from the toolbar popup.';

const controls = (doc: Document) => ({
  agree: doc.getElementById('agree') as HTMLButtonElement,
  withdraw: doc.getElementById('withdraw') as HTMLButtonElement,
  onDevice: doc.getElementById('on-device') as HTMLInputElement,
  status: doc.getElementById('consent-status')!,
});

/** Shows the stored choice; the controls, disabled in the page until then, become usable. */
export function renderConsent(doc: Document, s: Pick<PopupState, 'consented' | 'onDevice'>): void {
  const c = controls(doc);
  c.onDevice.checked = s.onDevice;
  c.onDevice.disabled = false;
  c.agree.disabled = false;
  c.withdraw.hidden = !s.consented;
  c.agree.textContent = s.consented ? 'Save' : 'I agree, start analysing';
  c.status.textContent = s.consented
    ? 'You agreed: pages you read are analysed as described above.'
    : 'Nothing is read until you agree.';
}

/**
 * Wires the page to the background: the form is handled before anything is awaited (a submit never reaches the
 * browser's own form handling), and its controls stay disabled until the stored choice is shown.
 */
export async function startConsent(doc: Document, browser: Pick<BrowserApi, 'runtime'>): Promise<void> {
  const c = controls(doc);
  const send = (agree: boolean) => sendInternal(browser, { kind: 'consent', agree, onDevice: c.onDevice.checked });
  const fail = (error: unknown) => {
    c.status.textContent = CONSENT_UNAVAILABLE;
    console.error('Media Diet consent page:', error);
  };
  doc.getElementById('consent-form')!.addEventListener('submit', (event) => {
    event.preventDefault();
    if (c.agree.disabled) return;
    void send(true).then((s) => renderConsent(doc, s), fail);
  });
  c.withdraw.addEventListener('click', () => {
    void send(false).then((s) => {
      renderConsent(doc, s);
      c.agree.focus();
    }, fail);
  });
  try {
    renderConsent(doc, await sendInternal(browser, { kind: 'popupState' }));
  } catch (error: unknown) {
    fail(error);
  }
}
