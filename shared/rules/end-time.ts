/**
 * The instant an occurrence ends (docs/api.md §10.18): `end-wall-clock.ts`'s venue-local end
 * placed in the venue's IANA zone with luxon, for calendar files. Server only (luxon): the
 * widget and the pages import the wall-clock rule from `end-wall-clock.ts`, re-exported here so
 * that one import gives the whole rule.
 */
import type { DateTime } from 'luxon';
import { endWallClock } from './end-wall-clock.js';
import { venueDateTime } from './zoned-time.js';

export { endTimeOf, endWallClock } from './end-wall-clock.js';

/**
 * The instant an occurrence ends, in IANA zone `zone`: `endWallClock`'s wall time read there as
 * the start is (`venueDateTime`: a repeated time is its first occurrence, a skipped one moves
 * forward by the gap, RFC 5545 §3.3.5).
 */
export function endInstant(date: string, start: string, end: string, zone: string): DateTime {
  const at = endWallClock(date, start, end);
  return venueDateTime(at.date, at.time, zone);
}
