/**
 * Venue-local wall-clock times placed in the venue's IANA zone (luxon), for the formats that
 * need an instant or an offset: structured data's `startDate` and calendar files. Not for the
 * widget bundle (luxon's size): the widget does not know venues' zones.
 */
import { DateTime, FixedOffsetZone } from 'luxon';

/**
 * Every moment at which the wall clock of IANA zone `zone` reads `date` (`YYYY-MM-DD`) `time`
 * (`HH:MM` or `HH:MM:SS`), earliest first: one normally, two in the hour a DST change repeats,
 * none in the hour it skips.
 */
export function wallTimeReadings(date: string, time: string, zone: string): DateTime[] {
  const guess = DateTime.fromISO(`${date}T${time}`, { zone });
  // The offsets in force a few hours either side; a wall time read at one of them is real when
  // the zone has that offset at the resulting instant.
  const offsets = new Set([-3, 0, 3].map((h) => guess.plus({ hours: h }).offset));
  return [...offsets]
    .map((offset) => ({
      offset,
      there: DateTime.fromISO(`${date}T${time}`, {
        zone: FixedOffsetZone.instance(offset),
      }).setZone(zone),
    }))
    .filter(({ offset, there }) => there.offset === offset)
    .map(({ there }) => there)
    .sort((a, b) => a.toMillis() - b.toMillis());
}

/**
 * The moment a venue-local date and time name in IANA zone `zone`. A repeated time is its first
 * occurrence and a skipped time (02:30 on a spring-forward night) moves forward by the gap, as
 * RFC 5545 §3.3.5 reads them.
 */
export function venueDateTime(date: string, time: string, zone: string): DateTime {
  return wallTimeReadings(date, time, zone)[0] ?? DateTime.fromISO(`${date}T${time}`, { zone });
}

/** A `startDate` formatter for structured data: ISO 8601 with the zone's offset then. */
export function zonedStartDate(zone: string): (date: string, time: string) => string {
  return (date, time) =>
    venueDateTime(date, time, zone).toISO({ suppressMilliseconds: true, includeOffset: true })!;
}
