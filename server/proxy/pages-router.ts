/**
 * The proxy's pages under a venue, built here from the upstream's list responses (through the
 * cache, `obtain.ts`) by the renderers the origin uses (`server/pages/`):
 *
 * - `GET /t/{slug}/events.ics`: the venue's calendar feed, from list pages 1 to the last (at
 *   most `FEED_MAX_PAGES`); with `categories`, the filters router answers
 *   (`listing-router.ts`), as it answers the listing page `/t/{slug}/events` in every mode;
 * - `GET /t/{slug}/events.ics?ids=…[&categories=…]`: the feed of some saved events (docs/api.md
 *   §10.6), those of its events with the ids given, as a download;
 * - `GET /t/{slug}/events/{event-slug}.ics`: one event's calendar file, found in those pages;
 * - `GET /t/{slug}/events/{event-slug}/calendar/{google|outlook}[?date=YYYY-MM-DD]`: a 302 to
 *   the service's "add event" page for that event, found in those pages (docs/api.md §10.6);
 * - `GET /t/{slug}/events/{event-slug}`: a 302 to the platform's own event page.
 *
 * Each is sent with a strong ETag and the freshness of the answers it was built from (no
 * `max-age` once one is stale). Mounted after `classifyTarget`; other routes pass through.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { EventResource } from '../../shared/contract.js';
import { readFeedIds, readLinkDate } from '../../shared/rules/calendar-links.js';
import { isFiltered, parseListFilter, type ListFilter } from '../../shared/rules/filters.js';
import { venueToday } from '../../shared/rules/venue-today.js';
import { entityTag, sendRepresentation, type Representation } from '../http/conditional.js';
import { createError } from '../http/errors.js';
import {
  calendarFile,
  calendarLinkOf,
  calendarStamp,
  feedName,
  savedFeedDisposition,
  withIds,
} from '../pages/calendar.js';
import { routeOf, type AcceptedRoute } from './classify-target.js';
import { matching } from './gathered-source.js';
import { maxAgeOf, type Obtain, type Obtained, type ProxyContext } from './obtain.js';
import {
  FEED_MAX_PAGES,
  mergeLists,
  proxyVenue,
  readListPage,
  type ListPage,
  type VenueZones,
} from './pages.js';
import { noteDropped, summary, withLogs, type ProxyLog } from './proxy-log.js';
import { listPath } from './routes.js';
import { representationFor, type Entry } from './upstream-cache.js';

type RouteOf<K extends AcceptedRoute['kind']> = Extract<AcceptedRoute, { kind: K }>;

/** A list response read for the renderers, its links on `base`. */
const listOf = (entry: Entry, base: string): ListPage =>
  readListPage(JSON.parse(representationFor(entry, base).body.toString('utf8')));

const asRepresentation = (text: string): Representation => {
  const body = Buffer.from(text);
  return { body, etag: entityTag(body) };
};

/** A page the proxy built, the upstream answers it was built from and their logs. */
export interface Built {
  page: Representation;
  obtained: readonly Obtained[];
  logs: readonly ProxyLog[];
}

/**
 * Sends a page the proxy built with `Content-Type` and the other `headers`, its ETag, `X-Cache`
 * and the freshness of the answers it was built from (`maxAgeOf`, at `clock`'s now).
 */
export function sendBuilt(
  req: Request,
  res: Response,
  clock: () => Date,
  built: Built,
  { 'Content-Type': contentType, ...headers }: Record<string, string>,
): void {
  const log = summary(built.logs);
  res.locals.proxy = log;
  sendRepresentation(req, res, built.page, {
    maxAgeSeconds: maxAgeOf(built.obtained, clock().getTime()),
    contentType,
    headers: { ...headers, 'X-Cache': log.cache },
  });
}

/**
 * The venue's listed events for its calendar files, links on `base`: list pages 1 to the last, at
 * most `FEED_MAX_PAGES`, through `obtain` (the first page says how many there are), each event
 * once; with the answers they came from and how many events were unreadable. Rejects as `obtain`
 * does, or with `readListPage`'s 502.
 */
async function feedEvents(
  obtain: Obtain,
  req: Request,
  slug: string,
  base: string,
  logs: ProxyLog[],
) {
  const first = await obtain(req, listPath(slug, 1), logs);
  const firstList = listOf(first.entry, base);
  const last = Math.min(firstList.position.lastPage, FEED_MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: last - 1 }, (_, i) => obtain(req, listPath(slug, i + 2), logs)),
  );
  const merged = mergeLists([firstList, ...rest.map((o) => listOf(o.entry, base))]);
  return { ...merged, obtained: [first, ...rest] };
}

/** The event `route` names among the feed's `events`; a 404 when they do not list it. */
function listedEvent(
  events: readonly EventResource[],
  route: { slug: string; eventSlug: string },
): EventResource {
  const event = events.find((e) => e.attributes.slug === route.eventSlug);
  if (!event) throw createError(404, `Venue "${route.slug}" lists no event "${route.eventSlug}".`);
  return event;
}

/** What the feed of saved events selects: its ids and categories, read before any request. */
interface SavedQuery {
  ids: readonly string[];
  filter: ListFilter;
}

/**
 * The saved query of a `saved-feed` route (docs/api.md §10.6), else undefined.
 * @throws FilterError for a bad `ids` or `categories`: the API's JSON 400.
 */
function savedQueryOf(
  route: RouteOf<'feed' | 'event-calendar' | 'saved-feed'>,
): SavedQuery | undefined {
  if (route.kind !== 'saved-feed') return undefined;
  const ids = readFeedIds(route.query.ids) ?? [];
  return { ids, filter: parseListFilter({ categories: route.query.categories }) };
}

/** What the page handlers read: the way to upstream answers and the venues' configured zones. */
interface PagesContext extends ProxyContext {
  venueZones: VenueZones | undefined;
}

/**
 * GET /t/{slug}/events.ics (the venue's feed; with `ids`, those of its events, a download) and
 * /t/{slug}/events/{event-slug}.ics (one event's file, found in the feed's pages; a 404 when
 * they do not list it).
 * @throws FilterError (before any upstream request) for a bad `ids` or `categories`.
 */
async function serveCalendar(
  pages: PagesContext,
  req: Request,
  res: Response,
  route: RouteOf<'feed' | 'event-calendar' | 'saved-feed'>,
) {
  const { obtain, publicBase, clock, venueZones } = pages;
  const saved = savedQueryOf(route);
  await withLogs(res, async (logs) => {
    const base = publicBase(req);
    const { events, obtained, dropped } = await feedEvents(obtain, req, route.slug, base, logs);
    const venue = proxyVenue(route.slug, venueZones);
    const nowMs = clock().getTime();
    const now = calendarStamp(nowMs);
    const headers: Record<string, string> = { 'Content-Type': 'text/calendar; charset=utf-8' };
    let text: string;
    if (route.kind === 'event-calendar') {
      const event = listedEvent(events, route);
      text = calendarFile([event], { venue, base, now, name: event.attributes.title });
      headers['Content-Disposition'] = `attachment; filename="${route.eventSlug}.ics"`;
    } else if (saved) {
      const chosen = withIds(events, saved.ids);
      const today = venueToday(venue, nowMs);
      const kept = isFiltered(saved.filter) ? matching(chosen, saved.filter, today) : chosen;
      text = calendarFile(kept, {
        venue,
        base,
        now,
        name: feedName(venue, saved.filter, saved.ids),
      });
      headers['Content-Disposition'] = savedFeedDisposition(route.slug);
    } else {
      text = calendarFile(events, { venue, base, now });
    }
    noteDropped(logs, dropped);
    sendBuilt(req, res, clock, { page: asRepresentation(text), obtained, logs }, headers);
  });
}

/**
 * GET /t/{slug}/events/{event-slug}/calendar/{service}[?date=…] (docs/api.md §10.6): a 302 to
 * the service's "add event" page for the event, found in the feed's pages, in the venue's
 * configured zone (else UTC); fresh as its .ics is. A 404 when the pages do not list it, and
 * for a cancelled event or stop or no date `date`.
 * @throws FilterError (before any upstream request) for a bad `date`: a 400 naming it.
 */
async function serveCalendarLink(
  pages: PagesContext,
  req: Request,
  res: Response,
  route: RouteOf<'calendar-link'>,
) {
  const { obtain, publicBase, clock, venueZones } = pages;
  const date = readLinkDate(route.query.date);
  await withLogs(res, async (logs) => {
    const base = publicBase(req);
    const { events, obtained, dropped } = await feedEvents(obtain, req, route.slug, base, logs);
    const event = listedEvent(events, route);
    const venue = proxyVenue(route.slug, venueZones);
    const target = calendarLinkOf(event, route.service, { venue, base, date });
    if (!target) {
      throw createError(404, `Event "${route.eventSlug}" has no date here to add to a calendar.`);
    }
    noteDropped(logs, dropped);
    const log = summary(logs);
    res.locals.proxy = log;
    const maxAge = maxAgeOf(obtained, clock().getTime());
    res.set({ 'Cache-Control': `public, max-age=${maxAge}`, 'X-Cache': log.cache });
    res.redirect(302, target);
  });
}

/**
 * Builds the router; mount it under `/t` after `classifyTarget`. `venueZones` gives the pages
 * the zones the operator configured (`checkVenueZones` has checked them).
 */
export function pagesRouter(context: ProxyContext, venueZones: VenueZones | undefined): Router {
  const pages: PagesContext = { ...context, venueZones };
  const router = express.Router({ caseSensitive: true });
  router.use(async function servePage(req, res, next) {
    const route = routeOf(res);
    switch (route.kind) {
      case 'event-page':
        return res.redirect(302, context.upstreamBase + route.upstreamPath);
      case 'feed':
      case 'event-calendar':
      case 'saved-feed':
        return serveCalendar(pages, req, res, route);
      case 'calendar-link':
        return serveCalendarLink(pages, req, res, route);
      default:
        return next();
    }
  });
  return router;
}
