/**
 * The pages of several venues' listing at the origin (docs/api.md §10.16), for people and their
 * calendar programs rather than scripts:
 *
 * - `GET /events?venues=a,b,c[&page=n]`: the listing page with everything a venue's has (docs/api.md
 *   §10.5: 12 a page, the filter form, `?view=calendar&month=YYYY-MM` its month view), each event
 *   naming its venue and linking to its venue's event page, every link carrying `venues` first; a
 *   bad filter or month value: the page again with the message by the field, as a 400;
 * - `GET /events.ics?venues=a,b,c[&categories=…&ids=…]`: one calendar file of the venues' listed
 *   events (at most `FEED_MAX_EVENTS`, in the merged order), each in its own venue's zone, linking
 *   to its own venue's event page; with `ids` (docs/api.md §10.6) only those, as a download (a
 *   visitor's saved nights across venues); a bad value: the API's JSON 400, as a calendar program
 *   reads no HTML.
 *
 * Each is built from the venues' store sources merged (`server/listing/merged-source.ts`), sent
 * with a strong ETag (304 on a match) and a `max-age` of at most 60 s, never past the earliest
 * next change of any venue named, as a venue's own pages are. A bad `venues` is the API's JSON 400
 * and an unknown venue its 404, as `/t/{unknown}/events` is.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { parseListFilter } from '../../shared/rules/filters.js';
import { parsePage } from '../../shared/rules/pagination.js';
import { requestBase } from '../http/public-base.js';
import { methodNotAllowed } from '../http/errors.js';
import { listingView } from '../listing/listing-view.js';
import { instantsOf, mergedSource } from '../listing/merged-source.js';
import { readFeedIds } from '../../shared/rules/calendar-links.js';
import { calendarFeed } from '../listing/feeds.js';
import { venuesListing } from '../pages/listing-place.js';
import { readListingQuery } from '../pages/page-query.js';
import { sendBadQueryPage } from '../pages/send-page.js';
import { HTML, send, type PagesRouterOptions } from './page-context.js';
import { storeSource } from './store-source.js';
import { findVenues } from './venues-router.js';

/** Builds the router; mount it at the app's root, with the pages (compressed as sent). */
export function venuesPagesRouter(options: PagesRouterOptions): Router {
  const { store, reads } = options;
  const deps = { ...options, earlierShape: options.earlierShape ?? false };
  const clock = options.clock ?? (() => new Date());
  const instants = instantsOf();

  /**
   * The listing of the venues `?venues=` names at this moment: its place, its merged source (links
   * on the request's base) and that base.
   * @throws FilterError (400, `venues`) for a bad list; a 404 naming the first unknown venue
   */
  async function listingOf(req: Request) {
    const { venues, version } = await findVenues(store, reads, req.query.venues);
    const nowMs = clock().getTime();
    const base = options.baseUrl ?? requestBase(req);
    const sources = venues.map((venue) => storeSource(deps, { venue, version }, nowMs, base));
    return { place: venuesListing(venues), source: mergedSource(sources, instants), nowMs, base };
  }

  /**
   * GET /events?venues=…[&categories=…&access=…&search=…&start_date=…&end_date=…&page=n], or
   * `?venues=…&view=calendar[&month=YYYY-MM&…]`: the listing page of the venues, on the earliest
   * of their todays (docs/api.md §10.5, §10.16).
   * @throws FilterError (400, `venues`) for a bad list; a 404 naming the first unknown venue
   */
  const showListing: RequestHandler = async (req: Request, res: Response) => {
    const { place, source, nowMs, base } = await listingOf(req);
    const query = readListingQuery(req.query, source.today);
    const context = { base, today: source.today };
    const view = await listingView(source, query, parsePage(req.query.page), context, place);
    if (!view.valid) return sendBadQueryPage(res, view.html);
    send(req, res, view.html, view.untilMs, nowMs, HTML);
  };

  /**
   * GET /events.ics?venues=…[&categories=…&ids=…]: the venues' listed events in one calendar
   * file; with `ids`, only those, as a download.
   * @throws FilterError for a bad `venues`, `categories` or `ids`: the API's JSON 400
   */
  const showFeed: RequestHandler = async (req: Request, res: Response) => {
    const filter = parseListFilter({ categories: req.query.categories });
    const ids = readFeedIds(req.query.ids);
    const { place, source, nowMs, base } = await listingOf(req);
    const at = { nowMs, base, savedAs: 'venues' };
    const feed = await calendarFeed(source, { listing: place }, { filter, ids }, at);
    send(req, res, feed.text, feed.untilMs, nowMs, feed.headers);
  };

  const router = express.Router({ strict: false, caseSensitive: true });
  router.route('/events.ics').get(showFeed).all(methodNotAllowed);
  router.route('/events').get(showListing).all(methodNotAllowed);
  return router;
}
