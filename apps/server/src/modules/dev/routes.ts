import { messages } from '@mediadiet/contract/messages';
import { extraApi } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';

/**
 * GET /dev/outbox — a DEVELOPMENT TOOL: the last mails the server kept instead of sending (no SMTP_URL),
 * newest first, optionally only those `?to=` one address. Never registered in production; with SMTP
 * configured it answers 404 (mails really leave, nothing is kept).
 */
export default function devRoutes(app: FastifyInstance) {
  if (app.config.isProduction) return;
  registerRoute(app, extraApi.devOutbox, (request) => {
    const outbox = app.mailer.outbox;
    if (!outbox) return Promise.reject(notFound(messages.server.outboxDisabled));
    return Promise.resolve({
      success: true as const,
      messages: outbox.list({ to: request.query.to, limit: request.query.limit }),
    });
  });
}
