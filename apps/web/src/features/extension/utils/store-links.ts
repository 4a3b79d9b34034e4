import type { BrowserId } from '@mediadiet/contract/enums';
import { env, type Env, type ExtensionBrowser } from '@/config/env';

export interface StoreLink {
  browser: ExtensionBrowser;
  /** "Add to Chrome" and so on: the link's visible text. */
  label: string;
  url: string;
}

const NAMES: Record<BrowserId, string> = {
  chrome: 'Chrome',
  firefox: 'Firefox',
  safari: 'Safari',
  edge: 'Edge',
  opera: 'Opera',
  other: 'your browser',
};

export function browserName(browser: BrowserId): string {
  return NAMES[browser];
}

function link(browser: ExtensionBrowser, urls: Env['storeUrls']): StoreLink | null {
  const url = urls[browser];
  return url ? { browser, label: `Add to ${NAMES[browser]}`, url } : null;
}

/**
 * The store links the install step offers (spec §2 wizard, §9 "Store links are kept per browser"): the
 * detected browser's own store; for Safari (no build published unless configured) and unknown browsers,
 * the Chrome and Firefox stores, since the extension runs in any Chromium browser and in Firefox.
 */
export function storeLinksFor(browser: BrowserId, urls: Env['storeUrls'] = env.storeUrls): StoreLink[] {
  if (browser !== 'other') {
    const own = link(browser, urls);
    if (own) return [own];
  }
  return [link('chrome', urls), link('firefox', urls)].filter((l): l is StoreLink => l !== null);
}

/** Whether the detected browser has its own store link (otherwise the step explains what works). */
export function isSupportedBrowser(browser: BrowserId, urls: Env['storeUrls'] = env.storeUrls): boolean {
  return browser !== 'other' && Boolean(urls[browser]);
}
