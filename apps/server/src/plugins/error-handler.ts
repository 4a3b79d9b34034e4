import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { $ZodError } from 'zod/v4/core';
import { HttpError } from '../http/errors.ts';

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

/**
 * One error handler for the whole app: validation → 400 naming the field; a client error keeps its
 * status and message; anything else is logged with the request id and answered with a generic 500.
 */
export default fp(
  function errorHandler(app: FastifyInstance) {
    app.setErrorHandler<FastifyError | Error>((error, request, reply) => {
      let status: number;
      let message: string;

      if ('validation' in error && Array.isArray(error.validation) && error.validation.length > 0) {
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
      const body: ErrorBody = { success: false, error: message };
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'error-handler' },
);
