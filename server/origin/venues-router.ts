/**
 * Several venues in one listing (docs/api.md §10.16), at the origin: `GET /api/events?venues=a,b,c`
 * (the list envelope of §2.5, every list filter of §10.12 and §10.15),
 * `GET /api/categories?venues=…` (§10.13), `GET /api/access?venues=…` (§10.15) and
 * `GET /api/calendar?venues=…` (§10.14), built by the listing engine from each venue's store
 * source merged (`server/listing/merged-source.ts`), memoised like a venue's list and sent with
 * its ETag and a `max-age` never past the earliest next change of any venue named.
 */
import express, { type Request, type RequestHandler, type Router } from 'express';
import { filterQuery, parseListFilter } from '../../shared/rules/filters.js';
import { parsePage } from '../../shared/rules/pagination.js';
import { parseVenues, venuesQuery } from '../../shared/rules/venues.js';
import type { Store, VenueRecord } from '../store/store.js';
import { cors } from '../http/cors.js';
import { createError, methodNotAllowed } from '../http/errors.js';
import {
  accessText,
  categoriesText,
  listDocument,
  readFeedQuery,
  venuesFeedText,
  zonedStarts,
  type BuiltJson,
} from '../listing/feeds.js';
import { instantsOf, mergedSource } from '../listing/merged-source.js';
import type { ListingSource } from '../listing/source.js';
import { apiSender } from './api-send.js';
import type { RenderCache } from './render-cache.js';
import type { StoreReads } from './store-reads.js';
import { storeSource, type StoreSourceDeps } from './store-source.js';

export interface VenuesRouterOptions extends StoreSourceDeps {
  cache: RenderCache;
  /** Current instant. */
  clock: () => Date;
  /** Public base URL of links (no trailing slash); undefined: each request's own. */
  baseUrl: string | undefined;
  corsOrigins: '*' | readonly string[];
}

/** The venues a `?venues=` names (docs/api.md §10.16), as the store has them. */
export interface NamedVenues {
  /** Their slugs, in the order named, each once. */
  slugs: string[];
  /** Their records, in that order. */
  venues: VenueRecord[];
  /** The store version they were read at. */
  version: string;
}

/**
 * The venues `raw` (the `venues` query value) names, read at the store's current version.
 * @throws FilterError (400, `venues`) for a bad list; a 404 naming the first unknown venue
 */
export async function findVenues(
  store: Store,
  reads: StoreReads,
  raw: unknown,
): Promise<NamedVenues> {
  const slugs = parseVenues(raw);
  const version = store.version();
  return { slugs, venues: await venuesAt(reads, slugs, version), version };
}

/**
 * The records of the venues `slugs` at store `version`, in that order.
 * @throws a 404 naming the first one not published
 */
async function venuesAt(
  reads: StoreReads,
  slugs: readonly string[],
  version: string,
): Promise<VenueRecord[]> {
  const found = await Promise.all(slugs.map((slug) => reads.venue(slug, version)));
  const missing = slugs.find((_, i) => found[i] === undefined);
  if (missing !== undefined) {
    throw createError(404, `No venue is published under the slug "${missing}".`);
  }
  return found as VenueRecord[];
}

/** Builds the router; mount it at the app's root. */
export function venuesRouter(options: VenuesRouterOptions): Router {
  const { store, reads, cache, clock } = options;
  const sender = apiSender(options.baseUrl);
  const zoned = zonedStarts();
  const instants = instantsOf();

  /**
   * Sends answer `kind|{venues}|{key}` of the venues `?venues=` names, memoised until the store
   * changes or the answer's `untilMs`, else built from their merged source.
   * @throws FilterError (400, `venues`) for a bad list; a 404 naming the first unknown venue
   */
  async function serve(
    req: Request,
    res: express.Response,
    kind: string,
    key: string,
    build: (sources: ListingSource[], scope: string) => Promise<BuiltJson>,
  ) {
    const slugs = parseVenues(req.query.venues);
    const version = store.version();
    const nowMs = clock().getTime();
    const scope = venuesQuery(slugs);
    // The venues are read on a miss only: an answer kept at this store version was made of
    // published venues, and a venue's removal changes the version.
    const rendered = (await cache.get(`${kind}|${scope}|${key}`, version, nowMs, async () => {
      const venues = await venuesAt(reads, slugs, version);
      const sources = venues.map((venue) =>
        storeSource(options, { venue, version }, nowMs, sender.renderBase),
      );
      const { text, untilMs } = await build(sources, scope);
      return { untilMs, body: text };
    }))!;
    sender.send(req, res, rendered, nowMs);
  }

  /** GET /api/events?venues=…[&page=n][&categories=…&search=…&start_date=…&end_date=…&access=…] */
  const listEvents: RequestHandler = (req, res) => {
    const filter = parseListFilter(req.query);
    const page = parsePage(req.query.page);
    return serve(req, res, 'venues-list', `${filterQuery(filter)}|${page}`, (sources, query) =>
      listDocument(mergedSource(sources, instants), filter, page, { path: '/api/events', query }),
    );
  };

  /** GET /api/categories?venues=…: the venues' categories merged (docs/api.md §10.13). */
  const listCategories: RequestHandler = (req, res) =>
    serve(req, res, 'venues-categories', '', (sources) =>
      categoriesText(mergedSource(sources, instants)),
    );

  /** GET /api/access?venues=…: the venues' access provisions, counts summed (docs/api.md §10.15). */
  const listAccess: RequestHandler = (req, res) =>
    serve(req, res, 'venues-access', '', (sources) => accessText(mergedSource(sources, instants)));

  /**
   * GET /api/calendar?venues=…&start=…&end=…[&timeZone=…&categories=…&access=…&search=…]: the
   * venues' FullCalendar feeds merged (docs/api.md §10.14, §10.16).
   * @throws FilterError (400 naming the parameter) for a bad feed parameter
   */
  const listCalendar: RequestHandler = (req, res) => {
    // Read once before the memo, so a bad value is its 400 (the key is the same in every zone).
    const { key } = readFeedQuery(req.query, 'UTC');
    return serve(req, res, 'venues-calendar', key, (sources) =>
      venuesFeedText(sources, req.query, zoned),
    );
  };

  const router = express.Router({ strict: false, caseSensitive: true });
  router.use('/api', cors(options.corsOrigins));
  router.route('/api/events').get(listEvents).all(methodNotAllowed);
  router.route('/api/categories').get(listCategories).all(methodNotAllowed);
  router.route('/api/access').get(listAccess).all(methodNotAllowed);
  router.route('/api/calendar').get(listCalendar).all(methodNotAllowed);
  return router;
}
