/**
 * Proxy mode: the same public API, the widget, its demo page and the embed builder, served from an
 * upstream platform with validation (`routes.ts`), link rewriting (`rewrite.ts`), a byte-bounded
 * cache that coalesces misses and keeps a stale copy for faults (`upstream-cache.ts`) and Node's
 * own HTTP client (`upstream.ts`). The listing page and the calendar files are built here from the
 * cached list responses (`pages.ts`) by the origin's pure renderers; the event page redirects to
 * the platform. `createProxyApp` only builds the app; `main.ts` listens. A sibling of the origin
 * app: it shares `server/http` and those renderers with it, never its store or routers.
 */
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { isHttpError } from 'http-errors';
import type { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { withoutTrailingSlash } from '../../shared/url.js';
import {
  entityTag,
  maxAgeSeconds,
  sendEncoded,
  sendRepresentation,
  type Representation,
} from '../http/conditional.js';
import { cors } from '../http/cors.js';
import { createError, errorHandler, methodNotAllowedError, notFound } from '../http/errors.js';
import { requireValidHost } from '../http/host.js';
import { createMetrics } from '../http/metrics.js';
import type { TrustProxy } from '../cli-options.js';
import { DEFAULT_WIDGET_DIR } from '../files.js';
import { calendarFile } from '../origin/calendar.js';
import { listingPage } from '../origin/listing-page.js';
import { PAGE_CSP } from '../origin/page-shell.js';
import { embedRouter } from '../web/embed-page.js';
import { widgetRouter } from '../web/widget-router.js';
import type { ClientFacts } from './forwarding.js';
import {
  checkVenueZones,
  FEED_MAX_PAGES,
  proxyVenue,
  readListPage,
  venueToday,
  type ListPage,
  type VenueZones,
} from './pages.js';
import { publicBaseOf } from './public-base.js';
import { classify, listPath, type ProxyRoute } from './routes.js';
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
  /**
   * Venue slug → IANA time zone (`{ 'blue-room': 'Europe/London' }`), for the pages and calendar
   * files the proxy builds: with a zone, calendar times carry its `TZID` and `VTIMEZONE`, the
   * JSON-LD its UTC offset, and "today" is the venue's date; without, times are floating local
   * times and "today" is the UTC date. Throws at start for a bad slug or an unknown zone.
   */
  venueZones?: VenueZones;
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
  /** A page built from several list responses: how many. */
  pages?: number;
  /** Upstream events a page left out as unreadable. */
  dropped?: number;
}

/** One upstream answer for a request, from the cache or the upstream. */
interface Obtained {
  entry: Entry;
  cache: CacheStatus;
  /** When it was obtained (epoch ms), for its max-age. */
  at: number;
}

const CACHE_RANK: Record<CacheStatus, number> = { HIT: 0, MISS: 1, STALE: 2 };

/**
 * The log of a request answered from the `logs` of its upstream answers: one as is; several (the
 * calendar files) summed up by the least fresh cache result, the upstream request of that one (or
 * else the slowest), how many answers, and every event left out.
 */
function summary(logs: readonly ProxyLog[]): ProxyLog {
  if (logs.length === 1) return logs[0]!;
  const worst = logs.reduce((a, b) => (CACHE_RANK[b.cache] > CACHE_RANK[a.cache] ? b : a));
  const timed = logs.filter((log) => log.upstreamMs !== undefined);
  const upstream =
    worst.upstreamMs !== undefined
      ? worst
      : timed.reduce<ProxyLog | undefined>(
          (a, b) => (a && a.upstreamMs! >= b.upstreamMs! ? a : b),
          undefined,
        );
  const dropped = logs.reduce((sum, log) => sum + (log.dropped ?? 0), 0);
  return {
    ...worst,
    upstreamStatus: upstream?.upstreamStatus,
    upstreamMs: upstream?.upstreamMs,
    pages: logs.length,
    dropped: dropped > 0 ? dropped : undefined,
  };
}

/** `DTSTAMP`: the current minute, so a calendar file stays byte-stable (one ETag) within it. */
const stamp = (nowMs: number) => new Date(nowMs - (nowMs % 60_000));

export function createProxyApp(options: ProxyOptions): Express {
  const upstreamBase = withoutTrailingSlash(options.upstream);
  const clock = options.clock ?? (() => new Date());
  const staleMs = options.staleMs ?? 300_000;
  const caching = options.cache !== false;
  const publicBase = publicBaseOf(options.baseUrl);
  const publicUrl = options.baseUrl === undefined ? undefined : new URL(options.baseUrl);
  const venueZones = options.venueZones;
  if (venueZones) checkVenueZones(venueZones);
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

  /**
   * The upstream answer for `path` from the cache, else from the upstream; when that fails with a
   * 502/504, a cached copy younger than `staleMs` (`STALE`). Its log is pushed onto `logs`, also
   * when it fails (then it rejects).
   */
  async function obtain(req: Request, path: string, logs: ProxyLog[]): Promise<Obtained> {
    const nowMs = clock().getTime();
    const cached = caching ? cache.get(path) : undefined;
    if (cached && isFresh(cached, nowMs)) {
      logs.push({ cache: 'HIT' });
      return { entry: cached, cache: 'HIT', at: nowMs };
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
        logs.push({
          ...report,
          cache: 'STALE',
          reason: message,
          cause: cause instanceof Error ? cause.message : undefined,
        });
        return { entry: kept, cache: 'STALE', at };
      }
      logs.push({ ...report, cache: 'MISS' });
      throw error;
    }
    // Coalescing needed the entry in the cache; an answer not to be reused leaves it now.
    if (!caching || !entry.storable) cache.delete(path);
    const hit = entry.revalidated;
    logs.push({
      ...report,
      cache: hit ? 'HIT' : 'MISS',
      ...(hit && { revalidated: true }),
      ...(status.fetch === 'inflight' && { coalesced: true }),
    });
    return { entry, cache: hit ? 'HIT' : 'MISS', at: clock().getTime() };
  }

  /** `max-age` for an answer built from `obtained`: none once any of them is stale. */
  const maxAgeOf = (obtained: readonly Obtained[], nowMs: number) =>
    obtained.some((o) => o.cache === 'STALE')
      ? 0
      : Math.min(...obtained.map((o) => maxAgeSeconds(o.entry.freshUntil, nowMs)));

  /** An events resource (spec §4.1, §4.2), as the upstream sent it but for its links. */
  async function serveEvents(req: Request, res: Response, path: string, logs: ProxyLog[]) {
    const obtained = await obtain(req, path, logs);
    res.locals.proxy = summary(logs);
    sendRepresentation(req, res, representationFor(obtained.entry, publicBase(req)), {
      maxAgeSeconds: maxAgeOf([obtained], obtained.at),
      headers: { 'X-Cache': obtained.cache, Via: '1.1 venue-events' },
    });
  }

  /** A list response read for the renderers, its links on `base`. */
  const listOf = (entry: Entry, base: string): ListPage =>
    readListPage(JSON.parse(representationFor(entry, base).body.toString('utf8')));

  /** Sends a page the proxy built, with the freshness of the answers it was built from. */
  function sendBuilt(
    req: Request,
    res: Response,
    representation: Representation,
    obtained: readonly Obtained[],
    logs: readonly ProxyLog[],
    { 'Content-Type': contentType, ...headers }: Record<string, string>,
  ): void {
    const log = summary(logs);
    res.locals.proxy = log;
    sendRepresentation(req, res, representation, {
      maxAgeSeconds: maxAgeOf(obtained, clock().getTime()),
      contentType,
      headers: { ...headers, 'X-Cache': log.cache },
    });
  }

  const asRepresentation = (text: string): Representation => {
    const body = Buffer.from(text);
    return { body, etag: entityTag(body) };
  };

  /** The last listing page built from an entry, and what it was built for. */
  const listingMemo = new WeakMap<Entry, { key: string; page: Representation; dropped: number }>();

  /** GET /t/{slug}/events[?page=n]: the listing page, from that page of the upstream list. */
  async function serveListingPage(
    req: Request,
    res: Response,
    route: Extract<ProxyRoute, { kind: 'listing-page' }>,
    logs: ProxyLog[],
  ) {
    const obtained = await obtain(req, route.upstreamPath, logs);
    const base = publicBase(req);
    const venue = proxyVenue(route.slug, venueZones);
    const today = venueToday(venue, clock().getTime());
    const key = `${base}\n${today}`;
    let memo = listingMemo.get(obtained.entry);
    if (memo?.key !== key) {
      const list = listOf(obtained.entry, base);
      const html = listingPage(list.events, list.position, venue, { base, today });
      memo = { key, page: asRepresentation(html), dropped: list.dropped };
      listingMemo.set(obtained.entry, memo);
    }
    noteDropped(logs, memo.dropped);
    sendBuilt(req, res, memo.page, [obtained], logs, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
    });
  }

  /**
   * The venue's listed events for its calendar files: list pages 1 to the last, at most
   * `FEED_MAX_PAGES`, through the cache (the first page says how many there are), each event once.
   */
  async function feedEvents(req: Request, slug: string, base: string, logs: ProxyLog[]) {
    const first = await obtain(req, listPath(slug, 1), logs);
    const firstList = listOf(first.entry, base);
    const last = Math.min(firstList.position.lastPage, FEED_MAX_PAGES);
    const rest = await Promise.all(
      Array.from({ length: last - 1 }, (_, i) => obtain(req, listPath(slug, i + 2), logs)),
    );
    const lists = [firstList, ...rest.map((o) => listOf(o.entry, base))];
    const seen = new Set<string>();
    const events = lists
      .flatMap((list) => list.events)
      .filter((event) => !seen.has(event.id) && seen.add(event.id));
    const dropped = lists.reduce((sum, list) => sum + list.dropped, 0);
    return { events, obtained: [first, ...rest], dropped };
  }

  /** GET /t/{slug}/events.ics: the venue's calendar feed. */
  async function serveFeed(req: Request, res: Response, slug: string, logs: ProxyLog[]) {
    const base = publicBase(req);
    const { events, obtained, dropped } = await feedEvents(req, slug, base, logs);
    const venue = proxyVenue(slug, venueZones);
    const text = calendarFile(events, { venue, base, now: stamp(clock().getTime()) });
    noteDropped(logs, dropped);
    sendBuilt(req, res, asRepresentation(text), obtained, logs, {
      'Content-Type': 'text/calendar; charset=utf-8',
    });
  }

  /** GET /t/{slug}/events/{event-slug}.ics: one event's calendar file, found in the feed's pages. */
  async function serveEventCalendar(
    req: Request,
    res: Response,
    route: Extract<ProxyRoute, { kind: 'event-calendar' }>,
    logs: ProxyLog[],
  ) {
    const base = publicBase(req);
    const { events, obtained, dropped } = await feedEvents(req, route.slug, base, logs);
    const event = events.find((e) => e.attributes.slug === route.eventSlug);
    if (!event) {
      throw createError(404, `Venue "${route.slug}" lists no event "${route.eventSlug}".`);
    }
    const venue = proxyVenue(route.slug, venueZones);
    const text = calendarFile([event], {
      venue,
      base,
      now: stamp(clock().getTime()),
      name: event.attributes.title,
    });
    noteDropped(logs, dropped);
    sendBuilt(req, res, asRepresentation(text), obtained, logs, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${route.eventSlug}.ics"`,
    });
  }

  /** Notes on the request's log how many upstream events a page left out as unreadable. */
  function noteDropped(logs: ProxyLog[], dropped: number): void {
    if (dropped > 0) logs[0]!.dropped = dropped;
  }

  /**
   * Everything under `/t/`: the two API shapes, the pages built from the list, the event page
   * redirect, else a JSON 404/405.
   */
  const proxyVenueRoutes: RequestHandler = async (req, res) => {
    const route = classify(req.originalUrl, req.method, options.allowSlugs);
    if (route.kind === 'reject') {
      throw route.status === 405
        ? methodNotAllowedError(req.method)
        : createError(404, route.detail);
    }
    if (route.kind === 'event-page') return res.redirect(302, upstreamBase + route.upstreamPath);
    const logs: ProxyLog[] = [];
    try {
      switch (route.kind) {
        case 'list':
        case 'event':
          return await serveEvents(req, res, route.upstreamPath, logs);
        case 'listing-page':
          return await serveListingPage(req, res, route, logs);
        case 'feed':
          return await serveFeed(req, res, route.slug, logs);
        case 'event-calendar':
          return await serveEventCalendar(req, res, route, logs);
      }
    } catch (error) {
      if (logs.length > 0 && !res.headersSent) {
        const log = summary(logs);
        res.locals.proxy = log;
        res.set('X-Cache', log.cache);
      }
      throw error;
    }
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
  // Liveness only; it names no upstream address (that is for the operator's log).
  app.get('/healthz', function health(_req, res) {
    res.set('Cache-Control', 'no-store');
    sendEncoded(res, JSON.stringify({ status: 'ok', mode: 'proxy' }), 'application/json');
  });
  app.use(requireValidHost(options.allowedHosts));
  app.use('/t', cors(options.corsOrigins ?? '*'));
  // Not a parameterised route: the raw target is classified, never decoded, so `%ff` is a 404.
  // Everything it sends encodes itself (cached answers and built pages once each, errors as
  // sent), so the compression middleware below never wraps the hot path.
  app.use('/t', proxyVenueRoutes);
  // The widget's documents and the embed builder, compressed as they are sent.
  app.use(compression({ threshold: 0 }));
  const widgetDir = options.widgetDir ?? DEFAULT_WIDGET_DIR;
  app.use(widgetRouter({ widgetDir, demoSlug: options.demoSlug ?? 'blue-room' }));
  app.use(embedRouter({ widgetDir }));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
