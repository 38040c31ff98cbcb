/**
 * A postponed event is never past (docs/api.md §10.20 "A postponed event keeps its date",
 * docs/decisions.md "When plans change"): the one rule of the stores' listing rows
 * (`server/store/listing.ts`, whose SQL both stores run), the pages (`server/pages/event-facts.ts`
 * `isPast`) and the filters the proxy and the calendar feed apply (`shared/rules/filters.ts`).
 * Venue-local calendar dates (`YYYY-MM-DD`) only, compared as strings: no clock, no zone.
 */
import type { AnyEventAttributes } from '../contract.js';

/**
 * The last day on which a postponed event is listed: none, as a date every `YYYY-MM-DD` sorts
 * before. The stores write it as the `until` of the span listing such an event after its date.
 */
export const LISTED_FOREVER = '9999-12-31';

/**
 * Whether an event with event-level `schedule_status` `status` waits for a new date: `postponed`
 * (docs/api.md §10.20). A stop postponed alone does not hold its tour back.
 */
export const waitsForDate = (status: string | undefined): boolean => status === 'postponed';

/**
 * The last venue-local day (`YYYY-MM-DD`) an event is listed on as upcoming: its last date (a
 * tour's last stop, cancelled or not), or `LISTED_FOREVER` for a postponed one (`waitsForDate`).
 */
export const listedUntil = (lastDate: string, status: string | undefined): string =>
  waitsForDate(status) ? LISTED_FOREVER : lastDate;

/**
 * Whether an event whose last date is `lastDate` and event-level status `status` is past on the
 * venue-local `today` (docs/api.md §10.20: listed by `when=past`, no longer upcoming): its
 * `listedUntil` is before `today`, so a postponed event never is.
 */
export const isPastOn = (lastDate: string, status: string | undefined, today: string): boolean =>
  listedUntil(lastDate, status) < today;

/**
 * The first of an upcoming event's dates that its listing on `today` reads (its card, the date
 * and access filters, docs/api.md §10.12, §10.15, §10.20): `today`, or for an event listed after
 * its last date (postponed: never past) that last date, "the date its card shows". The stores'
 * SQL writes the same as `CASE WHEN last < today THEN last ELSE today END`.
 */
export const firstListedDay = (today: string, lastDate: string): string =>
  lastDate < today ? lastDate : today;

/**
 * An event resource's last venue-local date (docs/api.md §10.20): a single event's date, a
 * tour's last stop's (cancelled or not); undefined for a tour without stops.
 */
export const lastDateOf = (attributes: AnyEventAttributes): string | undefined =>
  attributes.date_mode === 'single'
    ? attributes.event_date.slice(0, 10)
    : attributes.occurrences.at(-1)?.occurrence_date;

/**
 * Whether an event resource is past on the venue-local `today` (`isPastOn` with `lastDateOf`).
 * Its `schedule_status` stands for the event's: a tour's is its current stop's when that stop
 * has a status of its own (docs/api.md §10.20 "A tour"), so a tour whose last stop alone is
 * postponed reads as never past here while the stores, which know the event's own status, list it
 * as past once that stop has passed.
 */
export function isPast(attributes: AnyEventAttributes, today: string): boolean {
  const last = lastDateOf(attributes);
  const status = 'schedule_status' in attributes ? attributes.schedule_status : undefined;
  return last !== undefined && isPastOn(last, status, today);
}
