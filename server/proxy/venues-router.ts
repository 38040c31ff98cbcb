/**
 * Several venues in one listing (docs/api.md §10.16) in proxy mode, which the platform has no
 * endpoint for: `GET /api/events?venues=a,b,c`, `GET /api/categories?venues=…`,
 * `GET /api/access?venues=…` (always empty: the platform has no access data) and
 * `GET /api/calendar?venues=…`, built from
 * each venue's list pages (through the cache, concurrently, at most `--max-filter-pages` each;
 * `X-Filter-Truncated` past it) merged by the listing engine with each venue's configured zone
 * (`--venue-zone`). A venue the platform has but without a zone here is a 400 naming it, never
 * a UTC guess; `--allow-slug`
 * applies to every venue named. Answers are memoised in the filters' memo and sent like the
 * other answers the proxy builds (ETag, 304, the shortest `max-age` of the pages read, `X-Cache`).
 */
import express, { type Request, type Response, type Router } from 'express';
import {
  filterQuery,
  FilterError,
  NO_FILTER,
  parseListFilter,
} from '../../shared/rules/filters.js';
import { parsePage } from '../../shared/rules/pagination.js';
import { MAX_VENUES, parseVenues, venuesQuery } from '../../shared/rules/venues.js';
import { venueToday } from '../../shared/rules/venue-today.js';
import { createError, methodNotAllowedError } from '../http/errors.js';
import {
  accessText,
  categoriesText,
  listDocument,
  readFeedQuery,
  venuesFeedText,
  zonedStarts,
} from '../listing/feeds.js';
import { instantsOf, mergedSource } from '../listing/merged-source.js';
import type { ListingSource } from '../listing/source.js';
import type { Build, BuiltMemo } from './built-memo.js';
import { gatheredSource } from './gathered-source.js';
import { gatherPages, type Gathered } from './list-pages.js';
import type { Obtained, ProxyContext } from './obtain.js';
import type { PageVenue } from '../pages/page-shell.js';
import { proxyVenue, type VenueZones } from './pages.js';
import { sendBuilt } from './pages-router.js';
import { MAX_FEED_TARGET_LENGTH, MAX_TARGET_LENGTH, UNSAFE_TARGET } from './routes.js';
import { noteDropped, withLogs, type ProxyLog } from './proxy-log.js';
import {
  FEED_PARAMETERS,
  FILTER_PARAMETERS,
  pageValue,
  readQuery,
  type QueryValues,
} from './query.js';

export interface VenuesRouterOptions {
  venueZones: VenueZones | undefined;
  /** Only these venue slugs are served; default all. */
  allowSlugs: readonly string[] | undefined;
  /** Most list pages read per venue (≥ 1). */
  maxFilterPages: number;
  /** The memo of built answers, shared with the filtered answers. */
  memo: BuiltMemo;
}

type Kind = 'list' | 'categories' | 'access' | 'calendar';
const PATHS: Record<string, Kind> = {
  '/api/events': 'list',
  '/api/events/': 'list',
  '/api/categories': 'categories',
  '/api/categories/': 'categories',
  '/api/access': 'access',
  '/api/access/': 'access',
  '/api/calendar': 'calendar',
  '/api/calendar/': 'calendar',
};
/** The parameters whose values may be percent-encoded: the venues, the filters, the feed's. */
const DECODED = [...new Set(['venues', ...FILTER_PARAMETERS, ...FEED_PARAMETERS])];

/**
 * Longest target of a listing of several venues, in characters: `MAX_TARGET_LENGTH` beside room
 * for `MAX_VENUES` slugs of the venue file's longest (100 characters) and their commas.
 */
const MAX_VENUES_TARGET_LENGTH = MAX_TARGET_LENGTH + MAX_VENUES * 101;
/** … and room for a saved feed's `ids` (docs/api.md §10.6), as a venue's feed has. */
const MAX_VENUES_FEED_TARGET_LENGTH = MAX_VENUES_TARGET_LENGTH + MAX_FEED_TARGET_LENGTH;

/**
 * The route and query of a request, read from the raw target as `routes.ts` reads the venue
 * routes: one of `paths` exactly, printable ASCII without a backslash, at most
 * `MAX_VENUES_TARGET_LENGTH` long, and only the values of `decoded` (`venues` and the route's
 * parameters) percent-encoded. Undefined for a path not in `paths`.
 * @throws a 404 for a refused target or query; a 405 for a method other than GET/HEAD.
 */
export function venuesRouteOf<K extends string>(
  req: Request,
  paths: Readonly<Record<string, K>>,
  decoded: (kind: K) => readonly string[],
): { kind: K; query: QueryValues } | undefined {
  const target = req.originalUrl;
  const at = target.indexOf('?');
  const path = at === -1 ? target : target.slice(0, at);
  const kind = Object.hasOwn(paths, path) ? paths[path] : undefined;
  if (kind === undefined) return undefined;
  const longest = decoded(kind).includes('ids')
    ? MAX_VENUES_FEED_TARGET_LENGTH
    : MAX_VENUES_TARGET_LENGTH;
  const safe = target.length <= longest && !UNSAFE_TARGET.test(target);
  const query = safe && readQuery(at === -1 ? '' : target.slice(at + 1), decoded(kind));
  if (!query) throw createError(404, 'No resource exists at this path.');
  if (req.method !== 'GET' && req.method !== 'HEAD') throw methodNotAllowedError(req.method);
  return { kind, query };
}

/**
 * The venues `query` names, each allowed.
 * @throws FilterError (400, `venues`) for a bad list; a 404 for a venue the allow-list leaves out
 */
export function namedVenues(
  query: QueryValues,
  options: Pick<VenuesRouterOptions, 'allowSlugs' | 'venueZones'>,
): PageVenue[] {
  const slugs = parseVenues(query.venues);
  const refused = slugs.find((slug) => options.allowSlugs && !options.allowSlugs.includes(slug));
  if (refused !== undefined) {
    throw createError(404, `No venue is published under the slug "${refused}".`);
  }
  return slugs.map((slug) => proxyVenue(slug, options.venueZones));
}

/**
 * Throws unless every one of `venues` (each found upstream) has a configured zone.
 * @throws FilterError (400, `venues`) naming the first venue without one
 */
function requireZones(venues: readonly PageVenue[]): void {
  const zoneless = venues.find((venue) => venue.timezone === undefined);
  if (zoneless) {
    throw new FilterError(
      'venues',
      `Venue "${zoneless.slug}" has no time zone here: the operator sets it with --venue-zone ${zoneless.slug}=Area/City.`,
    );
  }
}

/** The venues named, their list pages gathered: what a listing of several venues is built from. */
export interface GatheredVenues {
  /** `venues=a,b,c`: what the answers' links carry first. */
  scope: string;
  /** The instant the venues' todays were read at (UTC epoch ms). */
  nowMs: number;
  /** Fresh listing sources of the venues, each on its own today (one per build). */
  sources(): ListingSource[];
  /** The memo's validity: the gathered pages' versions, and the venues' todays. */
  version: string;
  day: string;
  /** The upstream answers read, for the freshness of what is built. */
  obtained: Obtained[];
  /** `X-Filter-Truncated` (the most pages read of a venue) when a venue has more. */
  truncation: Record<string, string>;
}

/**
 * Gathers the list pages of `venues` (named, allowed, each with `gatherPages`' bound of
 * `maxFilterPages`, concurrently) through `context`'s cache, noting unreadable events on `logs`.
 * Rejects as `gatherPages` does (the upstream's 404 for a venue it does not have, a 502/504).
 * @throws FilterError (400, `venues`) naming a venue found upstream but without a configured zone
 */
export async function gatherVenues(
  context: ProxyContext,
  req: Request,
  venues: readonly PageVenue[],
  maxFilterPages: number,
  logs: ProxyLog[],
): Promise<GatheredVenues> {
  const slugs = venues.map((venue) => venue.slug);
  const all: Gathered[] = await Promise.all(
    slugs.map((slug) => gatherPages(context.obtain, req, slug, maxFilterPages, logs)),
  );
  // After the pages: a venue the platform does not have is its 404, not a missing zone.
  requireZones(venues);
  const nowMs = context.clock().getTime();
  const todays = venues.map((venue) => venueToday(venue, nowMs));
  noteDropped(
    logs,
    all.reduce((sum, g) => sum + g.dropped, 0),
  );
  const truncated = all.filter((g) => g.truncated);
  return {
    scope: venuesQuery(slugs),
    nowMs,
    sources: () => all.map((gathered, i) => gatheredSource(gathered, venues[i]!, todays[i]!)),
    version: all.map((g) => g.version).join(';'),
    day: todays.join(','),
    obtained: all.flatMap((g) => g.obtained),
    truncation: truncated.length
      ? { 'X-Filter-Truncated': String(Math.max(...truncated.map((g) => g.pagesRead))) }
      : {},
  };
}

/** Builds the router; mount it at `/api`, after CORS. */
export function venuesRouter(context: ProxyContext, options: VenuesRouterOptions): Router {
  const { publicBase, clock } = context;
  const zoned = zonedStarts();
  const instants = instantsOf();

  /** Gathers every venue's pages, then sends answer `key` (memoised, else `build`'s). */
  async function serve(req: Request, res: Response) {
    const route = venuesRouteOf(req, PATHS, () => DECODED);
    if (!route) throw createError(404, 'No resource exists at this path.');
    const { kind, query } = route;
    // Read before any upstream request, so a bad value is its 400.
    const filter = kind === 'calendar' ? NO_FILTER : parseListFilter(query);
    const feedKey = kind === 'calendar' ? readFeedQuery(query, 'UTC').key : '';
    const page = parsePage(pageValue(query));
    const venues = namedVenues(query, options);
    await withLogs(res, async (logs) => {
      const gathered = await gatherVenues(context, req, venues, options.maxFilterPages, logs);
      const { scope, sources, version, day } = gathered;
      const build = async (): Promise<Build> => {
        const source = mergedSource(sources(), instants);
        if (kind === 'categories') return { ...(await categoriesText(source)), keep: true };
        if (kind === 'access') return { ...(await accessText(source)), keep: true };
        if (kind === 'calendar')
          return { ...(await venuesFeedText(sources(), query, zoned)), keep: true };
        const listed = await listDocument(source, filter, page, {
          path: '/api/events',
          query: scope,
        });
        return { text: listed.text, keep: page <= listed.lastPage };
      };
      const key = `venues-${kind}|${scope}|${filterQuery(filter)}|${feedKey}|${page}`;
      const built = await options.memo.get(key, { version }, day, publicBase(req), build);
      const headers = {
        'Content-Type': 'application/json; charset=utf-8',
        ...gathered.truncation,
      };
      sendBuilt(req, res, clock, { page: built, obtained: gathered.obtained, logs }, headers);
    });
  }

  const router = express.Router({ caseSensitive: true });
  router.use((req, res) => serve(req, res));
  return router;
}
