/**
 * Proxy mode: the same public API, the widget, its demo page and the embed builder, served from an
 * upstream platform, in the app shell both modes share (`app-shell.ts`). Under `/t/`, each raw
 * target is passed or refused by the guard (`routes.ts`), then answered by the listing routes
 * both modes share (`server/routes/`) over this mode's backend (`upstream-backend.ts`: lists
 * gathered from the upstream's pages, built answers memoised by `built-memo.ts`), or by the
 * pass-throughs that are this mode's own (`forwarding.ts`: an event's document, links rewritten
 * by `rewrite.ts`; the event page redirects to the platform, `pages.ts`). All get upstream answers
 * through `obtain.ts`: a byte-bounded cache that coalesces misses and keeps
 * a stale copy for faults (`upstream-cache.ts`) over Node's own HTTP client (`upstream.ts`).
 * `createProxyApp` only builds the app; `main.ts` listens. It shares `server/http`, the shell and
 * the renderers with the origin, never its store or routers.
 */
import type { Express, Router } from 'express';
import { listingRoutes } from '../routes/index.js';
import type { Logger } from 'pino';
import { withoutTrailingSlash } from '../../shared/url.js';
import { createAppShell } from '../app-shell.js';
import type { TrustProxy } from '../http/host.js';
import { DEMO_SLUG } from '../demo/venue.js';
import { DEFAULT_WIDGET_DIR } from '../lib/files.js';
import type { PageVenue } from '../pages/page-shell.js';
import { createMetrics, type Metrics } from '../http/metrics.js';
import { publicBaseOf } from '../http/public-base.js';
import {
  DEFAULT_MAX_FILTER_PAGES,
  DEFAULT_PROXY_TIMEOUT_MS,
  DEFAULT_STALE_MS,
} from './defaults.js';
import { createBuiltMemo } from './built-memo.js';
import { createObtain, type ProxyContext } from './obtain.js';
import { checkVenueZones, type VenueZones } from './pages.js';
import { upstreamBackend } from './upstream-backend.js';
import { countProxyResults, proxyLogFields } from './proxy-log.js';
import { guardTarget } from './routes.js';
import { createUpstreamCache } from './upstream-cache.js';
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
  /** Upstream timeout in ms, connect to last byte (default `DEFAULT_PROXY_TIMEOUT_MS`) → 504. */
  timeoutMs?: number;
  /** Serve a cached copy up to this many ms old when the upstream fails (`DEFAULT_STALE_MS`). */
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
  /**
   * The venues the proxy fronts, as a venue file without events describes them (`--venues FILE`):
   * their names, zones, websites and addresses, for the merged lists, pages, calendars and
   * JSON-LD. A venue here and in `venueZones` takes its zone from here.
   */
  venues?: readonly PageVenue[];
  /**
   * Most upstream list pages (12 events each) read for a filtered list, the categories or the
   * calendar feed (docs/api.md §10.12–§10.14; default `DEFAULT_MAX_FILTER_PAGES`, 50). Past it,
   * those answers cover the pages read and say how many in `X-Filter-Truncated`.
   */
  maxFilterPages?: number;
  /** Directory of the built widget; default `<repo>/dist/widget`. */
  widgetDir?: string;
  /** Venue slug the demo page at `/` embeds; default `DEMO_SLUG` (`blue-room`). */
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

const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

/** The way to upstream answers the routers share, with `options`' defaults. */
function proxyContext(options: ProxyOptions): ProxyContext {
  const upstreamBase = withoutTrailingSlash(options.upstream);
  const clock = options.clock ?? (() => new Date());
  const caching = options.cache !== false;
  const cache = createUpstreamCache({
    get: createUpstream({
      upstream: upstreamBase,
      timeoutMs: options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS,
      maxBodyBytes: options.maxBodyBytes ?? 2 * 1024 * 1024,
    }),
    upstreamBase,
    clock,
    caching,
    maxBytes: options.maxCacheBytes ?? DEFAULT_CACHE_BYTES,
    maxEntries: options.maxEntries ?? 5000,
  });
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const obtain = createObtain({ cache, clock, caching, staleMs, baseUrl: options.baseUrl });
  return { obtain, publicBase: publicBaseOf(options.baseUrl), clock, upstreamBase };
}

/**
 * The venues the proxy names: those `venues` describes, and by their slug with their zone those
 * only `venueZones` names.
 */
function directoryOf(options: ProxyOptions): Map<string, PageVenue> {
  const directory = new Map<string, PageVenue>();
  for (const [slug, timezone] of Object.entries(options.venueZones ?? {})) {
    directory.set(slug, { slug, name: slug, timezone });
  }
  for (const venue of options.venues ?? []) directory.set(venue.slug, venue);
  return directory;
}

/**
 * The listing routes (`server/routes/`) over the upstream's backend, behind the proxy's own
 * checks of the raw target (a JSON 404/405 for a rejected one, never decoded). The memo of built
 * answers may hold a quarter of the cache's bytes (none with caching off: nothing it was built
 * from would be kept either). Everything it sends encodes itself, so the shell's compression never
 * wraps this hot path.
 */
function proxyRoutes(options: ProxyOptions, context: ProxyContext, metrics?: Metrics): Router {
  const memoBytes =
    options.cache === false ? 0 : Math.floor((options.maxCacheBytes ?? DEFAULT_CACHE_BYTES) / 4);
  const memo = createBuiltMemo(
    memoBytes,
    metrics && ((hit: boolean) => metrics.memo.inc({ result: hit ? 'hit' : 'miss' })),
  );
  const backend = upstreamBackend(context, {
    directory: directoryOf(options),
    allowSlugs: options.allowSlugs,
    maxFilterPages: options.maxFilterPages ?? DEFAULT_MAX_FILTER_PAGES,
    memo,
  });
  // One guard judges every target of one venue or several (`routes.ts`).
  const guard = guardTarget(options.allowSlugs);
  return listingRoutes(backend, {
    corsOrigins: options.corsOrigins ?? '*',
    clock: context.clock,
    widgetDir: options.widgetDir ?? DEFAULT_WIDGET_DIR,
    guards: { venue: guard, api: guard, pages: guard },
  });
}

/**
 * Builds the proxy app. Routes: `GET|HEAD /t/{slug}/api/events[?page=n]` (docs/api.md §4.1) and
 * `/t/{slug}/api/events/{id}` (§4.2) from the upstream; the list's filters (§10.12),
 * `/t/{slug}/api/categories` (§10.13) and `/t/{slug}/api/calendar` (§10.14) built from its list
 * pages; the pages under `/t/{slug}/events`, and
 * the shell's own (`/healthz` with `mode: 'proxy'`, `/widget/*`, `/`, `/embed`, `/robots.txt`,
 * `/openapi.json`); with `metrics`, cache results and upstream latency too. Every error is a
 * JSON:API error document (docs/decisions.md "Errors"). Throws at start for a bad `venueZones` or
 * a `maxFilterPages` that is not a positive integer.
 */
export function createProxyApp(options: ProxyOptions): Express {
  if (options.venueZones) checkVenueZones(options.venueZones);
  const { maxFilterPages } = options;
  if (
    maxFilterPages !== undefined &&
    !(Number.isSafeInteger(maxFilterPages) && maxFilterPages >= 1)
  ) {
    throw new Error(`maxFilterPages: a positive integer, not ${maxFilterPages}`);
  }
  const metrics = options.metrics ? createMetrics() : undefined;
  return createAppShell({
    // Liveness only; it names no upstream address (that is for the operator's log).
    health: { mode: 'proxy' },
    trustProxy: options.trustProxy,
    allowedHosts: options.allowedHosts,
    metrics,
    measure: metrics && countProxyResults(metrics),
    logger: options.logger,
    logFields: proxyLogFields,
    encoded: [proxyRoutes(options, proxyContext(options), metrics)],
    widgetDir: options.widgetDir ?? DEFAULT_WIDGET_DIR,
    demoSlug: options.demoSlug ?? DEMO_SLUG,
  });
}
