/**
 * The origin server: the Public Event Listing Interface (spec §4) over a `Store`, plus the widget
 * script, the demo page and `/healthz`. `createApp` only builds the app; `main.ts` listens.
 */
import { existsSync } from 'node:fs';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { withoutTrailingSlash } from '../../shared/url.js';
import { DEFAULT_WIDGET_DIR, DEMO_IMAGES_DIR } from '../files.js';
import type { TrustProxy } from '../cli-options.js';
import { sendEncoded } from '../http/conditional.js';
import { errorHandler, notFound } from '../http/errors.js';
import { createMetrics } from '../http/metrics.js';
import { requireValidHost } from '../http/host.js';
import type { Store } from '../store/store.js';
import { embedRouter } from '../web/embed-page.js';
import { widgetRouter } from '../web/widget-router.js';
import { eventsRouter } from './events-router.js';
import { pagesRouter } from './pages-router.js';
import { RenderCache } from './render-cache.js';
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
  /** Venue slug the demo page at `/` embeds; default `blue-room`. */
  demoSlug?: string;
  /** Serve the earlier shape (no `ticket_office`, spec §9) for every venue. */
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
  /** Request logger; `false` for none. Default: pino to stdout, one line per request. */
  logger?: false | Logger;
}

/**
 * Builds the Express app. Routes: `GET|HEAD /t/{slug}/api/events[?page=n]` (spec §4.1),
 * `GET|HEAD /t/{slug}/api/events/{id}` (§4.2), `/t/{slug}/events/{event-slug}` (the event page buy
 * links point at), `/widget/*`, `/` (demo page), `/storage/demo/*` (demo images), `/healthz`.
 * Every error is a JSON:API error document (decisions.md "Errors").
 */
export function createApp(options: AppOptions): Express {
  const { store } = options;
  const configuredBase = options.baseUrl ? withoutTrailingSlash(options.baseUrl) : undefined;
  const widgetDir = options.widgetDir ?? DEFAULT_WIDGET_DIR;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.set('trust proxy', options.trustProxy ?? false);
  const metrics = options.metrics ? createMetrics() : undefined;
  if (metrics) {
    app.use(metrics.track);
    app.get('/metrics', metrics.expose);
  }
  if (options.logger !== false) app.use(pinoHttp({ logger: options.logger, quietReqLogger: true }));
  app.get('/healthz', function health(_req, res) {
    res.set('Cache-Control', 'no-store');
    sendEncoded(res, JSON.stringify({ status: 'ok' }), 'application/json');
  });
  app.get('/readyz', async function ready(_req, res) {
    await store.ping();
    res.set('Cache-Control', 'no-store');
    sendEncoded(res, JSON.stringify({ status: 'ready', store: store.kind }), 'application/json');
  });
  // Probes above answer any Host (load balancers use addresses); everything else needs a valid one.
  app.use(requireValidHost(options.allowedHosts));
  const reads = new StoreReads(store);
  app.use(
    eventsRouter({
      store,
      reads,
      cache: new RenderCache({
        enabled: options.responseCache,
        onLookup: metrics && ((hit) => metrics.memo.inc({ result: hit ? 'hit' : 'miss' })),
      }),
      clock: options.clock ?? (() => new Date()),
      baseUrl: configuredBase,
      earlierShape: options.earlierShape ?? false,
      corsOrigins: options.corsOrigins ?? '*',
    }),
  );
  // Everything after the API (HTML pages, calendars, the demo page, OpenAPI) compressed as it is
  // sent; memoised API responses and errors encode themselves, widget files were encoded at build.
  app.use(compression({ threshold: 0 }));
  app.use(
    pagesRouter({
      store,
      reads,
      clock: options.clock,
      baseUrl: configuredBase,
      earlierShape: options.earlierShape,
    }),
  );
  app.use('/storage/demo', express.static(DEMO_IMAGES_DIR, { maxAge: '1d', fallthrough: true }));
  app.use(widgetRouter({ widgetDir, demoSlug: options.demoSlug ?? 'blue-room' }));
  app.use(embedRouter({ widgetDir }));
  if (!existsSync(widgetDir) && options.logger) {
    options.logger.warn({ widgetDir }, 'widget not built: run npm run build');
  }

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
