/**
 * `npm run seed:demo` (root) or `npm run seed:demo -w apps/server`: creates or resets the demo account in the
 * database the server uses — PGlite in DATA_DIR (default ./data, i.e. apps/server/data) or DATABASE_URL —
 * and prints how to sign in. Stop a server that uses the same PGlite directory first (it holds a lock).
 * `DEMO_ANALYSES=10000` seeds a longer history of that many analyses (the dashboard's performance figures).
 */
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { isStartupError } from '../src/db/database.ts';
import { DEMO_EMAIL, DEMO_NAME, movableClock, seedDemo } from './demo/seed.ts';

const started = performance.now();
const now = new Date();
const clock = movableClock(now);

try {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The seed drives the worker's storing and the billing sweep itself, on its own clock.
    TOUCHPOINT_WORKER: 'off',
    BILLING_SWEEP_INTERVAL_MS: '0',
    // The demo's questionnaire is processed by the seed at once (worker.drain).
    QUESTIONNAIRE_WORKER: 'off',
    QUESTIONNAIRE_DELAY_MS: '0',
  });
  const app = await buildApp(config, { clock });
  try {
    await app.ready();
    const where = config.databaseUrl
      ? `PostgreSQL (${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname})`
      : `PGlite in ${config.dataDir}`;
    console.info(`Seeding the demo account into ${where}…`);
    const analyses = process.env.DEMO_ANALYSES ? Number(process.env.DEMO_ANALYSES) : undefined;
    if (analyses !== undefined && !(Number.isInteger(analyses) && analyses > 0)) {
      throw new Error(`DEMO_ANALYSES must be a positive whole number, not ${process.env.DEMO_ANALYSES}`);
    }
    const result = await seedDemo({ app, clock, now, analyses, log: (line) => console.info(`  ${line}`) });
    const s = result.subscription;
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const port = config.port;
    console.info(
      [
        '',
        `Demo account ready in ${((performance.now() - started) / 1000).toFixed(1)} s:`,
        `  ${DEMO_EMAIL} ("${DEMO_NAME}"), plan ${s.subscription?.plan ?? 'none'} (${s.subscription?.status ?? 'no subscription'}, test mode), questionnaire COMPLETED`,
        `  ${result.analyses} analyses from ${day(result.from)} to ${day(result.to)} (UTC) on ${result.sites} sites; this billing period: ${s.count} touch points, ${s.tokensUsed} tokens`,
        `  ${result.goals.length} reading goals (${result.goals.map((g) => g.progress.status.replace('_', ' ')).join(', ')}); ${result.checkIns} mood check-ins: ${result.moodInsight.sentence}`,
        `  Link labels since ${result.labels.since ?? 'never'}: ${result.labels.opened?.sentence ?? 'no figures'}`,
        '',
        'Sign in:',
        `  1. Start the server on the same database: npm start (http://localhost:${port}), or npm run dev (web app on http://localhost:5173).`,
        `  2. On the sign-in page enter ${DEMO_EMAIL} and ask for a PIN.`,
        '  3. Without SMTP_URL no e-mail leaves: the server writes the PIN mail to its log ("mail not sent (SMTP_URL is not set);',
        '     kept in the development outbox", the PIN on its own indented line) and, outside production, keeps it at',
        `     http://localhost:${port}/dev/outbox?to=${encodeURIComponent(DEMO_EMAIL)} (the "text" field). The PIN is valid for 10 minutes, once.`,
        '  Insights and analysis details show at once. The History view shows the onboarding card until the browser',
        '  extension is installed and connected (spec: History needs the extension).',
        `  Run the seed again at any time to reset the account (it deletes and recreates ${DEMO_EMAIL}).`,
      ].join('\n'),
    );
  } finally {
    await app.close();
  }
} catch (error) {
  if (error instanceof ConfigError || isStartupError(error)) {
    console.error(error.message);
  } else {
    console.error('The demo seed failed:', error);
  }
  process.exitCode = 1;
}
