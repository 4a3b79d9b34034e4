/**
 * A session token for the demo account in a seeded PGlite data folder, made in-process with the secret the
 * measured server runs with (the dashboard benches sign in without going through a PIN).
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { users } from '../../apps/server/src/db/schema.ts';

export const DEMO_EMAIL = 'demo@mediadiet.app';

export async function demoSessionToken(dataDir: string, secret: string): Promise<string> {
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'production',
      MAIL_LOG_ONLY: 'true',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SESSION_SECRET: secret,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      TOUCHPOINT_WORKER: 'off',
    }),
  );
  try {
    await app.ready();
    const [demo] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    if (!demo) throw new Error(`no ${DEMO_EMAIL} in ${dataDir}: run the seed first`);
    return (await app.sessions.create(demo.id, 'pin')).token;
  } finally {
    await app.close();
  }
}
