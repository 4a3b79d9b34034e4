import { z } from 'zod';
import { STORAGE_KEYS } from '@mediadiet/contract/constants';

/**
 * The web app's configuration, read once from Vite's `import.meta.env` (VITE_* variables at build time).
 * This module is the only reader of `import.meta.env`; everything else imports `env`.
 * A bad value stops start-up with a message naming the variable.
 */

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

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

const httpUrl = z
  .string()
  .trim()
  .refine((value) => /^https:\/\/[^\s]+$/.test(value), 'must be an https URL');

const EnvSchema = z.object({
  /** Origin (and optional path prefix) of the API. '' = same origin as the web app, which is how we ship. */
  VITE_API_BASE: z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), 'must be empty or an http(s) URL')
    .transform((value) => value.replace(/\/+$/, '')),
  /** Stripe publishable key; without it the local test-mode card form is used. */
  VITE_STRIPE_PUBLISHABLE_KEY: optionalText.refine(
    (value) => value === undefined || value.startsWith('pk_'),
    'must be a Stripe publishable key (pk_…)',
  ),
  VITE_SERVICE_NAME: z.string().trim().min(1).default('Media Diet'),
  VITE_SUPPORT_EMAIL: z.email().default('support@mediadiet.app'),
  /** Extension ids per browser, used to message the installed extension directly. */
  VITE_EXTENSION_ID_CHROME: optionalText.transform((value) => value ?? DEFAULT_CHROMIUM_EXTENSION_ID),
  VITE_EXTENSION_ID_EDGE: optionalText,
  VITE_EXTENSION_ID_OPERA: optionalText,
  VITE_EXTENSION_ID_FIREFOX: optionalText,
  VITE_EXTENSION_ID_SAFARI: optionalText,
  /** Store pages per browser for the extension wizard's install step (spec §9: "Store links are kept per browser"). */
  VITE_STORE_URL_CHROME: httpUrl.default(DEFAULT_STORE_URLS.chrome),
  VITE_STORE_URL_EDGE: httpUrl.default(DEFAULT_STORE_URLS.edge),
  VITE_STORE_URL_OPERA: httpUrl.default(DEFAULT_STORE_URLS.opera),
  VITE_STORE_URL_FIREFOX: httpUrl.default(DEFAULT_STORE_URLS.firefox),
  /** No Safari build exists yet; set this when one is published. */
  VITE_STORE_URL_SAFARI: optionalText.refine(
    (value) => value === undefined || /^https:\/\/[^\s]+$/.test(value),
    'must be an https URL',
  ),
});

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

export function parseEnv(source: Record<string, unknown>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid web configuration: ${details}`);
  }
  const e = parsed.data;
  return {
    apiBase: e.VITE_API_BASE,
    stripePublishableKey: e.VITE_STRIPE_PUBLISHABLE_KEY,
    serviceName: e.VITE_SERVICE_NAME,
    supportEmail: e.VITE_SUPPORT_EMAIL,
    extensionIds: {
      chrome: e.VITE_EXTENSION_ID_CHROME,
      edge: e.VITE_EXTENSION_ID_EDGE,
      opera: e.VITE_EXTENSION_ID_OPERA,
      firefox: e.VITE_EXTENSION_ID_FIREFOX,
      safari: e.VITE_EXTENSION_ID_SAFARI,
    },
    storeUrls: {
      chrome: e.VITE_STORE_URL_CHROME,
      edge: e.VITE_STORE_URL_EDGE,
      opera: e.VITE_STORE_URL_OPERA,
      firefox: e.VITE_STORE_URL_FIREFOX,
      safari: e.VITE_STORE_URL_SAFARI,
    },
    questionnaireStorageKeys: {
      progress: STORAGE_KEYS.questionnaireProgress,
      count: STORAGE_KEYS.questionnaireCount,
      offerShown: STORAGE_KEYS.questionnaireOfferShown,
      welcomeShown: STORAGE_KEYS.questionnaireWelcomeShown,
    },
  };
}

export const env: Env = parseEnv(import.meta.env);
