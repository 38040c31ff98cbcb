/**
 * All-day dates (docs/api.md §10.22, docs/decisions.md "Sources", all-day events): a date without
 * a time of day, one day or a span of days. The API marks one with `all_day: true` (its
 * `event_time` stays `00:00:00`, so ordering and filters read it on its date) and a span's last
 * day, inclusive, with `end_date`. The one reading of those members for the calendar feed, the
 * JSON-LD, the calendar files and links, the pages and the widget. The exclusive ends calendars
 * write, and a source mapper's conversion from them, are in `all-day-span.ts`: the widget's
 * budgeted first-paint script ships this module whole (`next-day.ts` says why), and needs only
 * this.
 *
 * No time-zone database and no dependency: the widget ships the JSON-LD builder that reads it.
 */
import type { AnyEventAttributes, CompactOccurrence } from '../contract.js';

/** What may carry the members of §10.22: an event's attributes or a compact occurrence. */
type Dated = AnyEventAttributes | CompactOccurrence;

/**
 * The last day (venue-local `YYYY-MM-DD`, inclusive) of an all-day date starting on `date`, when
 * `dated` is all-day: its `end_date` when that is after `date`, else `date`; undefined for a timed
 * date (and always in the earlier shape, which has no §10.22 members).
 */
export function allDayLast(dated: Dated | null | undefined, date: string): string | undefined {
  // Short, for the widget's budgeted script: the earlier shape's types have neither member.
  const d = dated as { all_day?: true; end_date?: string } | null | undefined;
  const end = d?.end_date ?? '';
  return d?.all_day && (end > date ? end : date);
}
