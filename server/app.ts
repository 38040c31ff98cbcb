/**
 * The origin server: the Public Event Listing Interface (spec §4) over a `Store`, plus the widget
 * script, the demo page and `/healthz`. `createApp` only builds the app; `main.ts` listens.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import express, { type Express, type Request, type Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { PER_PAGE } from '../shared/contract.js';
import { envelopeLinks, pageWindow, parsePage } from '../shared/rules/pagination.js';
import { cors } from './cors.js';
import { errorHandler, notFound, sendError, sendMethodNotAllowed } from './errors.js';
import { eventPage } from './event-page.js';
import { DEFAULT_WIDGET_DIR, DEMO_IMAGES_DIR } from './paths.js';
import { nextTransition, renderEvent, venueDay, type VenueDay } from './render.js';
import type { Store, VenueRecord } from './store.js';
import { widgetRouter } from './widget-routes.js';

export interface AppOptions {
  store: Store;
  /** Current instant; default `() => new Date()`. Pass a fixed date to freeze the clock. */
  clock?: () => Date;
  /** Public base URL for `links.self` and pagination links (no trailing slash); default: the request's own origin. */
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
  /** Request logger; `false` for none. Default: pino to stdout, one line per request. */
  logger?: false | Logger;
}

/** A rendered response body, valid for the store version and the instants [fromMs, untilMs). */
interface Rendered {
  version: string;
  fromMs: number;
  untilMs: number;
  /** Kept as bytes so a cached response is sent without re-encoding it on every request. */
  body: Buffer;
  etag: string;
}

/**
 * RFC 9110 §13.1.2: does the `If-None-Match` header match `etag` (weak comparison)? Evaluated
 * even when the request says `Cache-Control: no-cache` (as fetch() adds to conditional requests):
 * that directive binds caches, not the origin that validates.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** decisions.md "Caching": `max-age` is at most this many seconds. */
const MAX_AGE_S = 60;

/**
 * Builds the Express app. Routes: `GET|HEAD /t/{slug}/api/events[?page=n]` (spec §4.1),
 * `GET|HEAD /t/{slug}/api/events/{id}` (§4.2), `/t/{slug}/events/{event-slug}` (the event page buy
 * links point at), `/widget/*`, `/` (demo page), `/storage/demo/*` (demo images), `/healthz`.
 * Every error is a JSON:API error document (decisions.md "Errors").
 */
export function createApp(options: AppOptions): Express {
  const { store } = options;
  const clock = options.clock ?? (() => new Date());
  const configuredBase = options.baseUrl?.replace(/\/+$/, '');
  const widgetDir = options.widgetDir ?? DEFAULT_WIDGET_DIR;
  // Responses only change at a transition or an import, so each is rendered once per span.
  const memo = new LRUCache<string, Rendered>({ max: 10_000 });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  if (options.logger !== false) app.use(pinoHttp({ logger: options.logger, quietReqLogger: true }));

  const baseUrl = (req: Request) => configuredBase ?? `${req.protocol}://${req.host}`;

  // Per-request work that only changes at a venue's midnight or an import, kept between requests.
  const days = new Map<string, VenueDay>();
  const venues = new LRUCache<string, { version: string; venue: VenueRecord | null }>({
    max: 10_000,
  });
  const counts = new LRUCache<string, number>({ max: 10_000 });

  /** The venue-local day of IANA zone `zone` at `nowMs`, computed once per day. */
  function dayIn(zone: string, nowMs: number): VenueDay {
    let day = days.get(zone);
    if (!day || nowMs < day.startMs || nowMs >= day.endMs)
      days.set(zone, (day = venueDay(zone, nowMs)));
    return day;
  }

  function venueOf(slug: string, version: string): VenueRecord | undefined {
    let hit = venues.get(slug);
    if (!hit || hit.version !== version)
      venues.set(slug, (hit = { version, venue: store.venue(slug) ?? null }));
    return hit.venue ?? undefined;
  }

  function countListed(slug: string, today: string, version: string): number {
    const key = `${version}|${slug}|${today}`;
    let total = counts.get(key);
    if (total === undefined) counts.set(key, (total = store.countListed(slug, today)));
    return total;
  }

  /**
   * Serves a memoised JSON body with ETag/304 and a transition-aware Cache-Control.
   * `render` returns undefined when there is nothing to serve (then `notFound` answers).
   */
  function serve(
    req: Request,
    res: Response,
    key: string,
    version: string,
    render: (nowMs: number) => { untilMs: number; body: string } | undefined,
    notFound: () => void,
  ) {
    const nowMs = clock().getTime();
    let hit = options.responseCache === false ? undefined : memo.get(key);
    if (!hit || hit.version !== version || nowMs < hit.fromMs || nowMs >= hit.untilMs) {
      const fresh = render(nowMs);
      if (!fresh) return notFound();
      const body = Buffer.from(fresh.body);
      hit = {
        version,
        fromMs: nowMs,
        untilMs: fresh.untilMs,
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      };
      memo.set(key, hit);
    }
    const maxAge = Math.max(0, Math.min(MAX_AGE_S, Math.floor((hit.untilMs - nowMs) / 1000)));
    res.status(200).set({
      'Content-Type': 'application/json; charset=utf-8',
      ETag: hit.etag,
      'Cache-Control': `public, max-age=${maxAge}`,
    });
    if (matchesIfNoneMatch(req.get('If-None-Match'), hit.etag)) {
      res.status(304).end();
      return;
    }
    res.send(hit.body);
  }

  function venueOr404(req: Request, res: Response, version: string): VenueRecord | undefined {
    const slug = String(req.params.slug);
    const venue = venueOf(slug, version);
    if (!venue) sendError(res, 404, `No venue is published under the slug "${slug}".`);
    return venue;
  }

  const api = express.Router({ mergeParams: true, strict: false });
  api.use(cors(options.corsOrigins ?? '*'));

  api.all('/events', (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendMethodNotAllowed(req, res);
    const version = store.version();
    const venue = venueOr404(req, res, version);
    if (!venue) return;
    const page = parsePage(req.query.page);
    const base = baseUrl(req);
    const path = `${base}/t/${venue.slug}/api/events`;
    serve(
      req,
      res,
      `list|${path}|${page}`,
      version,
      (nowMs) => {
        const day = dayIn(venue.timezone, nowMs);
        const total = countListed(venue.slug, day.today, version);
        const window = pageWindow(total, page);
        const events =
          window.from === null ? [] : store.listed(venue.slug, day.today, window.offset, PER_PAGE);
        const moment = { nowMs, today: day.today };
        const data = events.map((e) => renderEvent(e, venue, base, moment, options.earlierShape));
        return {
          untilMs: nextTransition(events, day.endMs, nowMs),
          body: JSON.stringify({ data, ...envelopeLinks(path, window, total) }),
        };
      },
      () => undefined,
    );
  });

  api.all('/events/:id', (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendMethodNotAllowed(req, res);
    const version = store.version();
    const venue = venueOr404(req, res, version);
    if (!venue) return;
    const raw = String(req.params.id);
    const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : NaN;
    const base = baseUrl(req);
    const missing = () =>
      sendError(res, 404, `Venue "${venue.slug}" has no public event with id "${raw}".`);
    if (!Number.isSafeInteger(id)) return missing();
    serve(
      req,
      res,
      `one|${base}|${venue.slug}|${id}`,
      version,
      (nowMs) => {
        const event = store.event(venue.slug, id);
        if (!event) return undefined;
        const day = dayIn(venue.timezone, nowMs);
        const data = renderEvent(
          event,
          venue,
          base,
          { nowMs, today: day.today },
          options.earlierShape,
        );
        return {
          untilMs: nextTransition([event], day.endMs, nowMs),
          body: JSON.stringify({ data }),
        };
      },
      missing,
    );
  });

  api.all('/{*rest}', (_req, res) =>
    sendError(res, 404, 'The API has only /events and /events/{id}.'),
  );
  app.use('/t/:slug/api', api);

  app.get('/t/:slug/events/:eventSlug', (req, res) => {
    const venue = venueOr404(req, res, store.version());
    if (!venue) return;
    const event = store.eventBySlug(venue.slug, String(req.params.eventSlug));
    if (!event) return sendError(res, 404, `Venue "${venue.slug}" has no public event page here.`);
    res.type('html').set('Cache-Control', 'public, max-age=60');
    res.send(eventPage(venue, event));
  });

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', venues: store.venueCount() });
  });
  app.use('/storage/demo', express.static(DEMO_IMAGES_DIR, { maxAge: '1d', fallthrough: true }));
  app.use(widgetRouter({ widgetDir, demoSlug: options.demoSlug ?? 'blue-room' }));
  if (!existsSync(widgetDir) && options.logger) {
    options.logger.warn({ widgetDir }, 'widget not built: run npm run build');
  }

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
