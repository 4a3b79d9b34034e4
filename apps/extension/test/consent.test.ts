// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handleInternal } from '../src/background/index';
import type { MessageSender } from '../src/browser';
import { CONSENT_UNAVAILABLE, startConsent } from '../src/consent/page';
import { isInternalMessage } from '../src/messaging';
import { setup } from './fakes';

// Found from this file, not the working directory: `npm run test:unit` runs every workspace from the root.
const html = readFileSync(path.join(import.meta.dirname, '../src/consent/consent.html'), 'utf8');
const CONSENT_PAGE: MessageSender = { id: 'self-id', url: 'chrome-extension://self-id/consent/consent.html' };

beforeEach(() => {
  document.documentElement.innerHTML = new DOMParser().parseFromString(html, 'text/html').documentElement.innerHTML;
});

const agree = () => document.getElementById('agree') as HTMLButtonElement;
const onDevice = () => document.getElementById('on-device') as HTMLInputElement;
const status = () => document.getElementById('consent-status')!.textContent;
const form = () => document.getElementById('consent-form') as HTMLFormElement;

/**
 * The consent page over the real background, as from the consent page. `hold` keeps the background's first answer
 * (the page's state) until the returned `answer` is called; `broken` makes every message fail.
 */
function open(opts: { hold?: boolean; broken?: boolean } = {}) {
  const t = setup();
  let answer = () => undefined as void;
  const held = opts.hold ? new Promise<void>((resolve) => (answer = resolve)) : Promise.resolve();
  let first = true;
  t.browser.runtime.sendMessage = async (message) => {
    if (opts.broken) throw new Error('Could not establish connection. Receiving end does not exist.');
    if (!isInternalMessage(message)) throw new Error('not an internal message');
    if (first) {
      first = false;
      await held;
    }
    return handleInternal(t.ctx, message, CONSENT_PAGE);
  };
  const started = startConsent(document, t.browser);
  return { ...t, started, answer };
}

describe('consent page', () => {
  it('keeps its controls disabled until the stored choice is shown; a submit before then changes nothing', async () => {
    const page = open({ hold: true });
    expect(agree().disabled).toBe(true);
    expect(onDevice().disabled).toBe(true);
    // The browser's own form handling would reload the page with a query and drop the agreement.
    const submitted = new Event('submit', { cancelable: true });
    form().dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    page.answer();
    await page.started;
    expect(page.data.consent).toBeUndefined();
    expect(agree().disabled).toBe(false);
    expect(onDevice().disabled).toBe(false);
    expect(agree().textContent).toBe('I agree, start analysing');
    expect(status()).toBe('Nothing is read until you agree.');
  });

  it('agreeing stores the consent with the chosen mode; withdrawing removes it and puts focus back on the agreement', async () => {
    const page = open();
    await page.started;
    onDevice().checked = true;
    form().requestSubmit();
    await vi.waitFor(() => expect(status()).toBe('You agreed: pages you read are analysed as described above.'));
    expect(page.data.consent).toMatchObject({ agreedAt: page.now() });
    expect(agree().textContent).toBe('Save');
    expect(onDevice().checked).toBe(true); // the mode came back from the background with the agreement
    const withdraw = document.getElementById('withdraw') as HTMLButtonElement;
    expect(withdraw.hidden).toBe(false);
    withdraw.click();
    await vi.waitFor(() => expect(status()).toBe('Nothing is read until you agree.'));
    expect(page.data.consent).toBeUndefined();
    expect(withdraw.hidden).toBe(true);
    expect(document.activeElement).toBe(agree());
  });

  it('says so when the background cannot be reached, and leaves the controls disabled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = open({ broken: true });
    await page.started;
    expect(status()).toBe(CONSENT_UNAVAILABLE);
    expect(agree().disabled).toBe(true);
    expect(page.data.consent).toBeUndefined();
  });
});
