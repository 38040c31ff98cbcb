/**
 * "Add to Google Calendar" and "Add to Outlook" links of one dated event, and the query values
 * the calendar routes read (docs/api.md §10.6): the redirect's `date` (which stop) and the venue
 * feed's `ids` (the saved events). Pure: the zone and the event's wall time are passed in, no
 * clock is read. Server-only (luxon, through `zoned-time.ts`): the widget links to the server's
 * redirects, since it does not know the venue's zone.
 */
import type { DateTime } from 'luxon';
import type { EventResource } from '../contract.js';
import { EVENT_ID, whole } from '../patterns.js';
import { allDayLast } from './all-day.js';
import { exclusiveEnd } from './all-day-span.js';
import { endTimeOf, endWallClock } from './end-wall-clock.js';
import { dayNumber, FilterError } from './filters.js';
import { labelTime, stopAnchor } from './structured-data.js';
import { venueDateTime, wallTimeReadings } from './zoned-time.js';
import { MAX_FEED_IDS } from '../queries.js';

/** The two calendar services a redirect opens (docs/api.md §10.6). */
export const CALENDAR_SERVICES = ['google', 'outlook'] as const;
export type CalendarService = (typeof CALENDAR_SERVICES)[number];

/** The bound of `ids`, defined with the parameter (shared/queries.ts). */
export { MAX_FEED_IDS };

/**
 * Bounds, in characters once percent-encoded, of the free-text values a link carries: the title
 * and the location are the venue's text of any length, and the whole link must stay well under
 * the 2,000 characters browsers and the services accept. With the details (one line: a page URL
 * under 300 characters) and the fixed parts, a link is at most about 1,500 characters.
 */
export const LINK_TEXT_BOUNDS = { title: 600, location: 400, details: 400 } as const;

/** One dated event to add to a calendar, as both links read it. */
export interface CalendarLinkEvent {
  /** Title, plain text (clipped to `LINK_TEXT_BOUNDS.title` encoded characters). */
  title: string;
  /** Venue-local date `YYYY-MM-DD`. */
  date: string;
  /** Venue-local wall time, `HH:MM` or `HH:MM:SS` (24-hour). */
  time: string;
  /** IANA zone of that wall time (the venue's; `UTC` when unknown). */
  zone: string;
  /** Length in minutes when `end` is not given (the .ics files' default). */
  durationMinutes: number;
  /**
   * The venue-local end wall time `HH:MM:SS` (docs/api.md §10.18), the next day when not after
   * `time`; absent: `durationMinutes` after the start.
   */
  end?: string;
  /**
   * An all-day date's last day, venue-local `YYYY-MM-DD` inclusive (docs/api.md §10.22): the
   * links then add whole days, `time`, `end` and `durationMinutes` unread.
   */
  last?: string;
  /** Where, plain text; `''` for none (then no location is sent). */
  location: string;
  /** Absolute URL of the event page (a tour's stop anchor included), given in the details. */
  pageUrl: string;
  /**
   * The details line (clipped to `LINK_TEXT_BOUNDS.details` encoded characters): the event page
   * in the request's words (docs/api.md §10.6), `Event page: {pageUrl}` when not given.
   */
  details?: string;
}

/** One date of an event to add: a single event's, or one stop of a tour. */
export interface LinkDate {
  /** Venue-local `YYYY-MM-DD`. */
  date: string;
  /** Venue-local `HH:MM:SS`. */
  time: string;
  /** The stop's location label, else the event's location (may be `''`). */
  location: string;
  /** The stop's anchor on the event page (`stop-YYYY-MM-DD-HHMM`); null for a single event. */
  anchor: string | null;
  /** Venue-local end time `HH:MM:SS` (docs/api.md §10.18), only when the venue gives one. */
  end?: string;
  /** An all-day date's last day, `YYYY-MM-DD` inclusive (docs/api.md §10.22), only for one. */
  last?: string;
}

/**
 * `value` percent-encoded for a query (RFC 3986 §3.4), `/` and `:` left as they are (legal in a
 * query, and what keeps the page URL in the details readable).
 */
const encode = (value: string): string =>
  encodeURIComponent(value).replace(/%2F/g, '/').replace(/%3A/g, ':');

/**
 * `text` cut (on a code point, never inside a surrogate pair) so that its encoding is at most
 * `max` characters, with `…` marking a cut; the text itself when it fits.
 */
export function clipEncoded(text: string, max: number): string {
  if (encode(text).length <= max) return text;
  const room = max - encode('…').length;
  let kept = '';
  let length = 0;
  for (const char of text) {
    const size = encode(char).length;
    if (length + size > room) break;
    kept += char;
    length += size;
  }
  return `${kept}…`;
}

/** `base?name=value&…`, each value encoded; empty values left out. */
const withQuery = (base: string, pairs: readonly (readonly [string, string])[]): string =>
  `${base}?${pairs
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${encode(value)}`)
    .join('&')}`;

/** The start and end instants of `event` in its zone, and whether both wall times are exact. */
function span(event: CalendarLinkEvent): { start: DateTime; end: DateTime; exact: boolean } {
  const start = venueDateTime(event.date, event.time, event.zone);
  const wall =
    event.end === undefined ? undefined : endWallClock(event.date, event.time, event.end);
  const end = wall
    ? venueDateTime(wall.date, wall.time, event.zone)
    : start.plus({ minutes: event.durationMinutes });
  // A wall time a DST change skips or repeats names no single instant (as the .ics files say);
  // given times are checked as given, since `venueDateTime` has already moved a skipped one.
  const once = (date: string, time: string) =>
    wallTimeReadings(date, time, event.zone).length === 1;
  const exact =
    once(event.date, event.time) &&
    once(wall?.date ?? end.toISODate()!, wall?.time ?? end.toFormat('HH:mm:ss'));
  return { start, end, exact };
}

/** The details line: the event page, in the words given (English by default). */
const detailsOf = (event: CalendarLinkEvent): string =>
  clipEncoded(event.details ?? `Event page: ${event.pageUrl}`, LINK_TEXT_BOUNDS.details);

/**
 * The Google Calendar "create event" link of `event` (docs/api.md §10.6):
 * `https://calendar.google.com/calendar/render?action=TEMPLATE&text=…&dates=S/E&ctz=…&details=…&location=…`.
 * `dates` are the start and end wall times in `ctz` (the event's zone), `YYYYMMDDTHHMMSS`; when
 * either falls in an hour a DST change skips or repeats, both are UTC instants
 * (`YYYYMMDDTHHMMSSZ`), the instants the .ics files give. The end is `end` (docs/api.md §10.18),
 * else `durationMinutes` after the start instant. `location` is left out when empty.
 */
export function googleCalendarUrl(event: CalendarLinkEvent): string {
  return withQuery('https://calendar.google.com/calendar/render', [
    ['action', 'TEMPLATE'],
    ['text', clipEncoded(event.title, LINK_TEXT_BOUNDS.title)],
    ['dates', googleDates(event)],
    ['ctz', event.zone],
    ['details', detailsOf(event)],
    ['location', clipEncoded(event.location, LINK_TEXT_BOUNDS.location)],
  ]);
}

/** `YYYY-MM-DD` → `YYYYMMDD`. */
const compactDate = (date: string): string => date.replace(/-/g, '');

/**
 * Google's `dates`: `S/E` as `googleCalendarUrl` says; an all-day date's (docs/api.md §10.22)
 * in Google's date-only form, its first day and the day after its last (exclusive),
 * `20261212/20261215`.
 */
function googleDates(event: CalendarLinkEvent): string {
  if (event.last !== undefined)
    return `${compactDate(event.date)}/${compactDate(exclusiveEnd(event.last))}`;
  const { start, end, exact } = span(event);
  const stamp = (at: DateTime) =>
    exact ? at.toFormat("yyyyLLdd'T'HHmmss") : at.toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'");
  return `${stamp(start)}/${stamp(end)}`;
}

/**
 * The Outlook (outlook.live.com) "add event" link of `event` (docs/api.md §10.6):
 * `https://outlook.live.com/calendar/0/action/compose?rru=addevent&subject=…&startdt=…&enddt=…&location=…&body=…`.
 * `startdt`/`enddt` are UTC instants `YYYY-MM-DDTHH:MM:SSZ`: the venue-local start read in
 * `zone` (a skipped time moved forward, a repeated one its first occurrence, as the .ics files
 * read them), the end at `end` when given, else `durationMinutes` later. `location` is left out when empty.
 */
export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  // docs/api.md §10.22: an all-day date as Outlook takes one, `allday=true` and its dates, the
  // end exclusive as in the .ics files.
  const [startdt, enddt] =
    event.last === undefined ? outlookInstants(event) : [event.date, exclusiveEnd(event.last)];
  return withQuery('https://outlook.live.com/calendar/0/action/compose', [
    ['rru', 'addevent'],
    ['subject', clipEncoded(event.title, LINK_TEXT_BOUNDS.title)],
    ['startdt', startdt],
    ['enddt', enddt],
    ...(event.last === undefined ? [] : ([['allday', 'true']] as [string, string][])),
    ['location', clipEncoded(event.location, LINK_TEXT_BOUNDS.location)],
    ['body', detailsOf(event)],
  ]);
}

/** A timed date's `startdt` and `enddt` (`outlookCalendarUrl`), UTC `YYYY-MM-DDTHH:MM:SSZ`. */
function outlookInstants(event: CalendarLinkEvent): [string, string] {
  const { start, end } = span(event);
  const utc = (at: DateTime) => at.toUTC().toFormat("yyyy-LL-dd'T'HH:mm:ss'Z'");
  return [utc(start), utc(end)];
}

/** The link of `service` for `event`. */
export const calendarUrl = (service: CalendarService, event: CalendarLinkEvent): string =>
  service === 'google' ? googleCalendarUrl(event) : outlookCalendarUrl(event);

/**
 * The date of `resource` a calendar link adds (docs/api.md §10.6), or undefined when there is
 * none to add: a cancelled event; a single event whose date is not `date` (when given); a tour's
 * current stop (`next_occurrence`) or, with `date` (venue-local `YYYY-MM-DD`), its first stop
 * that day not cancelled — none, or a cancelled one, is nothing to add.
 */
export function linkDateOf(resource: EventResource, date?: string): LinkDate | undefined {
  const a = resource.attributes;
  if (a.publish_status === 'cancelled') return undefined;
  if (a.date_mode === 'single') {
    const own = a.event_date.slice(0, 10);
    if (date !== undefined && date !== own) return undefined;
    const end = endTimeOf(a);
    const last = allDayLast(a, own);
    return {
      date: own,
      time: a.event_time,
      location: a.location,
      anchor: null,
      ...(end !== undefined && { end }),
      ...(last !== undefined && { last }),
    };
  }
  const stop =
    date === undefined
      ? a.next_occurrence
      : a.occurrences.find((s) => s.occurrence_date === date && s.status !== 'cancelled');
  if (!stop || stop.status === 'cancelled') return undefined;
  const time = labelTime(stop.time_label);
  if (!time) return undefined;
  const end = endTimeOf(a, stop);
  const last = allDayLast(stop, stop.occurrence_date);
  return {
    date: stop.occurrence_date,
    time,
    location: stop.location_label || a.location,
    anchor: stopAnchor(stop.occurrence_date, time),
    ...(end !== undefined && { end }),
    ...(last !== undefined && { last }),
  };
}

/**
 * The redirect's `date` query value (docs/api.md §10.6): absent or `''` is undefined (the current
 * date); else a real venue-local `YYYY-MM-DD`.
 * @throws FilterError naming `date` for any other value, or one given twice (a 400).
 */
export function readLinkDate(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new FilterError('date', 'Give date at most once.');
  if (dayNumber(value) === undefined) {
    throw new FilterError('date', 'date must be a calendar date written YYYY-MM-DD.');
  }
  return value;
}

const ONE_ID = whole(EVENT_ID);

/**
 * The venue feed's `ids` query value (docs/api.md §10.6): comma-separated event ids (§2.1),
 * spaces around them and empty items ignored, each kept once in the order given. Undefined when
 * absent (the whole feed).
 * @throws FilterError naming `ids` (a 400) for a value given twice, no id, more than
 * `MAX_FEED_IDS`, or an item that is not an event id.
 */
export function readFeedIds(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new FilterError('ids', 'Give ids at most once.');
  const ids = [
    ...new Set(
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0 || ids.length > MAX_FEED_IDS) {
    throw new FilterError('ids', `ids must list 1 to ${MAX_FEED_IDS} event ids.`);
  }
  const bad = ids.find((id) => !ONE_ID.test(id));
  if (bad !== undefined) {
    throw new FilterError('ids', `"${bad.slice(0, 20)}" in ids is not an event id.`);
  }
  return ids;
}
