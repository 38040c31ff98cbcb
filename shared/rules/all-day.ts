/**
 * All-day dates (docs/api.md §10.22, docs/decisions.md "Sources", all-day events): a date without
 * a time of day, one day or a span of days. The API marks one with `all_day: true` (its
 * `event_time` stays `00:00:00`, so ordering and filters read it on its date) and a span's last
 * day, inclusive, with `end_date`. The one reading of those members for the calendar feed, the
 * JSON-LD, the calendar files and links, the pages and the widget; and the conversion a source
 * mapper needs from iCalendar's exclusive `DTEND;VALUE=DATE`.
 *
 * No time-zone database and no dependency: the widget ships the JSON-LD builder that reads it.
 */
import type { AnyEventAttributes, CompactOccurrence } from '../contract.js';
import { nextDay } from './next-day.js';

/** What may carry the members of §10.22: an event's attributes or a compact occurrence. */
type Dated = AnyEventAttributes | CompactOccurrence;

/**
 * The last day (venue-local `YYYY-MM-DD`, inclusive) of an all-day date starting on `date`, when
 * `dated` is all-day: its `end_date` when that is after `date`, else `date`; undefined for a timed
 * date (and always in the earlier shape, which has no §10.22 members).
 */
export function allDayLast(dated: Dated | null | undefined, date: string): string | undefined {
  if (!dated || !('all_day' in dated) || dated.all_day !== true) return undefined;
  const end = 'end_date' in dated ? dated.end_date : undefined;
  return end !== undefined && end > date ? end : date;
}

/**
 * The exclusive end (`YYYY-MM-DD`, the day after the last) of an all-day date whose last day is
 * `last`: what iCalendar's `DTEND;VALUE=DATE`, FullCalendar's `end` and Google Calendar's
 * `dates` expect.
 */
export const exclusiveEnd = (last: string): string => nextDay(last);

/**
 * The venue file's `end_date` (inclusive, docs/api.md §10.22) of an all-day event that starts on
 * `start` and ends before `exclusiveEnd` (both `YYYY-MM-DD`, as iCalendar's `DTSTART;VALUE=DATE`
 * and `DTEND;VALUE=DATE` give them): the day before `exclusiveEnd`; undefined for a one-day
 * event (no end, or an end not after the next day).
 */
export function inclusiveEndDate(start: string, exclusiveEnd?: string): string | undefined {
  if (exclusiveEnd === undefined || exclusiveEnd <= nextDay(start)) return undefined;
  return new Date(Date.parse(`${exclusiveEnd}T00:00Z`) - 864e5).toISOString().slice(0, 10);
}
