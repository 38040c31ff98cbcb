/**
 * What both modes answer from a `ListingSource` as JSON (docs/api.md §4.1 with §10.12, §10.13,
 * §10.14, §10.15): a page of the (filtered) list, the categories, the access provisions and the
 * FullCalendar feed, each as its JSON text, and the feed's query as both read it.
 */
import { LRUCache } from 'lru-cache';
import type { EventResource } from '../../shared/contract.js';
import { PARAM } from '../../shared/queries.js';
import { accessDocument } from '../../shared/rules/access.js';
import {
  feedDocument,
  parseFeedRange,
  zonedStart,
  type FeedEvent,
  type FeedRange,
} from '../../shared/rules/calendar-feed.js';
import { categoriesDocument } from '../../shared/rules/categories.js';
import {
  filterParams,
  filterQuery,
  parseListFilter,
  type ListFilter,
} from '../../shared/rules/filters.js';
import { envelopeJson, pageEntriesJson } from '../../shared/rules/pagination.js';
import { readTextLocale } from '../../shared/rules/text-locale.js';
import {
  calendarFile,
  calendarStamp,
  FEED_MAX_EVENTS,
  feedName,
  savedFeedDisposition,
  withIds,
  type CalendarOf,
} from '../pages/calendar.js';
import { stringBytes } from '../http/held-copies.js';
import { eventPath } from '../pages/page-shell.js';
import { sourceEvents, sourcePage, type ListingSource } from './source.js';

/** A JSON answer built from a source, and until when it holds (`ListedEvents.untilMs`). */
export interface BuiltJson {
  text: string;
  untilMs: number;
}

/** Where a list lives: its path after the base, and the query its links carry before the filters. */
export interface ListScope {
  /** `/t/{slug}/api/events`, or `/api/events` for several venues (docs/api.md §10.16). */
  path: string;
  /** `venues=a,b` for several venues; `''` for one. */
  query: string;
}

/** A venue's own list: `/t/{slug}/api/events`. */
export const venueScope = (slug: string): ListScope => ({
  path: `/t/${slug}/api/events`,
  query: '',
});

/** Lists of fewer pages write their envelope's entries each time: a few µs, nothing to keep. */
const KEPT_ENTRIES_FROM_PAGES = 64;

/**
 * The page entries of the large envelopes written lately (`pageEntriesJson`, one per list and
 * page count: a venue's 5,000 events or ten venues' merged, 417 pages, 80 KB), bounded by bytes.
 * A page built without a memo entry (the memo off, a page past the last, another page of the same
 * list) copies them rather than writing them again: 417 entries written as text and joined into
 * the page's text cost some 100 µs of a merged page's miss (docs/benchmarks.md "Several venues in
 * one listing"). The same text either way (test/shared/pagination.test.ts).
 */
function keptEntries(maxBytes = 1024 * 1024): (open: string, last: number) => string {
  const kept = new LRUCache<string, string>({
    maxSize: maxBytes,
    sizeCalculation: (text, key) => stringBytes(text) + stringBytes(key),
  });
  return (open, last) => {
    if (last < KEPT_ENTRIES_FROM_PAGES) return pageEntriesJson(open, last);
    const key = `${last}|${open}`;
    let text = kept.get(key);
    if (text === undefined) kept.set(key, (text = pageEntriesJson(open, last)));
    return text;
  };
}
const entriesOf = keptEntries();

/**
 * Page `page` (≥ 1) of the list passing `filter` (docs/api.md §4.1, §2.5, §10.12): the events as
 * API resources, 12 a page, every page link on `{source.base}{scope.path}` carrying the scope's
 * query and the canonical filter query. Without a filter a venue's list is the interface's, byte
 * for byte. Also its `last_page`, so the caller can leave a page past the last out of its memo.
 */
export async function listDocument(
  source: ListingSource,
  filter: ListFilter,
  page: number,
  scope: ListScope = venueScope(source.venue.slug),
): Promise<BuiltJson & { lastPage: number }> {
  const { total, window, events, untilMs } = await sourcePage(source, filter, page);
  const query = [scope.query, filterQuery(filter)].filter(Boolean).join('&');
  let envelope = envelopeJson(`${source.base}${scope.path}`, window, total, query, entriesOf);
  // A venue's own list carries the parameters its ticket links take (docs/api.md §10.19), as the
  // last member of `meta`; without them the list is the interface's, byte for byte.
  const params = scope.query ? undefined : source.venue.ticketLinkParams;
  if (params) envelope = `${envelope.slice(0, -1)},"ticket_link_params":${JSON.stringify(params)}}`;
  const text = `{"data":${JSON.stringify(events)},${envelope}}`;
  return { text, untilMs, lastPage: window.lastPage };
}

/** `GET /t/{slug}/api/categories` (docs/api.md §10.13), valid until the venue's midnight. */
export async function categoriesText(source: ListingSource): Promise<BuiltJson> {
  const text = JSON.stringify(categoriesDocument(await source.categories()));
  return { text, untilMs: source.quietUntilMs };
}

/** `GET /t/{slug}/api/access` (docs/api.md §10.15), valid until the venue's midnight. */
export async function accessText(source: ListingSource): Promise<BuiltJson> {
  return {
    text: JSON.stringify(accessDocument(await source.access())),
    untilMs: source.quietUntilMs,
  };
}

/** A calendar feed request as both modes read it: its range, and the list filter it applies. */
export interface FeedQuery {
  range: FeedRange;
  /** The list's categories, access and search (docs/api.md §10.14); the range gives the dates. */
  filter: ListFilter;
  /** The language asked for the venue's text (docs/api.md §10.24), or undefined. */
  asked: string | undefined;
  /** What the memo key is made of (`memoKey`): the canonical filter, range and language. */
  memo: Readonly<Record<string, string>>;
}

/**
 * Reads `?start=…&end=…[&timeZone=…][&categories=…][&access=…][&search=…][&locale=…]`
 * (docs/api.md §10.14, §10.24) for a venue in IANA zone `zone` (`UTC` where the proxy knows none).
 * @throws FilterError (a 400 naming the parameter) for a bad `start`, `end`, `timeZone`,
 *   `categories`, `access`, `search` or `locale`
 */
export function readFeedQuery(query: Record<string, unknown>, zone: string): FeedQuery {
  const range = parseFeedRange(query, zone);
  const { categories, access, words } = parseListFilter({
    [PARAM.categories]: query[PARAM.categories],
    [PARAM.access]: query[PARAM.access],
    [PARAM.search]: query[PARAM.search],
  });
  const filter: ListFilter = {
    categories,
    ...(access && { access }),
    words,
    startDate: range.startDate,
    endDate: range.endDate,
  };
  const asked = readTextLocale(query[PARAM.locale]);
  const memo = {
    ...filterParams(filter),
    [PARAM.start]: range.start,
    [PARAM.end]: range.end,
    ...(asked !== undefined && { [PARAM.locale]: asked }),
  };
  return { range, filter, asked, memo };
}

/**
 * `zone|YYYY-MM-DDTHH:MM:SS` → that wall time with the zone's offset then, as `feedDocument` writes
 * `start`. Placing a wall time in a zone costs luxon about 0.2 ms, a feed has up to thousands and
 * the answer never changes: kept per app (`zonedStarts()`), a few dozen bytes an entry, bounded.
 */
export function zonedStarts(): (zone: string, local: string) => string {
  const kept = new LRUCache<string, string>({ max: 20_000 });
  return (zone, local) => {
    const key = `${zone}|${local}`;
    let start = kept.get(key);
    if (start === undefined) {
      start = zonedStart(zone, local);
      kept.set(key, start);
    }
    return start;
  };
}

/** Feed objects of a source and until when they hold. */
interface FeedItems {
  items: FeedEvent[];
  untilMs: number;
}

/**
 * The FullCalendar feed objects (docs/api.md §10.14) of `source` for `feed`: one per listed date in
 * the range of every event passing its filter (at most 100 days, so all of them: no pages), each
 * linking its event page `{source.base}/t/{slug}/events/{event-slug}`; with `access` (§10.15) only
 * the dates having every id. Starts carry the venue's offset when its zone is known (`zoned`).
 */
async function feedItems(
  source: ListingSource,
  feed: FeedQuery,
  zoned: (zone: string, local: string) => string,
): Promise<FeedItems> {
  const { events, untilMs } = await sourceEvents(source, feed.filter);
  const { slug, timezone: zone } = source.venue;
  const pageUrl = (event: EventResource) =>
    `${source.base}${eventPath(slug, event.attributes.slug)}`;
  const ctx = { today: source.today, zone, pageUrl, access: feed.filter.access };
  const items = feedDocument(events, feed.range, ctx, (local) => zoned(zone!, local));
  return { items, untilMs };
}

/** `GET /t/{slug}/api/calendar` (docs/api.md §10.14): `source`'s feed objects as JSON. */
export async function feedText(
  source: ListingSource,
  feed: FeedQuery,
  zoned: (zone: string, local: string) => string,
): Promise<BuiltJson> {
  const { items, untilMs } = await feedItems(source, feed, zoned);
  return { text: JSON.stringify(items), untilMs };
}

/**
 * `GET /api/calendar?venues=…` (docs/api.md §10.16): each venue's feed (the range of `query` read
 * in the venue's own zone, which every source here has) merged by the instant each date starts,
 * equal starts in the order the venues were named, each naming its venue in
 * `extendedProps.venue`.
 * @throws FilterError (a 400 naming the parameter) as `readFeedQuery` does
 */
export async function venuesFeedText(
  sources: readonly ListingSource[],
  query: Record<string, unknown>,
  zoned: (zone: string, local: string) => string,
): Promise<BuiltJson> {
  const parts = await Promise.all(
    sources.map(async (source) => {
      const { slug, name, timezone } = source.venue;
      const { items, untilMs } = await feedItems(source, readFeedQuery(query, timezone!), zoned);
      const venue = { slug, name, timezone: timezone! };
      const named = items.map((item) => ({
        ...item,
        extendedProps: { ...item.extendedProps, venue },
        atMs: Date.parse(item.start),
      }));
      return { named, untilMs };
    }),
  );
  // Array.prototype.sort is stable: equal starts keep the venues' order.
  const items = parts
    .flatMap((part) => part.named)
    .sort((a, b) => a.atMs - b.atMs)
    .map(({ atMs: _, ...item }) => item);
  const untilMs = Math.min(...parts.map((part) => part.untilMs));
  return { text: JSON.stringify(items), untilMs };
}

/** A calendar file built from a source, until when it holds, and the headers it is sent with. */
export interface CalendarFeed extends BuiltJson {
  headers: Record<string, string>;
}

/**
 * The calendar file (docs/api.md §10.6) of `source`'s listed events passing `filter` (at most
 * `FEED_MAX_EVENTS`, list order) of venue or listing `of` (§10.16), named as `feedName` names it;
 * with `ids`, only those events, as the download `{savedAs}-saved.ics`. Links on `at.base`,
 * `DTSTAMP` the minute of `at.nowMs` (UTC epoch ms).
 */
export async function calendarFeed(
  source: ListingSource,
  of: CalendarOf,
  query: { filter: ListFilter; ids: readonly string[] | undefined },
  at: { nowMs: number; base: string; savedAs: string },
): Promise<CalendarFeed> {
  const { filter, ids } = query;
  const listed = await sourceEvents(source, filter, FEED_MAX_EVENTS);
  const events = ids ? withIds(listed.events, ids) : listed.events;
  const name = feedName(of.venue ?? of.listing, filter, ids);
  const text = calendarFile(events, {
    ...of,
    base: at.base,
    now: calendarStamp(at.nowMs),
    ...(name !== undefined && { name }),
  });
  const headers: Record<string, string> = { 'Content-Type': 'text/calendar; charset=utf-8' };
  if (ids) headers['Content-Disposition'] = savedFeedDisposition(at.savedAs);
  return { text, untilMs: listed.untilMs, headers };
}
