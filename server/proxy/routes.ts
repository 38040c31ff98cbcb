/**
 * The proxy's guard (docs/proxy.md "What is forwarded"): which request targets it answers at all,
 * judged on the raw target (`req.originalUrl`, never decoded) so that nothing a client encodes can
 * reach another upstream path, and the proxy is never an open proxy. A target passes or is refused
 * with the JSON 404 or 405 of docs/decisions.md "Errors", before any route reads it; what a passed
 * target is answered with is the listing routes' (`server/routes/`), as in origin mode, and only
 * `listPath` and an event's `/t/{slug}/api/events/{id}` ever go upstream (docs/api.md §4).
 *
 * The paths are the listing routes' own (`server/routes/paths.ts` `ROUTE_PATHS`, as the routes
 * mount them): those of one venue, `/t/{slug}/…` (the contract's `SLUG` and `EVENT_ID`), and those
 * of several, `?venues=…` (docs/api.md §10.16). Only the values of the parameters a path reads
 * (`shared/queries.ts`) may be percent-encoded (`query.ts`): they are read by the routes and never
 * forwarded.
 */
import type { RequestHandler } from 'express';
import {
  CalendarFileQuery,
  CalendarLinkQuery,
  ListingQuery,
  PARAM,
  parameterNames,
  VenuesQuery,
} from '../../shared/queries.js';
import { CALENDAR_SERVICES } from '../../shared/rules/calendar-links.js';
import { MAX_VENUES } from '../../shared/rules/venues.js';
import { methodNotAllowedError, notFoundError, unknownVenueError } from '../http/errors.js';
import { API_RESOURCES, pathPattern, ROUTE_PATHS as PATHS } from '../routes/paths.js';
import { FEED_PARAMETERS, FILTER_PARAMETERS, queryReadable } from './query.js';

/** What the listing page reads besides `page` (docs/api.md §10.5): the filters, the view, the month. */
export const LISTING_PARAMETERS = parameterNames(ListingQuery).filter(
  (name) => name !== PARAM.page,
);

/** What the venue feed reads (docs/api.md §10.12: some categories only; §10.6: saved `ids`). */
const FEED_FILE_PARAMETERS = parameterNames(CalendarFileQuery);

/** What the calendar redirects read (docs/api.md §10.6: a tour's stop). */
const CALENDAR_LINK_PARAMETERS = parameterNames(CalendarLinkQuery);

/** What every path of several venues reads first (docs/api.md §10.16). */
const VENUES_PARAMETERS = parameterNames(VenuesQuery);

/** Longest target of one venue, in characters. */
const MAX_TARGET_LENGTH = 512;
/**
 * Longest target of the venue feed, in characters: its `ids` may list 100 ids of up to 16
 * digits (docs/api.md §10.6), commas perhaps encoded, beside `categories`.
 */
const MAX_FEED_TARGET_LENGTH = 2560;
/**
 * Longest target naming several venues, in characters: `MAX_TARGET_LENGTH` beside room for
 * `MAX_VENUES` slugs of the venue file's longest (100 characters) and their commas; a calendar
 * file's has room for a saved feed's `ids` (docs/api.md §10.6) too.
 */
const MAX_VENUES_TARGET_LENGTH = MAX_TARGET_LENGTH + MAX_VENUES * 101;
const MAX_VENUES_FEED_TARGET_LENGTH = MAX_VENUES_TARGET_LENGTH + MAX_FEED_TARGET_LENGTH;

/**
 * A venue feed target with a query: the one venue target allowed past `MAX_TARGET_LENGTH`. Its
 * slug is looser than `SLUG`: a target it admits may still be refused, as no resource.
 */
const FEED_TARGET = /^\/t\/[a-z0-9-]+\/events\.ics\?/;
/**
 * A target Express routes under `/t` (an absolute-form one by the path after its authority): one
 * too long is refused as such. Under `/api` and `/events` a target too long, or of no path of
 * several venues, is refused as no resource.
 */
const VENUE_TARGET = /^(?:[a-z][a-z\d+.-]*:\/\/[^/?#]*)?\/t(?:[/?#]|$)/i;
/** Only plain printable ASCII and no backslash, anywhere. */
const UNSAFE_TARGET = /[^\x21-\x7e]|\\/;

/** A path the proxy answers. */
interface Shape {
  /** The whole path; its first group, if any, is the venue's slug. */
  path: RegExp;
  /** The parameters whose values may be percent-encoded (read by the routes, never forwarded). */
  decoded: readonly string[];
  /** Longest target, for the paths of several venues only (a venue's is `venueLongest`'s). */
  longest?: number;
}

/** The shape of the route path `path` (`ROUTE_PATHS`): its pattern, and the rest as given. */
const shape = (path: string, decoded: readonly string[], longest?: number): Shape => ({
  path: pathPattern(path),
  decoded,
  ...(longest !== undefined && { longest }),
});

/** What a venue's API resource may carry percent-encoded: the list's and the feed's filters. */
const API_DECODED: Readonly<Record<(typeof API_RESOURCES)[number], readonly string[]>> = {
  events: FILTER_PARAMETERS,
  categories: [],
  access: [],
  calendar: FEED_PARAMETERS,
};

/**
 * Every path the proxy answers, and what each may carry percent-encoded: the listing routes'
 * paths, less the past page of several venues (only the platform knows its past events, and it
 * has none of several: docs/api.md §10.20). A venue's past page is answered as its event pages
 * are (a redirect to the platform's, the query as asked), so it is taken as one, nothing decoded.
 */
const SHAPES: readonly Shape[] = [
  // docs/api.md §4.1 and §10.12: the list, with its filters (answered here from the list pages);
  // §10.13, §10.15: the finding aids beside the list, exactly so (the origin's `/api/Categories`
  // is a 404); §10.14: the calendar feed; §4.2: one event.
  ...API_RESOURCES.map((resource) => shape(PATHS.venueApi(resource), API_DECODED[resource])),
  shape(PATHS.event, []),
  // The event page (redirected to the platform's) and the past page, the listing page and month
  // view (§10.5), the venue feed and the feed of saved `ids` (§10.6, §10.12), one event's
  // calendar file, and its "add to calendar" redirects (§10.6).
  shape(PATHS.eventPage, []),
  shape(PATHS.venueListing, LISTING_PARAMETERS),
  shape(PATHS.venueFeed, FEED_FILE_PARAMETERS),
  shape(PATHS.eventFile, []),
  // §10.23: the reminder of an event's sales opening, drawn from the event as its file is.
  shape(PATHS.eventReminder, []),
  shape(PATHS.eventReminderGoogle, []),
  ...CALENDAR_SERVICES.map((service) => shape(PATHS.eventLink(service), CALENDAR_LINK_PARAMETERS)),
  // §10.16: several venues' API, listing page and calendar file; nothing of them goes upstream.
  ...API_RESOURCES.map((resource) =>
    shape(
      PATHS.venuesApi(resource),
      [...new Set([...VENUES_PARAMETERS, ...FILTER_PARAMETERS, ...FEED_PARAMETERS])],
      MAX_VENUES_TARGET_LENGTH,
    ),
  ),
  shape(
    PATHS.venuesListing,
    [...VENUES_PARAMETERS, ...LISTING_PARAMETERS],
    MAX_VENUES_TARGET_LENGTH,
  ),
  shape(
    PATHS.venuesFeed,
    [...VENUES_PARAMETERS, ...FEED_FILE_PARAMETERS],
    MAX_VENUES_FEED_TARGET_LENGTH,
  ),
];

/** The longest target of one venue: the feed's with a query (its saved `ids`) is longer. */
const venueLongest = (target: string) =>
  FEED_TARGET.test(target) ? MAX_FEED_TARGET_LENGTH : MAX_TARGET_LENGTH;

/** A refused target: the 404 or 405 the proxy answers itself, its message the error's `detail`. */
export type Rejection = ReturnType<typeof notFoundError> | ReturnType<typeof methodNotAllowedError>;

/** The shape `path` has, and the slug it names (none for several venues); undefined for none. */
function shapeOf(path: string): { shape: Shape; slug: string | undefined } | undefined {
  for (const shape of SHAPES) {
    const match = shape.path.exec(path);
    if (match) return { shape, slug: match[1] };
  }
  return undefined;
}

/**
 * Passes or refuses a request. `target` is the raw request target (`req.originalUrl`); `method`
 * the HTTP method; `allowSlugs` an optional allow-list of venue slugs. OPTIONS is not judged here
 * (CORS preflight is answered before). Checks in order: the length (a 404), the target's
 * characters and path (404), its shape (404), the venue (404), then the method (405) and the query
 * (404 for a `%` where `query.ts` allows none, or a bad escape); several venues' query is read
 * before the method, as it always was.
 */
export function checkTarget(
  target: string,
  method: string,
  allowSlugs?: readonly string[],
): 'pass' | Rejection {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const found = shapeOf(path);
  // Only the paths of several venues have a `longest` of their own (room for their `venues`).
  if (target.length > (found?.shape.longest ?? venueLongest(target))) {
    return notFoundError(VENUE_TARGET.test(target) ? 'The request path is too long.' : undefined);
  }
  // Also rules out CR/LF, scheme-relative (`//host`) and absolute (`http://…`) targets; no
  // percent-encoding in the path either (slugs and ids never need it), nor dot segments.
  if (
    !target.startsWith('/') ||
    target.startsWith('//') ||
    UNSAFE_TARGET.test(target) ||
    path.includes('%') ||
    path.split('/').some((segment) => segment === '.' || segment === '..') ||
    !found
  ) {
    return notFoundError();
  }
  const { shape, slug } = found;
  if (slug !== undefined && allowSlugs && !allowSlugs.includes(slug))
    return unknownVenueError(slug);
  const methodAllowed = method === 'GET' || method === 'HEAD';
  if (!methodAllowed && slug !== undefined) return methodNotAllowedError(method);
  if (!queryReadable(queryAt === -1 ? '' : target.slice(queryAt + 1), shape.decoded)) {
    return notFoundError();
  }
  return methodAllowed ? 'pass' : methodNotAllowedError(method);
}

/**
 * The guard as middleware, before the listing routes under `/t`, `/api`, `/events` and
 * `/events.ics`; `allowSlugs` limits the venues served.
 * @throws (to the error handler) the rejection of a refused target
 */
export function guardTarget(allowSlugs: readonly string[] | undefined): RequestHandler {
  return function checkRequestTarget(req, _res, next) {
    const verdict = checkTarget(req.originalUrl, req.method, allowSlugs);
    if (verdict !== 'pass') throw verdict;
    next();
  };
}
