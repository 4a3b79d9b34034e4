import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { isStartupError } from './db/database.ts';
import { openAppDatabase } from './plugins/db.ts';

/** `--role api|worker|all` (or `--role=…`) on the command line; it wins over ROLE. */
function roleArgument(argv: readonly string[]): string | undefined {
  for (const [i, arg] of argv.entries()) {
    if (arg === '--role') return argv[i + 1] ?? '';
    if (arg.startsWith('--role=')) return arg.slice('--role='.length);
  }
  return undefined;
}

/** Entry point: load the configuration, build the app, listen; close gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  try {
    const role = roleArgument(process.argv.slice(2));
    const config = loadConfig(role === undefined ? process.env : { ...process.env, ROLE: role });
    // Opened here rather than by buildApp, so a build that fails still closes it (and frees PGlite's lock).
    database = await openAppDatabase(config, () => app?.log);
    app = await buildApp(config, { database });
    await app.ready();

    closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
      if (err) app?.log.error({ err }, 'fatal error, shutting down');
      else app?.log.info({ signal }, 'shutting down');
      await app?.close();
    });

    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const roleNote = config.role === 'all' ? '' : ` (role: ${config.role})`;
    console.info(`${config.serviceName} is running at http://localhost:${port}${roleNote}`);
    if (config.host === '127.0.0.1' || config.host === '::1' || config.host === 'localhost') {
      console.info(`Listening on ${config.host} only (this machine); set HOST=0.0.0.0 to accept other machines.`);
    }
    if (config.isProduction && config.mailLogOnly && !config.smtpUrl) {
      console.warn('MAIL_LOG_ONLY=true: e-mails, sign-in PINs included, are written to the log instead of being sent.');
    }
  } catch (error) {
    if (error instanceof ConfigError || isStartupError(error)) {
      console.error(error.message);
    } else {
      console.error('Media Diet failed to start:', error);
    }
    if (app) await app.close().catch(() => {});
    else await database?.close().catch(() => {});
    process.exit(1);
  }
}

await main();
