/**
 * The origin server: the Public Event Listing Interface (docs/api.md §4) over a `Store` and the pages
 * built from it, in the app shell both modes share (`app-shell.ts`: the widget script, the demo
 * page, `/healthz`, …). `createApp` only builds the app; `main.ts` listens.
 */
import { existsSync } from 'node:fs';
import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import { withoutTrailingSlash } from '../../shared/url.js';
import { createAppShell } from '../app-shell.js';
import type { TrustProxy } from '../http/host.js';
import { DEMO_SLUG } from '../demo/venue.js';
import { DEFAULT_WIDGET_DIR, DEMO_IMAGES_DIR } from '../lib/files.js';
import { sendEncoded } from '../http/conditional.js';
import { createMetrics, type SourceFigures } from '../http/metrics.js';
import type { Store } from '../store/store.js';
import { listingRoutes } from '../routes/index.js';
import { RenderCache } from './render-cache.js';
import { storeBackend } from './store-backend.js';
import { StoreReads } from './store-reads.js';

export interface AppOptions {
  store: Store;
  /** Current instant; default `() => new Date()`. Pass a fixed date to freeze the clock. */
  clock?: () => Date;
  /** Public base URL for `links.self` and pagination links; default: the request's own origin. */
  baseUrl?: string;
  /** Allowed CORS origins; default `'*'`. */
  corsOrigins?: '*' | readonly string[];
  /** Directory holding the built widget (`venue-events.js`); default `<repo>/dist/widget`. */
  widgetDir?: string;
  /** Venue slug the demo page at `/` embeds; default `DEMO_SLUG` (`blue-room`). */
  demoSlug?: string;
  /** Serve the earlier shape (no `ticket_office`, docs/api.md §9) for every venue. */
  earlierShape?: boolean;
  /**
   * Keep each rendered response until the store changes or its next transition (default true).
   * Off only to measure the render path (`npm run bench:api`).
   */
  responseCache?: boolean;
  /**
   * Accepted `Host` values (`host` or `host:port`, case-insensitive); default any well-formed
   * one. A request without a valid, accepted Host gets a 400.
   */
  allowedHosts?: readonly string[];
  /** Express's `trust proxy`: whose `X-Forwarded-Proto`/`-Host` to believe (default none). */
  trustProxy?: TrustProxy;
  /** Serve Prometheus metrics at `/metrics` (default false). */
  metrics?: boolean;
  /** The events sources' figures for `/metrics` (`SourceSync.states`), when venues have sources. */
  sources?: () => readonly SourceFigures[];
  /** Request logger; `false` for none. Default: pino to stdout, one line per request. */
  logger?: false | Logger;
}

/**
 * `GET|HEAD /readyz` (or `/readyz/`): ready while the store answers its ping (a 503 otherwise,
 * from the store). A plain middleware, not a router: every request passes it, and a router's
 * dispatch cost a memo hit several per cent of its throughput.
 */
function readyProbe(store: Store): RequestHandler {
  return async function ready(req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path !== '/readyz' && req.path !== '/readyz/') return next();
    await store.ping();
    res.set('Cache-Control', 'no-store');
    sendEncoded(res, JSON.stringify({ status: 'ready', store: store.kind }), 'application/json');
  };
}

/** The demo venue's images at `/storage/demo/*`, cached a day. */
function demoImagesRouter(): Router {
  const router = express.Router({ caseSensitive: true });
  router.use('/storage/demo', express.static(DEMO_IMAGES_DIR, { maxAge: '1d', fallthrough: true }));
  return router;
}

/**
 * Builds the Express app in the shell both modes share (`app-shell.ts`). Routes:
 * `GET|HEAD /t/{slug}/api/events[?page=n]` (docs/api.md §4.1), `GET|HEAD /t/{slug}/api/events/{id}`
 * (§4.2), the pages under `/t/{slug}/events` (the event page buy links point at, the listing
 * page, the calendar files), several venues' listing (`/api/events?venues=…`, its categories
 * and feed, and its pages `/events?venues=…`, `/events.ics?venues=…`; docs/api.md §10.16),
 * `/storage/demo/*` (demo images), `/readyz`, and the shell's own
 * (`/healthz`, `/widget/*`, `/` demo page, `/embed`, `/robots.txt`, `/openapi.json`).
 * Every error is a JSON:API error document (docs/decisions.md "Errors"). Throws nothing.
 */
export function createApp(options: AppOptions): Express {
  const { store } = options;
  const configuredBase = options.baseUrl ? withoutTrailingSlash(options.baseUrl) : undefined;
  const widgetDir = options.widgetDir ?? DEFAULT_WIDGET_DIR;
  const metrics = options.metrics ? createMetrics(options.sources) : undefined;
  const reads = new StoreReads(store);
  const clock = options.clock ?? (() => new Date());
  // One memo for every answer: its byte bound holds whatever mix of venues is asked for.
  const backend = storeBackend({
    store,
    reads,
    cache: new RenderCache({
      enabled: options.responseCache,
      onLookup: metrics && ((hit: boolean) => metrics.memo.inc({ result: hit ? 'hit' : 'miss' })),
    }),
    clock,
    baseUrl: configuredBase,
    earlierShape: options.earlierShape ?? false,
  });
  const corsOrigins = options.corsOrigins ?? '*';
  if (!existsSync(widgetDir) && options.logger) {
    options.logger.warn({ widgetDir }, 'widget not built: run npm run build');
  }
  return createAppShell({
    trustProxy: options.trustProxy,
    allowedHosts: options.allowedHosts,
    metrics,
    logger: options.logger,
    probes: [readyProbe(store)],
    // Memoised answers and errors encode themselves; the demo images and the shell's files are
    // compressed as they are sent.
    encoded: [listingRoutes(backend, { corsOrigins, clock, widgetDir })],
    compressed: [demoImagesRouter()],
    widgetDir,
    demoSlug: options.demoSlug ?? DEMO_SLUG,
  });
}
