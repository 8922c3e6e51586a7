/** Errors that routes throw and the one handler that maps them to the envelope of docs/wire.md "HTTP". */

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Refusal, type RefusalKind } from '../Refusal';

/** An error a player may read: its message goes out as errorMessage with its status (and Retry-After, when given). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in again') => new HttpError(401, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** A request the route's schemas refused: the first issue's message, else which field is wrong. */
function validationMessage(issue: { message?: string; instancePath: string }): string {
  if (issue.message && !issue.message.startsWith('Invalid input')) return issue.message;
  const field = issue.instancePath.slice(1).replaceAll('/', '.');
  return `${field ? `${field}: ` : ''}invalid value`;
}

/** The status of each kind of domain refusal. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
};

/** Installs the error and not-found handlers that answer in the envelope and never leak a stack. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError || error instanceof Refusal) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
    }
    if (error instanceof HttpError) {
      return reply.status(error.status).send({ success: false, errorMessage: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ success: false, errorMessage: validationMessage(error.validation[0]!) });
    }
    if (error instanceof Refusal) {
      const code = error.translatable && { errorCode: error.translatable.code, errorParams: error.translatable.params ?? {} };
      return reply.status(REFUSAL_STATUS[error.kind]).send({ success: false, errorMessage: error.message, ...code });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ success: false, errorMessage: 'Too many requests, slow down' });
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Request body is too large' : 'Invalid request';
      return reply.status(status).send({ success: false, errorMessage: message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, errorMessage: 'Something went wrong, please try again' });
  });
}
