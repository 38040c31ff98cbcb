/**
 * The proxied API (docs/api.md §4.1, §4.2): `GET|HEAD /t/{slug}/api/events[?page=n]` and
 * `/t/{slug}/api/events/{id}`, answered with the upstream's document as it sent it but for its
 * links (on the proxy's public base), its ETag and a `max-age` bounded by its freshness, with
 * `X-Cache` and `Via`. Mounted after `classifyTarget`; other routes pass through.
 */
import express, { type Request, type Response, type Router } from 'express';
import { sendRepresentation } from '../http/conditional.js';
import { routeOf } from './classify-target.js';
import { maxAgeOf, type ProxyContext } from './obtain.js';
import { summary, withLogs } from './proxy-log.js';
import { representationFor } from './upstream-cache.js';

/**
 * Answers with the upstream's document at `upstreamPath` (a `routes.ts` upstream path: docs/api.md
 * §4.1 or §4.2), links on the proxy's base. Rejects as `obtain` does (an upstream 404, or a 502/504 no stale copy masks).
 * Also the answer of a filtered list whose filters select everything (docs/api.md §10.12: then
 * the response is the interface's, byte for byte).
 */
export async function passThrough(
  context: ProxyContext,
  req: Request,
  res: Response,
  upstreamPath: string,
): Promise<void> {
  await withLogs(res, async (logs) => {
    const obtained = await context.obtain(req, upstreamPath, logs);
    res.locals.proxy = summary(logs);
    sendRepresentation(req, res, representationFor(obtained.entry, context.publicBase(req)), {
      maxAgeSeconds: maxAgeOf([obtained], obtained.at),
      headers: { 'X-Cache': obtained.cache, Via: '1.1 venue-events' },
    });
  });
}

/** Builds the router; mount it under `/t` after `classifyTarget`. */
export function apiRouter(context: ProxyContext): Router {
  const router = express.Router({ caseSensitive: true });
  router.use(async function serveEvents(req, res, next) {
    const route = routeOf(res);
    if (route.kind !== 'list' && route.kind !== 'event') return next();
    await passThrough(context, req, res, route.upstreamPath);
  });
  return router;
}
