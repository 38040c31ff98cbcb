/**
 * Which events are listed on a venue-local date, and in which order: the one home of spec §4.1
 * rules 1–3 and decisions.md "Multi-date events" for both stores. An event is stored with one
 * listing span per range of dates over which it is listed with a fixed current stop; a store
 * lists it on `today` when `after < today <= until` and sorts by (`sortDate`, `sortTime`, id).
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
