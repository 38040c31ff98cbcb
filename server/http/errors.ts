/**
 * JSON:API error documents (docs/decisions.md "Errors") and the one error handler that renders them.
 * Handlers throw `createError(status, detail)` (http-errors), or the builder here of an error
 * several places raise (`notFoundError`, `methodNotAllowedError`), so each is worded once; nothing
 * else writes an error body.
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

/**
 * A 404 (docs/decisions.md "Errors"); by default that of a path nothing answers, in either mode,
 * however it is found out (no route, a segment that does not decode, the proxy's guard).
 */
export function notFoundError(detail = 'No resource exists at this path.') {
  return createError(404, detail);
}

/** The 404 of a venue not published, in either mode (docs/decisions.md "Errors"). */
export function unknownVenueError(slug: string) {
  return createError(404, `No venue is published under the slug "${slug}".`);
}

/** The 404 of an event id a venue does not publish, in either mode (docs/decisions.md "Errors"). */
export function unknownEventError(slug: string, id: string) {
  return createError(404, `Venue "${slug}" has no public event with id "${id}".`);
}

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
  throw notFoundError();
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
  // A path segment that does not decode (`%ff`) cannot name a venue or event: docs/decisions.md 404.
  const shown = error instanceof URIError ? notFoundError() : error;
  if (shown instanceof FilterError) {
    // A bad filter or feed parameter (docs/api.md §10.12): say which.
    sendError(res, 400, shown.message, shown.parameter);
    return;
  }
  if (isHttpError(shown) && shown.status >= 400 && shown.status < 600) {
    if (shown.headers) res.set(shown.headers);
    sendError(res, shown.status, shown.expose ? shown.message : defaultDetail(shown.status));
    return;
  }
  const { status, retryAfterSeconds, message } = shown as {
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
