/**
 * Which events are listed on a venue-local date, and in which order: the one home of docs/api.md §4.1
 * rules 1–3 and docs/decisions.md "Multi-date events" for both stores. An event is stored with one
 * listing span per range of dates over which it is listed with a fixed current stop; a store
 * lists it on `today` when `after < today <= until` and sorts by (`sortDate`, `sortTime`, id),
 * with the SQL of `listingQueries`, which both stores run.
 */
import { currentStopIndex } from '../../shared/rules/stops.js';
import type { StoredEvent } from './model.js';

/** Venue-local dates (`YYYY-MM-DD`) `(after, until]` and the event's sort key within them. */
export interface ListingSpan {
  /** Exclusive lower bound; `''` for "since ever". */
  after: string;
  /** Inclusive upper bound. */
  until: string;
  sortDate: string;
  sortTime: string;
}

/** The spans over which a served event is listed; none for an event the API does not serve. */
export function listingSpans(event: StoredEvent): ListingSpan[] {
  if (!event.served) return [];
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
