import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv/app');
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
      databaseUrl: undefined,
      dataDir: path.resolve('/srv/app', 'data'),
      serviceName: 'Media Diet',
      publicUrl: 'http://localhost:3000',
      analyzer: { kind: 'offline' },
    });
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('logs at warn by default under test', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('warn');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('reads every group of variables', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://root@127.0.0.1:5432/test',
        DATA_DIR: '/var/lib/mediadiet',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        STRIPE_SECRET_KEY: 'sk_test_1',
        ANALYZER: 'llm',
        LLM_BASE_URL: 'http://localhost:11434/v1',
        LLM_MODEL: 'small',
        PUBLIC_URL: 'https://mediadiet.example/',
      },
      '/srv/app',
    );
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://root@127.0.0.1:5432/test');
    expect(config.databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    expect(config.dataDir).toBe('/var/lib/mediadiet');
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: undefined, apiBase: undefined });
    expect(config.analyzer).toEqual({
      kind: 'llm',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'small',
    });
    expect(config.publicUrl).toBe('https://mediadiet.example');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_POOL_SIZE', '1'],
    ['DATABASE_POOL_SIZE', 'many'],
    ['ANALYZER', 'magic'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['SUPPORT_EMAIL', 'not-an-email'],
  ])('names %s when it is invalid (%s)', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.variables).toEqual([name]);
    expect(error.message).toContain(name);
  });

  it('names the missing LLM variables when ANALYZER=llm', () => {
    const error = configError({ ANALYZER: 'llm' });
    expect(error.variables.sort()).toEqual(['LLM_BASE_URL', 'LLM_MODEL']);
  });

  it('does not echo secret values', () => {
    const error = configError({ DATABASE_URL: 'nonsense-with-password' });
    expect(error.message).not.toContain('nonsense-with-password');
  });
});

describe('sign-in configuration', () => {
  it('requires SESSION_SECRET (or APP_SECRET) of 32+ characters in production', () => {
    expect(configError({ NODE_ENV: 'production', MAIL_LOG_ONLY: 'true' }).variables).toEqual(['SESSION_SECRET']);
    expect(configError({ NODE_ENV: 'production', SESSION_SECRET: 'short' }).message).toMatch(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(configError({ NODE_ENV: 'production', SESSION_SECRET: 'short' }).message).not.toContain('short"');
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), MAIL_LOG_ONLY: 'true' }).sessionSecret).toBe(
      'x'.repeat(32),
    );
    expect(loadConfig({}).sessionSecret).toBeUndefined();
  });

  it('reads TRUST_PROXY and AUTH_RATE_LIMIT_PER_IP', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({}).authRateLimitPerIp).toBe(20);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(configError({ TRUST_PROXY: 'everyone' }).variables).toEqual(['TRUST_PROXY']);
    expect(loadConfig({ AUTH_RATE_LIMIT_PER_IP: '100' }).authRateLimitPerIp).toBe(100);
  });

  it('reads REDIS_URL, REDIS_PREFIX, ROLE and METRICS_TOKEN; an API-only instance runs no job worker', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ redisUrl: undefined, redisPrefix: 'mediadiet:', role: 'all', metricsToken: undefined });
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/1', REDIS_PREFIX: 'md-prod:' })).toMatchObject({
      redisUrl: 'redis://cache:6379/1',
      redisPrefix: 'md-prod:',
    });
    expect(configError({ REDIS_URL: 'http://cache:6379' }).variables).toEqual(['REDIS_URL']);
    expect(configError({ REDIS_PREFIX: 'has spaces' }).message).toMatch(/REDIS_PREFIX: must be 1–64 letters/);
    expect(configError({ ROLE: 'cron' }).variables).toEqual(['ROLE']);
    expect(configError({ METRICS_TOKEN: 'short-token' }).message).not.toContain('short-token');

    const api = loadConfig({ ROLE: 'api', TOUCHPOINT_WORKER: 'on', QUESTIONNAIRE_WORKER: 'on', BILLING_SWEEP_INTERVAL_MS: '1000' });
    expect(api.role).toBe('api');
    expect(api.touchpointWorker.enabled).toBe(false);
    expect(api.questionnaire.workerEnabled).toBe(false);
    expect(api.billingSweepIntervalMs).toBe(0);
    const worker = loadConfig({ ROLE: 'worker' });
    expect(worker.touchpointWorker.enabled).toBe(true);
    expect(worker.questionnaire.workerEnabled).toBe(true);
    expect(worker.billingSweepIntervalMs).toBe(60_000);
    // The weekly letters: every 5 minutes where jobs run, never on an API-only instance, by hand in tests.
    expect(worker.weeklyLetterIntervalMs).toBe(300_000);
    expect(loadConfig({ ROLE: 'api', WEEKLY_LETTER_INTERVAL_MS: '1000' }).weeklyLetterIntervalMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).weeklyLetterIntervalMs).toBe(0);
    expect(configError({ WEEKLY_LETTER_INTERVAL_MS: '-1' }).variables).toEqual(['WEEKLY_LETTER_INTERVAL_MS']);
  });
});
