import { messages } from '@mediadiet/contract/messages';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import { $ZodError } from 'zod/v4/core';
import { HttpError } from '../http/errors.ts';
import { MAX_PARAM_LENGTH } from '../http/route.ts';

/** The failure body of every call (contract's ErrorResponseSchema). */
export interface ErrorBody {
  success: false;
  error: string;
}

const INTERNAL = 'Internal server error';

/** `body.email: Invalid email address` — the field path first, so the caller knows what to fix. */
function describeValidation(errors: FastifySchemaValidationError[], context: string | undefined): string {
  return errors
    .map((issue) => {
      const field = issue.instancePath.split('/').filter(Boolean).join('.');
      const where = [context, field].filter(Boolean).join('.');
      return where ? `${where}: ${issue.message ?? 'is invalid'}` : (issue.message ?? 'Invalid request');
    })
    .join('; ');
}

function describeZodError(error: $ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** A header value quoted back in a message: short, so an error never echoes a megabyte. */
function quote(value: string | undefined): string {
  const text = value ?? '';
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/**
 * Fastify's own refusals (parsing, body size, router), reworded to say what is wrong and what to send
 * (decision 091); null for any other error. Their statuses are kept.
 */
function describeFrameworkError(
  error: { code?: unknown },
  request: FastifyRequest,
): { status: number; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: messages.server.bodyTooLarge(request.routeOptions.bodyLimit) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        message: messages.server.unsupportedMediaType(quote(request.headers['content-type'])),
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: messages.server.contentLengthMismatch };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: messages.server.emptyJson };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: messages.server.invalidJson };
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: messages.server.badUrl };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: messages.server.paramTooLong(MAX_PARAM_LENGTH) };
    default:
      return null;
  }
}

function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: ErrorBody = { success: false, error: message };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route runs (a path that is not
 * valid percent-encoding, a parameter over MAX_PARAM_LENGTH), answered in the app's error shape instead of
 * Fastify's.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const described = describeFrameworkError(error, request) ?? {
    status: 400,
    message: messages.server.validation,
  };
  request.log.info({ statusCode: described.status, error: described.message }, 'request rejected');
  void sendError(reply, described.status, described.message);
}

/**
 * One error handler for the whole app: validation → 400 naming the field; a client error keeps its
 * status and message; anything else is logged with the request id and answered with a generic 500.
 */
export default fp(
  function errorHandler(app: FastifyInstance) {
    app.setErrorHandler<FastifyError | Error>((error, request, reply) => {
      let status: number;
      let message: string;
      const framework = describeFrameworkError(error as { code?: unknown }, request);

      if (framework) {
        ({ status, message } = framework);
      } else if ('validation' in error && Array.isArray(error.validation) && error.validation.length > 0) {
        status = 400;
        message = describeValidation(error.validation, error.validationContext);
      } else if (error instanceof $ZodError) {
        status = 400;
        message = describeZodError(error);
      } else {
        const candidate = (error as { statusCode?: unknown }).statusCode;
        status = typeof candidate === 'number' && candidate >= 400 && candidate <= 599 ? candidate : 500;
        const exposed = error instanceof HttpError ? error.expose : status < 500;
        message = exposed ? error.message || 'Request failed' : INTERNAL;
      }

      if (status >= 500) {
        request.log.error({ err: error }, 'request failed'); // the request logger carries reqId
      } else {
        request.log.info({ statusCode: status, error: message }, 'request rejected');
      }

      if (error instanceof HttpError) {
        for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
      }
      return sendError(reply, status, message);
    });
  },
  { name: 'error-handler' },
);
