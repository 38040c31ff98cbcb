/**
 * Which requests the proxy may answer. Pure, on the raw request target (before any decoding),
 * so that nothing a client encodes can reach another upstream path: the proxy forwards exactly
 * the two endpoint shapes of docs/api.md §4 and is never an open proxy. The pages it builds itself (the
 * listing page and the calendar files) are read from those same list requests; the event page
 * redirects to the platform. The slug and id patterns are the contract's (`SLUG`, `EVENT_ID`).
 */
import { EVENT_ID, SLUG } from '../../shared/contract.js';
import { parsePage } from '../../shared/rules/pagination.js';

export type ProxyRoute =
  /** `GET /t/{slug}/api/events?page=n` (docs/api.md §4.1); `upstreamPath` keeps only a normalised page. */
  | { kind: 'list'; slug: string; upstreamPath: string }
  /** `GET /t/{slug}/api/events/{id}` (docs/api.md §4.2). */
  | { kind: 'event'; slug: string; upstreamPath: string }
  /** `GET /t/{slug}/events/{event-slug}`: redirected to the platform's event page. */
  | { kind: 'event-page'; slug: string; upstreamPath: string }
  /**
   * `GET /t/{slug}/events[?page=n]`: the listing page, built from the list request
   * `upstreamPath` (only a normalised `page` kept, as for `list`).
   */
  | { kind: 'listing-page'; slug: string; page: number; upstreamPath: string }
  /** `GET /t/{slug}/events.ics`: the venue's calendar feed, built from the list pages. */
  | { kind: 'feed'; slug: string }
  /** `GET /t/{slug}/events/{event-slug}.ics`: one event's calendar file, found in the list pages. */
  | { kind: 'event-calendar'; slug: string; eventSlug: string }
  /** Answered locally: 404 for every other target, 405 for other methods on a valid one. */
  | { kind: 'reject'; status: 404 | 405; detail: string };

/** Longest request target the proxy considers, in characters. */
export const MAX_TARGET_LENGTH = 512;

const API_PATH = new RegExp(`^/t/(${SLUG})/api/events(?:/(${EVENT_ID}))?/?$`);
const EVENT_PAGE = new RegExp(`^/t/(${SLUG})/events/(${SLUG})/?$`);
const LISTING_PAGE = new RegExp(`^/t/(${SLUG})/events/?$`);
const FEED = new RegExp(`^/t/(${SLUG})/events\\.ics$`);
const EVENT_CALENDAR = new RegExp(`^/t/(${SLUG})/events/(${SLUG})\\.ics$`);
/** Only plain printable ASCII; no percent-encoding (slugs and ids never need it), no backslash. */
const UNSAFE_TARGET = /[^\x21-\x7e]|[\\%]/;

const reject = (status: 404 | 405, detail: string): ProxyRoute => ({
  kind: 'reject',
  status,
  detail,
});
const NO_SUCH_PATH = 'No resource exists at this path.';

/**
 * Classifies a request. `target` is the raw request target (`req.originalUrl`); `method` the HTTP
 * method; `allowSlugs` an optional allow-list of venue slugs. OPTIONS is not handled here (CORS
 * preflight is answered before routing).
 */
export function classify(
  target: string,
  method: string,
  allowSlugs?: readonly string[],
): ProxyRoute {
  if (target.length > MAX_TARGET_LENGTH) return reject(404, 'The request path is too long.');
  // Also rules out CR/LF, scheme-relative (`//host`) and absolute (`http://…`) targets.
  if (!target.startsWith('/') || target.startsWith('//') || UNSAFE_TARGET.test(target)) {
    return reject(404, NO_SUCH_PATH);
  }
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
    return reject(404, NO_SUCH_PATH);
  }
  const api = API_PATH.exec(path);
  const page = api ? null : EVENT_PAGE.exec(path);
  const listing = api || page ? null : LISTING_PAGE.exec(path);
  const feed = api || page || listing ? null : FEED.exec(path);
  const calendar = api || page || listing || feed ? null : EVENT_CALENDAR.exec(path);
  const slug = (api ?? page ?? listing ?? feed ?? calendar)?.[1];
  if (!slug) return reject(404, NO_SUCH_PATH);
  if (allowSlugs && !allowSlugs.includes(slug)) {
    return reject(404, `No venue is published under the slug "${slug}".`);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return reject(405, `The method ${method} is not allowed here; use GET or HEAD.`);
  }
  if (page) return { kind: 'event-page', slug, upstreamPath: `/t/${slug}/events/${page[2]}` };
  if (feed) return { kind: 'feed', slug };
  if (calendar) return { kind: 'event-calendar', slug, eventSlug: calendar[2]! };
  // Only `page` is forwarded, normalised as the origin reads it, so equal pages share a cache entry.
  const pageParam = new URLSearchParams(query).getAll('page');
  const n = parsePage(pageParam.length === 1 ? pageParam[0] : undefined);
  if (listing) return { kind: 'listing-page', slug, page: n, upstreamPath: listPath(slug, n) };
  const id = api![2];
  if (id) return { kind: 'event', slug, upstreamPath: `/t/${slug}/api/events/${id}` };
  return { kind: 'list', slug, upstreamPath: listPath(slug, n) };
}

/** The upstream path of page `page` of a venue's list: the one cache key of that page. */
export const listPath = (slug: string, page: number) => `/t/${slug}/api/events?page=${page}`;
