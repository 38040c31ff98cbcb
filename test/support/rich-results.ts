/**
 * Reads the JSON-LD of an HTML page and checks schema.org `Event`s against Google's event rich
 * results (Search Central, "Event structured data"): the required properties (`name`,
 * `startDate`, `location` as a `Place` with an `address`) and the recommended ones this project
 * can fill (`description`, `eventStatus`, `eventAttendanceMode`, `image`, `offers` with `url` and
 * `availability`, `organizer` with `name` and `url`, `location.name`), and, for an event whose
 * venue gives the facts of docs/api.md §10.18, `endDate`, `performer` and the offer's
 * `price`/`priceCurrency` (`lowPrice`/`highPrice` of an `AggregateOffer` for a range); for one
 * whose venue does not, those must be absent (nothing invented); likewise, for a date whose venue
 * gives the schedule of docs/api.md §10.20, `eventStatus` `EventPostponed`/`EventRescheduled`
 * with `previousStartDate`, `doorTime` and `typicalAgeRange`.
 */
import type { JsonLdEvent } from '../../shared/rules/structured-data.js';

/**
 * Every `<script type="application/ld+json">` block of `html` (other attributes after its type
 * allowed, as `widget.html`'s marker), parsed, flattened.
 */
export function jsonLdOf(html: string): JsonLdEvent[] {
  const blocks = [
    ...html.matchAll(/<script type="application\/ld\+json"(?: [^>]*)?>([\s\S]*?)<\/script>/g),
  ];
  return blocks.flatMap((m) => {
    const data = JSON.parse(m[1]!) as JsonLdEvent | JsonLdEvent[];
    return Array.isArray(data) ? data : [data];
  });
}

const STATUSES = ['EventScheduled', 'EventCancelled', 'EventPostponed', 'EventRescheduled'].map(
  (s) => `https://schema.org/${s}`,
);
const AVAILABILITIES = [
  'InStock',
  'SoldOut',
  'PreOrder',
  'Discontinued',
  'LimitedAvailability',
].map((s) => `https://schema.org/${s}`);
/** ISO 8601 date-time; with `offset`, it must carry a UTC offset (or Z). */
const dateTime = (offset: boolean) =>
  offset
    ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)?$/;

const isAbsolute = (url: unknown) => {
  if (typeof url !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

export interface RichResultExpectations {
  /** The venue's zone is known: `startDate` must carry an offset. Default true. */
  offset?: boolean;
  /** `offers` must be present (the event is ticketed). Default true. */
  offers?: boolean;
  /** `image` must be present. Default false (only events with `show_images` and a path). */
  image?: boolean;
  /**
   * The venue gives the event's end time, performers and price (docs/api.md §10.18): `endDate`,
   * `performer` and the offer's price members must be present. Default false: all absent.
   */
  facts?: boolean;
  /**
   * The schedule the venue gives this date (docs/api.md §10.20): each member named must be
   * present and well formed — `status` the `eventStatus` (`EventCancelled` still wins, so name
   * none for a cancelled date), `previous` a `previousStartDate` (a date, or a date-time in
   * `startDate`'s form) before or after the start, `doors` a `doorTime` in `startDate`'s form on
   * its day and not after it, `age` the `typicalAgeRange` (`"14-"`). Default `{}`: no
   * `EventPostponed`/`EventRescheduled`, `previousStartDate` nor `doorTime` (nothing invented); a
   * `typicalAgeRange` is then only checked for its form (an 18+ event has `"18-"`).
   */
  schedule?: {
    status?: 'EventPostponed' | 'EventRescheduled';
    previous?: boolean;
    doors?: boolean;
    age?: string;
  };
}

const PRICE = /^\d+(\.\d+)?$/;

/** The problems of the §10.18 members: present and well formed with `facts`, else absent. */
function factProblems(e: Record<string, unknown>, facts: boolean, offset: boolean): string[] {
  const offers = e.offers as Record<string, unknown> | undefined;
  if (!facts) {
    const invented = ['endDate', 'performer'].filter((k) => e[k] !== undefined);
    const priced = ['price', 'lowPrice', 'highPrice', 'priceCurrency'].filter(
      (k) => offers?.[k] !== undefined,
    );
    return [...invented, ...priced.map((k) => `offers.${k}`)].map((k) => `${k}: invented`);
  }
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => ok || problems.push(what);
  need(
    typeof e.endDate === 'string' &&
      dateTime(offset).test(e.endDate) &&
      Date.parse(e.endDate) > Date.parse(String(e.startDate)),
    `endDate: ${String(e.endDate)} is not an ISO 8601 date-time after startDate`,
  );
  const performers = e.performer as Record<string, unknown>[] | undefined;
  need(
    Array.isArray(performers) &&
      performers.length > 0 &&
      performers.every(
        (p) => ['PerformingGroup', 'Person'].includes(p['@type'] as string) && p.name,
      ),
    'performer: missing or not named PerformingGroup/Person items',
  );
  const currency = /^[A-Z]{3}$/.test(String(offers?.priceCurrency));
  const one = offers?.['@type'] === 'Offer' && PRICE.test(String(offers.price));
  const range =
    offers?.['@type'] === 'AggregateOffer' &&
    PRICE.test(String(offers.lowPrice)) &&
    PRICE.test(String(offers.highPrice)) &&
    Number(offers.lowPrice) < Number(offers.highPrice);
  need(
    currency && (one || range),
    'offers.price: missing (price or lowPrice/highPrice + priceCurrency)',
  );
  return problems;
}

const AGE_RANGE = /^\d{1,2}-$/;

/** The problems of the §10.20 members: present and well formed where given, else absent. */
function scheduleProblems(
  e: Record<string, unknown>,
  given: NonNullable<RichResultExpectations['schedule']>,
  offset: boolean,
): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => ok || problems.push(what);
  const start = String(e.startDate);
  const moved = String(e.eventStatus).replace('https://schema.org/', '');
  if (given.status) need(moved === given.status, `eventStatus: ${moved}, not ${given.status}`);
  else need(!/Postponed|Rescheduled/.test(moved), `eventStatus: ${moved}: invented`);
  const previous = e.previousStartDate;
  if (given.previous) {
    need(
      typeof previous === 'string' &&
        (/^\d{4}-\d{2}-\d{2}$/.test(previous) || dateTime(offset).test(previous)),
      `previousStartDate: ${String(previous)} is not an ISO 8601 date or date-time`,
    );
  } else need(previous === undefined, 'previousStartDate: invented');
  const doors = e.doorTime;
  if (given.doors) {
    need(
      typeof doors === 'string' &&
        dateTime(offset).test(doors) &&
        doors.slice(0, 10) === start.slice(0, 10) &&
        Date.parse(doors) <= Date.parse(start),
      `doorTime: ${String(doors)} is not an ISO 8601 date-time on startDate's day, not after it`,
    );
  } else need(doors === undefined, 'doorTime: invented');
  const age = e.typicalAgeRange;
  if (given.age) need(age === given.age, `typicalAgeRange: ${String(age)}, not ${given.age}`);
  else need(age === undefined || AGE_RANGE.test(String(age)), `typicalAgeRange: ${String(age)}`);
  return problems;
}

/**
 * Problems of one `Event` for Google's rich results, as `property: what is wrong`; empty when it
 * has every required property and every recommended one the project can provide.
 */
export function richResultProblems(event: JsonLdEvent, expect: RichResultExpectations = {}) {
  const problems: string[] = [];
  const e = event as unknown as Record<string, unknown>;
  const need = (ok: boolean, what: string) => ok || problems.push(what);
  need(e['@context'] === 'https://schema.org', '@context: not https://schema.org');
  need(e['@type'] === 'Event', '@type: not Event');
  // Required.
  need(typeof e.name === 'string' && e.name.trim() !== '', 'name: missing (required)');
  need(
    typeof e.startDate === 'string' && dateTime(expect.offset ?? true).test(e.startDate),
    `startDate: ${String(e.startDate)} is not an ISO 8601 date-time${expect.offset === false ? '' : ' with an offset'} (required)`,
  );
  const location = e.location as Record<string, unknown> | undefined;
  need(location?.['@type'] === 'Place', 'location: not a Place (required)');
  const address = location?.address as Record<string, unknown> | string | undefined;
  need(
    (typeof address === 'string' && address.trim() !== '') ||
      (typeof address === 'object' &&
        address['@type'] === 'PostalAddress' &&
        ['streetAddress', 'addressLocality', 'addressCountry'].some((k) => address[k])),
    'location.address: missing (required)',
  );
  // Recommended.
  need(typeof location?.name === 'string' && location.name !== '', 'location.name: missing');
  need(typeof e.description === 'string' && e.description !== '', 'description: missing');
  need(!/[<>]/.test(String(e.description ?? '')), 'description: contains markup');
  need(STATUSES.includes(e.eventStatus as string), 'eventStatus: missing or unknown');
  need(
    e.eventAttendanceMode === 'https://schema.org/OfflineEventAttendanceMode',
    'eventAttendanceMode: not offline',
  );
  need(isAbsolute(e.url), 'url: not an absolute http(s) URL');
  const organizer = e.organizer as Record<string, unknown> | undefined;
  need(typeof organizer?.name === 'string', 'organizer.name: missing');
  need(isAbsolute(organizer?.url), 'organizer.url: missing');
  if (expect.image) {
    need(
      Array.isArray(e.image) && e.image.length > 0 && e.image.every(isAbsolute),
      'image: missing or not absolute',
    );
  } else {
    need(e.image === undefined, 'image: present for an event without one');
  }
  const offers = e.offers as Record<string, unknown> | undefined;
  if (expect.offers ?? true) {
    need(['Offer', 'AggregateOffer'].includes(offers?.['@type'] as string), 'offers: missing');
    need(isAbsolute(offers?.url), 'offers.url: not an absolute URL');
    need(AVAILABILITIES.includes(offers?.availability as string), 'offers.availability: unknown');
  } else {
    need(offers === undefined, 'offers: present for an event that sells no tickets');
  }
  problems.push(...factProblems(e, expect.facts ?? false, expect.offset ?? true));
  problems.push(...scheduleProblems(e, expect.schedule ?? {}, expect.offset ?? true));
  return problems;
}
