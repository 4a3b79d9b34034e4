/** The consent page (decision 115): what is read and sent, the analysis mode, and the agreement itself. */
import { getBrowser } from '../browser';
import { sendInternal, type PopupState } from '../messaging';

export function renderConsent(doc: Document, s: Pick<PopupState, 'consented' | 'onDevice'>): void {
  (doc.getElementById('on-device') as HTMLInputElement).checked = s.onDevice;
  (doc.getElementById('withdraw') as HTMLButtonElement).hidden = !s.consented;
  (doc.getElementById('agree') as HTMLButtonElement).textContent = s.consented
    ? 'Save'
    : 'I agree, start analysing';
  doc.getElementById('consent-status')!.textContent = s.consented
    ? 'You agreed: pages you read are analysed as described above.'
    : 'Nothing is read until you agree.';
}

async function main(): Promise<void> {
  const browser = getBrowser();
  renderConsent(document, await sendInternal(browser, { kind: 'popupState' }));
  const onDevice = () => (document.getElementById('on-device') as HTMLInputElement).checked;
  document.getElementById('consent-form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    void sendInternal(browser, { kind: 'consent', agree: true, onDevice: onDevice() }).then((s) => renderConsent(document, s));
  });
  document.getElementById('withdraw')?.addEventListener('click', () => {
    void sendInternal(browser, { kind: 'consent', agree: false, onDevice: onDevice() }).then((s) => {
      renderConsent(document, s);
      (document.getElementById('agree') as HTMLButtonElement).focus();
    });
  });
}

if (typeof document !== 'undefined' && document.getElementById('consent-form')) {
  void main().catch((error: unknown) => {
    console.error('Media Diet consent page:', error);
  });
}
