/**
 * All-day spans as calendars write them (docs/api.md §10.22): the day after the last, which
 * iCalendar's `DTEND;VALUE=DATE`, FullCalendar's `end` and Google Calendar's `dates` take as an
 * exclusive end, and back from it to the venue file's inclusive `end_date` (a source mapper's
 * conversion). Server-side: apart from `all-day.ts`, which the widget ships.
 */
import { nextDay } from './next-day.js';
import { addDays } from './days.js';

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
  return addDays(exclusiveEnd, -1);
}

/**
 * The venue file's all-day members (docs/api.md §10.22) of an event or a stop that starts on
 * `start` and ends before `exclusiveEnd` (both `YYYY-MM-DD`, as an `.ics` `DTSTART;VALUE=DATE`
 * and `DTEND;VALUE=DATE` give them; none: one day): `all_day`, and `end_date` for a span.
 */
export function allDayInput(
  start: string,
  exclusiveEnd?: string,
): { all_day: true; end_date?: string } {
  const endDate = inclusiveEndDate(start, exclusiveEnd);
  return { all_day: true, ...(endDate !== undefined && { end_date: endDate }) };
}
