/**
 * The Express app both modes are built in (origin `origin/app.ts`, proxy `proxy/app.ts`): the
 * settings, metrics, the request log, `/healthz`, the Host check (`http/host.ts`), the site's
 * own files (`/robots.txt`, `/openapi.json`, the widget, the demo page, the embed builder) and
 * the JSON:API 404 and error handler of docs/decisions.md "Errors". A mode brings its routes.
 *
 * Order, which each mode relies on: metrics first (they time everything); the log; the probes,
 * which answer any Host (load balancers use addresses); the Host check; the mode's `encoded`
 * routes, whose answers encode themselves (memoised or cached bodies, never re-compressed); the
 * compression middleware; the mode's `compressed` routes and the site's files, compressed as
 * they are sent; the 404; the error handler.
 *
 * `app.listen` makes each request and response with the app's own prototypes
 * (`listenWithAppPrototypes`), so that Express need not swap them on every request.
 */
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import compression from 'compression';
import express, { type Express, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { TrustProxy } from './http/host.js';
import { accessLog } from './http/access-log.js';
import { sendEncoded } from './http/conditional.js';
import { errorHandler, notFound } from './http/errors.js';
import { requireValidHost } from './http/host.js';
import type { Metrics } from './http/metrics.js';
import { embedRouter } from './web/embed-page.js';
import { metaRouter } from './web/meta-router.js';
import { widgetRouter } from './web/widget-router.js';

export interface AppShellOptions {
  /** Members of the `/healthz` body after `status: 'ok'` (the proxy names its mode). */
  health?: Readonly<Record<string, string>>;
  /** Express's `trust proxy` (default none). */
  trustProxy?: TrustProxy;
  /** Accepted `Host` values (see `requireValidHost`); default any well-formed one. */
  allowedHosts?: readonly string[];
  /** The app's metrics, served at `/metrics`; made by the mode, whose routes count into them. */
  metrics?: Metrics;
  /** Mounted right after the metrics' timer, only with `metrics` (the proxy's cache counter). */
  measure?: RequestHandler;
  /** Request logger; `false` for none, undefined for pino's default (stdout). */
  logger?: false | Logger;
  /** Members added to each request's one completion log line, read from its response. */
  logFields?: (res: Response) => object;
  /** Probes answered before the Host check, after `/healthz` (the origin's `/readyz`). */
  probes?: readonly RequestHandler[];
  /** The mode's routes whose answers encode themselves: mounted before compression. */
  encoded: readonly RequestHandler[];
  /** The mode's routes compressed as they are sent, mounted before the site's files. */
  compressed?: readonly RequestHandler[];
  /** Directory of the built widget. */
  widgetDir: string;
  /** Venue slug the demo page at `/` embeds. */
  demoSlug: string;
}

/**
 * Builds the app around a mode's routes, in the order the module comment gives. Routing is
 * case-sensitive (`/t/{slug}/API/events` is a 404, docs/decisions.md "Errors"); every router of
 * either mode is made with `caseSensitive: true` too, since a router does not inherit the app's
 * setting. Throws nothing; the routes' errors reach the one error handler.
 */
export function createAppShell(options: AppShellOptions): Express {
  const app = express();
  // Before the first route: Express makes the app's router with the setting on first use.
  app.set('case sensitive routing', true);
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.set('trust proxy', options.trustProxy ?? false);
  const { metrics } = options;
  if (metrics) {
    app.use(metrics.track);
    if (options.measure) app.use(options.measure);
    app.get('/metrics', metrics.expose);
  }
  if (options.logger !== false) app.use(accessLog(options.logger, options.logFields));
  const healthBody = JSON.stringify({ status: 'ok', ...options.health });
  app.get('/healthz', function health(_req, res) {
    res.set('Cache-Control', 'no-store');
    sendEncoded(res, healthBody, 'application/json');
  });
  for (const probe of options.probes ?? []) app.use(probe);
  app.use(requireValidHost(options.allowedHosts));
  for (const routes of options.encoded) app.use(routes);
  app.use(compression({ threshold: 0 }));
  for (const routes of options.compressed ?? []) app.use(routes);
  app.use(metaRouter());
  app.use(widgetRouter({ widgetDir: options.widgetDir, demoSlug: options.demoSlug }));
  app.use(embedRouter({ widgetDir: options.widgetDir }));
  app.use(notFound);
  app.use(errorHandler);
  listenWithAppPrototypes(app);
  return app;
}

/** A constructor written as an ES class, which cannot be called on an object of ours. */
const isClass = (f: unknown) => /^class\b/.test(Function.prototype.toString.call(f));

/**
 * Replaces `app.listen` (Express 5's: `http.createServer(app)`, the callback called once, with
 * the listen error if any) by one whose server makes each request and response with the app's
 * prototypes (node:http's `IncomingMessage`/`ServerResponse` options): the same constructors, on
 * objects whose prototype is already `app.request` / `app.response`, so that the
 * `Object.setPrototypeOf` Express's `app.handle` does on every request has nothing to do.
 * Swapping the prototype of a made request is what costs (Node 20, V8 11.3): each request then
 * gets a map of its own (about 15 µs a swap measured alone), every property read of it in
 * Express, the routes and Node's HTTP code meets a map never seen before, and the maps and what
 * they hold fill the old generation. A memo hit cost three times the CPU it costs now (the whole
 * process's), promoted 8.6 KB where it promotes under 1 KB, and ran a mark-compact every 750
 * requests where it runs one every 7,000 or more (docs/benchmarks.md, "Memo hit against Express"). Where Node's constructors are classes
 * (which cannot be called on an object made here), Express's own `listen` stays; a server made
 * otherwise (`http.createServer(app)`) answers the same, more slowly.
 */
function listenWithAppPrototypes(app: Express): void {
  if (isClass(IncomingMessage) || isClass(ServerResponse)) return;
  const newRequest = IncomingMessage as unknown as (this: object, socket: unknown) => void;
  const newResponse = ServerResponse as unknown as (this: object, req: unknown, o: unknown) => void;
  app.listen = function listen(this: Express, ...args: unknown[]): Server {
    function AppRequest(this: object, socket: unknown): void {
      newRequest.call(this, socket);
    }
    function AppResponse(this: object, req: unknown, options: unknown): void {
      newResponse.call(this, req, options);
    }
    AppRequest.prototype = this.request;
    AppResponse.prototype = this.response;
    const server = createServer(
      {
        IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
        ServerResponse: AppResponse as unknown as typeof ServerResponse,
      },
      this,
    );
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      // Called once, with the listen error if any, as Express's `once(callback)` is.
      let called = false;
      let value: unknown;
      const done = function (this: unknown, ...results: unknown[]): unknown {
        if (called) return value;
        called = true;
        return (value = (callback as (...a: unknown[]) => unknown).apply(this, results));
      };
      args[args.length - 1] = done;
      server.once('error', done);
    }
    return server.listen(...(args as Parameters<Server['listen']>));
  } as Express['listen'];
}
