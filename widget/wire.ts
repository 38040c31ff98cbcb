/**
 * The widget's one boundary with the wire: every API body is read here, once, into the shared
 * contract's types (docs/api.md §2; `shared/contract.ts`), so the elements can trust what they render.
 * Bodies come from upstream platforms through the proxy, so nothing is assumed:
 *
 * - An event that cannot be placed (no id, no title, no real `event_date`) is left out, and
 *   counted (`EventPage.unreadable`: the list says some could not be shown); a broken part is
 *   dropped (a bad `event_time` shows the date alone, bad stops are not listed, a non-string text
 *   is empty). Each problem is logged once with `console.warn`, naming the field (`bad
 *   event_time`; what follows from it is said here, not in the budgeted script). A `null`
 *   category, location or description is no problem: upstream platforms send it for "none", and
 *   the line is not shown.
 * - Booleans are true only when they are `true` (`over_18: "false"` is false).
 * - A `ticket_office` that is not exactly one the spec allows (not an object, unknown `status`
 *   or `reason`, `open` without a valid `closes_at` member or with a reason) reads as a neutral
 *   closed office (`reason: null`), shown as "Online sales closed": the widget never offers
 *   buying on data it does not understand. So does an earlier-shape event whose
 *   `tickets_enabled` or `publish_status` is not one of its values, and an event whose
 *   `links.self` is not an http(s) URL (the buy link is built from it).
 * - The facts of docs/api.md §10.18 are read each alone (`OPTIONAL`): a malformed `end_time`,
 *   `price` (a currency that is not three capital letters, an amount that is not a plain decimal),
 *   `performers` (not a list of non-empty text) or `few_tickets_left` (not `true`) is dropped and
 *   named in the warning; the event and its other facts are shown. So are the members of
 *   docs/api.md §10.20: a `schedule_status` other than `postponed` or `rescheduled`, a
 *   `previous_date` that is no calendar date, a `previous_time` or `doors_time` not `HH:MM:SS`,
 *   a `status_reason` that is not text, a `min_age` that is not an integer 1–25; and those of
 *   §10.22: an `all_day` other than `true`, an `end_date` that is no calendar date. A tour's stops
 *   are read with the same table, a malformed member dropped without a word (the event's
 *   warning names its stops only when a stop cannot be placed).
 * - At most one page (12) of events is read, whatever the server sends.
 * - An event's `venue` (a listing of several venues, docs/api.md §10.16) is kept only when its
 *   slug is non-empty text and its name text: the event's links are built from it (the slug
 *   URL-encoded, as any venue's). Without it such an event has no links, so its buy control
 *   reads as closed. The names read are kept
 *   (`knownVenues`) for the list's "Venue" select, which knows no other source of them.
 *
 * The contract's TypeBox schemas are not imported here (they would add TypeBox to the script);
 * these checks are the subset of them that rendering relies on.
 */
import type {
  AnyEventAttributes,
  CompactOccurrence,
  EventResource,
  EventVenue,
  TicketOffice,
  TicketOfficeReason,
} from '../shared/contract.js';
import {
  AMOUNT_PATTERN,
  CURRENCY_PATTERN,
  EVENT_TIME_PATTERN,
  MAX_PERFORMERS,
  PER_PAGE,
  TICKET_OFFICE_REASONS,
} from '../shared/patterns.js';

/** One page of the list, as the widget uses it (also the `venue-events-load` detail). */
export interface EventPage {
  page: number;
  lastPage: number;
  total: number;
  events: EventResource[];
  /** How many of the page's events the widget could not read (left out); absent when none. */
  unreadable?: number;
  /**
   * `meta.ticket_link_params` as the API sent it (docs/api.md §10.19), read where it is used
   * (`readLinkParams`, after an element's own `ticket-link-params`); absent when not sent.
   */
  linkParams?: unknown;
}

/** A body that is not an event listing at all. */
export class WireError extends Error {}

const EVENT_TIME = new RegExp(EVENT_TIME_PATTERN);
const AMOUNT = new RegExp(AMOUNT_PATTERN);

/** Each venue (by slug) whose event or feed entry the widget read (docs/api.md §10.16). */
export const knownVenues = new Map<string, EventVenue>();

/**
 * A venue of a listing of several (docs/api.md §10.16), or undefined when it is not one (noted
 * in `knownVenues`, as sent). Also read from the calendar feed's `extendedProps.venue`.
 */
export function readVenue(v: unknown): EventVenue | undefined {
  if (!isObject(v) || !text(v.slug) || typeof v.name != 'string') return;
  knownVenues.set(v.slug as string, v as unknown as EventVenue);
  return v as unknown as EventVenue;
}

/** The closed office shown for data the widget does not understand. */
export const NEUTRAL_OFFICE: TicketOffice = {
  status: 'closed',
  reason: null,
  closes_at: null,
  closed_at: null,
  message: null,
};

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const warned = new Set<string>();

/** `YYYY-MM-DD` that is a real calendar date (not `2027-02-30`). */
export const isCalendarDate = (value: unknown): value is string =>
  typeof value == 'string' &&
  /^\d{4}-\d\d-\d\d$/.test(value) &&
  // Not a date at all (NaN) reads as 1970-01-01, whose own form parses to 0.
  new Date(Date.parse(`${value}T00:00Z`) || 0).toISOString().startsWith(value);

/** An ISO 8601 UTC instant such as `2026-12-04T18:00:00.000000Z`. */
const isInstant = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value) &&
  Number.isFinite(Date.parse(value));

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** `v === true`: a member that is only ever `true` (docs/api.md §10.18, §10.22). */
const isTrue = (v: unknown) => v === true;

/** `v` when it is an https URL (a ticket link, a waiting list), else false. */
const https = (v: unknown) => /^https:\/\/\S+$/.test(text(v)) && v;

/** `v` when it is a list of text (languages, attribute names), else false. */
const texts = (v: unknown) => Array.isArray(v) && v.every(text) && v;

/** `v` when it is a venue-local `HH:MM:SS` (an end, the doors), else false. */
const wallTime = (v: unknown) => EVENT_TIME.test(text(v)) && v;

/**
 * The parts read each alone, a falsy reading dropping that part (named in the warning), never the
 * event: the facts of docs/api.md §10.18, the ticket link (§10.19), the schedule and age limit
 * (§10.20) and a listing's `venue` (§10.16, `readVenue`). A tour's stops are read with the same
 * table (their ends, links and schedules). A currency must be three capital letters:
 * `Intl.NumberFormat` throws a RangeError for a code of any other shape, never while a card is
 * drawn. The schedule's reason is plain text, escaped wherever it is written.
 */
const OPTIONAL: Record<string, (v: unknown) => unknown> = {
  end_time: wallTime,
  price: (v) =>
    isObject(v) &&
    new RegExp(CURRENCY_PATTERN).test(text(v.currency)) &&
    AMOUNT.test(text(v.min)) &&
    (v.max === undefined || AMOUNT.test(text(v.max))) &&
    v,
  // Plain-text names, at most as many as a venue may give (a hostile upstream's thousands are not).
  performers: (v) => Array.isArray(v) && v.length && v.every(text) && v.slice(0, MAX_PERFORMERS),
  few_tickets_left: isTrue,
  // A ticket link (§10.19) and a waiting list (§10.23): only https reaches an `href`.
  ticket_url: https,
  waitlist_url: https,
  sold_out: isTrue,
  on_sale_at: (v) => isInstant(v) && v,
  // The same instant on the venue's clock, `YYYY-MM-DDTHH:MM:SS`: read as an instant's form.
  on_sale_local: (v) => typeof v == 'string' && isInstant(`${v}Z`) && v,
  schedule_status: (v) => ['postponed', 'rescheduled'].includes(v as string) && v,
  previous_date: (v) => isCalendarDate(v) && v,
  previous_time: wallTime,
  status_reason: text,
  doors_time: wallTime,
  min_age: (v) => Number.isInteger(v) && (v as number) > 0 && (v as number) < 26 && v,
  // An all-day date (§10.22) and its span's last day.
  all_day: isTrue,
  end_date: (v) => isCalendarDate(v) && v,
  venue: readVenue,
  // The language of the event's text (docs/api.md §10.24): its `lang` on the card (escaped there);
  // the venue's own first of its languages, for the texts a translation leaves out.
  language: text,
  languages: texts,
  // What the event's image shows (docs/api.md §10.26): its `alt` (escaped there).
  image_alt: text,
  untranslated: texts,
};

/**
 * Copies into `to` each member of `from` that `OPTIONAL` reads, as read; names (by its key) a
 * falsy reading in `problems` (when given) and leaves it out.
 */
function readOptional(from: Obj, to: Obj, problems?: string[]): void {
  for (const key in OPTIONAL)
    if (key in from && !(to[key] = OPTIONAL[key]!(from[key]))) {
      problems?.push(key);
      delete to[key];
    }
}

function readOccurrence(v: unknown): CompactOccurrence | undefined {
  if (!isObject(v) || !isCalendarDate(v.occurrence_date)) return undefined;
  const stop: Obj = {
    occurrence_date: v.occurrence_date,
    time_label: text(v.time_label),
    location_label: text(v.location_label),
    status: v.status === 'cancelled' ? 'cancelled' : 'scheduled',
  };
  readOptional(v, stop);
  return stop as unknown as CompactOccurrence;
}

/** Spec §2.4, or undefined for anything else (see the module comment). */
function readOffice(v: unknown): TicketOffice | undefined {
  if (!isObject(v) || !('closes_at' in v)) return undefined;
  const closesAt = v.closes_at === null ? null : isInstant(v.closes_at) ? v.closes_at : undefined;
  if (v.status === 'open' && v.reason == null && closesAt !== undefined) {
    return { ...NEUTRAL_OFFICE, status: 'open', closes_at: closesAt };
  }
  if (v.status === 'closed' && (TICKET_OFFICE_REASONS as readonly unknown[]).includes(v.reason)) {
    return {
      ...NEUTRAL_OFFICE,
      reason: v.reason as TicketOfficeReason,
      closes_at: closesAt ?? null,
      closed_at: isInstant(v.closed_at) ? v.closed_at : null,
      message: textOrNull(v.message),
    };
  }
  return undefined;
}

/**
 * One event resource (docs/api.md §2.1–2.4) in the contract's types, or undefined if it cannot be
 * placed. Problems are logged once per event with `console.warn`, each as `bad {field}`.
 */
export function readEvent(v: unknown): EventResource | undefined {
  const problems: string[] = [];
  const event = readEventOr(isObject(v) ? v : {}, problems);
  const report = `venue-events: event ${isObject(v) ? v.id : v}: bad ${problems.join('; bad ')}`;
  if (problems.length && !warned.has(report)) {
    warned.add(report);
    console.warn(report);
  }
  return event;
}

function readEventOr(v: Obj, problems: string[]): EventResource | undefined {
  const a = isObject(v.attributes) ? v.attributes : {};
  const date = text(a.event_date).slice(0, 10);
  const id = v.id;
  const unplaced =
    typeof id != 'string' && typeof id != 'number'
      ? 'id'
      : typeof a.title != 'string'
        ? 'title'
        : !isCalendarDate(date) && 'event_date';
  if (unplaced) {
    problems.push(unplaced);
    return undefined;
  }
  const attributes: Obj = { ...a, event_date: `${date}T00:00:00.000000Z` };
  for (const key of ['slug', 'category', 'description', 'location']) {
    // A slug decides the event's links, so even a null one is worth a warning.
    if (key in a && typeof a[key] !== 'string' && (a[key] !== null || key == 'slug'))
      problems.push(key);
    attributes[key] = text(a[key]);
  }
  for (const key of ['over_18', 'tickets_enabled', 'show_images'])
    attributes[key] = a[key] === true;
  for (const key of ['small_image_path', 'cancellation_reason'])
    attributes[key] = textOrNull(a[key]);
  attributes.publish_status = a.publish_status === 'cancelled' ? 'cancelled' : 'published';
  // Access provisions (docs/api.md §10.15): text ids (the card shows those it has a label for).
  if (a.access !== undefined)
    attributes.access = Array.isArray(a.access)
      ? a.access.filter((id) => typeof id == 'string')
      : [];
  readOptional(a, attributes, problems);
  if (!wallTime(a.event_time)) {
    problems.push('event_time');
    attributes.event_time = '';
  }
  const multiple = a.date_mode === 'multiple';
  const stops = Array.isArray(a.occurrences) ? a.occurrences : [];
  const occurrences = stops.map(readOccurrence).filter(Boolean) as CompactOccurrence[];
  if (multiple && (occurrences.length !== stops.length || !stops.length)) problems.push('stops');
  attributes.date_mode = multiple ? 'multiple' : 'single';
  attributes.occurrences = multiple ? occurrences : [];
  attributes.next_occurrence = multiple ? (readOccurrence(a.next_occurrence) ?? null) : null;

  // The office the buy control reads; absent for a well-formed earlier shape (see buy-state.ts).
  let office = 'ticket_office' in a ? readOffice(a.ticket_office) : undefined;
  if (
    'ticket_office' in a
      ? !office
      : typeof a.tickets_enabled !== 'boolean' ||
        !['published', 'cancelled'].includes(a.publish_status as string)
  ) {
    problems.push('ticket_office');
    office = NEUTRAL_OFFICE;
  }
  const self = isObject(v.links) ? text(v.links.self) : '';
  if (!/^https?:\/\/[^/]/i.test(self)) {
    problems.push('links.self');
    office = NEUTRAL_OFFICE;
  }
  if (office) attributes.ticket_office = office;
  return {
    type: 'events',
    id: String(id),
    attributes: attributes as AnyEventAttributes,
    links: { self },
  };
}

const count = (v: unknown, min: number): number | undefined =>
  Number.isSafeInteger(v) && (v as number) >= min ? (v as number) : undefined;

/** A list response (docs/api.md §2.5) as asked for `page`. @throws WireError when it is not one. */
export function readPage(body: unknown, page: number): EventPage {
  if (!isObject(body) || !Array.isArray(body.data)) throw new WireError('not an event listing');
  const meta = isObject(body.meta) ? body.meta : {};
  const read = body.data.slice(0, PER_PAGE).map(readEvent);
  const events = read.filter(Boolean) as EventResource[];
  const unreadable = read.length - events.length;
  return {
    page: count(meta.current_page, 1) ?? page,
    lastPage: count(meta.last_page, 1) ?? page,
    total: count(meta.total, 0) ?? read.length,
    events,
    ...(unreadable && { unreadable }),
    ...(meta.ticket_link_params !== undefined && { linkParams: meta.ticket_link_params }),
  };
}

/** One event as a single-event response gives it, with the parameters its ticket links take. */
export interface SingleEvent {
  event: EventResource;
  /** `meta.ticket_link_params` as the API sent it (docs/api.md §10.19), read where it is used. */
  linkParams?: unknown;
}

/** A single-event response (docs/api.md §4.2). @throws WireError when it holds no usable event. */
export function readSingle(body: unknown): SingleEvent {
  const event = isObject(body) ? readEvent(body.data) : undefined;
  if (!event) throw new WireError('not an event');
  // `readLinkParams` reads whatever it holds; `?.` stops at a `meta` of null.
  return { event, linkParams: (body as { meta?: Obj }).meta?.ticket_link_params };
}
