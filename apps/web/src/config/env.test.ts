import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@mediadiet/contract/constants';
import { DEFAULT_CHROMIUM_EXTENSION_ID, DEFAULT_STORE_URLS, env as appEnv } from '@/config/env';
import { parseEnv } from '@/config/env-schema';

describe('env', () => {
  it('is the configuration validated when Vite started, with the contract’s questionnaire storage keys', () => {
    expect(appEnv).toMatchObject({ serviceName: expect.any(String) as string, supportEmail: expect.any(String) as string });
    expect(appEnv.questionnaireStorageKeys.progress).toBe(STORAGE_KEYS.questionnaireProgress);
  });
});

describe('parseEnv', () => {
  it('applies the defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      apiBase: '',
      stripePublishableKey: undefined,
      serviceName: 'Media Diet',
      supportEmail: 'support@mediadiet.app',
      extensionIds: { chrome: DEFAULT_CHROMIUM_EXTENSION_ID, firefox: undefined },
      storeUrls: { chrome: DEFAULT_STORE_URLS.chrome, firefox: DEFAULT_STORE_URLS.firefox, safari: undefined },
    });
  });

  it('reads the values, trimming a trailing slash from the API base', () => {
    const env = parseEnv({
      VITE_API_BASE: 'https://api.example.com/',
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      VITE_SERVICE_NAME: 'Calm Feed',
      VITE_SUPPORT_EMAIL: 'help@example.com',
      VITE_EXTENSION_ID_CHROME: 'abcdefghijklmnop',
      VITE_EXTENSION_ID_FIREFOX: '',
    });
    expect(env).toMatchObject({
      apiBase: 'https://api.example.com',
      stripePublishableKey: 'pk_test_123',
      serviceName: 'Calm Feed',
      supportEmail: 'help@example.com',
      extensionIds: { chrome: 'abcdefghijklmnop', firefox: undefined },
    });
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => parseEnv({ VITE_SUPPORT_EMAIL: 'not-an-email' })).toThrow(/VITE_SUPPORT_EMAIL/);
    expect(() => parseEnv({ VITE_API_BASE: 'ftp://x' })).toThrow(/VITE_API_BASE/);
    expect(() => parseEnv({ VITE_STRIPE_PUBLISHABLE_KEY: 'sk_live_secret' })).toThrow(
      /VITE_STRIPE_PUBLISHABLE_KEY/,
    );
  });
});
