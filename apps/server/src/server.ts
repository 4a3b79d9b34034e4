import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { isStartupError } from './db/database.ts';

/** Entry point: load the configuration, build the app, listen; close gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig();
    app = await buildApp(config);
    await app.ready();

    closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
      if (err) app?.log.error({ err }, 'fatal error, shutting down');
      else app?.log.info({ signal }, 'shutting down');
      await app?.close();
    });

    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.info(`${config.serviceName} is running at http://localhost:${port}`);
  } catch (error) {
    if (error instanceof ConfigError || isStartupError(error)) {
      console.error(error.message);
    } else {
      console.error('Media Diet failed to start:', error);
    }
    await app?.close().catch(() => {});
    process.exit(1);
  }
}

await main();
