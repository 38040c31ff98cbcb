/**
 * A venue's calendar day at an instant (docs/decisions.md "venue clock"): the one home of "today" for
 * the origin (which always knows the venue's IANA zone) and the proxy (which knows it only when
 * the operator configured it). Not for the widget bundle (luxon's size).
 */
import { DateTime } from 'luxon';

/** A venue-local calendar day: its date and the UTC instants (epoch ms) it starts and ends. */
export interface VenueDay {
  /** `YYYY-MM-DD`. */
  today: string;
  startMs: number;
  endMs: number;
}

/**
 * The venue-local day containing `nowMs` (UTC epoch ms) in IANA zone `timezone`. `endMs` is the
 * next midnight there, so DST days last 23 or 25 hours. An unknown zone gives luxon's invalid
 * date (no error is thrown): callers pass zones checked when the venue was stored or configured.
 */
export function venueDay(timezone: string, nowMs: number): VenueDay {
  const start = DateTime.fromMillis(nowMs, { zone: timezone }).startOf('day');
  return {
    today: start.toISODate()!,
    startMs: start.toMillis(),
    endMs: start.plus({ days: 1 }).toMillis(),
  };
}

/**
 * `YYYY-MM-DD` at `nowMs` (UTC epoch ms): the venue-local date when `venue.timezone` (an IANA
 * zone) is known, else the UTC date, as the proxy's pages take it for a venue without a zone.
 * Any venue shape with its slug and optional `timezone` will do (a page's venue, a stored one).
 * `day` places the instant in the zone (`venueDays()`' cached reading where it is asked often).
 */
export function venueToday<Venue extends { readonly slug: string; readonly timezone?: string }>(
  venue: Venue,
  nowMs: number,
  day: (timezone: string, nowMs: number) => VenueDay = venueDay,
): string {
  return venue.timezone
    ? day(venue.timezone, nowMs).today
    : new Date(nowMs).toISOString().slice(0, 10);
}

/**
 * `venueDay`, computed once per zone and day: placing an instant in a zone costs luxon tens of
 * µs, and a listing of several venues asks for each venue's day on every request. The map grows
 * by one entry per zone named (zones are configured or stored, never a request's).
 */
export function venueDays(): (timezone: string, nowMs: number) => VenueDay {
  const days = new Map<string, VenueDay>();
  return (timezone, nowMs) => {
    let day = days.get(timezone);
    if (!day || nowMs < day.startMs || nowMs >= day.endMs) {
      days.set(timezone, (day = venueDay(timezone, nowMs)));
    }
    return day;
  };
}

/**
 * A UTC instant (`YYYY-MM-DDTHH:MM:SS.ffffffZ`, as the API writes one) on the venue's clock in IANA
 * zone `timezone`: `YYYY-MM-DDTHH:MM:SS`, venue-local (docs/api.md §10.23 `on_sale_local`), so a
 * client that knows no zone can write the time the venue announced. Zones are checked when stored.
 */
export const venueClock = (instant: string, timezone: string): string =>
  DateTime.fromISO(instant, { zone: timezone }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
