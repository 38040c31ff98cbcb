/**
 * The API's finding aids beside the list (docs/api.md §10.13–§10.15): a venue's categories, its
 * access provisions and its FullCalendar event feed. Handlers only: `events-router.ts` mounts them with the list's CORS,
 * venue loader, 405s and 404s. Both are memoised like the list (`RenderCache`, keyed by the
 * canonical query) and sent with its ETag and `Cache-Control`.
 */
import type { RequestHandler } from 'express';
import type { EventResource } from '../../shared/contract.js';
import { LRUCache } from 'lru-cache';
import { accessDocument } from '../../shared/rules/access.js';
import { categoriesDocument } from '../../shared/rules/categories.js';
import { feedDocument, parseFeedRange, zonedStart } from '../../shared/rules/calendar-feed.js';
import { filterQuery, parseListFilter, type ListFilter } from '../../shared/rules/filters.js';
import type { Store } from '../store/store.js';
import type { apiSender } from './api-send.js';
import type { RenderCache } from './render-cache.js';
import { nextTransition, renderEvent } from './resources.js';
import type { StoreReads } from './store-reads.js';
import type { VenueLocals } from './venue-loader.js';

export interface FindHandlerOptions {
  store: Store;
  reads: StoreReads;
  cache: RenderCache;
  /** Current instant. */
  clock: () => Date;
  /** The API's sender (`apiSender`): the links' base and how a rendering is sent. */
  sender: ReturnType<typeof apiSender>;
  /** Serve the earlier shape (docs/api.md §9) for every venue. */
  earlierShape: boolean;
}

/**
 * `GET /t/{slug}/api/categories` (docs/api.md §10.13): `categoriesDocument` of the store's counted
 * spellings for the venue's today, valid until the venue's midnight (when events stop being
 * listed) or the store changes.
 */
export function categoriesHandler(options: FindHandlerOptions): RequestHandler {
  const { store, reads, cache, clock, sender } = options;
  return async (req, res) => {
    const { venue, version } = res.locals as VenueLocals;
    const nowMs = clock().getTime();
    const rendered = (await cache.get(`categories|${venue.slug}`, version, nowMs, async () => {
      const day = reads.day(venue.timezone, nowMs);
      const document = categoriesDocument(await store.categories(venue.slug, day.today));
      return { untilMs: day.endMs, body: JSON.stringify(document) };
    }))!;
    sender.send(req, res, rendered, nowMs);
  };
}

/**
 * `GET /t/{slug}/api/access` (docs/api.md §10.15): `accessDocument` of the store's counts for the
 * venue's today (`{"data":[{"type":"access","id":"captioned","attributes":{"name":"Captioned",
 * "count":2}}]}`, vocabulary order, ids no listed event has left out), cached as the categories.
 */
export function accessHandler(options: FindHandlerOptions): RequestHandler {
  const { reads, cache, clock, sender } = options;
  return async (req, res) => {
    const { venue, version } = res.locals as VenueLocals;
    const nowMs = clock().getTime();
    const rendered = (await cache.get(`access|${venue.slug}`, version, nowMs, async () => {
      const day = reads.day(venue.timezone, nowMs);
      const counts = await reads.access(venue.slug, day.today, version);
      return { untilMs: day.endMs, body: JSON.stringify(accessDocument(counts)) };
    }))!;
    sender.send(req, res, rendered, nowMs);
  };
}

/**
 * `zone|YYYY-MM-DDTHH:MM:SS` → that wall time with the zone's offset then, as `feedDocument` writes
 * `start`. Placing a wall time in a zone costs luxon about 0.2 ms, a feed has up to thousands
 * and the answer never changes: kept, a few dozen bytes an entry, bounded.
 */
const zonedStarts = new LRUCache<string, string>({ max: 20_000 });

function cachedZonedStart(zone: string, local: string): string {
  const key = `${zone}|${local}`;
  let start = zonedStarts.get(key);
  if (start === undefined) {
    start = zonedStart(zone, local);
    zonedStarts.set(key, start);
  }
  return start;
}

/**
 * `GET /t/{slug}/api/calendar?start=…&end=…[&timeZone=…][&categories=…][&access=…][&search=…]`
 * (docs/api.md §10.14): FullCalendar's JSON event feed, one object per listed date of the events
 * listed today with a date in the range (at most 100 days, so every one of them: no pages), each
 * linking the event page `{base}/t/{slug}/events/{event-slug}` (§10.5); with `access` (§10.15),
 * only the dates having every id given.
 * @throws FilterError (a 400 naming the parameter) for a bad `start`, `end`, `timeZone`,
 *   `categories`, `access` or `search`
 */
export function calendarHandler(options: FindHandlerOptions): RequestHandler {
  const { store, reads, cache, clock, sender, earlierShape } = options;
  return async (req, res) => {
    const { venue, version } = res.locals as VenueLocals;
    const range = parseFeedRange(req.query, venue.timezone);
    // Only the list's categories, access and search apply; the range replaces its dates.
    const { categories, access, words } = parseListFilter({
      categories: req.query.categories,
      access: req.query.access,
      search: req.query.search,
    });
    const filter: ListFilter = {
      categories,
      ...(access && { access }),
      words,
      startDate: range.startDate,
      endDate: range.endDate,
    };
    const key = `calendar|${venue.slug}|${filterQuery(filter)}|${range.start}|${range.end}`;
    const nowMs = clock().getTime();
    const rendered = (await cache.get(key, version, nowMs, async () => {
      const day = reads.day(venue.timezone, nowMs);
      const total = await reads.countListed(venue.slug, day.today, version, filter);
      const events = total === 0 ? [] : await store.listed(venue.slug, day.today, 0, total, filter);
      const moment = { nowMs, today: day.today };
      const base = `${sender.renderBase}/t/${venue.slug}/events/`;
      const resources = events.map((e) =>
        renderEvent(e, venue, sender.renderBase, moment, earlierShape),
      );
      const ctx = {
        today: day.today,
        zone: venue.timezone,
        pageUrl: (resource: EventResource) => `${base}${resource.attributes.slug}`,
      };
      const document = feedDocument(resources, range, { ...ctx, access: filter.access }, (local) =>
        cachedZonedStart(venue.timezone, local),
      );
      return {
        untilMs: nextTransition(events, day.endMs, nowMs),
        body: JSON.stringify(document),
      };
    }))!;
    sender.send(req, res, rendered, nowMs);
  };
}
