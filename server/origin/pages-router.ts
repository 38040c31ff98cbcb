/**
 * The origin's public pages under a venue, built from the same store reads and the same resource
 * rendering as the API (so a page and the API never disagree):
 *
 * - `GET /t/{slug}/events[?page=n]`: the listing page, 12 per page in the API's order;
 * - `GET /t/{slug}/events/{event-slug}`: the event page buy links open (docs/decisions.md "Buy link");
 * - `GET /t/{slug}/events.ics`: the venue's calendar feed (for `webcal://` subscription);
 * - `GET /t/{slug}/events/{event-slug}.ics`: one event's calendar file (a tour: every stop).
 *
 * HEAD works on each; other methods get the 405 of docs/decisions.md "Errors". Responses carry a
 * strong ETag (304 on a match) and `Cache-Control` bounded like the API's: at most 60 s, never
 * past the next transition (a pending closure, the venue's midnight).
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { SLUG, whole, type EventResource } from '../../shared/contract.js';
import { parsePage } from '../../shared/rules/pagination.js';
import { entityTag, maxAgeSeconds, sendRepresentation } from '../http/conditional.js';
import { createError, methodNotAllowed } from '../http/errors.js';
import type { Store, StoredEvent } from '../store/store.js';
import { calendarFile, calendarStamp, FEED_MAX_EVENTS } from '../pages/calendar.js';
import { eventPage } from '../pages/event-page.js';
import { listingPage } from '../pages/listing-page.js';
import { PAGE_CSP } from '../pages/page-shell.js';
import { nextTransition, renderEvent, type Moment } from './resources.js';
import type { StoreReads } from './store-reads.js';
import { venueLoader, type VenueLocals } from './venue-loader.js';

export interface PagesRouterOptions {
  store: Store;
  reads: StoreReads;
  /** Current instant; default `() => new Date()`. */
  clock?: () => Date;
  /** Public base URL of links (no trailing slash); default each request's own origin. */
  baseUrl?: string;
  /** Serve the earlier shape (docs/api.md §9) for every venue: pages derive the ticket office. */
  earlierShape?: boolean;
}

const EVENT_SLUG = whole(SLUG);

/**
 * Sends `text` with its strong ETag (a 304 on a match), `Content-Type` and the other `headers`,
 * fresh until `untilMs` as seen at `nowMs` (epoch ms; `max-age` at most 60 s).
 */
function send(
  req: Request,
  res: Response,
  text: string,
  untilMs: number,
  nowMs: number,
  { 'Content-Type': contentType, ...headers }: Record<string, string>,
): void {
  const body = Buffer.from(text);
  sendRepresentation(
    req,
    res,
    { body, etag: entityTag(body) },
    { maxAgeSeconds: maxAgeSeconds(untilMs, nowMs), contentType, headers },
  );
}

/** Builds the router; mount it at the app's root. */
export function pagesRouter(options: PagesRouterOptions): Router {
  const { store, reads } = options;
  const clock = options.clock ?? (() => new Date());
  const earlierShape = options.earlierShape ?? false;
  const router = express.Router({ strict: false, caseSensitive: true });

  /** What every handler starts from: the venue, the moment, its day and the links' base. */
  function context(req: Request, res: Response) {
    const { venue, version } = res.locals as VenueLocals;
    const nowMs = clock().getTime();
    const day = reads.day(venue.timezone, nowMs);
    const moment: Moment = { nowMs, today: day.today };
    const base = options.baseUrl ?? `${req.protocol}://${req.host}`;
    const render = (event: StoredEvent): EventResource =>
      renderEvent(event, venue, base, moment, earlierShape);
    return { venue, version, nowMs, day, base, render };
  }

  async function findEvent(slug: string, raw: string): Promise<StoredEvent> {
    const event = EVENT_SLUG.test(raw) ? await store.eventBySlug(slug, raw) : undefined;
    if (!event) throw createError(404, `Venue "${slug}" has no public event page here.`);
    return event;
  }

  /** GET /t/{slug}/events[?page=n]: the listing page. */
  const showListing: RequestHandler = async (req, res) => {
    const { venue, version, nowMs, day, base, render } = context(req, res);
    const page = parsePage(req.query.page);
    const { total, window, events } = await reads.listedPage(venue.slug, day.today, page, version);
    const html = listingPage(
      events.map(render),
      { currentPage: page, lastPage: window.lastPage, total, from: window.from },
      venue,
      { base, today: day.today },
    );
    send(req, res, html, nextTransition(events, day.endMs, nowMs), nowMs, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
    });
  };

  /** GET /t/{slug}/events/{event-slug}: the event page. */
  const showEventPage: RequestHandler = async (req, res) => {
    const { venue, nowMs, day, base, render } = context(req, res);
    const event = await findEvent(venue.slug, String(req.params.eventSlug));
    const html = eventPage(render(event), venue, { base, today: day.today });
    send(req, res, html, nextTransition([event], day.endMs, nowMs), nowMs, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
    });
  };

  /** GET /t/{slug}/events.ics: every listed event (at most FEED_MAX_EVENTS), soonest first. */
  const showFeed: RequestHandler = async (req, res) => {
    const { venue, nowMs, day, base, render } = context(req, res);
    const events = await store.listed(venue.slug, day.today, 0, FEED_MAX_EVENTS);
    const text = calendarFile(events.map(render), {
      venue: venue,
      base,
      now: calendarStamp(nowMs),
    });
    send(req, res, text, nextTransition(events, day.endMs, nowMs), nowMs, {
      'Content-Type': 'text/calendar; charset=utf-8',
    });
  };

  /** GET /t/{slug}/events/{event-slug}.ics: one event's calendar file. */
  const showEventCalendar: RequestHandler = async (req, res) => {
    const { venue, nowMs, day, base, render } = context(req, res);
    const event = await findEvent(venue.slug, String(req.params.eventSlug));
    const text = calendarFile([render(event)], {
      venue: venue,
      base,
      now: calendarStamp(nowMs),
      name: event.title,
    });
    send(req, res, text, nextTransition([event], day.endMs, nowMs), nowMs, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${event.slug}.ics"`,
    });
  };

  router.param('slug', venueLoader(store, reads));
  // The .ics paths first: `/t/:slug/events/:eventSlug` would otherwise take `{event-slug}.ics`.
  router.route('/t/:slug/events.ics').get(showFeed).all(methodNotAllowed);
  router.route('/t/:slug/events/:eventSlug.ics').get(showEventCalendar).all(methodNotAllowed);
  router.route('/t/:slug/events').get(showListing).all(methodNotAllowed);
  router.route('/t/:slug/events/:eventSlug').get(showEventPage).all(methodNotAllowed);
  return router;
}
