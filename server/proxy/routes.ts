/**
 * Which requests the proxy may answer. Pure, on the raw request target (before any decoding),
 * so that nothing a client encodes can reach another upstream path: the proxy forwards exactly
 * the two endpoint shapes of docs/api.md §4 and is never an open proxy. What it builds itself —
 * the listing page, the calendar files, and the list's filters, categories and calendar feed
 * (§10.12–§10.14, which the upstream does not have) — is read from those same list requests; the
 * event page redirects to the platform; its "add to calendar" redirects (docs/api.md §10.6) are
 * built here too. The slug and id patterns are the contract's (`SLUG`, `EVENT_ID`). Only the
 * values of the filter and feed parameters, and of the listing page's (its filters, `view`,
 * `month`), the venue feed's (`categories`, `ids`) and the calendar redirects' (`date`), may be
 * percent-encoded (`query.ts`): they are read here and never forwarded.
 */
import { EVENT_ID, SLUG } from '../../shared/contract.js';
import {
  CalendarFileQuery,
  CalendarLinkQuery,
  ListingQuery,
  parameterNames,
} from '../../shared/queries.js';
import type { CalendarService } from '../../shared/rules/calendar-links.js';
import { parsePage } from '../../shared/rules/pagination.js';
import {
  FEED_PARAMETERS,
  FILTER_PARAMETERS,
  pageValue,
  readQuery,
  type QueryValues,
} from './query.js';

export type ProxyRoute =
  /** `GET /t/{slug}/api/events?page=n` (docs/api.md §4.1); `upstreamPath` keeps only a normalised page. */
  | { kind: 'list'; slug: string; upstreamPath: string }
  /**
   * `GET /t/{slug}/api/events?…` with a filter parameter (docs/api.md §10.12): built here from
   * the list pages; `query` holds the filter parameters (decoded) and `page`. `upstreamPath` is
   * page `page` of the list, which is answered as `list` when the filters select everything.
   */
  | { kind: 'filtered-list'; slug: string; page: number; upstreamPath: string; query: QueryValues }
  /** `GET /t/{slug}/api/categories` (docs/api.md §10.13): counted here from the list pages. */
  | { kind: 'categories'; slug: string }
  /** `GET /t/{slug}/api/access` (docs/api.md §10.15): always empty, the upstream has no such data. */
  | { kind: 'access'; slug: string }
  /** `GET /t/{slug}/api/calendar?…` (docs/api.md §10.14): built here; `query` its parameters. */
  | { kind: 'calendar'; slug: string; query: QueryValues }
  /** `GET /t/{slug}/api/events/{id}` (docs/api.md §4.2). */
  | { kind: 'event'; slug: string; upstreamPath: string }
  /** `GET /t/{slug}/events/{event-slug}`: redirected to the platform's event page. */
  | { kind: 'event-page'; slug: string; upstreamPath: string }
  /**
   * `GET /t/{slug}/events[?page=n]`: the listing page, built from the list request
   * `upstreamPath` (only a normalised `page` kept, as for `list`) and the list pages. `query`,
   * present when one of `LISTING_PARAMETERS` is given, holds them (decoded) and `page`: the
   * filters, the month view and its month (docs/api.md §10.5, §10.12).
   */
  | {
      kind: 'listing-page';
      slug: string;
      page: number;
      upstreamPath: string;
      query?: QueryValues;
    }
  /**
   * `GET /t/{slug}/events.ics[?categories=…]`: the venue's calendar feed, built from the list
   * pages; `query` (present when `categories` is given) holds it, decoded.
   */
  | { kind: 'feed'; slug: string; query?: QueryValues }
  /**
   * `GET /t/{slug}/events.ics?ids=…[&categories=…]`: the venue feed of some saved events
   * (docs/api.md §10.6), a download built from the feed's list pages; `query` holds `ids` and
   * `categories`, decoded. Its own kind, so the filters router leaves it to the pages router.
   */
  | { kind: 'saved-feed'; slug: string; query: QueryValues }
  /**
   * `GET /t/{slug}/events/{event-slug}/calendar/{service}[?date=…]`: a 302 to Google Calendar or
   * Outlook (docs/api.md §10.6), the event found in the feed's list pages; `query` holds `date`.
   */
  | {
      kind: 'calendar-link';
      slug: string;
      eventSlug: string;
      service: CalendarService;
      query: QueryValues;
    }
  /** `GET /t/{slug}/events/{event-slug}.ics`: one event's calendar file, found in the list pages. */
  | { kind: 'event-calendar'; slug: string; eventSlug: string }
  /** Answered locally: 404 for every other target, 405 for other methods on a valid one. */
  | { kind: 'reject'; status: 404 | 405; detail: string };

/** What the listing page reads besides `page` (docs/api.md §10.5): the filters, the view, the month. */
export const LISTING_PARAMETERS = parameterNames(ListingQuery).filter((name) => name !== 'page');

/** What the venue feed reads (docs/api.md §10.12: some categories only; §10.6: saved `ids`). */
const FEED_FILE_PARAMETERS = parameterNames(CalendarFileQuery);

/** What the calendar redirects read (docs/api.md §10.6: a tour's stop). */
const CALENDAR_LINK_PARAMETERS = parameterNames(CalendarLinkQuery);

/** Longest request target the proxy considers, in characters. */
export const MAX_TARGET_LENGTH = 512;
/**
 * Longest target of the venue feed, in characters: its `ids` may list 100 ids of up to 16
 * digits (docs/api.md §10.6), commas perhaps encoded, beside `categories`.
 */
export const MAX_FEED_TARGET_LENGTH = 2560;

const API_PATH = new RegExp(`^/t/(${SLUG})/api/events(?:/(${EVENT_ID}))?/?$`);
/** The finding aids beside the list, exactly so (the origin's `/api/Categories` is a 404). */
const FINDER_PATH = new RegExp(`^/t/(${SLUG})/api/(categories|access|calendar)/?$`);
const EVENT_PAGE = new RegExp(`^/t/(${SLUG})/events/(${SLUG})/?$`);
const LISTING_PAGE = new RegExp(`^/t/(${SLUG})/events/?$`);
const FEED = new RegExp(`^/t/(${SLUG})/events\\.ics$`);
const EVENT_CALENDAR = new RegExp(`^/t/(${SLUG})/events/(${SLUG})\\.ics$`);
const CALENDAR_LINK = new RegExp(`^/t/(${SLUG})/events/(${SLUG})/calendar/(google|outlook)/?$`);
/** A venue feed target with a query: the one allowed past `MAX_TARGET_LENGTH`. */
const FEED_TARGET = /^\/t\/[a-z0-9-]+\/events\.ics\?/;
/** Only plain printable ASCII and no backslash, anywhere. */
export const UNSAFE_TARGET = /[^\x21-\x7e]|\\/;

const reject = (status: 404 | 405, detail: string): ProxyRoute => ({
  kind: 'reject',
  status,
  detail,
});
const NO_SUCH_PATH = 'No resource exists at this path.';

/** The path's shape: which route it is, and the parts the route needs. */
type Shape =
  | { kind: 'api'; slug: string; id: string | undefined }
  | { kind: 'categories' | 'access' | 'calendar' | 'listing-page' | 'feed'; slug: string }
  | { kind: 'event-page' | 'event-calendar'; slug: string; eventSlug: string }
  | { kind: 'calendar-link'; slug: string; eventSlug: string; service: CalendarService };

/** The shape of `path` (no query), or undefined for a path the proxy does not answer. */
function shapeOf(path: string): Shape | undefined {
  let m = API_PATH.exec(path);
  if (m) return { kind: 'api', slug: m[1]!, id: m[2] };
  if ((m = FINDER_PATH.exec(path))) {
    return { kind: m[2] as 'categories' | 'access' | 'calendar', slug: m[1]! };
  }
  if ((m = EVENT_PAGE.exec(path))) return { kind: 'event-page', slug: m[1]!, eventSlug: m[2]! };
  if ((m = LISTING_PAGE.exec(path))) return { kind: 'listing-page', slug: m[1]! };
  if ((m = FEED.exec(path))) return { kind: 'feed', slug: m[1]! };
  if ((m = EVENT_CALENDAR.exec(path))) {
    return { kind: 'event-calendar', slug: m[1]!, eventSlug: m[2]! };
  }
  if ((m = CALENDAR_LINK.exec(path))) {
    const service = m[3] as CalendarService;
    return { kind: 'calendar-link', slug: m[1]!, eventSlug: m[2]!, service };
  }
  return undefined;
}

/** The parameters whose values a shape reads (percent-decoded); none for the others. */
function decodedNames(shape: Shape): readonly string[] {
  switch (shape.kind) {
    case 'calendar':
      return FEED_PARAMETERS;
    case 'api':
      return shape.id ? [] : FILTER_PARAMETERS;
    case 'listing-page':
      return LISTING_PARAMETERS;
    case 'feed':
      return FEED_FILE_PARAMETERS;
    case 'calendar-link':
      return CALENDAR_LINK_PARAMETERS;
    default:
      return [];
  }
}

/** `{ query }` when `query` has one of `names`, else nothing: a route without them reads none. */
const queryOf = (query: QueryValues, names: readonly string[]) =>
  names.some((name) => name in query) ? { query } : {};

/** The route of an accepted shape with its query read; a 404 for a query `readQuery` refuses. */
function routeOf(shape: Shape, rawQuery: string): ProxyRoute {
  const { slug } = shape;
  // Only the list, the finders, the listing page, the feed and the calendar redirects read
  // encoded values; every other route refuses any `%`.
  const query = readQuery(rawQuery, decodedNames(shape));
  if (!query) return reject(404, NO_SUCH_PATH);
  // Only `page` is forwarded, normalised as the origin reads it, so equal pages share a cache entry.
  const page = parsePage(pageValue(query));
  switch (shape.kind) {
    case 'event-page':
      return { kind: 'event-page', slug, upstreamPath: `/t/${slug}/events/${shape.eventSlug}` };
    case 'event-calendar':
      return { kind: 'event-calendar', slug, eventSlug: shape.eventSlug };
    case 'feed':
      if ('ids' in query) return { kind: 'saved-feed', slug, query };
      return { kind: 'feed', slug, ...queryOf(query, FEED_FILE_PARAMETERS) };
    case 'calendar-link':
      return { ...shape, query };
    case 'categories':
    case 'access':
      return { kind: shape.kind, slug };
    case 'calendar':
      return { kind: 'calendar', slug, query };
    case 'listing-page':
      return {
        kind: 'listing-page',
        slug,
        page,
        upstreamPath: listPath(slug, page),
        ...queryOf(query, LISTING_PARAMETERS),
      };
    case 'api':
      if (shape.id)
        return { kind: 'event', slug, upstreamPath: `/t/${slug}/api/events/${shape.id}` };
      if (FILTER_PARAMETERS.some((name) => name in query)) {
        return { kind: 'filtered-list', slug, page, upstreamPath: listPath(slug, page), query };
      }
      return { kind: 'list', slug, upstreamPath: listPath(slug, page) };
  }
}

/**
 * Classifies a request. `target` is the raw request target (`req.originalUrl`); `method` the HTTP
 * method; `allowSlugs` an optional allow-list of venue slugs. OPTIONS is not handled here (CORS
 * preflight is answered before routing). Checks in order: the target (404), the venue (404), the
 * method (405), the query (404 for a `%` where `query.ts` allows none, or a bad escape).
 */
export function classify(
  target: string,
  method: string,
  allowSlugs?: readonly string[],
): ProxyRoute {
  const longest =
    target.length > MAX_TARGET_LENGTH && FEED_TARGET.test(target)
      ? MAX_FEED_TARGET_LENGTH
      : MAX_TARGET_LENGTH;
  if (target.length > longest) return reject(404, 'The request path is too long.');
  // Also rules out CR/LF, scheme-relative (`//host`) and absolute (`http://…`) targets.
  if (!target.startsWith('/') || target.startsWith('//') || UNSAFE_TARGET.test(target)) {
    return reject(404, NO_SUCH_PATH);
  }
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
  // No percent-encoding in the path: slugs and ids never need it.
  if (
    path.includes('%') ||
    path.split('/').some((segment) => segment === '.' || segment === '..')
  ) {
    return reject(404, NO_SUCH_PATH);
  }
  const shape = shapeOf(path);
  if (!shape) return reject(404, NO_SUCH_PATH);
  if (allowSlugs && !allowSlugs.includes(shape.slug)) {
    return reject(404, `No venue is published under the slug "${shape.slug}".`);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return reject(405, `The method ${method} is not allowed here; use GET or HEAD.`);
  }
  return routeOf(shape, query);
}

/** The upstream path of page `page` of a venue's list: the one cache key of that page. */
export const listPath = (slug: string, page: number) => `/t/${slug}/api/events?page=${page}`;
