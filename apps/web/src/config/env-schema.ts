import { z } from 'zod';
import { DEFAULT_CHROMIUM_EXTENSION_ID, DEFAULT_STORE_URLS, type EnvVars } from './env-defaults.ts';

/**
 * Validation of the web app's configuration (VITE_* variables). It runs where the values are fixed: when
 * Vite starts (dev server, build, tests — vite.config.ts), which bakes the result into the bundle as
 * `__WEB_ENV__` (env.ts). A bad value stops start-up with a message naming the variable.
 * Relative imports only (no contract, no `@/`): vite.config.ts loads this file in Node.
 */

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

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

export function parseEnv(source: Record<string, unknown>): EnvVars {
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
  };
}
