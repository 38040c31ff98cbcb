/**
 * Proxy mode (issue 4): the same public API, the widget and its demo page, served from an
 * upstream platform through http-proxy-middleware, with validation, URL rewriting, an in-memory
 * cache (lru-cache) and fault handling. `createProxyApp` only builds the app; `main.ts` listens.
 */
import { createHash } from 'node:crypto';
import express, { type Express, type Request, type Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { matchesIfNoneMatch } from '../http/conditional.js';
import { cors } from '../http/cors.js';
import { errorHandler, methodNotAllowedError, notFound, sendError } from '../http/errors.js';
import { DEFAULT_WIDGET_DIR } from '../files.js';
import { widgetRouter } from '../web/widget-router.js';
import { classify } from './paths.js';
import { cacheDirectives, freshUntil } from './freshness.js';
import { rewriteUrls } from './rewrite.js';
import { createUpstream, type UpstreamResult } from './upstream.js';

export interface ProxyOptions {
  /** The platform's base URL, e.g. `https://platform.example.org`. */
  upstream: string;
  /** Public base URL of this proxy for rewritten links; default: the request's own origin. */
  baseUrl?: string;
  /** Allowed CORS origins; default `'*'`. */
  corsOrigins?: '*' | readonly string[];
  /** Upstream timeout in ms, connect to last byte (default 5000) → 504. */
  timeoutMs?: number;
  /** Serve a cached copy up to this many ms old when the upstream fails (default 300000). */
  staleMs?: number;
  /** Cache upstream responses (default true). Off, every request goes upstream (still coalesced). */
  cache?: boolean;
  /** Most cached responses kept (default 5000). */
  maxEntries?: number;
  /** Largest upstream body accepted, in bytes (default 2 MiB) → 502 above. */
  maxBodyBytes?: number;
  /** Only these venue slugs are served; default all. */
  allowSlugs?: readonly string[];
  /** Directory of the built widget; default `<repo>/dist/widget`. */
  widgetDir?: string;
  /** Venue slug the demo page at `/` embeds; default `blue-room`. */
  demoSlug?: string;
  /** Current instant; default `() => new Date()`. */
  clock?: () => Date;
  /** Request logger; `false` for none. */
  logger?: false | Logger;
}

/** A cached, already rewritten response. Instants are UTC epoch ms. */
interface Entry {
  status: 200;
  body: Buffer;
  /** Our ETag, of the rewritten bytes. */
  etag: string;
  /** The upstream's ETag, for revalidation. */
  upstreamEtag: string | undefined;
  fetchedAt: number;
  freshUntil: number;
}

type CacheStatus = 'HIT' | 'MISS' | 'STALE';

export function createProxyApp(options: ProxyOptions): Express {
  const upstreamBase = options.upstream.replace(/\/+$/, '');
  const clock = options.clock ?? (() => new Date());
  const staleMs = options.staleMs ?? 300_000;
  const caching = options.cache !== false;
  const cache = new LRUCache<string, Entry>({ max: options.maxEntries ?? 5000 });
  const fetchUpstream = createUpstream({
    upstream: upstreamBase,
    timeoutMs: options.timeoutMs ?? 5000,
    maxBodyBytes: options.maxBodyBytes ?? 2 * 1024 * 1024,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (options.logger !== false) {
    app.use(
      pinoHttp({
        logger: options.logger,
        quietReqLogger: true,
        // Added to the one completion line (customProps would build a second child logger per request).
        customSuccessObject: (_req, res, line: object) => ({
          ...line,
          proxy: (res as Response).locals.proxy,
        }),
        customErrorObject: (_req, res, _error, line: object) => ({
          ...line,
          proxy: (res as Response).locals.proxy,
        }),
      }),
    );
  }
  app.get('/healthz', (_req, res) => {
    res
      .set('Cache-Control', 'no-store')
      .json({ status: 'ok', mode: 'proxy', upstream: upstreamBase });
  });
  app.use('/t', cors(options.corsOrigins ?? '*'));

  const publicBase = (req: Request) =>
    options.baseUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;

  function send(
    req: Request,
    res: Response,
    entry: Entry,
    cacheStatus: CacheStatus,
    nowMs: number,
  ) {
    const maxAge = Math.max(0, Math.floor((entry.freshUntil - nowMs) / 1000));
    res.status(200).set({
      'Content-Type': 'application/json; charset=utf-8',
      ETag: entry.etag,
      'Cache-Control': `public, max-age=${cacheStatus === 'STALE' ? 0 : maxAge}`,
      'X-Cache': cacheStatus,
      Via: '1.1 venue-events',
    });
    if (matchesIfNoneMatch(req.get('If-None-Match'), entry.etag)) {
      res.status(304).end();
      return;
    }
    res.send(entry.body);
  }

  /** Turns an upstream 200 into a cache entry, or explains why it cannot be one. */
  function toEntry(
    result: Extract<UpstreamResult, { kind: 'response' }>,
    base: string,
    nowMs: number,
  ): Entry | string {
    if (!/^application\/([\w.+-]*\+)?json\b/i.test(String(result.headers['content-type'] ?? ''))) {
      return 'upstream answered with a non-JSON body';
    }
    let body: unknown;
    try {
      body = JSON.parse(result.body.toString('utf8'));
    } catch {
      return 'upstream answered with invalid JSON';
    }
    if (typeof body !== 'object' || body === null || !('data' in body))
      return 'upstream body is not an API resource';
    const bytes = Buffer.from(JSON.stringify(rewriteUrls(body, upstreamBase, base)));
    const directives = cacheDirectives(result.headers['cache-control'] as string | undefined);
    return {
      status: 200,
      body: bytes,
      etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
      upstreamEtag: directives.store ? (result.headers.etag as string | undefined) : undefined,
      fetchedAt: nowMs,
      freshUntil: caching && directives.store ? freshUntil(directives, body, nowMs) : nowMs,
    };
  }

  app.all('/t/{*rest}', async (req, res) => {
    const route = classify(req.originalUrl, req.method, options.allowSlugs);
    if (route.kind === 'reject') {
      if (route.status === 405) throw methodNotAllowedError(req.method);
      return sendError(res, route.status, route.detail);
    }
    if (route.kind === 'event-page') {
      res.redirect(302, upstreamBase + route.upstreamPath);
      return;
    }
    const base = publicBase(req);
    const key = `${base} ${route.upstreamPath}`;
    const nowMs = clock().getTime();
    const cached = caching ? cache.get(key) : undefined;
    if (cached && nowMs < cached.freshUntil && nowMs >= cached.fetchedAt) {
      res.locals.proxy = { cache: 'HIT' };
      return send(req, res, cached, 'HIT', nowMs);
    }
    const result = await fetchUpstream(key, req, res, route.upstreamPath, cached?.upstreamEtag);
    const at = clock().getTime();
    const log = {
      upstreamStatus: result.kind === 'response' ? result.status : result.kind,
      upstreamMs: result.ms,
    };
    const fallBack = (status: 502 | 504, detail: string) => {
      if (cached && at - cached.fetchedAt < staleMs) {
        res.locals.proxy = { ...log, cache: 'STALE', reason: detail };
        return send(req, res, cached, 'STALE', at);
      }
      res.locals.proxy = { ...log, cache: 'MISS', reason: detail };
      res.set('X-Cache', 'MISS');
      return sendError(res, status, detail);
    };
    if (result.kind === 'timeout')
      return fallBack(504, 'The events platform did not answer in time.');
    if (result.kind === 'failed')
      return fallBack(502, `The events platform failed: ${result.reason}.`);
    if (result.status === 304 && cached) {
      const directives = cacheDirectives(result.headers['cache-control'] as string | undefined);
      const renewed = {
        ...cached,
        fetchedAt: at,
        freshUntil: freshUntil(directives, JSON.parse(cached.body.toString()), at),
      };
      cache.set(key, renewed);
      res.locals.proxy = { ...log, cache: 'HIT', revalidated: true };
      return send(req, res, renewed, 'HIT', at);
    }
    if (result.status === 404) {
      res.locals.proxy = { ...log, cache: 'MISS' };
      let detail = 'The events platform has no such venue or event.';
      try {
        const upstreamDetail = JSON.parse(result.body.toString()).errors?.[0]?.detail;
        if (typeof upstreamDetail === 'string') detail = upstreamDetail;
      } catch {
        // an HTML or empty 404 keeps our own sentence
      }
      res.set('X-Cache', 'MISS');
      return sendError(res, 404, detail);
    }
    if (result.status !== 200)
      return fallBack(502, `The events platform answered ${result.status}.`);
    const entry = toEntry(result, base, at);
    if (typeof entry === 'string')
      return fallBack(502, `${entry[0]!.toUpperCase()}${entry.slice(1)}.`);
    if (caching) cache.set(key, entry);
    res.locals.proxy = { ...log, cache: 'MISS' };
    send(req, res, entry, 'MISS', at);
  });

  app.use(
    widgetRouter({
      widgetDir: options.widgetDir ?? DEFAULT_WIDGET_DIR,
      demoSlug: options.demoSlug ?? 'blue-room',
    }),
  );
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
