import { STORAGE_KEYS } from '@mediadiet/contract/constants';
import type { Env, EnvVars } from './env-defaults';

export {
  DEFAULT_CHROMIUM_EXTENSION_ID,
  DEFAULT_STORE_URLS,
  type Env,
  type EnvVars,
  type ExtensionBrowser,
} from './env-defaults';

declare const __WEB_ENV__: EnvVars;

/**
 * The web app's configuration (VITE_* variables at build time). Everything else imports `env`.
 * vite.config.ts validates the variables with `parseEnv` (env-schema.ts) when Vite starts — a bad value
 * stops the dev server, the build or the tests with a message naming the variable — and bakes the result
 * in as `__WEB_ENV__`, so the browser runs no validation code for it (docs/decisions/073).
 */
export const env: Env = {
  ...__WEB_ENV__,
  questionnaireStorageKeys: {
    progress: STORAGE_KEYS.questionnaireProgress,
    count: STORAGE_KEYS.questionnaireCount,
    offerShown: STORAGE_KEYS.questionnaireOfferShown,
    welcomeShown: STORAGE_KEYS.questionnaireWelcomeShown,
  },
};
