/**
 * What the upstream platform does not have, answered by the proxy from the upstream's list pages
 * (`list-pages.ts`, through the cache) with the shared rules the origin uses:
 *
 * - `GET /t/{slug}/api/events?categories=…&search=…&start_date=…&end_date=…[&page=n]`: the
 *   filtered list (docs/api.md §10.12); filters that select everything are the plain list, passed
 *   through byte for byte (`api-router.ts`);
 * - `GET /t/{slug}/api/categories`: the categories with their counts (§10.13);
 * - `GET /t/{slug}/api/access`: `{"data":[]}` (§10.15): the upstream has no access data, so no
 *   access filter is offered (and one given matches nothing);
 * - `GET /t/{slug}/api/calendar?start=…&end=…[&timeZone=…&categories=…&search=…]`: the
 *   FullCalendar feed (§10.14).
 *
 * - `GET /t/{slug}/events[?…]`: the listing page in each of its modes, and
 *   `GET /t/{slug}/events.ics?categories=…`: the venue feed of some categories (`listing-router.ts`,
 *   docs/api.md §10.5, §10.12).
 *
 * Each reads list pages 1 to the last, at most `maxFilterPages`; past that bound only those pages
 * are used and `X-Filter-Truncated` says how many were read. A bad parameter is the shared error
 * handler's 400 naming it (a thrown `FilterError`), before any upstream request. Answers are sent
 * like the pages the proxy builds (ETag, 304, the shortest `max-age` of the pages read,
 * `X-Cache`) and memoised (`built-memo.ts`). Mounted after `classifyTarget`; other routes pass
 * through.
 */
import express, { type Request, type Response, type Router } from 'express';
import { filterQuery, isFiltered, parseListFilter } from '../../shared/rules/filters.js';
import { venueToday } from '../../shared/rules/venue-today.js';
import {
  accessText,
  categoriesText,
  feedText,
  listDocument,
  readFeedQuery,
  zonedStarts,
} from '../listing/feeds.js';
import type { ListingSource } from '../listing/source.js';
import { passThrough } from './api-router.js';
import type { Build, BuiltMemo } from './built-memo.js';
import { routeOf, type AcceptedRoute } from './classify-target.js';
import { gatheredSource } from './gathered-source.js';
import { gatherPages } from './list-pages.js';
import { listingHandlers } from './listing-router.js';
import type { ProxyContext } from './obtain.js';
import { proxyVenue, type VenueZones } from './pages.js';
import { sendBuilt } from './pages-router.js';
import { noteDropped, withLogs } from './proxy-log.js';

type RouteOf<K extends AcceptedRoute['kind']> = Extract<AcceptedRoute, { kind: K }>;

export interface FiltersRouterOptions {
  /** Venue slug → configured IANA zone (checked by `checkVenueZones`). */
  venueZones: VenueZones | undefined;
  /** Most list pages read per answer (≥ 1). */
  maxFilterPages: number;
  /** The memo of built answers (`createBuiltMemo`), shared with the other routers that build. */
  memo: BuiltMemo;
}

/** How an answer is built from the venue's listing source (its gathered pages). */
type Builder = (source: ListingSource) => Promise<Build>;

/** A builder of a JSON text that is always worth keeping. */
const kept =
  (build: (source: ListingSource) => Promise<{ text: string }>): Builder =>
  async (source) => ({ text: (await build(source)).text, keep: true });

/**
 * Builds the router of docs/api.md §10.12 (filtered list), §10.13 (categories) and §10.14
 * (calendar feed), and of the listing page and the venue feed of some categories (§10.5); mount
 * it under `/t` after `classifyTarget`, before the pages router. Its handlers reject, for the
 * shared error handler, with a `FilterError` (400 naming the parameter) for a bad value, before
 * any upstream request; with the upstream's 404 or a 502/504 (`obtain`) when a page cannot be had;
 * or with a 502 for a page that is not a readable list.
 */
export function filtersRouter(context: ProxyContext, options: FiltersRouterOptions): Router {
  const { obtain, publicBase, clock } = context;
  const { venueZones, maxFilterPages } = options;
  const { memo } = options;
  const zoned = zonedStarts();
  const listing = listingHandlers(context, { venueZones, maxFilterPages, memo });

  /** Gathers venue `slug`'s pages, then sends answer `key` (memoised, else `build`'s). */
  async function serve(req: Request, res: Response, slug: string, key: string, build: Builder) {
    await withLogs(res, async (logs) => {
      const gathered = await gatherPages(obtain, req, slug, maxFilterPages, logs);
      const venue = proxyVenue(slug, venueZones);
      const today = venueToday(venue, clock().getTime());
      const source = () => gatheredSource(gathered, venue, today);
      const page = await memo.get(key, gathered, today, publicBase(req), () => build(source()));
      noteDropped(logs, gathered.dropped);
      const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
      // Past the bound the answer covers only the pages read: say so, and how many, readable
      // by a widget on another origin too.
      if (gathered.truncated) {
        headers['X-Filter-Truncated'] = String(gathered.pagesRead);
      }
      sendBuilt(req, res, clock, { page, obtained: gathered.obtained, logs }, headers);
    });
  }

  /** §10.12: the filtered list, or the plain list when the filters select everything. */
  function serveList(req: Request, res: Response, route: RouteOf<'filtered-list'>) {
    const filter = parseListFilter(route.query);
    if (!isFiltered(filter)) return passThrough(context, req, res, route.upstreamPath);
    const { slug, page } = route;
    return serve(req, res, slug, `list|${slug}|${filterQuery(filter)}|${page}`, async (source) => {
      const { text, lastPage } = await listDocument(source, filter, page);
      // A page past the last is not worth a memo entry (any page number can be asked).
      return { text, keep: page <= lastPage };
    });
  }

  /** §10.14: the calendar feed; the zone parses the range when configured, else UTC. */
  function serveCalendar(req: Request, res: Response, route: RouteOf<'calendar'>) {
    const { slug, query } = route;
    const feed = readFeedQuery(query, proxyVenue(slug, venueZones).timezone ?? 'UTC');
    const build = kept((source) => feedText(source, feed, zoned));
    return serve(req, res, slug, `calendar|${slug}|${feed.key}`, build);
  }

  const router = express.Router({ caseSensitive: true });
  router.use(async function serveFinding(req, res, next) {
    const route = routeOf(res);
    switch (route.kind) {
      case 'filtered-list':
        return serveList(req, res, route);
      case 'calendar':
        return serveCalendar(req, res, route);
      case 'listing-page':
        return listing.serveListing(req, res, route);
      case 'feed':
        return listing.serveFeed(req, res, route, next);
      case 'categories':
        return serve(req, res, route.slug, `categories|${route.slug}`, kept(categoriesText));
      case 'access':
        // Read like the categories all the same: an unknown venue is the upstream's 404.
        return serve(req, res, route.slug, `access|${route.slug}`, kept(accessText));
      default:
        return next();
    }
  });
  return router;
}
