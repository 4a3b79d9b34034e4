import type { FastifyInstance } from 'fastify';

const OK = JSON.stringify({ status: 'ok' });

/**
 * `/healthz`: the process is up (no database call, no request logging; it is benchmarked against raw
 * node:http). `/readyz`: the database answers, so the instance can take traffic.
 */
export default function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { logLevel: 'silent' }, (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(OK);
  });

  app.get('/readyz', async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: database unreachable');
      return reply.code(503).send({ status: 'unavailable', error: 'Database unreachable' });
    }
  });
}
