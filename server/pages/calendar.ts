/**
 * iCalendar files (RFC 5545) of a venue's events, written with ical-generator from API resources
 * (docs/api.md §2), so the origin and the proxy can both build them: one `VEVENT` per date (a single
 * event, or each stop of a tour), `DTSTART;TZID=` the venue's IANA zone with its `VTIMEZONE`
 * (floating local times when the zone is unknown), a stable `UID`, `STATUS:CANCELLED` for
 * cancelled events and stops, the event page as `URL`, `DTEND` from the date's `end_time`
 * (docs/api.md §10.18; `DEFAULT_DURATION_MINUTES` after the start when it has none), and a
 * `DESCRIPTION` naming the performers and the price when the venue gives them; a date's changed
 * plans (docs/api.md §10.20): a rescheduled one keeps its `UID` with `SEQUENCE:1`, a postponed
 * one is `STATUS:TENTATIVE`, each with its reason in `DESCRIPTION`, and the door time is written
 * there too (`DTSTART` stays the start). Also what both modes' "add to calendar" redirects and the
 * venue feed of saved events (`ids`) share (docs/api.md §10.6). A file of several venues'
 * listing (docs/api.md §10.16) gives each event in its own venue's zone, place and pages. The
 * venue's text is as it gives it; the files' and links' own words ("Doors", "Price", "Postponed",
 * "Event page") are in the request's language (docs/api.md §10.6).
 */
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime, FixedOffsetZone } from 'luxon';
import type { EventResource } from '../../shared/contract.js';
import { isFiltered, type ListFilter } from '../../shared/rules/filters.js';
import {
  calendarUrl,
  linkDateOf,
  type CalendarService,
} from '../../shared/rules/calendar-links.js';
import { allDayLast } from '../../shared/rules/all-day.js';
import { exclusiveEnd } from '../../shared/rules/all-day-span.js';
import { endTimeOf, endWallClock } from '../../shared/rules/end-wall-clock.js';
import { labelTime, stopAnchor, type Schedule } from '../../shared/rules/structured-data.js';
import { venueDateTime, wallTimeReadings } from '../../shared/rules/zoned-time.js';
import { plainText } from '../lib/html-text.js';
import {
  doorsText,
  fullStop,
  performersText,
  priceLine,
  scheduleOf,
  scheduleText,
} from './event-facts.js';
import { ENGLISH, type PageLang } from './i18n/index.js';
import { eventVenue, langOf, placeHref, venueListing, type ListingPlace } from './listing-place.js';
import { eventPath, type PageVenue } from './page-shell.js';
import { DAY_MS } from '../../shared/rules/days.js';
import { withSummaryLanguages } from './ics-language.js';

/**
 * How long a date is taken to last in calendar files and links when the venue gives no end time
 * (docs/api.md §10.6, §10.18).
 */
export const DEFAULT_DURATION_MINUTES = 120;
/** How often subscribers should refetch the venue feed (`REFRESH-INTERVAL`), in seconds. */
export const FEED_REFRESH_SECONDS = 3600;
/** Most events in one venue feed, soonest first. */
export const FEED_MAX_EVENTS = 1000;

/**
 * Whose events a calendar file holds: a venue's (its own listing), or a listing's (several
 * venues', docs/api.md §10.16), each event then of the venue `eventVenue` finds.
 */
export type CalendarOf =
  { venue: PageVenue; listing?: undefined } | { listing: ListingPlace; venue?: undefined };

export type CalendarInput = CalendarOf & {
  /** Absolute base of links (no trailing slash). */
  base: string;
  /** `DTSTAMP`: when the file is generated; `calendarStamp` rounds it. */
  now: Date;
  /** Calendar name (`X-WR-CALNAME`); default the venue's (the listing's) name. */
  name?: string;
  /** The language of the files' own words (docs/api.md §10.6); default the listing's, else English. */
  lang?: PageLang;
};

/**
 * The `DTSTAMP` of a file generated at `nowMs` (UTC epoch ms): the start of that minute, so a
 * calendar file stays byte-stable (one ETag) within it. The origin and the proxy both use it.
 */
export const calendarStamp = (nowMs: number): Date => new Date(nowMs - (nowMs % 60_000));

/** `+0130` / `-0800` for an offset in minutes east of UTC. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The `VTIMEZONE` of IANA zone `zone` covering `[fromMs, toMs]` (RFC 5545 §3.6.5), from the same
 * time-zone data as the rest of the server (luxon, i.e. the runtime's ICU): one observance for
 * the offset in force at `fromMs`, then one per offset change up to `toMs`, each starting at its
 * transition written in the wall time before it.
 */
export function vtimezone(zone: string, fromMs: number, toMs: number): string {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const observance = (at: DateTime, fromOffset: number) => {
    const kind = at.isInDST ? 'DAYLIGHT' : 'STANDARD';
    const wall = at.setZone(FixedOffsetZone.instance(fromOffset));
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${wall.toFormat("yyyyLLdd'T'HHmmss")}`,
      `TZOFFSETFROM:${offsetText(fromOffset)}`,
      `TZOFFSETTO:${offsetText(at.offset)}`,
      ...(at.offsetNameShort ? [`TZNAME:${at.offsetNameShort}`] : []),
      `END:${kind}`,
    );
  };
  let at = DateTime.fromMillis(fromMs, { zone }).startOf('minute');
  observance(at, at.offset);
  const STEP = 7 * DAY_MS;
  for (let ms = at.toMillis(); ms < toMs; ms += STEP) {
    const before = DateTime.fromMillis(ms, { zone });
    const after = DateTime.fromMillis(ms + STEP, { zone });
    if (before.offset === after.offset) continue;
    // Offset changes at most once a week: find the first minute of the new offset.
    let lo = ms;
    let hi = ms + STEP;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (DateTime.fromMillis(mid, { zone }).offset === before.offset) lo = mid;
      else hi = mid;
    }
    at = DateTime.fromMillis(hi, { zone });
    observance(at, before.offset);
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/** One dated entry of a calendar: a single event or a tour's stop. */
interface Dated {
  resource: EventResource;
  /** The event's own venue: its zone, place and pages. */
  venue: PageVenue;
  date: string;
  time: string;
  /** The date's venue-local end time `HH:MM:SS` (docs/api.md §10.18), when given. */
  end: string | undefined;
  /** An all-day date's last day, venue-local `YYYY-MM-DD` inclusive (docs/api.md §10.22). */
  last: string | undefined;
  location: string;
  cancelled: boolean;
  /** Stop anchor on the event page, for tours. */
  anchor: string | null;
  /** The date's schedule (docs/api.md §10.20): a stop's own, else the event's. */
  schedule: Schedule;
}

function datesOf(resource: EventResource, venue: PageVenue): Dated[] {
  const a = resource.attributes;
  const cancelled = a.publish_status === 'cancelled';
  if (a.date_mode === 'single') {
    return [
      {
        resource,
        venue,
        date: a.event_date.slice(0, 10),
        time: a.event_time,
        end: endTimeOf(a),
        last: allDayLast(a, a.event_date.slice(0, 10)),
        location: a.location,
        cancelled,
        anchor: null,
        schedule: scheduleOf(a),
      },
    ];
  }
  return a.occurrences.flatMap((stop) => {
    const time = labelTime(stop.time_label);
    if (!time) return [];
    return [
      {
        resource,
        venue,
        date: stop.occurrence_date,
        time,
        end: endTimeOf(a, stop),
        last: allDayLast(stop, stop.occurrence_date),
        location: stop.location_label || a.location,
        cancelled: cancelled || stop.status === 'cancelled',
        anchor: stopAnchor(stop.occurrence_date, time),
        schedule: scheduleOf(a, stop),
      },
    ];
  });
}

/** `1 Example Street, London N1 9ZZ, GB` from the venue's address members. */
function addressText(venue: PageVenue): string {
  const a = venue.address;
  if (!a) return '';
  const locality = [a.addressLocality, a.postalCode].filter(Boolean).join(' ');
  return [a.streetAddress, locality, a.addressRegion, a.addressCountry].filter(Boolean).join(', ');
}

/**
 * Where one date takes place, as the calendar files and links say it: a tour's stop elsewhere than
 * the event's location, its own label; else the location with the venue's name and address.
 */
function placeOf(
  venue: PageVenue,
  eventLocation: string,
  at: { location: string; anchor: string | null },
): string {
  if (at.anchor && at.location !== eventLocation) return at.location;
  return [at.location, venue.name, addressText(venue)].filter(Boolean).join(', ');
}

/**
 * The `DESCRIPTION` of one date, paragraphs apart: why it is cancelled, or its changed plans with
 * the venue's reason (docs/api.md §10.20); its door time, performers and price; the event's
 * description; its page.
 */
function descriptionOf(d: Dated, page: string, lang: PageLang): string {
  const { t } = lang;
  const a = d.resource.attributes;
  const price = priceLine(a, lang);
  const moved = scheduleText(d.schedule, d.date, lang);
  const reason = d.schedule.status_reason ? ` ${d.schedule.status_reason}` : '';
  return [
    a.publish_status === 'cancelled'
      ? `${t.cancelled}${a.cancellation_reason ? ` ${a.cancellation_reason}` : ''}`
      : d.cancelled
        ? t.dateCancelled
        : moved && `${moved}${fullStop(moved)}${reason}`,
    [doorsText(d.schedule, lang), performersText(a, lang), price && t.price(price)]
      .filter(Boolean)
      .join('\n'),
    plainText(a.description),
    page,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * `STATUS` and `SEQUENCE` of one date (RFC 5545 §3.8.1.11, §3.8.7.4; docs/api.md §10.20). A
 * cancelled date is `CANCELLED`; a postponed one `TENTATIVE` (it keeps its old date until a new
 * one is known); else `CONFIRMED`. The `UID` never changes, so subscribed calendars replace their
 * copy only when `SEQUENCE` grows: this server keeps no revision history, so the sequence is
 * derived from the data alone, deterministically — 1 for a rescheduled date (it moved once from
 * what a subscriber may have first seen), 0 otherwise. A second move keeps 1; calendars then
 * apply it by `DTSTAMP` (docs/decisions.md "When plans change").
 */
function revisionOf(d: Dated): { status: ICalEventStatus; sequence: number } {
  const { schedule_status: moved } = d.schedule;
  return {
    status: d.cancelled
      ? ICalEventStatus.CANCELLED
      : moved === 'postponed'
        ? ICalEventStatus.TENTATIVE
        : ICalEventStatus.CONFIRMED,
    sequence: moved === 'rescheduled' ? 1 : 0,
  };
}

/**
 * The iCalendar text of `events` (every date of each, in their order). `METHOD:PUBLISH`; each
 * event in its own venue's zone where known, `TZID`-qualified, with one `VTIMEZONE` per zone used.
 */
export function calendarFile(events: readonly EventResource[], input: CalendarInput): string {
  const { base } = input;
  const place = input.listing === undefined ? venueListing(input.venue) : input.listing;
  const lang = input.lang ?? langOf(place);
  const host = new URL(base).hostname;
  const calendar = new ICalCalendar({
    // The FPI's language is the text's (RFC 5545 §3.7.3): the words this file writes itself.
    prodId: { company: 'venue-events', product: 'venue-events', language: lang.tag.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    name: input.name ?? place.name,
    url: `${base}${placeHref(place)}`,
    ttl: FEED_REFRESH_SECONDS,
  });
  const dated = events.flatMap((event) => datesOf(event, eventVenue(event, place)));
  // docs/api.md §10.24: by UID, the language of each date whose title is a translation.
  const translated = new Map<string, string>();
  const wall = (zone: string | undefined, date: string, time: string) =>
    zone ? venueDateTime(date, time, zone) : DateTime.fromISO(`${date}T${time}`, { zone: 'UTC' });
  const at = ({ venue: { timezone: zone }, date, time }: Dated) => wall(zone, date, time);
  if (dated.some((d) => d.venue.timezone !== undefined)) {
    // A loop, not Math.min(...starts): a feed with 100k stops would overflow the call stack.
    let first = input.now.getTime();
    let last = first;
    for (const d of dated) {
      const ms = at(d).toMillis();
      if (ms < first) first = ms;
      if (ms > last) last = ms;
    }
    const from = first - 366 * DAY_MS;
    const to = last + 366 * DAY_MS;
    // No calendar-level zone name: ical-generator would then write DTSTAMP in it, and RFC 5545
    // §3.8.7.2 wants UTC. The generator still writes the VTIMEZONE of every event's TZID.
    calendar.timezone({ name: null, generator: (tz) => vtimezone(tz, from, to) });
  }
  for (const d of dated) {
    const { venue } = d;
    const zone = venue.timezone;
    const a = d.resource.attributes;
    const page = `${base}${eventPath(venue.slug, a.slug)}`;
    const where = placeOf(venue, a.location, d);
    const common = {
      id: `event-${d.resource.id}${d.anchor ? `-${d.anchor.slice(5)}` : ''}@${host}`,
      stamp: input.now,
      summary: a.title,
      description: descriptionOf(d, page, lang),
      location: where || null,
      url: d.anchor ? `${page}#${d.anchor}` : page,
      ...revisionOf(d),
    };
    const language = translationOf(a);
    if (language !== undefined) translated.set(common.id, language);
    if (d.last !== undefined) {
      // docs/api.md §10.22: `DTSTART;VALUE=DATE` and the day after the last as `DTEND;VALUE=DATE`
      // (RFC 5545 §3.6.1: exclusive), dates in no zone: the venue's days wherever it is read.
      const day = (date: string) => DateTime.fromISO(date, { zone: 'UTC' });
      calendar.createEvent({
        ...common,
        start: day(d.date),
        end: day(exclusiveEnd(d.last)),
        allDay: true,
        timezone: null,
      });
      continue;
    }
    const start = at(d);
    // The venue's end wall time (the next day when not after the start), else two hours on.
    const endWall = d.end === undefined ? undefined : endWallClock(d.date, d.time, d.end);
    const end = endWall
      ? wall(zone, endWall.date, endWall.time)
      : start.plus({ minutes: DEFAULT_DURATION_MINUTES });
    // A wall time a DST change skips or repeats names no single instant; calendar programs read
    // it differently (RFC 5545 §3.3.5 says first occurrence, ical.js takes the second), so when
    // the start or the end is one, both are written in UTC: the instants the structured data and
    // the Google link give. Given wall times are checked as given (`wall` moves a skipped one).
    const exact =
      !zone ||
      (wallTimeReadings(d.date, d.time, zone).length === 1 &&
        wallTimeReadings(
          endWall?.date ?? end.toISODate()!,
          endWall?.time ?? end.toFormat('HH:mm:ss'),
          zone,
        ).length === 1);
    calendar.createEvent({
      ...common,
      start: exact ? start : start.toUTC(),
      end: exact ? end : end.toUTC(),
      ...(!zone ? { floating: true } : exact ? { timezone: zone } : { timezone: null }),
    });
  }
  return withSummaryLanguages(calendar.toString(), translated);
}

/**
 * The language of an event's text when it is a translation (docs/api.md §10.24: a `locale` asked
 * it, and it is not the venue's own, its `languages`' first); else undefined.
 */
function translationOf(a: EventResource['attributes']): string | undefined {
  const { language, languages } = a as { language?: string; languages?: readonly string[] };
  return language !== undefined && language !== languages?.[0] ? language : undefined;
}

/**
 * Where `GET /t/{slug}/events/{event-slug}/calendar/{service}` redirects (docs/api.md §10.6): the
 * Google Calendar or Outlook link of `resource`'s date (`linkDateOf`: its date, a tour's current
 * stop, or its stop on venue-local `date`), in the venue's zone (`UTC` when unknown, as in the
 * proxy without a configured zone), until its end time (docs/api.md §10.18) or lasting
 * `DEFAULT_DURATION_MINUTES`, with the place the .ics files give and the event page (links on
 * `base`, no trailing slash) in the details, said in `lang` (default English: "Event page: …").
 * Undefined when there is nothing to add: a cancelled event or stop, or no date `date`.
 */
export function calendarLinkOf(
  resource: EventResource,
  service: CalendarService,
  input: { venue: PageVenue; base: string; date: string | undefined; lang?: PageLang },
): string | undefined {
  const at = linkDateOf(resource, input.date);
  if (!at) return undefined;
  const { venue, base } = input;
  const a = resource.attributes;
  const page = `${base}${eventPath(venue.slug, a.slug)}`;
  const pageUrl = at.anchor ? `${page}#${at.anchor}` : page;
  return calendarUrl(service, {
    title: a.title,
    date: at.date,
    time: at.time,
    zone: venue.timezone ?? 'UTC',
    durationMinutes: DEFAULT_DURATION_MINUTES,
    ...(at.end !== undefined && { end: at.end }),
    ...(at.last !== undefined && { last: at.last }),
    location: placeOf(venue, a.location, at),
    pageUrl,
    details: (input.lang ?? ENGLISH).t.eventPage(pageUrl),
  });
}

/**
 * The calendar name of the venue feed of some saved events (`ids`, docs/api.md §10.6) of `place`
 * (a venue, or a listing with the language its request chose): "Blue Room (saved events)", the
 * venue's name as given and our words in its language (English without one).
 */
export const savedFeedName = (place: { name: string; lang?: PageLang }): string =>
  (place.lang ?? ENGLISH).t.savedEvents(place.name);

/**
 * The feed's calendar name (`X-WR-CALNAME`) in both modes, of a venue or a listing (`ListingPlace`,
 * docs/api.md §10.16) in the listing's language (docs/api.md §10.6; a venue alone: English): of
 * the saved events when `ids` are given (`savedFeedName`), of some categories (`Blue Room (jazz,
 * folk)`, the categories as the filter reads them, apart as the language separates a list) when
 * `filter` has any, else undefined (the venue's or listing's name, `calendarFile`'s default).
 */
export function feedName(
  place: { name: string; lang?: PageLang },
  filter: ListFilter,
  ids?: readonly string[],
): string | undefined {
  if (ids) return savedFeedName(place);
  const { comma } = (place.lang ?? ENGLISH).t;
  return isFiltered(filter) ? `${place.name} (${filter.categories.join(comma)})` : undefined;
}

/**
 * `Content-Disposition` of the venue feed with `ids` (docs/api.md §10.6): a download, not a
 * subscription, as the widget's "Add saved to calendar" fetches it.
 */
export const savedFeedDisposition = (slug: string): string =>
  `attachment; filename="${slug}-saved.ics"`;

/**
 * `events` whose id is one of `ids` (any order given), in their own order: unknown ids, and the
 * ids of events no longer listed, are skipped.
 */
export function withIds<T extends { id: number | string }>(
  events: readonly T[],
  ids: readonly string[],
): T[] {
  const wanted = new Set(ids);
  return events.filter((event) => wanted.has(String(event.id)));
}
