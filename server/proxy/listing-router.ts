/**
 * The proxy's listing page and its venue feed of some categories, built as the origin builds
 * them (server/origin/pages-router.ts) by the same renderers (`server/pages/`), from the
 * upstream's list pages gathered through the cache (`list-pages.ts`):
 *
 * - `GET /t/{slug}/events[?page=n]`: the upstream's page `n`, with the filter form whose
 *   categories and counts are those of `/api/categories` (docs/api.md §10.5, §10.13);
 * - `…/events?categories=…&search=…&start_date=…&end_date=…[&page=n]`: the events of the gathered
 *   pages passing the filters (`matchesFilter`, docs/api.md §10.12), 12 a page, links carrying
 *   the canonical query;
 * - `…/events?view=calendar[&month=YYYY-MM&categories=…&search=…]`: the month view, each event on
 *   its day (a tour on each stop day);
 * - a bad value: the page again with the message by the field, as a 400 (`no-store`);
 * - `GET /t/{slug}/events.ics?categories=…`: the feed of those categories only (a bad value: the
 *   API's JSON 400, a thrown `FilterError`).
 *
 * What reads more than the upstream's own page says so in `X-Filter-Truncated` (the pages read)
 * when the venue lists more pages than the bound, as the filtered API answers do. The filters
 * router (which holds the bound and the memo) calls these handlers.
 */
import type { NextFunction, Request, Response } from 'express';
import { isFiltered, parseListFilter } from '../../shared/rules/filters.js';
import { venueToday } from '../../shared/rules/venue-today.js';
import { entityTag, type Representation } from '../http/conditional.js';
import { onBase } from '../http/public-base.js';
import { listingView } from '../listing/listing-view.js';
import { sourceEvents } from '../listing/source.js';
import { calendarFile, calendarStamp, FEED_MAX_EVENTS, feedName } from '../pages/calendar.js';
import { listingPage } from '../pages/listing-page.js';
import { venueListing } from '../pages/listing-place.js';
import { isValid, readListingQuery, type ListingQuery } from '../pages/page-query.js';
import { PAGE_CSP, type PageVenue } from '../pages/page-shell.js';
import { HTML_TYPE, sendBadQueryPage } from '../pages/send-page.js';
import type { BuiltMemo } from './built-memo.js';
import type { AcceptedRoute } from './classify-target.js';
import { categoryCounts, gatheredSource } from './gathered-source.js';
import { gatherPages, markedList, type Gathered } from './list-pages.js';
import type { Obtain, Obtained, ProxyContext } from './obtain.js';
import { proxyVenue, type ListPage, type VenueZones } from './pages.js';
import { sendBuilt } from './pages-router.js';
import { noteDropped, summary, withLogs, type ProxyLog } from './proxy-log.js';
import type { Entry } from './upstream-cache.js';

type RouteOf<K extends AcceptedRoute['kind']> = Extract<AcceptedRoute, { kind: K }>;

export interface ListingOptions {
  /** Venue slug → configured IANA zone (checked by `checkVenueZones`). */
  venueZones: VenueZones | undefined;
  /** Most list pages read (≥ 1), as for the filtered API answers. */
  maxFilterPages: number;
  /** The memo of built answers (`built-memo.ts`), shared with the filtered API answers. */
  memo: BuiltMemo;
}

/** What one listing page is built from. */
interface ListingInput {
  venue: PageVenue;
  today: string;
  /** The public base (no trailing slash) of the page's own links. */
  base: string;
  query: ListingQuery;
  page: number;
  gathered: Gathered;
}

const asRepresentation = (text: string): Representation => {
  const body = Buffer.from(text);
  return { body, etag: entityTag(body) };
};

/** `X-Filter-Truncated` (the pages read) when the venue lists more pages than were read. */
const truncation = (gathered: Gathered): Record<string, string> =>
  gathered.truncated ? { 'X-Filter-Truncated': String(gathered.pagesRead) } : {};

/**
 * The listing page's HTML in every mode but the plain list (`listingView` over the gathered
 * pages: links on `BASE_MARKER` where the events' own are, on `input.base` elsewhere), and
 * whether it is worth a memo entry: the filtered list (a page past the last is not), the month
 * view, or the page of a bad query.
 */
async function builtListing(input: ListingInput): Promise<{ text: string; keep: boolean }> {
  const { venue, today, base, query, page, gathered } = input;
  const view = await listingView(gatheredSource(gathered, venue, today), query, page, {
    base,
    today,
  });
  return { text: view.html, keep: view.keep };
}

/** Sends the page of a query with a bad value as the origin does, with the cache's result. */
function sendBadQuery(
  res: Response,
  logs: readonly ProxyLog[],
  html: string,
  headers: Record<string, string>,
): void {
  const log = summary(logs);
  res.locals.proxy = log;
  sendBadQueryPage(res, html, { 'X-Cache': log.cache, ...headers });
}

/** `obtain`, but the answer `known` already had for `path` is used again, not asked twice. */
const reusing = (obtain: Obtain, path: string, known: Obtained | undefined): Obtain =>
  known
    ? (req, asked, logs) => (asked === path ? Promise.resolve(known) : obtain(req, asked, logs))
    : obtain;

/**
 * The plain listing page of an upstream page's entry (its events and position as the upstream
 * lists them, the form's categories from the gathered pages), memoised: the last one built from
 * each entry, and what it was built for (base, day, the gathered pages' version, the query), so
 * the entry's lifetime in the cache bounds it.
 */
function plainPages(): (entry: Entry, list: ListPage, input: ListingInput) => Representation {
  const built = new WeakMap<Entry, { key: string; page: Representation }>();
  return (entry, list, input) => {
    const { venue, today, base, query, gathered } = input;
    const key = [base, today, gathered.version, JSON.stringify(query)].join('\n');
    let kept = built.get(entry);
    if (kept?.key !== key) {
      const filters = { query, categories: categoryCounts(gathered.events) };
      const html = listingPage(
        list.events,
        list.position,
        venueListing(venue),
        { base, today },
        filters,
      );
      kept = { key, page: asRepresentation(onBase(html, base)) };
      built.set(entry, kept);
    }
    return kept.page;
  };
}

/**
 * GET /t/{slug}/events.ics?categories=…: the events of the gathered pages in those categories
 * (at most `FEED_MAX_EVENTS`, list order), named as the origin names such a feed; without
 * categories (`?categories=`), the plain feed (`next`). Not memoised: its `DTSTAMP` is the
 * minute's, as the plain feed's.
 * @throws FilterError for a bad `categories`: the API's JSON 400, as a calendar app reads no HTML.
 */
async function serveFeed(
  context: ProxyContext,
  options: ListingOptions,
  call: { req: Request; res: Response; route: RouteOf<'feed'>; next: NextFunction },
): Promise<void> {
  const { obtain, publicBase, clock } = context;
  const { req, res, route, next } = call;
  const filter = parseListFilter({ categories: route.query?.categories });
  if (!isFiltered(filter)) return next();
  await withLogs(res, async (logs) => {
    const gathered = await gatherPages(obtain, req, route.slug, options.maxFilterPages, logs);
    const venue = proxyVenue(route.slug, options.venueZones);
    const nowMs = clock().getTime();
    const source = gatheredSource(gathered, venue, venueToday(venue, nowMs));
    const { events } = await sourceEvents(source, filter, FEED_MAX_EVENTS);
    const base = publicBase(req);
    const text = calendarFile(events, {
      venue,
      base,
      now: calendarStamp(nowMs),
      name: feedName(venue, filter),
    });
    noteDropped(logs, gathered.dropped);
    const page = asRepresentation(onBase(text, base));
    sendBuilt(
      req,
      res,
      clock,
      { page, obtained: gathered.obtained, logs },
      { 'Content-Type': 'text/calendar; charset=utf-8', ...truncation(gathered) },
    );
  });
}

/**
 * The handlers of the listing page (docs/api.md §10.5, §10.12) and of the venue feed of some
 * categories, for the filters router. They reject, for the shared error handler, as `obtain`
 * does (the upstream's 404, a 502/504), with `readListPage`'s 502 for a page that is not a
 * readable list, or (the feed) with a `FilterError` for a bad `categories`.
 */
export function listingHandlers(context: ProxyContext, options: ListingOptions) {
  const { obtain, publicBase, clock } = context;
  const { venueZones, maxFilterPages, memo } = options;
  const plainPage = plainPages();

  /** GET /t/{slug}/events[?…]: the listing page in the mode its query asks for. */
  async function serveListing(req: Request, res: Response, route: RouteOf<'listing-page'>) {
    await withLogs(res, async (logs) => {
      const venue = proxyVenue(route.slug, venueZones);
      const today = venueToday(venue, clock().getTime());
      const query = readListingQuery(route.query ?? {}, today);
      const plain = query.view === 'list' && isValid(query) && !isFiltered(query.filter);
      // The plain list is the upstream's own page, read first: a page that is no list is its
      // 502 before any other request.
      const own = plain ? await obtain(req, route.upstreamPath, logs) : undefined;
      const list = own && markedList(own.entry);
      const gathered = await gatherPages(
        reusing(obtain, route.upstreamPath, own),
        req,
        route.slug,
        maxFilterPages,
        logs,
      );
      const base = publicBase(req);
      const input = { venue, today, base, query, page: route.page, gathered };
      if (!isValid(query)) {
        const html = onBase((await builtListing(input)).text, base);
        return sendBadQuery(res, logs, html, truncation(gathered));
      }
      let page: Representation;
      if (own && list) {
        page = plainPage(own.entry, list, input);
        noteDropped(logs, list.dropped);
      } else {
        const key = `listing|${route.slug}|${base}|${JSON.stringify(query)}|${route.page}`;
        page = await memo.get(key, gathered, today, base, () => builtListing(input));
        noteDropped(logs, gathered.dropped);
      }
      const obtained = own ? [own, ...gathered.obtained] : gathered.obtained;
      const headers = { 'Content-Type': HTML_TYPE, 'Content-Security-Policy': PAGE_CSP };
      sendBuilt(req, res, clock, { page, obtained, logs }, { ...headers, ...truncation(gathered) });
    });
  }

  return {
    serveListing,
    serveFeed: (req: Request, res: Response, route: RouteOf<'feed'>, next: NextFunction) =>
      serveFeed(context, options, { req, res, route, next }),
  };
}
