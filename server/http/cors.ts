import corsMiddleware from 'cors';
import type { RequestHandler } from 'express';

/**
 * CORS for the public read API (docs/decisions.md "Caching and CORS"): `Access-Control-Allow-Origin: *`
 * by default, or only the listed origins (e.g. `https://venue.example`). Never credentials.
 * A preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered here with 204; any
 * other `OPTIONS` goes on with the CORS headers to the routes, so a path that does not exist is
 * the same JSON 404 as for `GET`, and one that does the 405.
 */
export function cors(origins: '*' | readonly string[]): RequestHandler {
  const options = {
    origin: origins === '*' ? '*' : [...origins],
    methods: ['GET', 'HEAD'],
    credentials: false,
    exposedHeaders: ['ETag', 'X-Cache', 'X-Filter-Truncated'],
    maxAge: 86400,
  };
  const preflight = corsMiddleware(options);
  // The package takes every OPTIONS for a preflight; this one only sets the headers and goes on.
  const plain = corsMiddleware({ ...options, preflightContinue: true });
  return (req, res, next) =>
    req.method === 'OPTIONS' && req.headers['access-control-request-method'] === undefined
      ? plain(req, res, next)
      : preflight(req, res, next);
}
