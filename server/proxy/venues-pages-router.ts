/**
 * The pages of several venues' listing in proxy mode (docs/api.md §10.16), built as the origin
 * builds them (`server/origin/venues-pages-router.ts`) from each venue's list pages, gathered and
 * merged as the proxy's `/api/events?venues=…` gathers them (`venues-router.ts`):
 *
 * - `GET /events?venues=a,b,c[&page=n]`: the listing page in every mode (docs/api.md §10.5: the
 *   filter form, `?view=calendar&month=YYYY-MM` the month view), memoised in the built memo as a
 *   venue's filtered listing page is; a bad filter or month value: the page again, a 400;
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
import { parsePage } from '../../shared/rules/pagination.js';
import { entityTag } from '../http/conditional.js';
import { onBase } from '../http/public-base.js';
import { listingView } from '../listing/listing-view.js';
import { instantsOf, mergedSource, type InstantOf } from '../listing/merged-source.js';
import { readFeedIds } from '../../shared/rules/calendar-links.js';
import { calendarFeed } from '../listing/feeds.js';
import { venuesListing } from '../pages/listing-place.js';
import { isValid, readListingQuery } from '../pages/page-query.js';
import { PAGE_CSP } from '../pages/page-shell.js';
import { HTML_TYPE, sendBadQueryPage } from '../pages/send-page.js';
import type { BuiltMemo } from './built-memo.js';
import type { ProxyContext } from './obtain.js';
import type { VenueZones } from './pages.js';
import { sendBuilt } from './pages-router.js';
import { summary, withLogs } from './proxy-log.js';
import { pageValue, type QueryValues } from './query.js';
import { LISTING_PARAMETERS } from './routes.js';
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

type Kind = 'page' | 'feed';
const PATHS: Record<string, Kind> = {
  '/events': 'page',
  '/events/': 'page',
  '/events.ics': 'feed',
};
/** The parameters each page reads, their values percent-decoded (`query.ts`); `page` as written. */
const DECODED: Record<Kind, readonly string[]> = {
  page: ['venues', ...LISTING_PARAMETERS],
  feed: ['venues', 'categories', 'ids'],
};

/** What the handlers read: the options, and the app's instant cache (`instantsOf`). */
type Deps = VenuesPagesOptions & { instants: InstantOf };

/** Call of a page handler: the request, its answer and its query as `venuesRouteOf` read it. */
interface Call {
  req: Request;
  res: Response;
  query: QueryValues;
}

/**
 * GET /events?venues=…[&…filters…&page=n | &view=calendar&month=…]: the venues' listing page
 * (`listingView` over their merged sources) on the earliest of their todays, its links on the
 * request's public base, the events' own on `BASE_MARKER` until sent.
 * @throws FilterError (400, `venues`) for a bad list (or a venue without a zone)
 */
async function servePage(context: ProxyContext, options: Deps, call: Call) {
  const { req, res, query } = call;
  const venues = namedVenues(query, options);
  const page = parsePage(pageValue(query));
  await withLogs(res, async (logs) => {
    const gathered = await gatherVenues(context, req, venues, options.maxFilterPages, logs);
    const source = mergedSource(gathered.sources(), options.instants);
    const { today } = source;
    const listing = readListingQuery(query, today);
    const base = context.publicBase(req);
    const build = async () => {
      const place = venuesListing(venues);
      const view = await listingView(source, listing, page, { base, today }, place);
      return { text: view.html, keep: view.keep };
    };
    if (!isValid(listing)) {
      const log = summary(logs);
      res.locals.proxy = log;
      const html = onBase((await build()).text, base);
      return sendBadQueryPage(res, html, { 'X-Cache': log.cache, ...gathered.truncation });
    }
    const key = `venues-page|${gathered.scope}|${base}|${JSON.stringify(listing)}|${page}`;
    const { version, day, obtained } = gathered;
    const built = await options.memo.get(key, { version }, day, base, build);
    const headers = {
      'Content-Type': HTML_TYPE,
      'Content-Security-Policy': PAGE_CSP,
      ...gathered.truncation,
    };
    sendBuilt(req, res, context.clock, { page: built, obtained, logs }, headers);
  });
}

/**
 * GET /events.ics?venues=…[&categories=…&ids=…]: the venues' listed events in one calendar file;
 * with `ids` (docs/api.md §10.6), only those, as a download.
 * @throws FilterError for a bad `venues`, `categories` or `ids` (the API's JSON 400)
 */
async function serveFeed(context: ProxyContext, options: Deps, call: Call): Promise<void> {
  const { req, res, query } = call;
  const filter = parseListFilter({ categories: query.categories });
  const ids = readFeedIds(query.ids);
  const venues = namedVenues(query, options);
  await withLogs(res, async (logs) => {
    const gathered = await gatherVenues(context, req, venues, options.maxFilterPages, logs);
    const source = mergedSource(gathered.sources(), options.instants);
    const base = context.publicBase(req);
    const at = { nowMs: gathered.nowMs, base, savedAs: 'venues' };
    const feed = await calendarFeed(
      source,
      { listing: venuesListing(venues) },
      { filter, ids },
      at,
    );
    const body = Buffer.from(onBase(feed.text, base));
    sendBuilt(
      req,
      res,
      context.clock,
      { page: { body, etag: entityTag(body) }, obtained: gathered.obtained, logs },
      { ...feed.headers, ...gathered.truncation },
    );
  });
}

/** Builds the router; mount it at the root, after the venue routes (it passes on other paths). */
export function venuesPagesRouter(context: ProxyContext, options: VenuesPagesOptions): Router {
  const deps: Deps = { ...options, instants: instantsOf() };
  const router = express.Router({ caseSensitive: true });
  router.use(async (req, res, next) => {
    const route = venuesRouteOf(req, PATHS, (kind) => DECODED[kind]);
    if (!route) return next();
    const call = { req, res, query: route.query };
    await (route.kind === 'page' ? servePage : serveFeed)(context, deps, call);
  });
  return router;
}
