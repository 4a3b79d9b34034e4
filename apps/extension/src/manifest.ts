import type { ExtensionConfig } from './config';
import { EXTENSION_PUBLIC_KEY, GECKO_ID } from './extension-key';

export type Target = 'chrome' | 'firefox';
export const TARGETS: readonly Target[] = ['chrome', 'firefox'];

/** Output paths inside dist/<target>/ (the build writes exactly these). */
export const FILES = {
  background: 'background.js',
  capture: 'content/capture.js',
  bridge: 'content/bridge.js',
  popupHtml: 'popup/popup.html',
  consentHtml: 'consent/consent.html',
  icons: { 16: 'icons/16.png', 32: 'icons/32.png', 48: 'icons/48.png', 128: 'icons/128.png' },
} as const;

/**
 * Match pattern for an origin. Chromium accepts a port in match patterns; Firefox does not, so there the
 * port is dropped (the bridge and the background still compare the full origin at run time).
 */
export function originPattern(origin: string, target: Target): string {
  const u = new URL(origin);
  const host = target === 'firefox' ? u.hostname : u.host;
  return `${u.protocol}//${host}/*`;
}

export type Manifest = Record<string, unknown>;

/** What the stores show first: what is read and what stays in the browser, as the consent page says. */
export const MANIFEST_DESCRIPTION =
  'Master your media diet. Reads only after you agree; on-device mode keeps page text in your browser. Never private or sign-in pages.';

/**
 * What Firefox's install prompt says the extension sends (`browser_specific_settings.gecko.data_collection_permissions`,
 * Firefox 140 and later; the categories are Mozilla's). All of it goes only to the person's own account, and only
 * after they agree on the consent page (decision 115):
 * - browsingActivity: the address of each page read (both modes);
 * - websiteContent: its title (both modes) and its readable text (server mode);
 * - searchTerms: a search results page kept open is read like any page, and its title usually repeats the search;
 * - websiteActivity: the link labels' daily counts of labelled links opened, by verdict (no addresses);
 * - healthInfo: the mood check-in (a mood and a note), sent when the person taps a mood in the popup.
 * Required, not optional: capture is what the extension is for, and an optional category would have to be asked
 * for again at run time before anything of it is sent (decision 161).
 */
export const FIREFOX_DATA_COLLECTION = {
  required: ['browsingActivity', 'websiteContent', 'searchTerms', 'websiteActivity', 'healthInfo'],
} as const;

export interface ManifestOptions {
  /**
   * A build for the stores: the Chromium manifest has no `key` (the Chrome Web Store refuses one and gives the
   * listing its own id). The unpacked development build keeps the key, so its id stays fixed (decision 161).
   */
  store?: boolean;
}

/** One source for both browsers' manifest.json. */
export function buildManifest(target: Target, cfg: ExtensionConfig, options: ManifestOptions = {}): Manifest {
  const web = originPattern(cfg.webOrigin, target);
  const api = originPattern(cfg.apiBase, target);
  const common: Manifest = {
    manifest_version: 3,
    name: 'Media Diet',
    short_name: 'Media Diet',
    version: cfg.version,
    // The store's short description (at most 132 characters); the long one is STORE_LISTING.md (decision 115).
    description: MANIFEST_DESCRIPTION,
    permissions: ['storage', 'alarms', 'activeTab'],
    host_permissions: [...new Set([api, web])],
    incognito: 'not_allowed',
    icons: FILES.icons,
    action: { default_title: 'Media Diet', default_popup: FILES.popupHtml, default_icon: FILES.icons },
    content_scripts: [
      {
        matches: ['http://*/*', 'https://*/*'],
        exclude_matches: [web],
        js: [FILES.capture],
        run_at: 'document_idle',
      },
      { matches: [web], js: [FILES.bridge], run_at: 'document_start' },
    ],
  };
  if (target === 'chrome') {
    return {
      ...common,
      ...(options.store ? {} : { key: EXTENSION_PUBLIC_KEY }),
      // The offscreen document that hosts the on-device analyzer's worker (src/analyzer/client.ts).
      permissions: [...(common.permissions as string[]), 'offscreen'],
      minimum_chrome_version: '116',
      background: { service_worker: FILES.background, type: 'module' },
      externally_connectable: { matches: [web] },
    };
  }
  return {
    ...common,
    background: { scripts: [FILES.background] },
    browser_specific_settings: {
      // 140: the first Firefox (desktop; 142 on Android) with the built-in data collection consent.
      gecko: { id: GECKO_ID, strict_min_version: '140.0', data_collection_permissions: FIREFOX_DATA_COLLECTION },
      gecko_android: { strict_min_version: '142.0' },
    },
  };
}
