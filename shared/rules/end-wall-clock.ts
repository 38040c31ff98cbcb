/**
 * When an occurrence ends, as a venue-local wall time (docs/api.md §10.18, docs/decisions.md
 * "Price, performers, end time, few tickets left"): `end_time` is a venue-local wall time; one not
 * after the start time (equal included) is on the next day, so a club night 23:00–04:00 ends the
 * morning after.
 *
 * No time-zone database and no dependency: the JSON-LD builder, which the widget ships, reads it
 * (eslint.config.js keeps luxon out of every module the widget reaches). `end-time.ts` places the
 * wall time in the venue's IANA zone with luxon, for the server's calendar files.
 */
import type { AnyEventAttributes } from '../contract.js';
import { endDay } from './next-day.js';

/** `HH:MM` → `HH:MM:00`; `HH:MM:SS` as it is. */
const seconds = (time: string): string => (time.length === 5 ? `${time}:00` : time);

/**
 * The venue-local end of an occurrence starting on `date` (`YYYY-MM-DD`) at `start` and ending
 * at `end` (both `HH:MM` or `HH:MM:SS`): `{ date, time }` with `time` as `HH:MM:SS`, `date` the
 * next day when `end` is not after `start`.
 */
export function endWallClock(
  date: string,
  start: string,
  end: string,
): { date: string; time: string } {
  const time = seconds(end);
  return { date: endDay(date, seconds(start), time), time };
}

/**
 * The end time of one date of an event, `HH:MM:SS` or undefined when none is given: a tour
 * stop's own (`stop.end_time`, which the API fills with the event's when the stop has none), a
 * single event's `end_time`. The earlier shape has none.
 */
export function endTimeOf(
  attributes: AnyEventAttributes,
  stop?: AnyEventAttributes['occurrences'][number],
): string | undefined {
  if (stop) return 'end_time' in stop ? stop.end_time : undefined;
  return 'end_time' in attributes ? attributes.end_time : undefined;
}
