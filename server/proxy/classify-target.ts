/**
 * The first step of every request under `/t/`: its raw target classified (`routes.ts`), never
 * decoded, so `%ff` is a 404 and nothing a client encodes reaches another upstream path. A
 * rejected target is answered here (the 404 or 405 of docs/decisions.md "Errors"); an accepted one
 * is left in `res.locals.route` for the API and page routers.
 */
import type { RequestHandler, Response } from 'express';
import { createError, methodNotAllowedError } from '../http/errors.js';
import { classify, type ProxyRoute } from './routes.js';

/** A route the proxy answers. */
export type AcceptedRoute = Exclude<ProxyRoute, { kind: 'reject' }>;

/**
 * Middleware classifying `req.originalUrl`; `allowSlugs` limits the venues served.
 * @throws (to the error handler) the 404 or 405 of a rejected target.
 */
export function classifyTarget(allowSlugs: readonly string[] | undefined): RequestHandler {
  return function classifyRequest(req, res, next) {
    const route = classify(req.originalUrl, req.method, allowSlugs);
    if (route.kind === 'reject') {
      throw route.status === 405
        ? methodNotAllowedError(req.method)
        : createError(404, route.detail);
    }
    res.locals.route = route;
    next();
  };
}

/** The route `classifyTarget` accepted for the request of `res`. */
export const routeOf = (res: Response): AcceptedRoute => res.locals.route as AcceptedRoute;
