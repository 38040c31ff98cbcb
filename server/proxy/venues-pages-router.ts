/**
 * The pages of several venues' listing in proxy mode (docs/api.md §10.16), built as the origin
 * builds them (`server/origin/venues-pages-router.ts`) from each venue's list pages, gathered and
 * merged as the proxy's `/api/events?venues=…` gathers them (`venues-router.ts`):
 *
 * - `GET /events.ics?venues=a,b,c[&categories=…]`: one calendar file of the venues' listed events
 *   (at most `FEED_MAX_EVENTS`, merged order), each in its own venue's configured zone. Not
 *   memoised: its `DTSTAMP` is the minute's, as a venue's feed.
 *
 * The raw target is checked as strictly as `classify` checks a venue's (`venuesRouteOf`): only
 * `venues` and the route's parameters may be percent-encoded. A bad value is the API's JSON 400, a
 * venue the platform does not have (or `--allow-slug` leaves out) a 404, a venue without a
 * `--venue-zone` a 400 naming it. Sent with an ETag, `X-Cache` and the freshness of the upstream
 * answers read (`sendBuilt`), `X-Filter-Truncated` when a venue has more pages than were read.
 */
import express, { type Request, type Response, type Router } from 'express';
import { parseListFilter } from '../../shared/rules/filters.js';
import { entityTag } from '../http/conditional.js';
import { onBase } from '../http/public-base.js';
import { mergedSource } from '../listing/merged-source.js';
import { sourceEvents } from '../listing/source.js';
import { calendarFile, calendarStamp, FEED_MAX_EVENTS, feedName } from '../pages/calendar.js';
import { venuesListing } from '../pages/listing-place.js';
import type { BuiltMemo } from './built-memo.js';
import type { ProxyContext } from './obtain.js';
import type { VenueZones } from './pages.js';
import { sendBuilt } from './pages-router.js';
import { withLogs } from './proxy-log.js';
import type { QueryValues } from './query.js';
import { gatherVenues, namedVenues, venuesRouteOf } from './venues-router.js';

export interface VenuesPagesOptions {
  venueZones: VenueZones | undefined;
  /** Only these venue slugs are served; default all. */
  allowSlugs: readonly string[] | undefined;
  /** Most list pages read per venue (≥ 1). */
  maxFilterPages: number;
  /** The memo of built answers, shared with the filtered answers. */
  memo: BuiltMemo;
}

type Kind = 'feed';
const PATHS: Record<string, Kind> = { '/events.ics': 'feed' };
/** The parameters each page reads, their values percent-decoded (`query.ts`). */
const DECODED: Record<Kind, readonly string[]> = { feed: ['venues', 'categories'] };

/**
 * GET /events.ics?venues=…[&categories=…]: the venues' listed events in one calendar file.
 * @throws FilterError for a bad `venues` or `categories` (the API's JSON 400)
 */
async function serveFeed(
  context: ProxyContext,
  options: VenuesPagesOptions,
  call: { req: Request; res: Response; query: QueryValues },
): Promise<void> {
  const { req, res, query } = call;
  const filter = parseListFilter({ categories: query.categories });
  const venues = namedVenues(query, options);
  await withLogs(res, async (logs) => {
    const gathered = await gatherVenues(context, req, venues, options.maxFilterPages, logs);
    const place = venuesListing(venues);
    const { events } = await sourceEvents(
      mergedSource(gathered.sources()),
      filter,
      FEED_MAX_EVENTS,
    );
    const base = context.publicBase(req);
    const text = calendarFile(events, {
      listing: place,
      base,
      now: calendarStamp(gathered.nowMs),
      name: feedName(place, filter),
    });
    const body = Buffer.from(onBase(text, base));
    sendBuilt(
      req,
      res,
      context.clock,
      { page: { body, etag: entityTag(body) }, obtained: gathered.obtained, logs },
      { 'Content-Type': 'text/calendar; charset=utf-8', ...gathered.truncation },
    );
  });
}

/** Builds the router; mount it at the root, after the venue routes (it passes on other paths). */
export function venuesPagesRouter(context: ProxyContext, options: VenuesPagesOptions): Router {
  const router = express.Router({ caseSensitive: true });
  router.use(async (req, res, next) => {
    const route = venuesRouteOf(req, PATHS, (kind) => DECODED[kind]);
    if (!route) return next();
    await serveFeed(context, options, { req, res, query: route.query });
  });
  return router;
}
