/**
 * Turns stored events into API resources at a given instant (docs/api.md §2.1–2.4, §9).
 * Pure: the instant and the venue-local date are passed in.
 */
import type { CompactOccurrence, EventResource, TicketOffice } from '../../shared/contract.js';
import {
  eventDate,
  eventTime,
  instant,
  instantMs,
  timeLabel,
} from '../../shared/rules/wire-format.js';
import { venueClock } from '../../shared/rules/venue-today.js';
import { listedUntil } from '../../shared/rules/postponed.js';
import { currentStopIndex } from '../../shared/rules/stops.js';
import { directionsUrl, stopDirectionsUrl } from '../../shared/rules/directions.js';
import { heldClosure, ticketOffice } from '../../shared/rules/ticket-office.js';
import type { AccessId } from '../../shared/rules/access.js';
import type { StoredAllDay, StoredEvent, StoredSchedule, StoredStop } from '../store/model.js';
import type { VenueRecord } from '../store/store.js';
import { translatedEvent } from './translated.js';

// The venue's day has its home in shared/rules; `store-reads.ts` takes it from here.
export { venueDay, type VenueDay } from '../../shared/rules/venue-today.js';

/** The moment a response is computed for. */
export interface Moment {
  /** UTC epoch milliseconds. */
  nowMs: number;
  /** The venue-local calendar date at `nowMs`, `YYYY-MM-DD`. */
  today: string;
}

/** True when the event or one of its stops declares access provisions (docs/api.md §10.15). */
const hasAccessData = (event: StoredEvent): boolean =>
  event.access !== undefined || event.stops.some((stop) => stop.access !== undefined);

/**
 * The members of docs/api.md §10.20 in the contract's order, each only when given: the stop's
 * own schedule when it has a status or doors of its own, else the event's (a stop postponed or
 * moved alone says so; the others keep the tour's).
 */
function scheduleMembers(event: StoredSchedule, stop?: StoredStop | null) {
  const own = stop?.scheduleStatus !== undefined ? stop : event;
  const doors = stop?.doorsTime ?? event.doorsTime;
  return {
    ...(own.scheduleStatus !== undefined && { schedule_status: own.scheduleStatus }),
    ...(own.previousDate !== undefined && { previous_date: own.previousDate }),
    ...(own.previousTime !== undefined && { previous_time: own.previousTime }),
    ...(own.statusReason !== undefined && { status_reason: own.statusReason }),
    ...(doors !== undefined && { doors_time: doors }),
  };
}

/**
 * The members of docs/api.md §10.22 of a single event or a stop, in the contract's order, only
 * when set: documents and events without them are served byte for byte as before.
 */
const allDayMembers = (dated: StoredAllDay) => ({
  ...(dated.allDay && { all_day: true as const }),
  ...(dated.endDate !== undefined && { end_date: dated.endDate }),
});

/** What a compact occurrence takes from its event (`compactOf`). */
interface OccurrenceContext {
  /** The event's access list (`[]` when only stops declare one); undefined: no `access`. */
  access: AccessId[] | undefined;
  /** The event itself in the current shape; null in the earlier shape (no §10.18–§10.20 members). */
  event: StoredEvent | null;
  /** UTC epoch ms of the response: a stop's `on_sale_at` only while ahead (§10.23). */
  nowMs: number;
  /** The venue's IANA time zone, for `on_sale_local` (§10.23). */
  timezone: string;
}

/**
 * A stop as a compact occurrence (docs/api.md §2.3): its effective `access` (§10.15) when the
 * event has access data; in the current shape its own `end_time`, else the event's (§10.18), its
 * `ticket_url`, else the event's (§10.19), and its schedule (§10.20), each when there is one.
 */
const compactOf = (
  stop: StoredStop,
  { access, event, nowMs, timezone }: OccurrenceContext,
): CompactOccurrence => {
  const occurrence: CompactOccurrence = {
    occurrence_date: stop.date,
    time_label: timeLabel(stop.time),
    location_label: stop.location,
    status: stop.status,
  };
  if (access !== undefined) occurrence.access = [...(stop.access ?? access)];
  if (event === null) return occurrence;
  const end = stop.endTime ?? event.endTime;
  if (end !== undefined) occurrence.end_time = end;
  const ticketUrl = stop.ticketUrl ?? event.ticketUrl;
  if (ticketUrl !== undefined) occurrence.ticket_url = ticketUrl;
  // docs/api.md §10.25: only a stop with a place of its own says where; the others are the venue's.
  const directions = directionsUrl(stop);
  return Object.assign(
    occurrence,
    scheduleMembers(event, stop),
    allDayMembers(stop),
    soldOutMembers(event, stop, true, { nowMs, timezone }),
    directions !== undefined && { directions_url: directions },
  );
};

/**
 * The members of docs/api.md §10.23 of an event (or its stop `stop`, a tour's current one), in
 * the contract's order, only when given: sold out when the stop or the event is, and for the
 * event only while its office is closed by hand (`byHand`: a cancelled or ended event is not
 * sold out), the stop's waiting list, else the event's; when sales open, as an instant and on the
 * clock of the venue's IANA zone `timezone`.
 */
const soldOutMembers = (
  event: StoredEvent,
  stop: StoredStop | null,
  byHand: boolean,
  { nowMs, timezone }: { nowMs: number; timezone: string },
) => {
  const waitlist = stop?.waitlistUrl ?? event.waitlistUrl;
  const onSale = onSaleAhead(event, stop, nowMs);
  return {
    ...((stop?.soldOut ?? event.soldOut) && byHand && { sold_out: true as const }),
    ...(waitlist !== undefined && { waitlist_url: waitlist }),
    ...(onSale !== undefined &&
      byHand && { on_sale_at: onSale, on_sale_local: venueClock(onSale, timezone) }),
  };
};

/**
 * When the sales of `event` (or its stop `stop`) open, the stop's own else the event's, while that
 * instant is ahead of `nowMs` (on the millisecond clock, as the ticket-office rule compares).
 */
function onSaleAhead(event: StoredEvent, stop: StoredStop | null, nowMs: number) {
  const at = stop?.onSaleAt ?? event.onSaleAt;
  return at !== undefined && instantMs(at) > nowMs ? at : undefined;
}

/**
 * The members of docs/api.md §10.18 (current shape), in the contract's order, each only when the
 * venue gives it: `end_time` (a tour's is its current stop's, else the event's), `price`,
 * `performers`, and `few_tickets_left` only while the ticket office is `open` (a closed office
 * wins, whatever the reason); then §10.19's `ticket_url`, §10.20's schedule and `min_age`,
 * §10.22's `all_day` and `end_date`, §10.23's members and §10.25's `directions_url` (`venue`'s
 * place, or the current stop's own).
 * Fresh values: the stored event is never shared with a response.
 */
function factMembers(
  event: StoredEvent,
  current: StoredStop | null,
  office: TicketOffice,
  { nowMs, venue }: { nowMs: number; venue: VenueRecord },
) {
  const directions = stopDirectionsUrl(current ?? undefined, venue);
  const officeOpen = office.status === 'open';
  const end = current?.endTime ?? event.endTime;
  const ticketUrl = current?.ticketUrl ?? event.ticketUrl;
  return {
    ...(end !== undefined && { end_time: end }),
    ...(event.price && { price: { ...event.price } }),
    ...(event.performers && { performers: [...event.performers] }),
    ...(event.fewTicketsLeft && officeOpen && { few_tickets_left: true as const }),
    // docs/api.md §10.19: after §10.18's members; a tour's is its current stop's.
    ...(ticketUrl !== undefined && { ticket_url: ticketUrl }),
    ...scheduleMembers(event, current),
    ...(event.minAge !== undefined && { min_age: event.minAge }),
    // docs/api.md §10.22: a tour's are its current stop's, as its date and time are.
    ...allDayMembers(current ?? event),
    // docs/api.md §10.23: beside an office closed by hand, as few tickets left beside an open one.
    ...soldOutMembers(event, current, office.reason === 'manual', {
      nowMs,
      timezone: venue.timezone,
    }),
    // docs/api.md §10.25: where to go, a tour's current stop's own place, else the venue's.
    ...(directions !== undefined && { directions_url: directions }),
    // docs/api.md §10.26: what the image shows.
    ...(event.imageAlt !== undefined && { image_alt: event.imageAlt }),
  };
}

/** A tour's stop shown on venue-local `today` (docs/decisions.md "Multi-date events"); null for a single event. */
const currentStop = (event: StoredEvent, today: string): StoredStop | null =>
  event.mode === 'multiple' ? event.stops[currentStopIndex(event.stops, today)]! : null;

/**
 * The venue-local date (`YYYY-MM-DD`) and time (`HH:MM:SS`) `event` shows on `today`, as its
 * resource's `event_date` and `event_time` say: its own, or a tour's current stop's.
 */
export function shownDateTime(event: StoredEvent, today: string): { date: string; time: string } {
  const current = currentStop(event, today);
  return {
    date: current ? current.date : event.date!,
    time: eventTime(current ? current.time : event.time!),
  };
}

/**
 * Venue-local date of the event's last day: its date (single) or last stop (multi); none for a
 * postponed event, which its old date does not end (docs/api.md §10.20, `listedUntil`).
 */
const lastDate = (event: StoredEvent) =>
  listedUntil(
    event.mode === 'single' ? event.date! : event.stops[event.stops.length - 1]!.date,
    event.scheduleStatus,
  );

/**
 * The event resource of docs/api.md §2.1 at `moment`. `links.self` is `{baseUrl}/t/{slug}/api/events/{id}`.
 * With `venue.apiShape === 'earlier'` (or `earlierShape`, the server-wide setting) the attributes lack `ticket_office` (§9).
 */
function renderStored(
  event: StoredEvent,
  venue: VenueRecord,
  baseUrl: string,
  moment: Moment,
  earlierShape = false,
): EventResource {
  const current = currentStop(event, moment.today);
  const earlier = earlierShape || venue.apiShape === 'earlier';
  // Undefined for an event without access data: its attributes stay the interface's, byte for byte.
  const access = hasAccessData(event) ? (event.access ?? []) : undefined;
  const context = {
    access,
    event: earlier ? null : event,
    nowMs: moment.nowMs,
    timezone: venue.timezone,
  };
  const compact = (stop: StoredStop) => compactOf(stop, context);
  const attributes = {
    title: event.title,
    slug: event.slug,
    category: event.category,
    event_date: eventDate(current ? current.date : event.date!),
    event_time: eventTime(current ? current.time : event.time!),
    date_mode: event.mode,
    occurrence_count: event.stops.length,
    next_occurrence: current && compact(current),
    occurrences: event.stops.map(compact),
    description: event.description,
    location: event.location,
    over_18: event.over18,
    publish_status: event.status === 'cancelled' ? ('cancelled' as const) : ('published' as const),
    tickets_enabled: event.ticketsEnabled,
    show_images: event.showImages,
    small_image_path: event.smallImagePath,
    cancellation_reason: event.cancellationReason,
    cancelled_at: event.cancelledAt === null ? null : instant(event.cancelledAt),
  };
  // After ticket_office (docs/api.md §10.15): a tour's is its current stop's effective list.
  const accessMember = access && { access: [...(current ? (current.access ?? access) : access)] };
  const links = { self: `${baseUrl}/t/${venue.slug}/api/events/${event.id}` };
  if (earlier) {
    return {
      type: 'events',
      id: String(event.id),
      attributes: { ...attributes, ...accessMember },
      links,
    };
  }
  const office = ticketOffice(
    {
      cancelled: event.status === 'cancelled',
      ticketsEnabled: event.ticketsEnabled,
      lastDate: lastDate(event),
      closedManuallyAt: heldClosure(
        event.closedManuallyAt,
        (current?.soldOut ?? event.soldOut) === true ||
          onSaleAhead(event, current, moment.nowMs) !== undefined,
        event.heldAt,
      ),
      closeAt: event.closeAt,
      message: event.message,
    },
    moment.today,
    moment.nowMs,
  );
  return {
    type: 'events',
    id: String(event.id),
    attributes: {
      ...attributes,
      ticket_office: office,
      ...accessMember,
      ...factMembers(event, current, office, { nowMs: moment.nowMs, venue }),
    },
    links,
  };
}

/**
 * The event resource of docs/api.md §2.1 at `moment` (`renderStored`); with `asked` (a `locale`
 * read by `readTextLocale`, docs/api.md §10.24) its texts in that language where the venue gives
 * them and, last, `language` and `languages`. Without it, as it always was, but for a venue
 * writing in another language than English, whose events end with `language` (its own).
 */
export function renderEvent(
  event: StoredEvent,
  venue: VenueRecord,
  baseUrl: string,
  moment: Moment,
  earlierShape = false,
  asked?: string,
): EventResource {
  if (asked === undefined) {
    const resource = renderStored(event, venue, baseUrl, moment, earlierShape);
    // The venue's own text, in another language than English: said, so a client can mark it (WCAG
    // 3.1.2); the same with or without translations, and an English venue's as it always was.
    const own = venue.language;
    if (own === undefined || own.split('-')[0]!.toLowerCase() === 'en') return resource;
    return { ...resource, attributes: { ...resource.attributes, language: own } };
  }
  const translated = translatedEvent(event, venue, asked);
  const resource = renderStored(translated.event, venue, baseUrl, moment, earlierShape);
  const attributes = { ...resource.attributes, ...translated.members };
  const untranslated = translated.stops;
  if (untranslated?.some((names) => names.length)) {
    // Each occurrence is its stop's, in order; the current one is found by its date and time.
    const marked = attributes.occurrences.map((o, i) =>
      untranslated[i]!.length ? { ...o, untranslated: untranslated[i] } : o,
    );
    const next = attributes.next_occurrence;
    attributes.occurrences = marked;
    attributes.next_occurrence =
      next &&
      (marked.find(
        (o) => o.occurrence_date === next.occurrence_date && o.time_label === next.time_label,
      ) ??
        next);
  }
  return { ...resource, attributes };
}

/**
 * The next instant (UTC epoch ms) after `nowMs` at which any of `events` can look different:
 * `dayEndMs`, the next midnight in the venue's zone (stops pass, days end), or an earlier pending
 * scheduled closure or opening of sales (`on_sale_at`). Bounds response caching (docs/decisions.md "Caching").
 */
export function nextTransition(
  events: readonly StoredEvent[],
  dayEndMs: number,
  nowMs: number,
): number {
  let next = dayEndMs;
  for (const event of events) {
    // On the millisecond clock, as the ticket-office rule compares (`instantMs`).
    const closeAtMs = event.closeAt === null ? null : instantMs(event.closeAt);
    if (closeAtMs !== null && closeAtMs > nowMs && closeAtMs < next) next = closeAtMs;
    // Sales that open (docs/api.md §10.23) change the office as a closure does.
    for (const at of [event.onSaleAt, ...event.stops.map((stop) => stop.onSaleAt)]) {
      const atMs = at === undefined ? null : instantMs(at);
      if (atMs !== null && atMs > nowMs && atMs < next) next = atMs;
    }
  }
  return next;
}
