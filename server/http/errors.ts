/**
 * JSON:API error documents (docs/decisions.md "Errors") and the one error handler that renders them.
 * Handlers throw `createError(status, detail)` (http-errors); nothing else writes an error body.
 */
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import createError, { isHttpError } from 'http-errors';
import type { ErrorResponse } from '../../shared/contract.js';
import { FilterError } from '../../shared/rules/filters.js';
import { sendEncoded } from './conditional.js';

export { createError };

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The JSON:API error document of docs/decisions.md "Errors" for `status`, with one sentence `detail`
 * and, for a bad query parameter, `source.parameter` naming it (docs/api.md §10.12).
 */
export function errorBody(status: number, detail: string, parameter?: string): ErrorResponse {
  const title = TITLES[status] ?? 'Error';
  const error = { status: String(status), title, detail };
  return { errors: [parameter === undefined ? error : { ...error, source: { parameter } }] };
}

/** Sends `errorBody(…)` as `application/json`, never cached by shared caches. */
export function sendError(res: Response, status: number, detail: string, parameter?: string): void {
  res.status(status).set('Cache-Control', 'no-store');
  sendEncoded(res, JSON.stringify(errorBody(status, detail, parameter)), 'application/json');
}

/** The methods the public API allows (docs/decisions.md "Errors"); OPTIONS is CORS preflight. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** A 405 with `Allow` for `method` (docs/decisions.md "Errors"). */
export function methodNotAllowedError(method: string) {
  return createError(405, `The method ${method} is not allowed here; use GET or HEAD.`, {
    headers: { Allow: ALLOWED_METHODS },
  });
}

/** Route handler for every method a resource does not declare: throws the 405. */
export const methodNotAllowed: RequestHandler = (req) => {
  throw methodNotAllowedError(req.method);
};

/** Final handler for any path no route answered: throws the JSON 404. */
export const notFound: RequestHandler = () => {
  throw createError(404, 'No resource exists at this path.');
};

/**
 * The one error handler: a JSON:API error, never a stack trace or HTML. An http-errors error
 * keeps its status, headers (e.g. `Allow`) and, when `expose`d (4xx), its message as `detail`;
 * body-parser style errors carrying a 4xx `status` keep it; everything else is a 500 (and is
 * logged by the request logger). A 503 carrying `retryAfterSeconds` (the store's
 * `StoreUnavailableError`) keeps its message and gets `Retry-After`.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  // The access log (`access-log.ts`) logs `res.err` with the request line.
  res.err = error instanceof Error ? error : new Error(String(error));
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof URIError) {
    // A path segment that does not decode (`%ff`) cannot name a venue or event: docs/decisions.md 404.
    sendError(res, 404, 'No resource exists at this path.');
    return;
  }
  if (error instanceof FilterError) {
    // A bad filter or feed parameter (docs/api.md §10.12): say which.
    sendError(res, 400, error.message, error.parameter);
    return;
  }
  if (isHttpError(error) && error.status >= 400 && error.status < 600) {
    if (error.headers) res.set(error.headers);
    sendError(res, error.status, error.expose ? error.message : defaultDetail(error.status));
    return;
  }
  const { status, retryAfterSeconds, message } = error as {
    status?: unknown;
    retryAfterSeconds?: unknown;
    message?: unknown;
  };
  if (status === 503 && typeof retryAfterSeconds === 'number' && typeof message === 'string') {
    // A dependency that is down for now (the store): say when to come back.
    res.set('Retry-After', String(retryAfterSeconds));
    sendError(res, 503, message);
    return;
  }
  const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
  sendError(res, code, defaultDetail(code));
};

function defaultDetail(status: number): string {
  return status >= 500
    ? 'The server failed to answer this request.'
    : 'The request could not be understood.';
}
