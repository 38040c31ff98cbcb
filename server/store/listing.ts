/**
 * Which events are listed on a venue-local date, and in which order: the one home of docs/api.md §4.1
 * rules 1–3 and docs/decisions.md "Multi-date events" for both stores. An event is stored with one
 * listing span per range of dates over which it is listed with a fixed current stop; a store
 * lists it on `today` when `after < today <= until` and sorts by (`sortDate`, `sortTime`, id),
 * with the SQL of `listingQueries`, which both stores run. The list filters (docs/api.md §10.12)
 * and the categories (§10.13) add conditions over the same rows (`filteredListingQuery`,
 * `categoriesQuery`), whose filter columns `filter-index.ts` computes. Past events (docs/api.md
 * §10.20, `when=past`) are another table, one row per event (`pastRow`), read newest first with
 * the same filters (`pastListingQuery`).
 */
import { LRUCache } from 'lru-cache';
import { ACCESS_IDS, accessMask, type AccessCount } from '../../shared/rules/access.js';
import type { ListFilter } from '../../shared/rules/filters.js';
import { LISTED_FOREVER, listedUntil, waitsForDate } from '../../shared/rules/postponed.js';
import { currentStopIndex } from '../../shared/rules/stops.js';
import type { StoredEvent } from './model.js';
import { addDays } from '../../shared/rules/days.js';

/** Venue-local dates (`YYYY-MM-DD`) `(after, until]` and the event's sort key within them. */
export interface ListingSpan {
  /** Exclusive lower bound; `''` for "since ever". */
  after: string;
  /** Inclusive upper bound. */
  until: string;
  sortDate: string;
  sortTime: string;
}

/**
 * The `until` of a span that never ends: a postponed event's after its date (docs/api.md §10.20),
 * `LISTED_FOREVER` of the shared rule (shared/rules/postponed.ts).
 */
export const FOREVER = LISTED_FOREVER;

/**
 * The spans over which a served event is listed; none for an event the API does not serve. A
 * postponed event (docs/api.md §10.20: `scheduleStatus` `postponed` at event level) is not ended
 * by its date (`listedUntil` of shared/rules/postponed.ts): one more span lists it on every day
 * after its last date (`FOREVER`), sorted by the date it showed then. An added span rather than a longer last one: up to that date its rows are
 * what they always were, so the date filter (`dateCondition`, reading `until` as the first listed
 * date) still finds it on its date.
 */
export function listingSpans(event: StoredEvent): ListingSpan[] {
  if (!event.served) return [];
  const spans = datedSpans(event);
  const last = spans.at(-1);
  if (last === undefined) return spans;
  const until = listedUntil(last.until, event.scheduleStatus);
  if (until !== last.until) spans.push({ ...last, after: last.until, until });
  return spans;
}

/** The spans of a served event over its own dates (`listingSpans`). */
function datedSpans(event: StoredEvent): ListingSpan[] {
  if (event.mode === 'single') {
    return [{ after: '', until: event.date!, sortDate: event.date!, sortTime: event.time! }];
  }
  const dates = [...new Set(event.stops.map((s) => s.date))];
  return dates.map((until, k) => {
    // Any `today` in (previous stop date, this stop date] sees the same upcoming stops.
    const current = event.stops[currentStopIndex(event.stops, until)]!;
    return {
      after: k === 0 ? '' : dates[k - 1]!,
      until,
      sortDate: current.date,
      sortTime: current.time,
    };
  });
}

/**
 * A served event's row of the past listing (docs/api.md §10.20), venue-local: its first and last
 * dates (`YYYY-MM-DD`, a tour's stops, cancelled ones included) and the time (`HH:MM:SS`) of the
 * last (a tour's last stop's: the stop it shows once every date has passed). None for an event
 * the API does not serve, or one postponed at event level, which never becomes past.
 */
export interface PastRow {
  firstDate: string;
  lastDate: string;
  lastTime: string;
}

/** The past listing row of `event` (`PastRow`), or undefined for none. */
export function pastRow(event: StoredEvent): PastRow | undefined {
  if (!event.served || waitsForDate(event.scheduleStatus)) return undefined;
  if (event.mode === 'single') {
    return { firstDate: event.date!, lastDate: event.date!, lastTime: event.time! };
  }
  // Stops are sorted by date, then time: the last is the latest of the last date.
  const last = event.stops.at(-1)!;
  return { firstDate: event.stops[0]!.date, lastDate: last.date, lastTime: last.time };
}

/** Days a past event stays listed after its last date unless the store is told otherwise. */
export const KEEP_PAST_DAYS = 730;

/**
 * The earliest last date (venue-local `YYYY-MM-DD`) of an event the past listing keeps on `today`:
 * `keepPastDays` days before it (docs/api.md §10.20 `--keep-past-days`). Calendar dates only, so
 * plain UTC arithmetic on the date's midnight: no zone changes a date's day count.
 */
export const keptSince = (today: string, keepPastDays: number): string =>
  addDays(today, -keepPastDays);

/** How a store's SQL dialect writes the listing queries' parameters. */
export interface ListingParameters {
  /** The venue's slug, e.g. `@slug` (SQLite) or `$1` (PostgreSQL). */
  slug: string;
  /** The venue-local date `YYYY-MM-DD` listed for; it appears twice, so it must be named. */
  today: string;
  /** Page size and rows skipped (`listed` only). */
  limit: string;
  offset: string;
}

/**
 * The two listing queries over the `listing` table, for both stores: `count` (one row `n`, the
 * number of events listed on `today`) and `page` (the `doc` of each listed event on the page,
 * soonest first). "Listed" (docs/api.md §4.1 rules 1–2: served, and dated `today` or later — a tour with
 * a stop `today` or later) is one span `after < today <= until` of `listingSpans`; the order
 * (rule 3, docs/decisions.md sort order) is the span's (`sort_date`, `sort_time`, event id).
 * @param p the dialect's parameter placeholders
 * @param indexedBy SQLite: name the covering index each query reads (`INDEXED BY`: the page in
 *   `listing_order`'s order, the count from `listing_span`); PostgreSQL has no such hint
 * @returns `count` yields `n` as an integer on both (CAST: PostgreSQL's count is a bigint, which
 *   node-postgres reads as a string)
 */
export function listingQueries(
  p: ListingParameters,
  indexedBy: boolean,
): { count: string; page: string } {
  const listed = `venue_slug = ${p.slug} AND until >= ${p.today} AND after < ${p.today}`;
  const index = (name: string) => (indexedBy ? ` INDEXED BY ${name}` : '');
  return {
    count: `SELECT CAST(count(*) AS integer) AS n FROM listing${index('listing_span')} WHERE ${listed}`,
    page: `SELECT e.doc FROM (
         SELECT event_id, sort_date, sort_time FROM listing${index('listing_order')}
         WHERE ${listed}
         ORDER BY sort_date, sort_time, event_id LIMIT ${p.limit} OFFSET ${p.offset}
       ) AS l JOIN events e ON e.id = l.event_id
       ORDER BY l.sort_date, l.sort_time, l.event_id`,
  };
}

/** Which of the list filters a query has: its SQL's shape (32 at most), each prepared once. */
export interface FilterShape {
  categories: boolean;
  /** Access ids (docs/api.md §10.15), as a bit mask in parameter `access`. */
  access: boolean;
  words: boolean;
  from: boolean;
  to: boolean;
}

/** The shape of `filter`. */
export const filterShape = (filter: ListFilter): FilterShape => ({
  categories: filter.categories.length > 0,
  access: (filter.access?.length ?? 0) > 0,
  words: filter.words.length > 0,
  from: filter.startDate !== undefined,
  to: filter.endDate !== undefined,
});

/** A short name of a shape (`c-f-`, `ca---`), for statement caches and PostgreSQL statement names. */
export const shapeName = (s: FilterShape): string =>
  `${s.categories ? 'c' : '-'}${s.access ? 'a' : ''}${s.words ? 'w' : '-'}${s.from ? 'f' : '-'}${s.to ? 't' : '-'}`;

/** The parameters of the filtered listing queries. */
export type FilterParameter =
  | 'slug'
  | 'today'
  | 'limit'
  | 'offset'
  | 'categories'
  | 'access'
  | 'from'
  | 'to'
  | 'match'
  /** UTC epoch ms bounds, exclusive, of a `closing` query's closures. */
  | 'after'
  | 'before'
  /** UTC epoch ms no listed date of a query across venues is before (`across.ts`). */
  | 'since'
  /** Across venues: one instant, whose ties are read whole. */
  | 'at'
  /** Past listing: the earliest last date kept (`keptSince`), venue-local `YYYY-MM-DD`. */
  | 'keep'
  /**
   * PostgreSQL, across venues: the venues' slugs and their todays, as arrays, and the earliest
   * and latest of the todays.
   */
  | 'slugs'
  | 'todays'
  | 'earliest'
  | 'latest';

/** The `access` parameter's value of a filter: the bit mask of its ids (`accessMask`). */
export const accessParameter = (filter: ListFilter): number => accessMask(filter.access ?? []);

/** How a store's SQL dialect writes what the filtered queries need beyond plain SQL. */
export interface FilterDialect {
  /** The placeholder of a parameter (it may appear more than once); called only for those used. */
  p(name: FilterParameter): string;
  /** SQL that is true when `column` equals one of the names in parameter `categories`. */
  anyCategory(column: string): string;
  /**
   * SQL that is true when event `idColumn` matches the full-text query in parameter `match`,
   * written for `plan` (`SearchPlan`).
   */
  searched(idColumn: string, plan: SearchPlan): string;
}

/**
 * How a query evaluates a search: from its full-text matches (looked up, then sorted: what a
 * count, or a page of few matches, costs least with) or row by row along the ordered listing
 * (a page of many matches: the scan stops after the page's rows).
 */
export type SearchPlan = 'matches' | 'scan';

/**
 * Below this many matching events a search's page is read from the matches: scanning the venue's
 * listing in order for a rare word reads most of it (0.4 ms at 5,000 events on SQLite, 5 ms on
 * PostgreSQL), looking a few matches up costs microseconds; with many, the ordered scan stops
 * early (626 matches of 5,000 on SQLite: 0.19 ms scanning, 0.56 ms from the matches).
 */
export const FEW_MATCHES = 100;

/**
 * Chooses the plan of a search's page (`SearchPlan`) from the count of the same filter, which the
 * origin always asks first (`StoreReads.countListed`, through server/listing/source.ts): counts
 * are kept per store `version()` and filter key, bounded; without one the scan runs, whose cost is bounded by the venue's size.
 */
export function searchPlanner(version: () => string) {
  // Keys hold the filter's values, category names of any length among them: bounded in bytes too.
  const counts = new LRUCache<string, number>({
    max: 1000,
    maxSize: 1024 * 1024,
    sizeCalculation: (_n, key) => key.length + 32,
  });
  return {
    /** Remembers that the filter with key `key` (its parameters' values) counts `n` events. */
    counted(key: string, n: number): void {
      counts.set(`${version()}|${key}`, n);
    },
    /** The plan of a page of the filter with key `key`. */
    pagePlan(key: string): SearchPlan {
      const n = counts.get(`${version()}|${key}`);
      return n !== undefined && n < FEW_MATCHES ? 'matches' : 'scan';
    },
    /**
     * The plan of a page across venues whose filters have keys `keys`: from the matches when
     * they are few in all, as a venue's page (`pagePlan`); a count not kept scans.
     */
    acrossPlan(keys: readonly string[]): SearchPlan {
      let all = 0;
      for (const key of keys) all += counts.get(`${version()}|${key}`) ?? Infinity;
      return all < FEW_MATCHES ? 'matches' : 'scan';
    },
  };
}

/**
 * Which rows the filter conditions are written over: the `listing` rows (events listed from
 * `today` on) or the `past_listing` rows (events whose every date is before `today`).
 */
export type ListedRows = 'listing' | 'past';

/**
 * The date condition of docs/api.md §10.12 on a listing row `l`: one of the event's listed dates is
 * within [`from`, `to`]. Within a span the listed dates run from `until` (the first) to
 * `last_date` (the last), both listed, so only a tour with stops on both sides of the range needs
 * its dates looked up (`event_dates`). The venue condition there is redundant per row but lets
 * PostgreSQL, when it hashes the subquery, read only the venue's dates in the range. A past row's
 * dates are all of the event's, from `first_date` to `last_date` (docs/api.md §10.20); a postponed
 * event's after its date, its last only (whose `l.until >= from` holds: `last_date` decides).
 */
function dateCondition(s: FilterShape, d: FilterDialect, rows: ListedRows): string | undefined {
  const first = rows === 'past' ? 'l.first_date' : 'l.until';
  // The span listing a postponed event after its date (`FOREVER`, docs/api.md §10.20) lists it on
  // its last date: its first listed date is on or before `to` when its last is.
  const firstUpTo = (to: string) =>
    rows === 'past' ? `${first} <= ${to}` : `(${first} <= ${to} OR l.last_date <= ${to})`;
  if (s.from && s.to) {
    const [from, to] = [d.p('from'), d.p('to')];
    return `${firstUpTo(to)} AND l.last_date >= ${from} AND (${first} >= ${from} OR l.last_date <= ${to}
      OR EXISTS (SELECT 1 FROM event_dates AS d WHERE d.event_id = l.event_id
                 AND d.venue_slug = ${d.p('slug')} AND d.date >= ${from} AND d.date <= ${to}))`;
  }
  if (s.from) return `l.last_date >= ${d.p('from')}`;
  if (s.to) return firstUpTo(d.p('to'));
  return undefined;
}

/**
 * `firstListedDay` (shared/rules/postponed.ts) in SQL, over the SQL expressions `today` and
 * `lastDate`: the first date an event listed on `today` reads, its last date when that has passed.
 */
export const firstListedDaySql = (today: string, lastDate: string): string =>
  `CASE WHEN ${lastDate} < ${today} THEN ${lastDate} ELSE ${today} END`;

/**
 * The access condition of docs/api.md §10.15 on a listing row `l`: one of the event's listed
 * dates (from `today` on: the span's; a past row's, before `today`, docs/api.md §10.20), within
 * [`from`, `to`] when the shape has them, has every provision of the mask `access`
 * (`event_access`, one row per date and provisions there).
 */
function accessCondition(s: FilterShape, d: FilterDialect, rows: ListedRows): string | undefined {
  if (!s.access) return undefined;
  const mask = d.p('access');
  const today = d.p('today');
  // A postponed event listed after its date (docs/api.md §10.20) is listed on its last date.
  const dated = rows === 'past' ? `< ${today}` : `>= ${firstListedDaySql(today, 'l.last_date')}`;
  return `EXISTS (SELECT 1 FROM event_access AS x WHERE x.event_id = l.event_id
      AND x.date ${dated}${s.from ? ` AND x.date >= ${d.p('from')}` : ''}${s.to ? ` AND x.date <= ${d.p('to')}` : ''}
      AND (x.mask & ${mask}) = ${mask})`;
}

/**
 * The conditions of filter shape `s` on a listing row `l` (docs/api.md §10.12, §10.15): its
 * categories, dates, access and search, none for a shape without filters. The venue and its
 * listed date come from the dialect's `slug` and `today`, which may be expressions over `l` (a
 * listing across venues, `across.ts`). `rows`: over `listing` (default) or `past_listing`.
 */
export function filterConditions(
  s: FilterShape,
  d: FilterDialect,
  search: SearchPlan,
  rows: ListedRows = 'listing',
): string[] {
  return [
    s.categories ? d.anyCategory('l.category_key') : undefined,
    dateCondition(s, d, rows),
    accessCondition(s, d, rows),
    s.words ? d.searched('l.event_id', search) : undefined,
  ].filter((c) => c !== undefined);
}

/**
 * A filtered listing query of docs/api.md §10.12 for one filter shape, for both stores: `count`
 * (one row `n`), `page` (the `doc` of each event on the page) or `closing` (one row `ms`: the
 * earliest sales closure, UTC epoch ms, in (`after`, `before`) among the first `limit` events
 * listed, or null; what a merge of venues reads ahead bounds its answer by), with `listingQueries`'
 * selection and order plus the shape's conditions over the `listing` row `l` (its `category_key`,
 * `until`, `last_date`), `event_access` and the full-text index. Parameters: `slug`, `today`
 * (venue-local `YYYY-MM-DD`), `limit`, `offset` (page only) and those of the shape: `categories`
 * (the lower-cased names), `access` (a bit mask), `from`, `to` (inclusive dates), `match` (the
 * store's full-text query).
 * @param index SQLite: the index to read (`INDEXED BY`); PostgreSQL plans for itself
 * @param search the plan of the search condition (default `matches`)
 */
export function filteredListingQuery(
  query: 'count' | 'page' | 'closing',
  s: FilterShape,
  d: FilterDialect,
  { index, search = 'matches' }: { index?: string; search?: SearchPlan } = {},
): string {
  const where = [
    `l.venue_slug = ${d.p('slug')} AND l.until >= ${d.p('today')} AND l.after < ${d.p('today')}`,
    ...filterConditions(s, d, search),
  ].join('\n AND ');
  const from = `listing AS l${index === undefined ? '' : ` INDEXED BY ${index}`}`;
  if (query === 'count') return `SELECT CAST(count(*) AS integer) AS n FROM ${from} WHERE ${where}`;
  if (query === 'closing') {
    return `SELECT min(l.close_ms) AS ms FROM (
         SELECT l.close_ms FROM ${from}
         WHERE ${where}
         ORDER BY l.sort_date, l.sort_time, l.event_id LIMIT ${d.p('limit')}
       ) AS l WHERE l.close_ms > ${d.p('after')} AND l.close_ms < ${d.p('before')}`;
  }
  return `SELECT e.doc FROM (
         SELECT l.event_id, l.sort_date, l.sort_time FROM ${from}
         WHERE ${where}
         ORDER BY l.sort_date, l.sort_time, l.event_id LIMIT ${d.p('limit')} OFFSET ${d.p('offset')}
       ) AS l JOIN events e ON e.id = l.event_id
       ORDER BY l.sort_date, l.sort_time, l.event_id`;
}

/** The past listing's order (docs/api.md §10.20): newest first, by last date, its time, id. */
const PAST_ORDER = 'l.last_date DESC, l.last_time DESC, l.event_id DESC';

/**
 * A past listing query of docs/api.md §10.20 for one filter shape, for both stores: `count` (one
 * row `n`) or `page` (the `doc` of each event on the page), over the `past_listing` row `l` of
 * each served, not postponed event (`pastRow`): those of venue `slug` whose last date is before
 * `today` and on or after `keep` (`keptSince`), newest first (`PAST_ORDER`, the order index read
 * backwards), with the shape's conditions (`filterConditions` over past rows). Parameters as
 * `filteredListingQuery`'s, plus `keep`.
 * @param from SQLite: how to read the table (`INDEXED BY …`, `NOT INDEXED`); PostgreSQL plans
 *   for itself
 * @param search the plan of the search condition (default `matches`)
 */
export function pastListingQuery(
  query: 'count' | 'page',
  s: FilterShape,
  d: FilterDialect,
  { from: read = '', search = 'matches' }: { from?: string; search?: SearchPlan } = {},
): string {
  const where = [
    `l.venue_slug = ${d.p('slug')} AND l.last_date < ${d.p('today')} AND l.last_date >= ${d.p('keep')}`,
    ...filterConditions(s, d, search, 'past'),
  ].join('\n AND ');
  const from = `past_listing AS l${read === '' ? '' : ` ${read}`}`;
  if (query === 'count') return `SELECT CAST(count(*) AS integer) AS n FROM ${from} WHERE ${where}`;
  return `SELECT e.doc FROM (
         SELECT l.event_id, l.last_date, l.last_time FROM ${from}
         WHERE ${where}
         ORDER BY ${PAST_ORDER} LIMIT ${d.p('limit')} OFFSET ${d.p('offset')}
       ) AS l JOIN events e ON e.id = l.event_id
       ORDER BY ${PAST_ORDER}`;
}

/**
 * The categories query of docs/api.md §10.13 for both stores: each category spelling of the events
 * listed on `today` and how many (`name`, `n`); events without a category are left out.
 */
export const categoriesQuery = (p: Pick<ListingParameters, 'slug' | 'today'>): string =>
  `SELECT category AS name, CAST(count(*) AS integer) AS n FROM listing
   WHERE venue_slug = ${p.slug} AND until >= ${p.today} AND after < ${p.today} AND category <> ''
   GROUP BY category`;

/**
 * The access counts query of docs/api.md §10.15 for both stores: one row with, for each
 * vocabulary id k (`ACCESS_IDS[k]`), `n{k}`: how many events listed on `today` have it on one of
 * their listed dates (an `event_access` row from `today` on with its bit; only served events have
 * rows, and a served event with a date from `today` on is listed), or, for a postponed event
 * listed after its dates (the `FOREVER` span, docs/api.md §10.20), on its last date.
 */
export const accessCountsQuery = (p: Pick<ListingParameters, 'slug' | 'today'>): string =>
  `SELECT ${ACCESS_IDS.map(
    (_id, k) =>
      `CAST(count(DISTINCT CASE WHEN (mask & ${1 << k}) <> 0 THEN event_id END) AS integer) AS n${k}`,
  ).join(', ')}
   FROM (SELECT event_id, mask FROM event_access WHERE venue_slug = ${p.slug} AND date >= ${p.today}
         UNION ALL
         SELECT x.event_id, x.mask FROM listing AS l
           JOIN event_access AS x ON x.event_id = l.event_id AND x.date >= l.last_date
         WHERE l.venue_slug = ${p.slug} AND l.until = '${FOREVER}' AND l.after < ${p.today}) AS a`;

/** The access counts of a row of `accessCountsQuery`, ids in vocabulary order. */
export const accessCounts = (row: Record<string, number>): AccessCount[] =>
  ACCESS_IDS.map((id, k) => ({ id, count: Number(row[`n${k}`] ?? 0) }));
