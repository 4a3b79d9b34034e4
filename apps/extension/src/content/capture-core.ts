import type { BrowserApi } from '../browser';
import { sendInternal } from '../messaging';
import { extractReadable } from './extract';

/** True when the page shows a password field (a sign-in, sign-up or account page). */
export function hasPasswordField(doc: Document): boolean {
  return doc.querySelector('input[type="password" i]') !== null;
}

export interface CaptureDeps {
  win: Window;
  browser: Pick<BrowserApi, 'runtime' | 'extension'>;
  webOrigin: string;
  /** How often to look for single-page-app navigations. */
  urlPollMs?: number;
}

/**
 * Content-script side of capture: cheap local checks (scheme, the web app, private window), then the
 * background's verdict (ignored / protected / paused / connected) and dwell time; after the page has been
 * *visible* that long, extract and hand over. SPA navigations (URL changes without a load) start over.
 */
export function startCapture({ win, browser, webOrigin, urlPollMs = 1000 }: CaptureDeps): () => void {
  const loc = win.location;
  if (loc.protocol !== 'http:' && loc.protocol !== 'https:') return () => undefined;
  if (loc.origin === webOrigin) return () => undefined;
  if (browser.extension?.inIncognitoContext) return () => undefined;

  const doc = win.document;
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let remaining = 0;
  let visibleSince: number | null = null;
  let armed = false;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const fire = (gen: number) => {
    armed = false;
    if (gen !== generation) return;
    // A page with a password field is a sign-in or account page: never read (decision 112).
    if (hasPasswordField(doc)) return;
    const page = extractReadable(doc);
    if (!page) return;
    void sendInternal(browser, { kind: 'capture', url: loc.href, ...page }).catch(() => undefined);
  };

  const resume = () => {
    if (!armed || doc.visibilityState !== 'visible') return;
    visibleSince = Date.now();
    const gen = generation;
    timer = setTimeout(() => fire(gen), remaining);
  };

  const onVisibility = () => {
    if (!armed) return;
    if (doc.visibilityState === 'visible') return resume();
    if (visibleSince !== null) remaining = Math.max(0, remaining - (Date.now() - visibleSince));
    visibleSince = null;
    stopTimer();
  };

  const begin = async () => {
    const gen = ++generation;
    stopTimer();
    armed = false;
    let check;
    try {
      check = await sendInternal(browser, { kind: 'captureCheck', url: loc.href });
    } catch {
      return; // extension reloaded / background unavailable
    }
    if (gen !== generation || !check.capture) return;
    remaining = check.dwellMs;
    armed = true;
    resume();
  };

  doc.addEventListener('visibilitychange', onVisibility);
  let lastUrl = loc.href;
  const poll = setInterval(() => {
    if (loc.href === lastUrl) return;
    lastUrl = loc.href;
    void begin();
  }, urlPollMs);
  void begin();

  return () => {
    generation++;
    stopTimer();
    clearInterval(poll);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
