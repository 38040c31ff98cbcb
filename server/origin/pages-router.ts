/**
 * The origin's public pages under a venue, built from the same store reads and the same resource
 * rendering as the API (so a page and the API never disagree):
 *
 * - `GET /t/{slug}/events[?page=n]`: the listing page with its filters and month view
 *   (`listing-route.ts`, docs/api.md §10.5, §10.12);
 * - `GET /t/{slug}/events/{event-slug}`: the event page buy links open (docs/decisions.md "Buy link");
 * - `GET /t/{slug}/events.ics[?categories=…&ids=…]`: the venue's calendar feed (for `webcal://`
 *   subscription), optionally of some categories only, or of some saved events (`ids`, a
 *   download); a bad value: the API's JSON 400;
 * - `GET /t/{slug}/events/{event-slug}.ics`: one event's calendar file (a tour: every stop);
 * - `GET /t/{slug}/events/{event-slug}/calendar/{google|outlook}[?date=YYYY-MM-DD]`: a 302 to
 *   the service's "add event" page for the event's date (docs/api.md §10.6).
 *
 * HEAD works on each; other methods get the 405 of docs/decisions.md "Errors". Responses carry a
 * strong ETag (304 on a match) and `Cache-Control` bounded like the API's: at most 60 s, never
 * past the next transition (a pending closure, the venue's midnight).
 */
import express, { type RequestHandler, type Router } from 'express';
import { SLUG, whole } from '../../shared/contract.js';
import {
  CALENDAR_SERVICES,
  readFeedIds,
  readLinkDate,
  type CalendarService,
} from '../../shared/rules/calendar-links.js';
import { parseListFilter } from '../../shared/rules/filters.js';
import { maxAgeSeconds } from '../http/conditional.js';
import { createError, methodNotAllowed } from '../http/errors.js';
import { calendarFeed } from '../listing/feeds.js';
import { calendarFile, calendarLinkOf, calendarStamp } from '../pages/calendar.js';
import { eventPage } from '../pages/event-page.js';
import type { StoredEvent } from '../store/store.js';
import { listingRoute } from './listing-route.js';
import { HTML, pageContext, send, type PagesRouterOptions } from './page-context.js';
import { nextTransition } from './resources.js';
import { storeSource } from './store-source.js';
import { venueLoader, type VenueLocals } from './venue-loader.js';

export type { PagesRouterOptions } from './page-context.js';

const EVENT_SLUG = whole(SLUG);

/** The stored event of venue `slug` whose page is `raw`; the 404 of an unknown event page. */
async function findEvent(
  options: PagesRouterOptions,
  slug: string,
  raw: string,
): Promise<StoredEvent> {
  const event = EVENT_SLUG.test(raw) ? await options.store.eventBySlug(slug, raw) : undefined;
  if (!event) throw createError(404, `Venue "${slug}" has no public event page here.`);
  return event;
}

/** GET /t/{slug}/events/{event-slug}: the event page. */
const eventPageRoute =
  (options: PagesRouterOptions): RequestHandler =>
  async (req, res) => {
    const { venue, nowMs, day, base, render } = pageContext(options, req, res);
    const event = await findEvent(options, venue.slug, String(req.params.eventSlug));
    const html = eventPage(render(event), venue, { base, today: day.today });
    send(req, res, html, nextTransition([event], day.endMs, nowMs), nowMs, HTML);
  };

/**
 * GET /t/{slug}/events.ics[?categories=…&ids=…]: every listed event (at most FEED_MAX_EVENTS),
 * soonest first; with `categories` (read as the list reads it, docs/api.md §10.12) those events
 * only; with `ids` (docs/api.md §10.6) only the listed ones of those, as a download.
 * @throws FilterError for a bad `categories` or `ids`: the API's JSON 400, as a calendar app
 * reads no HTML.
 */
const feedRoute =
  (options: PagesRouterOptions): RequestHandler =>
  async (req, res) => {
    const { venue, nowMs, base } = pageContext(options, req, res);
    const filter = parseListFilter({ categories: req.query.categories });
    const ids = readFeedIds(req.query.ids);
    const deps = { ...options, earlierShape: options.earlierShape ?? false };
    const source = storeSource(deps, res.locals as VenueLocals, nowMs, base);
    const at = { nowMs, base, savedAs: venue.slug };
    const feed = await calendarFeed(source, { venue }, { filter, ids }, at);
    send(req, res, feed.text, feed.untilMs, nowMs, feed.headers);
  };

/** GET /t/{slug}/events/{event-slug}.ics: one event's calendar file. */
const eventCalendarRoute =
  (options: PagesRouterOptions): RequestHandler =>
  async (req, res) => {
    const { venue, nowMs, day, base, render } = pageContext(options, req, res);
    const event = await findEvent(options, venue.slug, String(req.params.eventSlug));
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

/**
 * GET /t/{slug}/events/{event-slug}/calendar/{service}[?date=YYYY-MM-DD] (docs/api.md §10.6):
 * a 302 to the service's "add event" page, fresh as the event's .ics is. A 404 as the event
 * page's for an unknown event, and for a cancelled event or stop or no date `date`.
 * @throws FilterError for a bad `date`: a 400 naming it.
 */
const calendarLinkRoute =
  (options: PagesRouterOptions, service: CalendarService): RequestHandler =>
  async (req, res) => {
    const date = readLinkDate(req.query.date);
    const { venue, nowMs, day, base, render } = pageContext(options, req, res);
    const event = await findEvent(options, venue.slug, String(req.params.eventSlug));
    const target = calendarLinkOf(render(event), service, { venue, base, date });
    if (!target) {
      throw createError(404, `Event "${event.slug}" has no date here to add to a calendar.`);
    }
    const maxAge = maxAgeSeconds(nextTransition([event], day.endMs, nowMs), nowMs);
    res.set('Cache-Control', `public, max-age=${maxAge}`).redirect(302, target);
  };

/** Builds the router; mount it at the app's root. */
export function pagesRouter(options: PagesRouterOptions): Router {
  const router = express.Router({ strict: false, caseSensitive: true });
  router.param('slug', venueLoader(options.store, options.reads));
  // The .ics paths first: `/t/:slug/events/:eventSlug` would otherwise take `{event-slug}.ics`.
  router.route('/t/:slug/events.ics').get(feedRoute(options)).all(methodNotAllowed);
  router
    .route('/t/:slug/events/:eventSlug.ics')
    .get(eventCalendarRoute(options))
    .all(methodNotAllowed);
  for (const service of CALENDAR_SERVICES) {
    router
      .route(`/t/:slug/events/:eventSlug/calendar/${service}`)
      .get(calendarLinkRoute(options, service))
      .all(methodNotAllowed);
  }
  router.route('/t/:slug/events').get(listingRoute(options)).all(methodNotAllowed);
  router.route('/t/:slug/events/:eventSlug').get(eventPageRoute(options)).all(methodNotAllowed);
  return router;
}
