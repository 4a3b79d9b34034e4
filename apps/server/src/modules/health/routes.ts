import type { FastifyInstance } from 'fastify';

const OK = JSON.stringify({ status: 'ok' });
/** A database that does not answer within this long is as good as down (ms). */
const READY_TIMEOUT_MS = 2_000;

/**
 * `/healthz`: the process is up (no database call, no request logging; it is benchmarked against raw
 * node:http). `/readyz`: the database answers (within 2 s), so the instance can take traffic; it answers 503
 * while the database is unreachable and 200 again as soon as it is back (the pool reconnects by itself).
 */
export default function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { logLevel: 'silent' }, (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(OK);
  });

  app.get('/readyz', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.database.ping(),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: database unreachable');
      return reply.code(503).send({ status: 'unavailable', error: 'Database unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
