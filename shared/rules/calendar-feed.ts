/**
 * The calendar feed (docs/api.md §10.14, an extension): FullCalendar's JSON event feed of a
 * venue's listed dates. FullCalendar asks for `start` and `end` (ISO 8601: a date, or a date-time
 * with `Z`, an offset, or none plus a `timeZone` parameter) and shows each object on its day.
 * Server-side (luxon): the widget reads the feed, it never builds one.
 */
import { DateTime } from 'luxon';
import type { EventResource, TicketOffice } from '../contract.js';
import { hasAllAccess, type AccessId } from './access.js';
import { allDayLast } from './all-day.js';
import { exclusiveEnd } from './all-day-span.js';
import { endTimeOf, endWallClock } from './end-wall-clock.js';
import { FilterError, listedDates } from './filters.js';
import { labelTime } from './structured-data.js';
import { venueDateTime } from './zoned-time.js';
import { FEED_MAX_DAYS, type FeedParameter } from '../queries.js';

/** The feed range's bound, defined with its parameters (shared/queries.ts). */
export { FEED_MAX_DAYS };

/** A feed request's range as venue-local wall-clock date-times `YYYY-MM-DDTHH:MM:SS`. */
export interface FeedRange {
  /** Inclusive. */
  readonly start: string;
  /** Exclusive. */
  readonly end: string;
  /** The venue-local dates the range touches, inclusive: the store's date filter. */
  readonly startDate: string;
  readonly endDate: string;
}

/** One object of the feed, as FullCalendar's event parser reads it. */
export interface FeedEvent {
  /** Unique per listed date and time: `{event id}-{YYYY-MM-DD}-{HHMM}`. */
  id: string;
  /** The event id: FullCalendar groups a tour's stops by it. */
  groupId: string;
  title: string;
  /**
   * Venue-local date-time with the venue's UTC offset then (`2026-12-05T19:30:00+00:00`); an
   * all-day date's venue-local date alone (`2026-12-05`, docs/api.md §10.22).
   */
  start: string;
  /**
   * When the date ends, in `start`'s form; only when the venue gives an end time (docs/api.md
   * §10.18): the next day when not after the start. An all-day date's is the day after its last
   * (exclusive, as FullCalendar reads a date-only end; §10.22), always given.
   */
  end?: string;
  /** The public event page. */
  url: string;
  /** True for an all-day date (docs/api.md §10.22): `start` and `end` are dates. */
  allDay: boolean;
  extendedProps: {
    category: string;
    location: string;
    cancelled: boolean;
    /** Null in the earlier shape (docs/api.md §9). */
    ticket_office: TicketOffice | null;
    /**
     * That date's effective access provisions in vocabulary order (docs/api.md §10.15), only
     * for an event with access data.
     */
    access?: AccessId[];
    /** The event's venue, in a feed of several venues only (docs/api.md §10.16). */
    venue?: { slug: string; name: string; timezone: string };
  };
}

const LOCAL = "yyyy-MM-dd'T'HH:mm:ss";
const HAS_OFFSET = /T[\d:.]+(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;

function readBound(
  query: Record<string, unknown>,
  name: Extract<FeedParameter, 'start' | 'end'>,
  zone: string,
): DateTime {
  const value = query[name];
  if (typeof value !== 'string' || value === '') {
    throw new FilterError(name, `${name} is required: an ISO 8601 date or date-time.`);
  }
  // With an offset the text names an instant; without, a wall time in `timeZone` (or the venue's).
  const parsed = HAS_OFFSET.test(value)
    ? DateTime.fromISO(value, { setZone: true })
    : DateTime.fromISO(value, { zone });
  if (!parsed.isValid || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
    throw new FilterError(name, `${name} must be an ISO 8601 date or date-time.`);
  }
  return parsed;
}

/**
 * The range of a feed request in the venue's IANA zone `venueZone`.
 * @throws FilterError (parameter `start`, `end` or `timeZone`) for a missing or unreadable bound,
 *   an unknown `timeZone`, `end` not after `start`, or a range over `FEED_MAX_DAYS` days.
 */
export function parseFeedRange(query: Record<string, unknown>, venueZone: string): FeedRange {
  const tz = query.timeZone;
  let zone = venueZone;
  if (typeof tz === 'string' && tz !== '' && tz !== 'local') {
    if (!DateTime.local().setZone(tz).isValid) {
      throw new FilterError('timeZone', 'timeZone must be an IANA time zone, UTC or local.');
    }
    zone = tz;
  }
  const start = readBound(query, 'start', zone).setZone(venueZone);
  const end = readBound(query, 'end', zone).setZone(venueZone);
  if (end <= start) throw new FilterError('end', 'end must be after start.');
  if (end.diff(start, 'days').days > FEED_MAX_DAYS) {
    throw new FilterError('end', `A feed range may span at most ${FEED_MAX_DAYS} days.`);
  }
  return {
    start: start.toFormat(LOCAL),
    end: end.toFormat(LOCAL),
    startDate: start.toISODate()!,
    endDate: end.minus({ milliseconds: 1 }).toISODate()!,
  };
}

/** What a feed needs to know beyond the events: the venue's day and zone, and its page URLs. */
export interface FeedContext {
  /** Venue-local `YYYY-MM-DD`. */
  today: string;
  /** The venue's IANA zone; undefined (a proxy without one configured): times without offset. */
  zone: string | undefined;
  /** The event page of an event. */
  pageUrl: (event: EventResource) => string;
  /** The access filter (docs/api.md §10.15): only dates having every id; absent: no filter. */
  access?: readonly AccessId[];
}

/** One listed date of an event as the feed reads it. */
interface Reading {
  date: string;
  time: string;
  /**
   * Venue-local end `YYYY-MM-DDTHH:MM:SS`, when given; an all-day date's exclusive end date
   * `YYYY-MM-DD` (docs/api.md §10.22).
   */
  end: string | undefined;
  /** An all-day date (docs/api.md §10.22). */
  allDay: boolean;
  location: string;
  off: boolean;
  access: AccessId[] | undefined;
}

/** The local end date-time of a date starting `date` `time` and ending at `end` (`HH:MM:SS`). */
function localEnd(date: string, time: string, end: string | undefined): string | undefined {
  if (end === undefined) return undefined;
  const at = endWallClock(date, time, end);
  return `${at.date}T${at.time}`;
}

/** The listed dates of an event from `today` on: its date, or its stops from `today` on. */
function readings(event: EventResource, today: string): Reading[] {
  const a = event.attributes;
  if (a.date_mode === 'single') {
    const date = a.event_date.slice(0, 10);
    const time = a.event_time;
    const last = allDayLast(a, date);
    const end = last ? exclusiveEnd(last) : localEnd(date, time, endTimeOf(a));
    const allDay = last !== undefined;
    return [{ date, time, end, allDay, location: a.location, off: false, access: a.access }];
  }
  const dates = new Set(listedDates(event, today));
  return a.occurrences
    .filter((o) => dates.has(o.occurrence_date))
    .map((o) => {
      const time = labelTime(o.time_label) ?? '00:00:00';
      const last = allDayLast(o, o.occurrence_date);
      return {
        date: o.occurrence_date,
        time,
        end: last ? exclusiveEnd(last) : localEnd(o.occurrence_date, time, endTimeOf(a, o)),
        allDay: last !== undefined,
        location: o.location_label,
        off: o.status === 'cancelled',
        access: o.access,
      };
    });
}

/**
 * A reading is in `range` when it starts within it; an all-day span (docs/api.md §10.22) when any
 * of its days is, so a span begun before a month still shows on that month's first days.
 */
function inRange({ date, time, end, allDay }: Reading, range: FeedRange): boolean {
  if (allDay) return `${date}T00:00:00` < range.end && `${end!}T00:00:00` > range.start;
  return `${date}T${time}` >= range.start && `${date}T${time}` < range.end;
}

/**
 * The feed objects of a listed event within `range`: one for a single event, one per stop from
 * `today` on for a tour (a cancelled stop with `cancelled: true`), in date order; with
 * `ctx.access`, only those whose provisions include every id (docs/api.md §10.15).
 */
export function feedEvents(event: EventResource, range: FeedRange, ctx: FeedContext): FeedEvent[] {
  const a = event.attributes;
  return readings(event, ctx.today)
    .filter((r) => inRange(r, range))
    .filter(({ access }) => !ctx.access?.length || hasAllAccess(access, ctx.access))
    .map(({ date, time, end, allDay, location, off, access }) => ({
      id: `${event.id}-${date}-${time.slice(0, 2)}${time.slice(3, 5)}`,
      groupId: event.id,
      title: a.title,
      // An all-day date's start and end are dates, in no zone (docs/api.md §10.22).
      start: allDay ? date : ctx.zone ? zonedStart(ctx.zone, `${date}T${time}`) : `${date}T${time}`,
      ...(end && { end: ctx.zone && !allDay ? zonedStart(ctx.zone, end) : end }),
      url: ctx.pageUrl(event),
      allDay,
      extendedProps: {
        category: a.category,
        location,
        cancelled: off || a.publish_status === 'cancelled',
        ticket_office: 'ticket_office' in a ? a.ticket_office : null,
        ...(access && { access: [...access] }),
      },
    }));
}

/**
 * The feed document: the objects of every event in `events` (each as `feedEvents` gives them) in
 * date order, ties in list order. With `ctx.zone`, each `start` (and `end`) gets the zone's offset through
 * `zoned` (a venue-local `YYYY-MM-DDTHH:MM:SS` → the ISO date-time with its offset; default
 * luxon's `venueDateTime`, about 0.2 ms a call: a caller serving many feeds passes a cached one).
 */
export function feedDocument(
  events: readonly EventResource[],
  range: FeedRange,
  ctx: FeedContext,
  zoned: (local: string) => string = (local) => zonedStart(ctx.zone!, local),
): FeedEvent[] {
  const local = { ...ctx, zone: undefined };
  return events
    .flatMap((event) => feedEvents(event, range, local))
    .map((item, i) => ({ item, i }))
    .sort((a, b) =>
      a.item.start < b.item.start ? -1 : a.item.start > b.item.start ? 1 : a.i - b.i,
    )
    .map(({ item }) =>
      ctx.zone && !item.allDay
        ? { ...item, start: zoned(item.start), ...(item.end && { end: zoned(item.end) }) }
        : item,
    );
}

/** `YYYY-MM-DDTHH:MM:SS` in IANA zone `zone` as ISO 8601 with that zone's offset then. */
export function zonedStart(zone: string, local: string): string {
  const [date, time] = local.split('T') as [string, string];
  return venueDateTime(date, time, zone).toISO({ suppressMilliseconds: true })!;
}
