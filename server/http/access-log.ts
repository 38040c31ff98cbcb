/**
 * The access log: one pino line per request, written when its response finishes (or its
 * connection closes first), in the shape pino-http's default line had (docs/server.md, the
 * access log line):
 * `reqId`, `req` (`id`, `method`, `url`, `query`, `params`, `headers`, `remoteAddress`,
 * `remotePort`), `res` (`statusCode`, `headers`), `err` for a failed request, `responseTime` (ms),
 * the mode's own members (`logFields`) and `msg` `request completed` or `request errored`.
 *
 * Why not pino-http: it makes two child loggers per request (each stringifying its bindings and
 * building its level methods), which cost a memo hit about a third of its throughput; this logger
 * builds the line once, at the end.
 */
import { parse as parseQuery } from 'node:querystring';
import type { Request, RequestHandler, Response } from 'express';
import { pino, type Logger } from 'pino';

declare module 'http' {
  interface ServerResponse {
    /** The error a request failed with, logged on its access line (`errors.ts` sets it). */
    err?: Error | undefined;
  }
}

/** `params` of the line: captured before routing, as pino-http did, so always empty. */
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** Request ids wrap at 2³¹ − 1, as pino-http's did. */
const MAX_ID = 0x7fffffff;

/** The query of `url` as the app's `simple` query parser reads it (`node:querystring`). */
function queryOf(url: string): Record<string, unknown> {
  const mark = url.indexOf('?');
  return mark < 0 ? {} : parseQuery(url.slice(mark + 1));
}

/**
 * Middleware writing the access line of each request to `logger` (pino to stdout when undefined),
 * with `logFields(res)`'s members added for the mode's own facts (the proxy's upstream and cache).
 * The line is logged at `info`, whatever the status, as before.
 */
export function accessLog(
  logger: Logger = pino(),
  logFields?: (res: Response) => object,
): RequestHandler {
  let lastId = 0;
  return function logAccess(req, res, next) {
    const start = Date.now();
    const id = (lastId = (lastId + 1) & MAX_ID);
    // Read now: once the connection is gone its address may no longer be known.
    const { remoteAddress, remotePort } = req.socket;
    const done = (error?: Error) => {
      res.off('finish', done).off('close', done).off('error', done);
      writeLine(logger, req, res, { id, start, remoteAddress, remotePort, error }, logFields);
    };
    res.on('finish', done).on('close', done).on('error', done);
    next();
  };
}

interface LineFacts {
  id: number;
  /** When the request arrived, UTC epoch ms. */
  start: number;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
  error: Error | undefined;
}

function writeLine(
  logger: Logger,
  req: Request,
  res: Response,
  facts: LineFacts,
  logFields: ((res: Response) => object) | undefined,
): void {
  const { id, start, remoteAddress, remotePort } = facts;
  const url = req.originalUrl;
  const line: Record<string, unknown> = {
    reqId: id,
    req: {
      id,
      method: req.method,
      url,
      query: queryOf(url),
      params: NO_PARAMS,
      headers: req.headers,
      remoteAddress,
      remotePort,
    },
    res: { statusCode: res.headersSent ? res.statusCode : null, headers: res.getHeaders() },
  };
  const failed = facts.error ?? res.err;
  const error =
    failed ??
    (res.statusCode >= 500 ? new Error(`failed with status code ${res.statusCode}`) : undefined);
  if (error) line.err = error;
  line.responseTime = Date.now() - start;
  if (logFields) Object.assign(line, logFields(res));
  logger.info(line, error ? 'request errored' : 'request completed');
}
