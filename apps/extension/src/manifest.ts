import type { ExtensionConfig } from './config';
import { EXTENSION_PUBLIC_KEY, GECKO_ID } from './extension-key';
import { LABEL_HOST_PERMISSIONS, LABELS_SCRIPT_FILE } from './labels/registration';

export type Target = 'chrome' | 'firefox';
export const TARGETS: readonly Target[] = ['chrome', 'firefox'];

/** Output paths inside dist/<target>/ (the build writes exactly these). */
export const FILES = {
  background: 'background.js',
  capture: 'content/capture.js',
  bridge: 'content/bridge.js',
  /** Registered at run time on the sites whose labels are on (labels/registration.ts), never in the manifest. */
  labels: LABELS_SCRIPT_FILE,
  popupHtml: 'popup/popup.html',
  consentHtml: 'consent/consent.html',
  optionsHtml: 'options/options.html',
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
 * The keyboard shortcut that pauses reading for an hour, or resumes it (decision 162): Alt+Shift+Q ("quiet").
 * Chromium keeps Alt+Shift+P (and R, W, X, Z) for itself and leaves such a suggestion unassigned (no shortcut at
 * all); it assigns Q, and Q is not one of Firefox's own. The person can change it on the browser's shortcuts page.
 */
export const PAUSE_SHORTCUT = { name: 'toggle-pause', suggested: 'Alt+Shift+Q' } as const;

/**
 * What Firefox's install prompt says the extension sends (`browser_specific_settings.gecko.data_collection_permissions`,
 * Firefox 140 and later; the categories are Mozilla's). All of it goes only to the person's own account, and only
 * after they agree on the consent page (decision 115):
 * - browsingActivity: the address of each page read (both modes);
 * - websiteContent: its title (both modes) and its readable text (server mode);
 * - searchTerms: search results pages are never read (decision 165), but a site's search page the rule does not
 *   recognise (another address, the search not in it) is read like any page, and its title may repeat the search;
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
    // `scripting`: the labels content script is registered at run time, only on the sites whose labels are on.
    permissions: ['storage', 'alarms', 'activeTab', 'scripting'],
    // The built-in labelled sites: Chromium injects a registered script only where a host permission is held.
    host_permissions: [...new Set([api, web, ...LABEL_HOST_PERMISSIONS])],
    incognito: 'not_allowed',
    icons: FILES.icons,
    action: { default_title: 'Media Diet', default_popup: FILES.popupHtml, default_icon: FILES.icons },
    options_ui: { page: FILES.optionsHtml, open_in_tab: true },
    commands: {
      [PAUSE_SHORTCUT.name]: {
        suggested_key: { default: PAUSE_SHORTCUT.suggested },
        description: 'Pause reading pages for 1 hour, or resume',
      },
    },
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
      // A site the person adds to the labelled ones: asked for on the click that switches it on (decision 159).
      optional_host_permissions: ['https://*/*'],
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
