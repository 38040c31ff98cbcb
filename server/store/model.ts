/**
 * The stored data model: what an import writes and the API reads, on either store. Venue-local
 * dates are `YYYY-MM-DD`, venue-local times `HH:MM:SS`, instants their wire form
 * `YYYY-MM-DDTHH:MM:SS.ffffffZ` (UTC, to the microsecond; docs/decisions.md "Dates, times").
 */
import type { AccessId } from '../../shared/rules/access.js';
import type { LinkParams } from '../../shared/rules/link-params.js';
import type { DateFormat, EventExtras } from '../../shared/venue-file.js';
import type { PriceValue } from '../../shared/rules/price.js';
import type {
  GeoPoint,
  PostalAddress,
  StructuredDataVenue,
} from '../../shared/rules/structured-data.js';
import type {
  TranslatedStopText,
  TranslatedText,
  Translations,
} from '../../shared/rules/venue-language.js';
import { instant } from '../../shared/rules/wire-format.js';

/**
 * A venue as stored (one `venues` row): the renderers' venue (slug, name, `url`, `address`) plus
 * what only the stored venue has, its IANA zone (always known here) and API shape. Apart from
 * the venue file's `VenueInput` (snake_case, optional members, not yet normalised) and from
 * `StoredVenue` (this plus the events, what an import writes). Being a `StructuredDataVenue`, it
 * goes to the pages and the JSON-LD as it is.
 */
export interface VenueRecord extends StructuredDataVenue {
  /** IANA time zone name. */
  timezone: string;
  apiShape: 'current' | 'earlier';
  /** BCP 47 tag of the language its texts are in (docs/api.md §10.24); absent: English. */
  language?: string;
  /**
   * Query parameters the ticket links visitors click carry (docs/api.md §10.19, venue file
   * `ticket_link_params`, checked by the import), name → value template; absent: none.
   */
  ticketLinkParams?: LinkParams;
}

/**
 * When plans change (docs/api.md §10.20), each absent unless the venue file gives it (documents
 * written before them never have them): `postponed` or `rescheduled`; a rescheduled date's
 * previous venue-local date (`YYYY-MM-DD`) and time (`HH:MM:SS`, absent when not given); the
 * venue's plain-text reason; the doors' venue-local `HH:MM:SS` (not after the start, its day).
 */
export interface StoredSchedule {
  scheduleStatus?: 'postponed' | 'rescheduled';
  previousDate?: string;
  previousTime?: string;
  statusReason?: string;
  doorsTime?: string;
}

/**
 * An all-day date (docs/api.md §10.22), each absent unless the venue file (or a source) gives it,
 * so documents written before them read as timed dates: `allDay` (only `true`; the date's time is
 * then `00:00:00`, which orders and filters it on its date) and `endDate`, the venue-local last
 * day (`YYYY-MM-DD`, inclusive, after the date) of a multi-day span, only beside `allDay`.
 */
export interface StoredAllDay {
  allDay?: true;
  endDate?: string;
}

/**
 * A stop of a multi-date event; its schedule (`StoredSchedule`) replaces the event's; its
 * all-day members (`StoredAllDay`) are its own (a tour's event level has none).
 */
export interface StoredStop extends StoredSchedule, StoredAllDay {
  date: string;
  time: string;
  location: string;
  status: 'scheduled' | 'cancelled';
  /**
   * The stop's own access provisions in vocabulary order (docs/api.md §10.15), replacing the
   * event's for this stop; absent: the event's apply.
   */
  access?: AccessId[];
  /** The stop's own end, venue-local `HH:MM:SS` (docs/api.md §10.18); absent: the event's. */
  endTime?: string;
  /** Where this stop's tickets are sold (docs/api.md §10.19), an https URL; absent: the event's. */
  ticketUrl?: string;
  /** The stop's location and reason in other languages (docs/api.md §10.24); absent: none. */
  translations?: Translations<TranslatedStopText>;
  /** This stop alone is sold out (docs/api.md §10.23); absent: the event's say. */
  soldOut?: true;
  /** This stop's waiting list, an https URL (docs/api.md §10.23); absent: the event's. */
  waitlistUrl?: string;
  /** When this stop's sales open, a wire-form instant (docs/api.md §10.23); absent: the event's. */
  onSaleAt?: string;
  /**
   * The stop's own place when it is not at the venue (docs/api.md §10.25): its postal address and
   * point on the map, each absent unless given; directions go there rather than to the venue.
   */
  address?: PostalAddress;
  geo?: GeoPoint;
}

/**
 * An event as stored (admin view, normalised). `StoredAllDay` on a single-date event only (a
 * tour's stops carry their own).
 */
export interface StoredEvent extends StoredSchedule, StoredAllDay {
  id: number;
  title: string;
  slug: string;
  category: string;
  description: string;
  location: string;
  over18: boolean;
  status: 'draft' | 'published' | 'cancelled';
  /** Whether the public API serves it at all (docs/api.md §4.2: not draft, private or hidden-cancelled). */
  served: boolean;
  ticketsEnabled: boolean;
  showImages: boolean;
  smallImagePath: string | null;
  /** The image's text alternative (docs/api.md §10.26), trimmed; absent unless given with an image. */
  imageAlt?: string;
  cancellationReason: string | null;
  /** Wire-form UTC instant (microseconds kept), or null. */
  cancelledAt: string | null;
  mode: 'single' | 'multiple';
  /** Single mode: the date/time; multiple mode: null (see `stops`). */
  date: string | null;
  time: string | null;
  /** Multiple mode: the stops sorted by date, then time; single mode: empty. */
  stops: StoredStop[];
  /** Wire-form UTC instants, or null: when sales were closed by hand, when they close. */
  closedManuallyAt: string | null;
  closeAt: string | null;
  message: string | null;
  /**
   * Access provisions in vocabulary order (docs/api.md §10.15); absent when the venue file gives
   * none (documents written before access information never have it).
   */
  access?: AccessId[];
  /**
   * The facts of docs/api.md §10.18, each absent unless the venue file gives it (documents
   * written before them never have them): the end, venue-local `HH:MM:SS` (not after the start:
   * the next day); the price, amounts normalised to the currency's minor digits; the performers'
   * trimmed names in billing order (never an empty list); the venue's "few tickets left" (only
   * `true`).
   */
  endTime?: string;
  price?: PriceValue;
  performers?: string[];
  fewTicketsLeft?: true;
  /** Where the event's tickets are sold (docs/api.md §10.19), an https URL; absent unless given. */
  ticketUrl?: string;
  /** The venue's age limit (docs/api.md §10.20), 1–25, agreeing with `over18`; absent unless given. */
  minAge?: number;
  /**
   * The venue's texts in other languages, by a tag of `LANGUAGES` (docs/api.md §10.24), each
   * member absent where the untranslated one stands; absent unless given.
   */
  translations?: Translations<TranslatedText>;
  /** Sold out (docs/api.md §10.23): the office is closed `manual`; absent unless given. */
  soldOut?: true;
  /** The waiting list of a sold-out event, an https URL (docs/api.md §10.23); absent unless given. */
  waitlistUrl?: string;
  /** When sales open, a wire-form instant (docs/api.md §10.23); absent unless given. */
  onSaleAt?: string;
  /**
   * Wire-form instant of the import that first held the event's sales (sold out or on sale later,
   * here or on a stop): the office's `closed_at` while held (docs/api.md §10.23); absent when
   * none is held.
   */
  heldAt?: string;
}

/**
 * A venue's events source as stored (docs/venue-file.md "Sources"): kept beside the venue, never
 * in its `VenueRecord` (a calendar's secret address must not reach a response).
 */
export interface StoredSource {
  /** The feed or sheet, an absolute http(s) URL. */
  url: string;
  /** Absent: from the answer's Content-Type, else the URL's extension. */
  format?: 'ics' | 'csv';
  /** Seconds between fetches, 60–86400. */
  refreshSeconds: number;
  /** A CSV's date format; absent: ISO. */
  dateFormat?: DateFormat;
  /** What the source cannot say, by the source's event key. */
  extras: Record<string, EventExtras>;
}

/**
 * A venue with all of its events, as one import writes it (`Store.replaceVenues`): the unit an
 * import replaces whole, and its events source if it has one. `Store.storedVenue` reads it back
 * for the source sync; the API reads the `VenueRecord` and events apart.
 */
export interface StoredVenue extends VenueRecord {
  events: StoredEvent[];
  source?: StoredSource;
}

/** A `venues` row as both stores read it; `details` is the JSON of `venueDetailsJson`. */
export interface VenueRow {
  slug: string;
  name: string;
  timezone: string;
  api_shape: string;
  details: string | null;
}

/**
 * The venue's optional `url`, `address`, events `source`, `language` and `ticketLinkParams` as the
 * stores keep them: JSON, or null for none.
 */
export function venueDetailsJson(venue: VenueRecord & { source?: StoredSource }): string | null {
  const { url, address, geo, source, language, ticketLinkParams } = venue;
  return url === undefined &&
    address === undefined &&
    geo === undefined &&
    source === undefined &&
    language === undefined &&
    ticketLinkParams === undefined
    ? null
    : JSON.stringify({ url, address, geo, source, language, ticketLinkParams });
}

/** The events source a `venues` row keeps in its details, if any. */
export function venueSource(row: Pick<VenueRow, 'details'>): StoredSource | undefined {
  return row.details === null
    ? undefined
    : (JSON.parse(row.details) as { source?: StoredSource }).source;
}

/** A `venues` row back into a `VenueRecord`. */
export function venueRecord(row: VenueRow): VenueRecord {
  const record: VenueRecord = {
    slug: row.slug,
    name: row.name,
    timezone: row.timezone,
    apiShape: row.api_shape === 'earlier' ? 'earlier' : 'current',
  };
  if (row.details !== null) {
    const { url, address, geo, language, ticketLinkParams } = JSON.parse(row.details) as Pick<
      VenueRecord,
      'url' | 'address' | 'geo' | 'language' | 'ticketLinkParams'
    >;
    if (url !== undefined) record.url = url;
    if (address !== undefined) record.address = address;
    if (geo !== undefined) record.geo = geo;
    if (language !== undefined) record.language = language;
    if (ticketLinkParams !== undefined) record.ticketLinkParams = ticketLinkParams;
  }
  return record;
}

/** An event's instant members: wire-form strings, or epoch ms in documents of earlier versions. */
const INSTANT_MEMBERS = ['cancelledAt', 'closedManuallyAt', 'closeAt'] as const;

/**
 * An `events.doc` (the JSON of a `StoredEvent`) back into a `StoredEvent`. Documents written
 * before instants kept their microseconds hold UTC epoch milliseconds: they are read as the wire
 * form of those milliseconds, so a database needs no migration.
 */
export function storedEvent(doc: string): StoredEvent {
  const event = JSON.parse(doc) as StoredEvent;
  for (const member of INSTANT_MEMBERS) {
    const value: unknown = event[member];
    if (typeof value === 'number') event[member] = instant(value);
  }
  return event;
}
