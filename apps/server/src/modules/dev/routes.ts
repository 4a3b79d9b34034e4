import { messages } from '@mediadiet/contract/messages';
import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../http/errors.ts';
import { implement } from '../../http/route.ts';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

/**
 * A request from this machine itself: the socket's peer and the client address Fastify derives (TRUST_PROXY)
 * are loopback, and no proxy forwarded it (a reverse proxy on the same machine connects from 127.0.0.1 on
 * behalf of anyone).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)
    return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

/**
 * GET /dev/outbox — a DEVELOPMENT TOOL: the last mails the server kept instead of sending (no SMTP_URL),
 * newest first, optionally only those `?to=` one address. Registered only when NODE_ENV is development (the
 * default) or test, and answered only to requests from this machine (decision 102); with SMTP configured it
 * answers 404 (mails really leave, nothing is kept).
 */
export default function devRoutes(app: FastifyInstance) {
  if (app.config.env !== 'development' && app.config.env !== 'test') return;
  implement(app, contract.dev, {
    devOutbox: (request) => {
      if (!isLocalRequest(request)) return Promise.reject(forbidden(messages.server.outboxLoopbackOnly));
      const outbox = app.mailer.outbox;
      if (!outbox) return Promise.reject(notFound(messages.server.outboxDisabled));
      return Promise.resolve({
        success: true as const,
        messages: outbox.list({ to: request.query.to, limit: request.query.limit }),
      });
    },
  });
}
