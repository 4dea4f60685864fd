import type { ErrorBody, ErrorCode } from '@compliance/shared/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * What services throw when a request cannot be served as asked. The code is the stable contract with
 * the web app (it shows the translated text for it); the message is for developers and logs.
 *
 * @example throw new AppError('NOT_FOUND', 404, 'Folder not found');
 * @example throw new AppError('CONFLICT', 409, 'E-mail already registered', { fields: { email: 'EMAIL_TAKEN' } });
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  /** Named like Fastify's own errors, so any handler that meets it answers with the right status. */
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    statusCode: number,
    message: string,
    options: { fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.statusCode = statusCode;
    this.fields = options.fields;
  }
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Answers a request the API has no route for (the static site may answer page requests first). */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

const codeForClientStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

interface ErrorResponse {
  statusCode: number;
  body: ErrorBody;
}

/** Maps anything thrown while handling a request to the API's error contract. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, body: errorBody(error.code, error.message, error.fields) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    // A malformed id in the path names nothing that exists: answer it like an unknown id (and
    // the web shows "not found" rather than a form-style validation message).
    if (context === 'params') return { statusCode: 404, body: errorBody('NOT_FOUND', 'Not found') };
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      // "/address/city" → "address.city"; a problem with the whole body is reported under "body".
      const field = issue.instancePath.split('/').filter(Boolean).join('.') || context;
      fields[field] ??= issue.message ?? 'Invalid value';
    }
    const summary = Object.entries(fields)
      .map(([field, message]) => `${field}: ${message}`)
      .join('; ');
    return { statusCode: 400, body: errorBody('VALIDATION_FAILED', `Invalid ${context}: ${summary}`, fields) };
  }
  if (isResponseSerializationError(error)) return internalError();

  const statusCode = statusCodeOf(error);
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    const message = error instanceof Error ? error.message : 'Bad request';
    return { statusCode, body: errorBody(codeForClientStatus[statusCode] ?? 'BAD_REQUEST', message) };
  }
  if (statusCode === 503) {
    return { statusCode, body: errorBody('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable') };
  }
  return internalError();
}

function internalError(): ErrorResponse {
  // Never leak what failed (SQL, paths, stack) to the client; the log has it.
  return { statusCode: 500, body: errorBody('INTERNAL_ERROR', 'Something went wrong on our side') };
}

function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { statusCode } = error as { statusCode?: unknown };
  return typeof statusCode === 'number' && Number.isInteger(statusCode) ? statusCode : undefined;
}

/**
 * Installs the app's single error handler and the not-found handler. Unknown /api routes (and every
 * non-page request) get a JSON 404 ROUTE_NOT_FOUND; page requests go to `notFoundFallback` (the SPA).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  { notFoundFallback }: { notFoundFallback?: NotFoundFallback } = {},
): void {
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body } = toErrorResponse(error);
    const context = { method: request.method, url: request.url, route: request.routeOptions.url, statusCode };
    if (statusCode >= 500) {
      request.log.error({ err: error, ...context }, 'Request failed');
    } else {
      request.log.info({ ...context, code: body.error.code }, body.error.message);
    }
    return reply.code(statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (notFoundFallback && isPageRequest && !isApiPath(request.url)) return notFoundFallback(request, reply);
    return replyRouteNotFound(request, reply);
  });
}

export function replyRouteNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0];
  return reply.code(404).send(errorBody('ROUTE_NOT_FOUND', `No route for ${request.method} ${path}`));
}
