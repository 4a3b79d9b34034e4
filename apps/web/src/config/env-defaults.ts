/**
 * The web app's configuration values and their shape, without the validation (env-schema.ts) so the
 * browser bundle carries no zod for it.
 */

/**
 * The Chromium extension id, fixed by the manifest `key`. Copied from `EXTENSION_ID` in
 * `apps/extension/src/extension-key.ts` (apps do not import each other); keep the two equal.
 * Edge and Opera use it too unless their own id is configured.
 */
export const DEFAULT_CHROMIUM_EXTENSION_ID = 'nnbfcpjndcifaifieehjhhdjiojgncnm';

/**
 * Default store links. The listing is not published yet, so these are each store's search for the product
 * name; a build points them at the real listing with VITE_STORE_URL_*.
 */
export const DEFAULT_STORE_URLS = {
  chrome: 'https://chromewebstore.google.com/search/Media%20Diet',
  edge: 'https://microsoftedge.microsoft.com/addons/search/Media%20Diet',
  opera: 'https://addons.opera.com/en/search/?query=Media%20Diet',
  firefox: 'https://addons.mozilla.org/firefox/search/?q=Media%20Diet',
} as const;

export type ExtensionBrowser = 'chrome' | 'edge' | 'opera' | 'firefox' | 'safari';

export interface Env {
  apiBase: string;
  stripePublishableKey: string | undefined;
  serviceName: string;
  supportEmail: string;
  extensionIds: Record<ExtensionBrowser, string | undefined>;
  /** Extension store page per browser; undefined where no build is published (Safari). */
  storeUrls: Record<ExtensionBrowser, string | undefined>;
  /** Local-storage keys of the questionnaire's saved progress (spec §3), declared once in the contract. */
  questionnaireStorageKeys: {
    progress: string;
    count: string;
    offerShown: string;
    welcomeShown: string;
  };
}

/** What the VITE_* variables decide (validated by env-schema.ts); the rest of `Env` comes from the contract. */
export type EnvVars = Omit<Env, 'questionnaireStorageKeys'>;
