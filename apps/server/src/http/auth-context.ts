import type { FastifyRequest } from 'fastify';
import { messages } from '@mediadiet/contract/messages';
import { unauthorized } from './errors.ts';

/** Who made the request, put on `request.auth` by `app.authenticate`. */
export type AuthContext =
  | { kind: 'session'; userId: string; sessionId: string }
  | { kind: 'extension'; userId: string; keyId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` on authenticated routes; null elsewhere. */
    auth: AuthContext | null;
  }
}

/** The caller on an authenticated route (throws 401 if the route was not authenticated, a programming error). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(messages.server.unauthorized);
  return request.auth;
}

/** The caller's live session (401 unless the request was authenticated with a session token). */
export function requireSession(request: FastifyRequest): Extract<AuthContext, { kind: 'session' }> {
  const auth = requireAuth(request);
  if (auth.kind !== 'session') throw unauthorized(messages.server.unauthorized);
  return auth;
}

/** `Authorization: Bearer <token>` → the token. */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
