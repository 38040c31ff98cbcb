import corsMiddleware from 'cors';
import type { RequestHandler } from 'express';

/**
 * CORS for the public read API (docs/decisions.md "Caching and CORS"): `Access-Control-Allow-Origin: *`
 * by default, or only the listed origins (e.g. `https://venue.example`). Never credentials.
 * Preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered here with 204.
 */
export function cors(origins: '*' | readonly string[]): RequestHandler {
  return corsMiddleware({
    origin: origins === '*' ? '*' : [...origins],
    methods: ['GET', 'HEAD'],
    credentials: false,
    exposedHeaders: ['ETag', 'X-Cache', 'X-Filter-Truncated'],
    maxAge: 86400,
  });
}
