/**
 * Venue-local wall-clock times placed in the venue's IANA zone (luxon), for the formats that
 * need an instant or an offset: structured data's `startDate` and calendar files. Not for the
 * widget bundle (luxon's size): the widget does not know venues' zones.
 */
import { DateTime, FixedOffsetZone } from 'luxon';

/**
 * The moment a venue-local date (`YYYY-MM-DD`) and time (`HH:MM` or `HH:MM:SS`) name in IANA zone
 * `zone`. A time skipped by a DST change (02:30 on a spring-forward night) moves forward by the
 * gap, as luxon and RFC 5545 §3.3.5 both read it; a repeated time is its first occurrence.
 */
export function venueDateTime(date: string, time: string, zone: string): DateTime {
  const guess = DateTime.fromISO(`${date}T${time}`, { zone });
  // The offsets in force a few hours either side; a wall time read at one of them is real when
  // the zone has that offset at the resulting instant. The earliest real reading wins.
  const offsets = new Set(
    [-3, 0, 3].map((h) => guess.plus({ hours: h }).offset), // minutes east of UTC
  );
  let first: DateTime | undefined;
  for (const offset of offsets) {
    const fixed = DateTime.fromISO(`${date}T${time}`, { zone: FixedOffsetZone.instance(offset) });
    const there = fixed.setZone(zone);
    if (there.offset === offset && (!first || there.toMillis() < first.toMillis())) first = there;
  }
  return first ?? guess;
}

/** A `startDate` formatter for structured data: ISO 8601 with the zone's offset then. */
export function zonedStartDate(zone: string): (date: string, time: string) => string {
  return (date, time) =>
    venueDateTime(date, time, zone).toISO({ suppressMilliseconds: true, includeOffset: true })!;
}
