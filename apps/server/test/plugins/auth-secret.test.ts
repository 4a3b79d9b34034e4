import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { bearer, buildUser } from '../helpers/builders.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function appOn(dataDir: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp(config);
  await app.ready();
  return app;
}

describe('server secret', () => {
  it('is generated once and kept in the database, so a restart keeps sessions valid', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-secret-'));
    dirs.push(dir);
    const first = await appOn(dir);
    const user = await buildUser({ app: first });
    const { token } = await first.sessions.create(user.id, 'pin');
    await first.close();

    const second = await appOn(dir);
    try {
      const response = await second.inject({ method: 'GET', url: '/api/account/info', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('uses SESSION_SECRET when set (a different secret invalidates existing sessions)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-secret-'));
    dirs.push(dir);
    const first = await appOn(dir, { SESSION_SECRET: 'a'.repeat(40) });
    const user = await buildUser({ app: first });
    const { token } = await first.sessions.create(user.id, 'pin');
    await first.close();

    const same = await appOn(dir, { APP_SECRET: 'a'.repeat(40) });
    const ok = await same.inject({ method: 'GET', url: '/api/account/info', headers: bearer(token) });
    await same.close();
    expect(ok.statusCode).toBe(200);

    const rotated = await appOn(dir, { SESSION_SECRET: 'b'.repeat(40) });
    const refused = await rotated.inject({ method: 'GET', url: '/api/account/info', headers: bearer(token) });
    await rotated.close();
    expect(refused.statusCode).toBe(401);
  });
});
