/**
 * Proxy mode: the same public API, the widget and its demo page, served from an upstream platform
 * with validation (`routes.ts`), link rewriting (`rewrite.ts`), a byte-bounded cache that
 * coalesces misses and keeps a stale copy for faults (`upstream-cache.ts`) and Node's own HTTP
 * client (`upstream.ts`). `createProxyApp` only builds the app; `main.ts` listens. A sibling of
 * the origin app: it shares `server/http` with it, nothing else.
 */
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { isHttpError } from 'http-errors';
import type { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { withoutTrailingSlash } from '../../shared/url.js';
import { maxAgeSeconds, sendRepresentation } from '../http/conditional.js';
import { cors } from '../http/cors.js';
import { createError, errorHandler, methodNotAllowedError, notFound } from '../http/errors.js';
import { requireValidHost } from '../http/host.js';
import { createMetrics } from '../http/metrics.js';
import type { TrustProxy } from '../cli-options.js';
import { DEFAULT_WIDGET_DIR } from '../files.js';
import { widgetRouter } from '../web/widget-router.js';
import type { ClientFacts } from './forwarding.js';
import { publicBaseOf } from './public-base.js';
import { classify } from './routes.js';
import {
  createUpstreamCache,
  isFresh,
  representationFor,
  type Entry,
  type FetchContext,
  type UpstreamReport,
} from './upstream-cache.js';
import { createUpstream } from './upstream.js';

export interface ProxyOptions {
  /** The platform's base URL, e.g. `https://platform.example.org`. */
  upstream: string;
  /** Public base URL of this proxy for rewritten links; default: the request's scheme and Host. */
  baseUrl?: string;
  /** `Host` values (`host` for any port, or `host:port`) answered; default any well-formed one. */
  allowedHosts?: readonly string[];
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
  /** Most bytes the cache holds (default 32 MiB). */
  maxCacheBytes?: number;
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
  /** Express's `trust proxy`: whose `X-Forwarded-Proto` gives the public scheme (default none). */
  trustProxy?: TrustProxy;
  /** Serve Prometheus metrics at `/metrics`, with cache results and upstream latency. */
  metrics?: boolean;
  /** Request logger; `false` for none. */
  logger?: false | Logger;
}

type CacheStatus = 'HIT' | 'MISS' | 'STALE';

/** What the request log line carries for a proxied request (`res.locals.proxy`). */
interface ProxyLog extends UpstreamReport {
  cache: CacheStatus;
  coalesced?: boolean;
  revalidated?: boolean;
  /** Why a stale copy was served: our sentence and the fault's own (it may name addresses). */
  reason?: string;
  cause?: string;
}

export function createProxyApp(options: ProxyOptions): Express {
  const upstreamBase = withoutTrailingSlash(options.upstream);
  const clock = options.clock ?? (() => new Date());
  const staleMs = options.staleMs ?? 300_000;
  const caching = options.cache !== false;
  const publicBase = publicBaseOf(options.baseUrl);
  const publicUrl = options.baseUrl === undefined ? undefined : new URL(options.baseUrl);
  const cache = createUpstreamCache({
    get: createUpstream({
      upstream: upstreamBase,
      timeoutMs: options.timeoutMs ?? 5000,
      maxBodyBytes: options.maxBodyBytes ?? 2 * 1024 * 1024,
    }),
    upstreamBase,
    clock,
    caching,
    maxBytes: options.maxCacheBytes ?? 32 * 1024 * 1024,
    maxEntries: options.maxEntries ?? 5000,
  });

  /** Forwarding facts of `req`: its address, and our public scheme and (configured) host. */
  function factsOf(req: Request): ClientFacts {
    return publicUrl
      ? {
          address: req.socket.remoteAddress,
          proto: publicUrl.protocol.slice(0, -1),
          host: publicUrl.host,
        }
      : { address: req.socket.remoteAddress, proto: req.protocol };
  }

  function send(req: Request, res: Response, entry: Entry, cache: CacheStatus, nowMs: number) {
    sendRepresentation(req, res, representationFor(entry, publicBase(req)), {
      maxAgeSeconds: cache === 'STALE' ? 0 : maxAgeSeconds(entry.freshUntil, nowMs),
      headers: { 'X-Cache': cache, Via: '1.1 venue-events' },
    });
  }

  /**
   * An events resource (spec §4.1, §4.2) from the cache, else from the upstream; when that fails
   * with a 502/504, a cached copy younger than `staleMs` (`X-Cache: STALE`).
   */
  async function serveEvents(req: Request, res: Response, path: string): Promise<void> {
    const nowMs = clock().getTime();
    const cached = caching ? cache.get(path) : undefined;
    if (cached && isFresh(cached, nowMs)) {
      res.locals.proxy = { cache: 'HIT' } satisfies ProxyLog;
      return send(req, res, cached, 'HIT', nowMs);
    }
    const report: UpstreamReport = {};
    const status: LRUCache.Status<string, Entry, FetchContext> = {};
    let entry: Entry;
    try {
      entry = await cache.forceFetch(path, {
        forceRefresh: true,
        context: { clientHeaders: req.headers, facts: factsOf(req), report },
        status,
      });
    } catch (error) {
      const at = clock().getTime();
      // Only an upstream fault (502, 504) is masked; an upstream 404 stays a 404.
      const fault = isHttpError(error) && (error.status === 502 || error.status === 504);
      const kept = caching && fault ? cache.peek(path) : undefined;
      if (kept?.storable && at - kept.fetchedAt < staleMs) {
        const { message, cause } = error as Error;
        res.locals.proxy = {
          ...report,
          cache: 'STALE',
          reason: message,
          cause: cause instanceof Error ? cause.message : undefined,
        } satisfies ProxyLog;
        return send(req, res, kept, 'STALE', at);
      }
      res.locals.proxy = { ...report, cache: 'MISS' } satisfies ProxyLog;
      res.set('X-Cache', 'MISS');
      throw error;
    }
    // Coalescing needed the entry in the cache; an answer not to be reused leaves it now.
    if (!caching || !entry.storable) cache.delete(path);
    const hit = entry.revalidated;
    res.locals.proxy = {
      ...report,
      cache: hit ? 'HIT' : 'MISS',
      ...(hit && { revalidated: true }),
      ...(status.fetch === 'inflight' && { coalesced: true }),
    } satisfies ProxyLog;
    send(req, res, entry, hit ? 'HIT' : 'MISS', clock().getTime());
  }

  /** Everything under `/t/`: the two API shapes, the event page redirect, else a JSON 404/405. */
  const proxyVenueRoutes: RequestHandler = async (req, res) => {
    const route = classify(req.originalUrl, req.method, options.allowSlugs);
    if (route.kind === 'reject') {
      throw route.status === 405
        ? methodNotAllowedError(req.method)
        : createError(404, route.detail);
    }
    if (route.kind === 'event-page') return res.redirect(302, upstreamBase + route.upstreamPath);
    await serveEvents(req, res, route.upstreamPath);
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy ?? false);
  const metrics = options.metrics ? createMetrics() : undefined;
  if (metrics) {
    app.use(metrics.track);
    app.use(function countProxyResults(_req, res, next) {
      res.on('finish', () => {
        const log = res.locals.proxy as ProxyLog | undefined;
        if (!log) return;
        metrics.proxyCache.inc({ result: log.cache });
        if (log.upstreamMs !== undefined) {
          const status = String(log.upstreamStatus ?? 'failed');
          metrics.upstreamSeconds.observe({ status }, log.upstreamMs / 1000);
        }
      });
      next();
    });
    app.get('/metrics', metrics.expose);
  }
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
  // Errors, probes and pages compressed as sent; cached answers arrive already encoded.
  app.use(compression({ threshold: 0 }));
  // Liveness only; it names no upstream address (that is for the operator's log).
  app.get('/healthz', function health(_req, res) {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', mode: 'proxy' });
  });
  app.use(requireValidHost(options.allowedHosts));
  app.use('/t', cors(options.corsOrigins ?? '*'));
  // Not a parameterised route: the raw target is classified, never decoded, so `%ff` is a 404.
  app.use('/t', proxyVenueRoutes);
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
