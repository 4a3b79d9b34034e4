import type { BrowserId } from '@mediadiet/contract/enums';

export type DetectedBrowser = BrowserId;

/**
 * The browser family from the user agent (spec §2 wizard: chrome, firefox, safari, edge, opera, other).
 * Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */
export function detectBrowser(userAgent: string = globalThis.navigator?.userAgent ?? ''): DetectedBrowser {
  const ua = userAgent;
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'edge';
  if (/\bOPR\/|\bOpera\b/.test(ua)) return 'opera';
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return 'firefox';
  if (/\b(?:Headless)?Chrome\/|\bChromium\/|\bCriOS\//.test(ua)) return 'chrome';
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return 'safari';
  return 'other';
}
