/**
 * The events resource of the Public Event Listing Interface (spec §4): the list and one event as
 * JSON:API documents, and the public event page buy links open (decisions.md "Buy link").
 * `router.param('slug')` loads the venue once per request; each route declares GET only, so
 * Express answers HEAD, and every other method gets the 405 of decisions.md "Errors".
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { EVENT_ID, MAX_AGE_SECONDS, PER_PAGE, whole } from '../../shared/contract.js';
import { envelopeLinks, pageWindow, parsePage } from '../../shared/rules/pagination.js';
import { maxAgeSeconds, sendRepresentation } from '../http/conditional.js';
import { cors } from '../http/cors.js';
import { createError, methodNotAllowed } from '../http/errors.js';
import type { Store, VenueRecord } from '../store/store.js';
import { eventPage } from './event-page.js';
import type { RenderCache, Rendered } from './render-cache.js';
import { nextTransition, renderEvent } from './resources.js';
import type { StoreReads } from './store-reads.js';

export interface EventsRouterOptions {
  store: Store;
  reads: StoreReads;
  cache: RenderCache;
  /** Current instant. */
  clock: () => Date;
  /** Public base URL of links for this request (no trailing slash). */
  baseUrl: (req: Request) => string;
  /** Serve the earlier shape (spec §9) for every venue. */
  earlierShape: boolean;
  corsOrigins: '*' | readonly string[];
}

/** Per-request state set by the `slug` loader. */
interface Locals {
  venue: VenueRecord;
  version: string;
}

const EVENT_ID_VALUE = whole(EVENT_ID);

/** Builds the router; mount it at the app's root. */
export function eventsRouter(options: EventsRouterOptions): Router {
  const { store, reads, cache, clock, baseUrl, earlierShape } = options;
  const router = express.Router({ strict: false });

  /** `:slug` loader: the venue at the store's current version, or a 404. */
  async function loadVenue(
    _req: Request,
    res: Response,
    next: () => void,
    slug: string,
  ): Promise<void> {
    const version = store.version();
    const venue = await reads.venue(slug, version);
    if (!venue) throw createError(404, `No venue is published under the slug "${slug}".`);
    const locals: Locals = { venue, version };
    Object.assign(res.locals, locals);
    next();
  }

  function send(req: Request, res: Response, rendered: Rendered, nowMs: number): void {
    sendRepresentation(req, res, rendered, {
      maxAgeSeconds: maxAgeSeconds(rendered.untilMs, nowMs),
    });
  }

  /** GET /t/{slug}/api/events[?page=n] (spec §4.1, §2.5). */
  const listEvents: RequestHandler = async (req, res) => {
    const { venue, version } = res.locals as Locals;
    const page = parsePage(req.query.page);
    const base = baseUrl(req);
    const path = `${base}/t/${venue.slug}/api/events`;
    const nowMs = clock().getTime();
    const rendered = (await cache.get(`list|${path}|${page}`, version, nowMs, async () => {
      const day = reads.day(venue.timezone, nowMs);
      const total = await reads.countListed(venue.slug, day.today, version);
      const window = pageWindow(total, page);
      const events =
        window.from === null
          ? []
          : await store.listed(venue.slug, day.today, window.offset, PER_PAGE);
      const moment = { nowMs, today: day.today };
      const data = events.map((e) => renderEvent(e, venue, base, moment, earlierShape));
      return {
        untilMs: nextTransition(events, day.endMs, nowMs),
        body: JSON.stringify({ data, ...envelopeLinks(path, window, total) }),
      };
    }))!;
    send(req, res, rendered, nowMs);
  };

  /** GET /t/{slug}/api/events/{id} (spec §4.2). */
  const showEvent: RequestHandler = async (req, res) => {
    const { venue, version } = res.locals as Locals;
    const raw = String(req.params.id);
    const missing = () =>
      createError(404, `Venue "${venue.slug}" has no public event with id "${raw}".`);
    const id = EVENT_ID_VALUE.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id)) throw missing();
    const base = baseUrl(req);
    const nowMs = clock().getTime();
    const rendered = await cache.get(
      `one|${base}|${venue.slug}|${id}`,
      version,
      nowMs,
      async () => {
        const event = await store.event(venue.slug, id);
        if (!event) return undefined;
        const day = reads.day(venue.timezone, nowMs);
        const data = renderEvent(event, venue, base, { nowMs, today: day.today }, earlierShape);
        return {
          untilMs: nextTransition([event], day.endMs, nowMs),
          body: JSON.stringify({ data }),
        };
      },
    );
    if (!rendered) throw missing();
    send(req, res, rendered, nowMs);
  };

  /** Any other path under the API (decisions.md "Errors"). */
  const unknownApiPath: RequestHandler = () => {
    throw createError(404, 'The API has only /events and /events/{id}.');
  };

  /** GET /t/{slug}/events/{event-slug}: the page buy links open. */
  const showEventPage: RequestHandler = async (req, res) => {
    const { venue } = res.locals as Locals;
    const event = await store.eventBySlug(venue.slug, String(req.params.eventSlug));
    if (!event) throw createError(404, `Venue "${venue.slug}" has no public event page here.`);
    res.type('html').set('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`);
    res.send(eventPage(venue, event));
  };

  router.use('/t/:slug/api', cors(options.corsOrigins));
  router.param('slug', loadVenue);
  router.route('/t/:slug/api/events').get(listEvents).all(methodNotAllowed);
  router.route('/t/:slug/api/events/:id').get(showEvent).all(methodNotAllowed);
  router.all('/t/:slug/api{/*rest}', unknownApiPath);
  router.get('/t/:slug/events/:eventSlug', showEventPage);
  return router;
}
