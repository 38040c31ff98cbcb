/**
 * The events resource of the Public Event Listing Interface (docs/api.md §4): the list (with the
 * filters of §10.12) and one event as JSON:API documents, and beside them the categories (§10.13)
 * and the calendar feed (§10.14, `find-handlers.ts`).
 * `router.param('slug')` loads the venue once per request; each route declares GET only, so
 * Express answers HEAD, and every other method gets the 405 of docs/decisions.md "Errors".
 */
import express, { type RequestHandler, type Router } from 'express';
import { EVENT_ID, whole } from '../../shared/contract.js';
import { filterQuery, parseListFilter } from '../../shared/rules/filters.js';
import { parsePage } from '../../shared/rules/pagination.js';
import { cors } from '../http/cors.js';
import { createError, methodNotAllowed } from '../http/errors.js';
import type { Store } from '../store/store.js';
import { listDocument } from '../listing/feeds.js';
import { apiSender } from './api-send.js';
import { accessHandler, calendarHandler, categoriesHandler } from './find-handlers.js';
import type { RenderCache } from './render-cache.js';
import { nextTransition, renderEvent } from './resources.js';
import type { StoreReads } from './store-reads.js';
import { storeSource } from './store-source.js';
import { venueLoader, type VenueLocals } from './venue-loader.js';

export interface EventsRouterOptions {
  store: Store;
  reads: StoreReads;
  cache: RenderCache;
  /** Current instant. */
  clock: () => Date;
  /**
   * Public base URL of links (no trailing slash), from configuration; undefined to use each
   * request's own origin (its `Host`, checked by `requireValidHost`).
   */
  baseUrl: string | undefined;
  /** Serve the earlier shape (docs/api.md §9) for every venue. */
  earlierShape: boolean;
  corsOrigins: '*' | readonly string[];
}

const EVENT_ID_VALUE = whole(EVENT_ID);

/** Builds the router; mount it at the app's root. */
export function eventsRouter(options: EventsRouterOptions): Router {
  const { store, reads, cache, clock, earlierShape } = options;
  const router = express.Router({ strict: false, caseSensitive: true });

  const sender = apiSender(options.baseUrl);
  const { renderBase, send } = sender;

  /**
   * GET /t/{slug}/api/events[?page=n][&categories=…][&search=…][&start_date=…][&end_date=…]
   * (docs/api.md §4.1, §2.5, §10.12). Memoised per canonical filter and page; without filters the
   * response is the interface's, byte for byte.
   * @throws FilterError (a 400 naming the parameter) for a bad filter value
   */
  const listEvents: RequestHandler = async (req, res) => {
    const { venue, version } = res.locals as VenueLocals;
    // Express 5 parses the query string again at every read of `req.query`: read it once.
    const params = req.query;
    const filter = parseListFilter(params);
    const page = parsePage(params.page);
    const nowMs = clock().getTime();
    const key = `list|${venue.slug}|${filterQuery(filter)}|${page}`;
    const rendered = (await cache.get(key, version, nowMs, async () => {
      const source = storeSource(options, res.locals as VenueLocals, nowMs, renderBase);
      const { text, untilMs, lastPage } = await listDocument(source, filter, page);
      return { untilMs, body: text, keep: page <= lastPage };
    }))!;
    send(req, res, rendered, nowMs);
  };

  /** GET /t/{slug}/api/events/{id} (docs/api.md §4.2). */
  const showEvent: RequestHandler = async (req, res) => {
    const { venue, version } = res.locals as VenueLocals;
    const raw = String(req.params.id);
    const missing = () =>
      createError(404, `Venue "${venue.slug}" has no public event with id "${raw}".`);
    const id = EVENT_ID_VALUE.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id)) throw missing();
    const nowMs = clock().getTime();
    const rendered = await cache.get(`one|${venue.slug}|${id}`, version, nowMs, async () => {
      const event = await store.event(venue.slug, id);
      if (!event) return undefined;
      const day = reads.day(venue.timezone, nowMs);
      const data = renderEvent(event, venue, renderBase, { nowMs, today: day.today }, earlierShape);
      return {
        untilMs: nextTransition([event], day.endMs, nowMs),
        body: JSON.stringify({ data }),
      };
    });
    if (!rendered) throw missing();
    send(req, res, rendered, nowMs);
  };

  /** Any other path under the API (docs/decisions.md "Errors"). */
  const unknownApiPath: RequestHandler = () => {
    throw createError(
      404,
      'The API has only /events, /events/{id}, /categories, /access and /calendar.',
    );
  };

  const find = { store, reads, cache, clock, sender, earlierShape };

  // Before the venue loader, and on a path without `:slug` (a param path would run the loader
  // first): every answer under /t/, a 404 for a mistyped venue included, carries the CORS headers,
  // so a widget on another origin can read the error (docs/api.md §10.3), as in proxy mode.
  router.use('/t', cors(options.corsOrigins));
  router.param('slug', venueLoader(store, reads));
  router.route('/t/:slug/api/events').get(listEvents).all(methodNotAllowed);
  router.route('/t/:slug/api/events/:id').get(showEvent).all(methodNotAllowed);
  router.route('/t/:slug/api/categories').get(categoriesHandler(find)).all(methodNotAllowed);
  router.route('/t/:slug/api/access').get(accessHandler(find)).all(methodNotAllowed);
  router.route('/t/:slug/api/calendar').get(calendarHandler(find)).all(methodNotAllowed);
  router.all('/t/:slug/api{/*rest}', unknownApiPath);
  return router;
}
