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
      host: '0.0.0.0',
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
    expect(config.dataDir).toBe('/var/lib/mediadiet');
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: undefined });
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
