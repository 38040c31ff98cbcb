import type { ErrorRequestHandler, Request, Response } from 'express';
import type { ErrorResponse } from '../shared/contract.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The JSON:API error document of decisions.md "Errors" for `status`, with one sentence `detail`. */
export function errorBody(status: number, detail: string): ErrorResponse {
  return { errors: [{ status: String(status), title: TITLES[status] ?? 'Error', detail }] };
}

/** Sends `errorBody(status, detail)` as `application/json`, never cached by shared caches. */
export function sendError(res: Response, status: number, detail: string): void {
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('application/json')
    .send(JSON.stringify(errorBody(status, detail)));
}

/** 405 for `req.method` on a path that only allows `allow` (decisions.md "Errors"). */
export function sendMethodNotAllowed(
  req: Request,
  res: Response,
  allow = 'GET, HEAD, OPTIONS',
): void {
  res.set('Allow', allow);
  sendError(res, 405, `The method ${req.method} is not allowed here; use GET or HEAD.`);
}

/** Final JSON 404 for any path no route answered. */
export function notFound(req: Request, res: Response): void {
  sendError(res, 404, 'No resource exists at this path.');
}

/**
 * Last-resort error handler: a JSON error, never a stack trace or HTML. Body-parser style errors
 * carrying a 4xx `status` keep it; everything else is a 500 (and is logged by the request logger).
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const status = (error as { status?: unknown }).status;
  const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
  // pino-http logs `res.err` with the request line.
  res.err = error instanceof Error ? error : new Error(String(error));
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendError(
    res,
    code,
    code === 500
      ? 'The server failed to answer this request.'
      : 'The request could not be understood.',
  );
};
