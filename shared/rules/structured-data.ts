/**
 * schema.org `Event` structured data (JSON-LD) from the public API's event resources (docs/api.md §2),
 * for the server's HTML pages and, unchanged, the widget. Pure: no clock, no time-zone database,
 * no HTML parser — the caller passes the venue-local `today`, an optional zone-aware start-date
 * formatter and a plain-text extractor (the server uses luxon and html-to-text; the widget knows
 * no venue zone and has the browser's DOM).
 *
 * Property choices follow Google's event rich results: required `name`, `startDate`, `location`
 * (a `Place` with an `address`); recommended `description`, `eventStatus`,
 * `eventAttendanceMode`, `image`, `offers` (`url`, `availability`, `validThrough`), `organizer`;
 * and, when the venue gives the facts of docs/api.md §10.18, `endDate`, `performer` and the
 * offer's `price`/`priceCurrency` (an `AggregateOffer` with `lowPrice`/`highPrice` for a range);
 * of docs/api.md §10.20, `eventStatus` `EventPostponed`/`EventRescheduled` with
 * `previousStartDate`, `doorTime` and `typicalAgeRange`. Without them none of these is invented
 * and the output is what it was before them.
 */
import type {
  AnyEventAttributes,
  CompactOccurrence,
  EventResource,
  ScheduleStatus,
  TicketOffice,
  TicketOfficeReason,
} from '../contract.js';
import { ACCESS_TERMS, type AccessId } from './access.js';
import { allDayLast } from './all-day.js';
import { labelTime } from './clock-label.js';
import { endTimeOf, endWallClock } from './end-wall-clock.js';
import { fewTicketsLeft } from './few-left.js';
import { ticketOfficeOf } from './ticket-office.js';
import { isSoldOut, ticketUrlOf } from './ticket-url.js';

// The server's pages read either shape's ticket office from here; its home is the rule's module.
export { ticketOfficeOf };

const SCHEMA = 'https://schema.org/';

/**
 * A venue's postal address, schema.org `PostalAddress` (docs/venue-file.md): only the
 * members the venue file gives, trimmed and non-empty; `addressCountry` is an ISO 3166-1 alpha-2
 * code. The one declaration of this shape: the stored venue, the pages and the JSON-LD use it.
 */
export interface PostalAddress {
  streetAddress?: string;
  addressLocality?: string;
  postalCode?: string;
  addressRegion?: string;
  addressCountry?: string;
}

/**
 * A point on the map (venue file `geo`, docs/venue-file.md): WGS 84 degrees, `lat` −90..90,
 * `lon` −180..180. The one declaration of this shape, as `PostalAddress` is of an address.
 */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/**
 * The venue as the renderers know it (this JSON-LD builder, the widget, the server's listing and
 * event pages and calendar files): what they show besides the event resources. It exists apart
 * from the stored `VenueRecord` (which extends it) because the widget and the proxy build one
 * without a store row: the widget knows only the slug and a name, the proxy its configured zone.
 */
export interface StructuredDataVenue {
  /** The venue's `{slug}` (event page URLs are `{origin}/t/{slug}/events/{event-slug}`). */
  slug: string;
  /** The venue's public name (organizer, and the place of events without a location label). */
  name: string;
  /** The venue's own website, absolute http(s) URL (venue file `url`). */
  url?: string;
  /** The venue's postal address (venue file `address`). */
  address?: PostalAddress;
  /** The venue's point on the map (venue file `geo`): JSON-LD `geo`, directions (§10.25). */
  geo?: GeoPoint;
  /**
   * The venue's IANA time zone, when known (the origin always, the proxy when configured, the
   * widget never): the server's pages and calendars give times its UTC offset with it. This
   * builder does not read it (it holds no zone database); it takes `options.startDate` instead.
   */
  timezone?: string;
}

export interface StructuredDataOptions {
  /**
   * The venue-local date `YYYY-MM-DD` (the visitor's date where the zone is unknown): a tour's
   * stops before it are left out, unless every stop is.
   */
  today: string;
  /** The plain text of an event's HTML description (tags removed, entities decoded). */
  plainText: (html: string) => string;
  /**
   * The ISO 8601 `startDate` of a venue-local date (`YYYY-MM-DD`) and time (`HH:MM:SS`), with the
   * venue's UTC offset when its zone is known. Default: the local date-time without an offset.
   */
  startDate?: (date: string, time: string) => string;
  /**
   * The place features' names in the page's language, by access id (docs/api.md §10.5, §10.15):
   * the words the page shows. Default: English (`ACCESS_TERMS`' labels). The performance's
   * `accessibilityFeature` values are the W3C vocabulary's in every language.
   */
  accessLabels?: Readonly<Record<AccessId, string>>;
}

export type JsonLdPostalAddress = { '@type': 'PostalAddress' } & PostalAddress;

/** One feature of a place (https://schema.org/LocationFeatureSpecification): present, by name. */
export interface JsonLdLocationFeature {
  '@type': 'LocationFeatureSpecification';
  name: string;
  value: true;
}

/** https://schema.org/GeoCoordinates: WGS 84 degrees. */
export interface JsonLdGeo {
  '@type': 'GeoCoordinates';
  latitude: number;
  longitude: number;
}

export interface JsonLdPlace {
  '@type': 'Place';
  name: string;
  /** The venue's `PostalAddress`, or a tour stop's location label as text. */
  address?: JsonLdPostalAddress | string;
  url?: string;
  /**
   * Where the place is on the map (docs/api.md §10.25), when the venue or a stop says: added by
   * the server's pages (`server/pages/json-ld-geo.ts`); the widget knows no point.
   */
  geo?: JsonLdGeo;
  /** The place's access provisions on that date (docs/api.md §10.15): step-free access, … */
  amenityFeature?: JsonLdLocationFeature[];
}

/**
 * The performance (https://schema.org/workPerformed), which carries the performance's access
 * provisions: `accessibilityFeature` is a CreativeWork property, not an Event one.
 */
export interface JsonLdWork {
  '@type': 'CreativeWork';
  name: string;
  /** W3C vocabulary values: `captions`, `signLanguage`, `audioDescription`. */
  accessibilityFeature: string[];
}

/**
 * The offer: an `Offer` (with `price` + `priceCurrency` for one price, docs/api.md §10.18), or an
 * `AggregateOffer` with `lowPrice`/`highPrice` + `priceCurrency` for a range. Amounts are the
 * API's decimal strings in the currency's major unit (`"12.00"`, `"0.00"` when free).
 */
export interface JsonLdOffer {
  '@type': 'Offer' | 'AggregateOffer';
  url: string;
  availability: string;
  validThrough?: string;
  /** When sales open (docs/api.md §10.23), a UTC instant, while that is ahead. */
  availabilityStarts?: string;
  price?: string;
  lowPrice?: string;
  highPrice?: string;
  priceCurrency?: string;
}

/** One performer (docs/api.md §10.18): a name only, so schema.org's group-or-person type. */
export interface JsonLdPerformer {
  '@type': 'PerformingGroup';
  name: string;
}

/** One schema.org `Event`. */
export interface JsonLdEvent {
  '@context': 'https://schema.org';
  '@type': 'Event';
  '@id': string;
  name: string;
  startDate: string;
  /** When the venue gives an end time (docs/api.md §10.18), in `startDate`'s form. */
  endDate?: string;
  eventStatus: string;
  /**
   * A rescheduled date's previous start (docs/api.md §10.20), in `startDate`'s form; the date
   * alone when the venue gives no previous time.
   */
  previousStartDate?: string;
  /** When the doors open (docs/api.md §10.20), in `startDate`'s form. */
  doorTime?: string;
  /** The age limit, a range open above (docs/api.md §10.20): `"18-"`, `"14-"`. */
  typicalAgeRange?: string;
  eventAttendanceMode: string;
  location: JsonLdPlace;
  url: string;
  organizer: { '@type': 'Organization'; name: string; url?: string };
  description?: string;
  image?: string[];
  offers?: JsonLdOffer;
  performer?: JsonLdPerformer[];
  workPerformed?: JsonLdWork;
}

/**
 * `offers.availability` by ticket office (README "Structured data"): `null` means no offer at all.
 * The keys are `open` and the closed reasons of docs/api.md §2.4.
 */
export const AVAILABILITY: Record<'open' | TicketOfficeReason, string | null> = {
  open: `${SCHEMA}InStock`,
  manual: `${SCHEMA}SoldOut`,
  scheduled: `${SCHEMA}SoldOut`,
  event_ended: `${SCHEMA}Discontinued`,
  cancelled: `${SCHEMA}Discontinued`,
  not_ticketed: null,
};

/** A cancelled stop of a tour that is still on sale: its own tickets are withdrawn. */
const CANCELLED_STOP_AVAILABILITY = `${SCHEMA}Discontinued`;

/** An open office whose venue says few tickets are left (docs/api.md §10.18). */
const FEW_LEFT_AVAILABILITY = `${SCHEMA}LimitedAvailability`;

/**
 * `offers.availability` of an event (`AVAILABILITY`; `LimitedAvailability` while the office is
 * open and the venue says few tickets are left); null when it has no offer.
 */
function availabilityOf(a: AnyEventAttributes, office: TicketOffice): string | null {
  if (!a.tickets_enabled) return null;
  // Not on sale yet (docs/api.md §10.23): closed by hand until `on_sale_at`, then in stock.
  if (onSaleOf(a)) return `${SCHEMA}PreOrder`;
  if (office.status !== 'open') return AVAILABILITY[office.reason ?? 'not_ticketed'];
  return fewTicketsLeft(a, true) ? FEW_LEFT_AVAILABILITY : AVAILABILITY.open;
}

/** When sales open (docs/api.md §10.23), while the API says it is ahead; else undefined. */
const onSaleOf = (a: AnyEventAttributes): string | undefined =>
  'on_sale_at' in a ? a.on_sale_at : undefined;

/** The offer's `validThrough` (a closure) and `availabilityStarts` (§10.23), each when set. */
const offerWindow = (a: AnyEventAttributes, office: TicketOffice) => ({
  ...(office.closes_at && { validThrough: office.closes_at }),
  ...(onSaleOf(a) && { availabilityStarts: onSaleOf(a) }),
});

/**
 * A tour stop's `offers.availability` given its event's: a cancelled stop's tickets are
 * withdrawn; a stop sold out on its own (docs/api.md §10.23) is sold out whatever the tour's
 * office says.
 */
const stopAvailability = (event: string, stop: CompactOccurrence | undefined): string =>
  stop?.status === 'cancelled'
    ? CANCELLED_STOP_AVAILABILITY
    : isSoldOut(stop)
      ? AVAILABILITY.manual!
      : event;

/**
 * The price members of the offer (docs/api.md §10.18): `price` for one price (a range only when
 * `max` > `min`), else `lowPrice`/`highPrice` and the `AggregateOffer` type; none without a price.
 */
function priceOf(attributes: AnyEventAttributes): Partial<JsonLdOffer> {
  const price = 'price' in attributes ? attributes.price : undefined;
  if (!price) return {};
  const { currency: priceCurrency, min, max } = price;
  return max !== undefined && Number(max) > Number(min)
    ? { '@type': 'AggregateOffer', lowPrice: min, highPrice: max, priceCurrency }
    : { price: min, priceCurrency };
}

// A stop's clock label read back has its home in clock-label.ts; re-exported for the pages.
export { labelTime };

/** The origin of `links.self`, the base of every page link (docs/decisions.md "Buy link"). */
function originOf(resource: EventResource): string | null {
  try {
    const url = new URL(resource.links.self);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The public event page (where buy links point): `{origin}/t/{venue}/events/{event-slug}`. */
export function eventPageUrl(resource: EventResource, venueSlug: string): string | null {
  const origin = originOf(resource);
  return origin && `${origin}/t/${venueSlug}/events/${resource.attributes.slug}`;
}

/** The anchor of a tour stop on the event page, e.g. `stop-2026-12-05-1930`. */
export function stopAnchor(date: string, time: string): string {
  return `stop-${date}-${time.slice(0, 2)}${time.slice(3, 5)}`;
}

/** The absolute http(s) URL of the event image, when the venue shows images. */
function imageUrl(attributes: AnyEventAttributes, origin: string): string | null {
  if (!attributes.show_images || !attributes.small_image_path) return null;
  try {
    const url = new URL(attributes.small_image_path, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The schema.org form of a date's access provisions (docs/api.md §10.15, shared/rules/access.ts):
 * the place's features as `amenityFeature`s named by their labels, the performance's as
 * `accessibilityFeature` values; `relaxed` has no schema.org term and is left out.
 */
function accessData(
  access: readonly string[] | undefined,
  labels: StructuredDataOptions['accessLabels'],
): {
  amenities: JsonLdLocationFeature[];
  features: string[];
} {
  const terms = ACCESS_TERMS.filter((term) => access?.includes(term.id));
  return {
    amenities: terms
      .filter((term) => term.schemaOrg.kind === 'amenityFeature')
      .map((term) => ({
        '@type': 'LocationFeatureSpecification',
        name: labels?.[term.id] ?? term.label,
        value: true,
      })),
    features: terms.flatMap((term) =>
      term.schemaOrg.kind === 'accessibilityFeature' ? [term.schemaOrg.value] : [],
    ),
  };
}

/** `place` with the access provisions of `access` (a new object; `place` unchanged). */
function withAccess(
  place: JsonLdPlace,
  title: string,
  access: readonly string[] | undefined,
  labels: StructuredDataOptions['accessLabels'],
): { place: JsonLdPlace; work: JsonLdWork | undefined } {
  const { amenities, features } = accessData(access, labels);
  return {
    place: amenities.length > 0 ? { ...place, amenityFeature: amenities } : place,
    work: features.length
      ? { '@type': 'CreativeWork', name: title, accessibilityFeature: features }
      : undefined,
  };
}

/** The stops a tour's structured data describes: those from `today` on, or all when none is. */
function describedStops(occurrences: readonly CompactOccurrence[], today: string) {
  const upcoming = occurrences.filter((o) => o.occurrence_date >= today);
  return upcoming.length > 0 ? upcoming : occurrences;
}

/**
 * The schedule of one date (docs/api.md §10.20): a single event's members, or a stop's (which the
 * API fills with the event's where the stop has none of its own). All absent in the earlier shape.
 * The server's pages and calendar files read it too.
 */
export interface Schedule {
  schedule_status?: ScheduleStatus;
  previous_date?: string;
  previous_time?: string;
  status_reason?: string;
  doors_time?: string;
}

/** The place of an event at `location` (its label, '' for none) in `venue`. */
const placeOf = (location: string, venue: StructuredDataVenue): JsonLdPlace => ({
  '@type': 'Place',
  name: location || venue.name,
  // Google requires an address: the venue's postal one, else the location label as text (as a
  // tour stop has), e.g. in proxy mode and in the widget, which know no postal address.
  ...(venue.address
    ? { address: { '@type': 'PostalAddress', ...venue.address } }
    : location && { address: location }),
  ...(venue.url && { url: venue.url }),
});

/**
 * The members of one date's schedule (docs/api.md §10.20), `at` writing its times as `startDate`:
 * `doorTime`, `eventStatus` (cancelled wins over a change of plans: no one should come on the new
 * date either), `previousStartDate` (the date alone without its time) and the event's
 * `typicalAgeRange` (`age` and over; none for 0).
 */
function scheduleData(
  s: Schedule,
  cancelled: boolean,
  at: (date: string, time: string) => string,
  date: string,
  age: number,
) {
  const { schedule_status: moved, previous_date: was, previous_time: wasAt, doors_time: doors } = s;
  return {
    ...(doors && { doorTime: at(date, doors) }),
    eventStatus: `${SCHEMA}Event${cancelled ? 'Cancelled' : moved === 'postponed' ? 'Postponed' : moved ? 'Rescheduled' : 'Scheduled'}`,
    ...(was && { previousStartDate: wasAt ? at(was, wasAt) : was }),
    ...(age && { typicalAgeRange: `${age}-` }),
  };
}

/**
 * `startDate` and `endDate` of one date starting `date` `time`, `at` writing its times: the end
 * at `end` (§10.18) when given; an all-day date's (§10.22) its days, schema.org `Date`s, its
 * first and its `last` (inclusive).
 */
function datesData(
  date: string,
  time: string,
  { end, last }: { end: string | undefined; last: string | undefined },
  at: (date: string, time: string) => string,
): { startDate: string; endDate?: string } {
  if (last) return { startDate: date, endDate: last };
  const ends = end && endWallClock(date, time, end);
  return { startDate: at(date, time), ...(ends && { endDate: at(ends.date, ends.time) }) };
}

/**
 * `inLanguage` of an event whose resource says its language (docs/api.md §10.24: asked with
 * `locale`) when that says something: the venue has translations, or writes in another language
 * than English. An event without either is described as it always was.
 */
function inLanguageOf(a: object): { inLanguage?: string } {
  const { language, languages } = a as { language?: string; languages?: readonly string[] };
  if (language === undefined) return {};
  return (languages?.length ?? 0) > 1 || language !== 'en' ? { inLanguage: language } : {};
}

/**
 * The schema.org `Event`s of one event resource: one for a single-date event, one per described
 * stop of a multi-date event (each with its own date, place and status; a cancelled stop is
 * `EventCancelled`). Empty when `links.self` is not an http(s) URL (no page to point at).
 */
export function eventStructuredData(
  resource: EventResource,
  venue: StructuredDataVenue,
  options: StructuredDataOptions,
): JsonLdEvent[] {
  const origin = originOf(resource);
  const page = eventPageUrl(resource, venue.slug);
  if (!origin || !page) return [];
  const a = resource.attributes;
  const start = options.startDate ?? ((date: string, time: string) => `${date}T${time}`);
  const office = ticketOfficeOf(a, options.today);
  const availability = availabilityOf(a, office);
  const priced = priceOf(a);
  const performers = ('performers' in a && a.performers) || [];
  const cancelled = a.publish_status === 'cancelled';
  const description = options.plainText(a.description).trim();
  const image = imageUrl(a, origin);
  const venuePlace = placeOf(a.location, venue);
  // schema.org's open-above range (§10.20): the age limit, else 18 for an 18+ event, else none.
  const age = ('min_age' in a && a.min_age) || (a.over_18 ? 18 : 0);

  const event = (
    id: string,
    url: string,
    date: string,
    time: string,
    at: {
      place: JsonLdPlace;
      access: readonly string[] | undefined;
      end: string | undefined;
      /** An all-day date's last day, `YYYY-MM-DD` inclusive (§10.22): dates, not times. */
      last: string | undefined;
      /** Where this date's tickets are sold (§10.19), else the event page. */
      buy: string;
    },
    /** The tour's stop, for a multi-date event: its own status and schedule (§10.20). */
    stop?: CompactOccurrence,
  ): JsonLdEvent => {
    const stopCancelled = stop?.status === 'cancelled';
    const { place, work } = withAccess(at.place, a.title, at.access, options.accessLabels);
    const isCancelled = cancelled || stopCancelled;
    const stock = availability && stopAvailability(availability, stop);
    return {
      '@context': 'https://schema.org',
      '@type': 'Event',
      '@id': id,
      name: a.title,
      ...inLanguageOf(a),
      ...datesData(date, time, at, start),
      ...scheduleData((stop ?? a) as Schedule, isCancelled, start, date, age),
      eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
      location: place,
      url,
      organizer: {
        '@type': 'Organization',
        name: venue.name,
        ...(venue.url && { url: venue.url }),
      },
      ...(description && { description }),
      ...(image && { image: [image] }),
      ...(stock && {
        offers: {
          '@type': 'Offer',
          url: at.buy,
          availability: stock,
          ...offerWindow(a, office),
          ...priced,
        },
      }),
      ...(performers.length > 0 && {
        performer: performers.map((name) => ({ '@type': 'PerformingGroup' as const, name })),
      }),
      ...(work && { workPerformed: work }),
    };
  };

  if (a.date_mode === 'single') {
    return [
      event(`${page}#event`, page, a.event_date.slice(0, 10), a.event_time, {
        place: venuePlace,
        access: a.access,
        end: endTimeOf(a),
        last: allDayLast(a, a.event_date.slice(0, 10)),
        buy: ticketUrlOf(a) ?? page,
      }),
    ];
  }
  return describedStops(a.occurrences, options.today).flatMap((stop) => {
    const time = labelTime(stop.time_label);
    if (!time) return [];
    const anchor = `${page}#${stopAnchor(stop.occurrence_date, time)}`;
    const place: JsonLdPlace = stop.location_label
      ? { '@type': 'Place', name: stop.location_label, address: stop.location_label }
      : venuePlace;
    const buy = ticketUrlOf(stop) ?? ticketUrlOf(a) ?? page;
    const last = allDayLast(stop, stop.occurrence_date);
    const at = { place, access: stop.access, end: endTimeOf(a, stop), last, buy };
    return [event(anchor, anchor, stop.occurrence_date, time, at, stop)];
  });
}

/**
 * JSON-LD as the text of a `<script type="application/ld+json">`: `<`, `>`, `&` and the line
 * separators escaped as `\uXXXX`, so no value can close the script element or start a comment.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
