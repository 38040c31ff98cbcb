/**
 * `<venue-calendar>`'s client of the calendar feed (docs/api.md §10.14): the dates of a venue's
 * events in a range, one entry per listed date (a tour's stops each have their own); of several
 * venues, their feeds merged, each date naming its venue (§10.16). The feed lists upcoming events
 * only; the nights of past events come from their list (`pastEntries`, §10.20).
 */
import type { EventResource, EventVenue } from '../shared/contract.js';
import { labelTime } from '../shared/rules/clock-label.js';
import { ApiError, getJson, listingUrl, type RequestOptions } from './api.js';
import { feedDate, type IsoDate } from '../shared/rules/month-grid.js';
import {
  PARAM_ACCESS,
  PARAM_CATEGORIES,
  PARAM_END,
  PARAM_SEARCH,
  PARAM_START,
} from './query-names.generated.js';
import { readVenue } from './wire.js';

/** One date of an event in the feed, as the calendar uses it. */
export interface CalendarEntry {
  /** The event id (`groupId`): what `/api/events/{id}` takes. */
  eventId: string;
  title: string;
  /** The venue-local date, taken from `start` as written (never converted to the visitor's zone). */
  date: IsoDate;
  /** The venue-local time, `HH:MM` (an all-day date's `00:00`). */
  time: string;
  /** An all-day date (docs/api.md §10.22): the grid says "All day" in place of its time. */
  allDay?: true;
  /** A cancelled event, or a tour's cancelled stop. */
  cancelled: boolean;
  /** The stop's or the event's location, when it has one. */
  location: string;
  /** Its venue, in the feed of several venues (`extendedProps.venue`). */
  venue?: EventVenue | undefined;
  /**
   * A past night, read from the past events' list (docs/api.md §10.20: the feed lists no date of a
   * past event), whose card has no buy control.
   */
  past?: true;
}

/** What the feed is asked for. */
export interface FeedQuery {
  start: IsoDate;
  /** Exclusive. */
  end: IsoDate;
  /** Comma-separated category names (§10.12), as the `categories` attribute says. */
  categories?: string | undefined;
  /** Search words (§10.12), as the `search` attribute says. */
  search?: string | undefined;
  /** Comma-separated access ids (§10.15), as the `access` attribute says. */
  access?: string | undefined;
  /** Of several venues, the one to show (`listingUrl`'s `only`). */
  only?: string | undefined;
}

/** The feed's entries of a body; entries it cannot read are counted, not guessed at. */
export interface FeedBody {
  entries: CalendarEntry[];
  unreadable: number;
}

/** A feed `start`: a date-time, or an all-day date's date alone (docs/api.md §10.22). */
const START = /^\d{4}-\d{2}-\d{2}(?:T(\d{2}:\d{2}))?/;

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** One feed object, or undefined when it lacks what a day cell and its card need. */
function readEntry(value: unknown): CalendarEntry | undefined {
  const o = record(value);
  const props = record(o?.extendedProps) ?? {};
  const start = typeof o?.start === 'string' ? START.exec(o.start) : null;
  const groupId = o?.groupId;
  const eventId = typeof groupId === 'number' ? String(groupId) : groupId;
  if (!o || !start || typeof eventId !== 'string' || !eventId || typeof o.title !== 'string') {
    return undefined;
  }
  return {
    eventId,
    title: o.title,
    date: feedDate(start[0]),
    time: start[1] ?? '00:00',
    ...(o.allDay === true && { allDay: true as const }),
    cancelled: props.cancelled === true,
    location: typeof props.location === 'string' ? props.location : '',
    venue: readVenue(props.venue),
  };
}

/** `7:00 PM` (a stop's `time_label`, docs/api.md §2.3) as `19:00` (`labelTime`); `00:00` for none. */
const clockOf = (label: string): string => labelTime(label)?.slice(0, 5) ?? '00:00';

/**
 * The nights of past events (docs/api.md §10.20, the list's `when=past`) from `start` to `end`
 * (exclusive), as the feed would give them: each date of a single event, each stop of a tour on
 * its own date, cancelled ones marked, each `past`.
 */
export function pastEntries(
  events: EventResource[],
  start: IsoDate,
  end: IsoDate,
): CalendarEntry[] {
  const entries = events.flatMap(({ id, attributes: a }) => {
    const off = a.publish_status === 'cancelled';
    const nights =
      a.date_mode === 'multiple'
        ? a.occurrences.map((o) => ({
            date: o.occurrence_date,
            time: clockOf(o.time_label),
            ...('all_day' in o && o.all_day && { allDay: true as const }),
            cancelled: off || o.status === 'cancelled',
            location: o.location_label,
          }))
        : [
            {
              date: a.event_date.slice(0, 10),
              time: a.event_time.slice(0, 5) || '00:00',
              ...('all_day' in a && a.all_day && { allDay: true as const }),
              cancelled: off,
              location: a.location,
            },
          ];
    return nights
      .filter(({ date }) => date >= start && date < end)
      .map((night) => ({
        eventId: id,
        title: a.title,
        venue: a.venue,
        past: true as const,
        ...night,
      }));
  });
  return entries.sort((x, y) => `${x.date}${x.time}`.localeCompare(`${y.date}${y.time}`));
}

/** How many events a wide month grid names in a day cell before "+N more" (docs/widget.md). */
export const NAMED_PER_DAY = 3;

/**
 * What a wide grid's day cell names (docs/widget.md "Finding a night"): the day's first
 * `NAMED_PER_DAY` entries by venue-local start time (a tour's stop by its own), and how many more
 * the day has (`more`, 0 when none).
 */
export function namedInCell(entries: CalendarEntry[]): { named: CalendarEntry[]; more: number } {
  const sorted = [...entries].sort((a, b) => a.time.localeCompare(b.time));
  return {
    named: sorted.slice(0, NAMED_PER_DAY),
    more: Math.max(0, sorted.length - NAMED_PER_DAY),
  };
}

/** A feed body read: the array's readable entries. @throws Error when it is no array. */
export function readFeed(body: unknown): FeedBody {
  if (!Array.isArray(body)) throw new Error('calendar feed: not an array');
  const entries = body.map(readEntry).filter((e): e is CalendarEntry => e !== undefined);
  return { entries, unreadable: body.length - entries.length };
}

/** The feed URL of `query` (empty filters left out, so equal queries share a cached answer). */
export function feedUrl(base: string, venue: string, query: FeedQuery): string {
  const params = new URLSearchParams({ [PARAM_START]: query.start, [PARAM_END]: query.end });
  if (query.categories?.trim()) params.set(PARAM_CATEGORIES, query.categories.trim());
  if (query.search?.trim()) params.set(PARAM_SEARCH, query.search.trim());
  if (query.access?.trim()) params.set(PARAM_ACCESS, query.access.trim());
  return listingUrl(base, venue, 'api/calendar', `${params}`, query.only);
}

/**
 * GET the feed for `query`. The same request rules as the list (`api.ts`): a timeout, no
 * cookies, revalidation on retry.
 * @throws ApiError, or the abort reason.
 */
export async function fetchFeed(
  base: string,
  venue: string,
  query: FeedQuery,
  options: RequestOptions,
): Promise<FeedBody> {
  const body = await getJson(feedUrl(base, venue, query), options);
  try {
    return readFeed(body);
  } catch (error) {
    throw new ApiError(0, (error as Error).message);
  }
}
