/**
 * Listings across venues (docs/api.md §10.16) in both stores: each listing row also holds the UTC
 * instant of the date it shows (its `sort_date` + `sort_time` in the venue's IANA zone), so that
 * several venues' events, each venue listed from its own venue-local today, are one query ordered
 * by instant, ties in the order the venues were named, then each venue's own order (§4.1 rule 3):
 * the order `server/listing/merged-source.ts` gives by merging the venues' lists.
 *
 * That merge takes each venue's list as it comes; sorting by instant gives the same order while
 * each venue's instants never fall back along its own list, which holds unless an event is at a
 * wall time a DST change skips (02:30 on a spring-forward night is read as 03:30, after 03:00).
 * A row showing an earlier instant than one before it in its venue's list is marked `behind`, so
 * a reader can tell (`Store.mergeFacts`) and merge that venue's list as it comes.
 */
import { LRUCache } from 'lru-cache';
import { IANAZone } from 'luxon';
import { instantMs } from '../../shared/rules/wire-format.js';
import { venueDateTime } from '../../shared/rules/zoned-time.js';
import {
  filterConditions,
  listingSpans,
  type FilterDialect,
  type FilterParameter,
  type FilterShape,
  type ListingSpan,
  type SearchPlan,
} from './listing.js';
import type { StoredEvent } from './model.js';
import { DAY_MS } from '../../shared/rules/days.js';

/** A listing row's place in its venue's list: its event and the date and time it shows. */
export interface RowKey {
  eventId: number;
  /** `YYYY-MM-DD` and `HH:MM:SS`, venue-local: the row's `sort_date` and `sort_time`. */
  sortDate: string;
  sortTime: string;
}

/** The instant columns of a listing row. */
export interface Placed {
  /** UTC epoch ms of the row's `sortDate` + `sortTime` in the venue's zone (`venueDateTime`). */
  instantMs: number;
  /**
   * True when a row before it in the venue's list order shows a later instant (or, in
   * `venueListingRows`, when the row is listed only after the date it shows).
   */
  behind: boolean;
}

/** Orders rows as a venue lists them: `sort_date`, `sort_time`, event id. */
function listOrder(a: RowKey, b: RowKey): number {
  if (a.sortDate !== b.sortDate) return a.sortDate < b.sortDate ? -1 : 1;
  if (a.sortTime !== b.sortTime) return a.sortTime < b.sortTime ? -1 : 1;
  return a.eventId - b.eventId;
}

/** Milliseconds in an hour. */
const HOUR_MS = 3_600_000;

/**
 * Hours after a date's UTC midnight at which `zonePlacer` looks up the zone's offset: from the
 * earliest instant a wall clock can read that date (UTC+14 at 00:00) to the latest (UTC−12 at
 * 24:00), every 12.5 hours.
 */
const PROBES_H = [-14, -1.5, 11, 23.5, 36];

/**
 * `(date, time) → UTC epoch ms` of wall times in IANA zone `zone`: `venueDateTime`'s reading (a
 * repeated time's first occurrence, a skipped one moved forward by the gap). That costs luxon
 * some 150 µs a time and an import places every listed date, so a date on which the zone's
 * offset is one and the same over every instant its wall clock could read it (`PROBES_H`: a
 * change and its reversal within 12.5 hours would go unseen; no zone has one) is placed by that
 * offset, looked up once per zone and date (`IANAZone.offset`, a few µs each). Only a date with a
 * change near it asks `venueDateTime`.
 */
export function zonePlacer(zone: string): (date: string, time: string) => number {
  const iana = IANAZone.create(zone);
  return (date, time) => {
    const key = `${zone}|${date}`;
    let offset = dayOffsets.get(key);
    if (offset === undefined) {
      const midnight = Date.parse(`${date}T00:00:00Z`);
      const seen = new Set(PROBES_H.map((h) => iana.offset(midnight + h * HOUR_MS)));
      dayOffsets.set(key, (offset = seen.size === 1 ? [...seen][0]! : false));
    }
    if (offset === false) return venueDateTime(date, time, zone).toMillis();
    return Date.parse(`${date}T${time}Z`) - offset * 60_000;
  };
}

/**
 * `zone|date` → the zone's one offset (minutes) around that date, or false (`zonePlacer`): kept
 * per process, as the venues of a zone share their dates and an answer never changes. A few
 * dozen bytes an entry, bounded.
 */
const dayOffsets = new LRUCache<string, number | false>({ max: 100_000 });

/**
 * The instant columns of `rows`, every listing row of one venue in IANA zone `zone` (`behind`
 * compares each with all before it), in the order given.
 */
export function placeRows(zone: string, rows: readonly RowKey[]): Placed[] {
  const instantOf = zonePlacer(zone);
  const placed: Placed[] = rows.map(({ sortDate, sortTime }) => ({
    instantMs: instantOf(sortDate, sortTime),
    behind: false,
  }));
  const order = rows.map((_, i) => i).sort((a, b) => listOrder(rows[a]!, rows[b]!));
  let latest = -Infinity;
  for (const i of order) {
    const row = placed[i]!;
    row.behind = row.instantMs < latest;
    latest = Math.max(latest, row.instantMs);
  }
  return placed;
}

/** A listing row as an import writes it: a span of a served event, placed, and its closure. */
export interface ListingRow extends Placed {
  event: StoredEvent;
  span: ListingSpan;
  /** The event's sales closure (`closeAt`), UTC epoch ms, or null. */
  closeMs: number | null;
}

/** The sales closure of `event`, UTC epoch ms (as the ticket office compares it), or null. */
export const closeMsOf = (event: StoredEvent): number | null =>
  event.closeAt === null ? null : instantMs(event.closeAt);

/**
 * The listing rows of a venue in IANA zone `zone` holding `events` (all of them), in their order.
 * A row listed only after the date it shows (a postponed event's once its date has passed,
 * docs/api.md §10.20: its span starts on that date) is marked `behind` too: its instant may be
 * before the earliest a query across venues reads (`listedSince`), so a reader merges that
 * venue's list as it comes (`Store.mergeFacts`) while it is listed.
 */
export function venueListingRows(zone: string, events: readonly StoredEvent[]): ListingRow[] {
  const spans = events.flatMap((event) => listingSpans(event).map((span) => ({ event, span })));
  const placed = placeRows(
    zone,
    spans.map(({ event, span }) => ({ eventId: event.id, ...span })),
  );
  return spans.map(({ event, span }, i) => ({
    event,
    span,
    ...placed[i]!,
    behind: placed[i]!.behind || span.sortDate <= span.after,
    closeMs: closeMsOf(event),
  }));
}

/**
 * The UTC epoch ms before which no event listed on venue-local date `today` or later, in any zone,
 * shows its date: UTC midnight of `today` less two days (no zone is more than 14 hours ahead of
 * UTC). What a query across venues starts its scan of the instants from, past events skipped.
 */
export const listedSince = (today: string): number => Date.parse(`${today}T00:00:00Z`) - 2 * DAY_MS;

/** How a store writes a query across venues beyond what `FilterDialect` writes. */
export interface AcrossDialect extends Omit<FilterDialect, 'p'> {
  /** The placeholder of a parameter; `slug` and `today` are never asked (see below). */
  p(name: FilterParameter): string;
  /**
   * SQL true when row `l`'s venue is one of those asked and the row is listed on its today
   * (`after < today <= until`, docs/api.md §4.1).
   */
  listed: string;
  /**
   * SQL of row `l`'s venue as the query orders by it after the instant: its index (0-based) among
   * those asked, in the order named (the merge's order), or its slug (an index's order, which the
   * store puts in the merge's order itself: `inNamedOrder`).
   */
  venue: string;
  /** SQL of the venue-local date `YYYY-MM-DD` row `l`'s venue is listed for (access filter). */
  today: string;
  /** SQLite: the index to read (`INDEXED BY`); PostgreSQL plans for itself. */
  index?: string;
}

/** The queries across venues (`acrossQuery`). */
export type AcrossQuery = 'page' | 'keys' | 'tie' | 'shares';

/**
 * A query across venues for filter shape `s`, for both stores. Each venue's events are those it
 * lists on its own `today` (docs/api.md §4.1) passing the filter (§10.12, §10.15), ordered by
 * instant, then the dialect's `venue`, then the venue's own order. `page`: rows `venue`,
 * `instant`, `event_id` and `doc` (in that order), `limit` of them after `offset`;
 * `keys`: the same without `doc`; `tie`: those of `page` at instant `at`, all; `shares`: rows
 * `venue`, `n`, how many of the first `limit` events are each venue's (none: no row).
 * Parameters: `since` (`listedSince` of the earliest today), `limit`, `offset`, `at`, the
 * shape's and the dialect's for the venues.
 */
export function acrossQuery(
  query: AcrossQuery,
  s: FilterShape,
  d: AcrossDialect,
  search: SearchPlan,
): string {
  const filters: FilterDialect = {
    // The date and access conditions name the row's own venue and its listed date.
    p: (name) => (name === 'slug' ? 'l.venue_slug' : name === 'today' ? d.today : d.p(name)),
    anyCategory: d.anyCategory,
    searched: d.searched,
  };
  const where = [
    query === 'tie' ? `l.instant = ${d.p('at')}` : `l.instant >= ${d.p('since')}`,
    d.listed,
    ...filterConditions(s, filters, search),
  ].join('\n AND ');
  const from = `listing AS l${d.index === undefined ? '' : ` INDEXED BY ${d.index}`}`;
  const order = 'l.instant, venue, l.sort_date, l.sort_time, l.event_id';
  const keys = `${d.venue} AS venue, l.instant, l.event_id`;
  if (query === 'shares') {
    return `SELECT l.venue, CAST(count(*) AS integer) AS n FROM (
         SELECT ${d.venue} AS venue FROM ${from} WHERE ${where}
         ORDER BY ${order} LIMIT ${d.p('limit')}
       ) AS l GROUP BY l.venue`;
  }
  // Placeholders are numbered as they are written (PostgreSQL): only those of the SQL returned.
  const window = query === 'tie' ? '' : ` LIMIT ${d.p('limit')} OFFSET ${d.p('offset')}`;
  if (query === 'keys')
    return `SELECT ${keys} FROM ${from} WHERE ${where} ORDER BY ${order}${window}`;
  return `SELECT l.venue, l.instant, l.event_id, e.doc FROM (
         SELECT ${keys}, l.sort_date, l.sort_time FROM ${from} WHERE ${where} ORDER BY ${order}${window}
       ) AS l JOIN events AS e ON e.id = l.event_id
       ORDER BY l.instant, l.venue, l.sort_date, l.sort_time, l.event_id`;
}
