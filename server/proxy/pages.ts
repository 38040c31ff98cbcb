/**
 * What the proxy needs to build the listing page and the calendar files itself, from the
 * upstream's list responses (docs/api.md §2.5) and the pure renderers it shares with the origin
 * (`server/pages/`): the configured zones checked, a reader that turns an upstream list body
 * into resources the renderers can trust, and the events of several list pages merged. The venue
 * as the proxy knows it is the backend's (`upstream-backend.ts`, from `--venues` and
 * `--venue-zone`).
 *
 * The renderers take the contract's types at their word, and an upstream is another system: an
 * event that does not have the contract's members with the contract's types is left out (the API
 * itself still passes it through unchanged), and a list whose `meta` cannot place the page is a
 * 502. Members the contract does not name are allowed (a platform may send more). The optional
 * facts of docs/api.md §10.18 (`end_time`, `price`, `performers`, `few_tickets_left`, a stop's
 * `end_time`), §10.19's `ticket_url` and §10.20's schedule and age limit are checked one by one: a
 * malformed one is dropped, never the event.
 */
import {
  LINK_PARAM_NAME,
  LINK_PARAMS_MAX,
  LINK_VALUE_MAX,
  type LinkParams,
} from '../../shared/rules/link-params.js';
import type { TSchema } from '@sinclair/typebox';
import { IANAZone } from 'luxon';
import {
  EndTimeSchema,
  EventResourceSchema,
  MinAgeSchema,
  PerformersSchema,
  PriceSchema,
  SLUG,
  TicketOfficeSchema,
  TicketUrlSchema,
  scheduleMembers,
  allDayMembers,
  soldOutMembers,
  directionsMembers,
  whole,
  type EventResource,
  type ListResponse,
} from '../../shared/contract.js';
import { fewTicketsLeft } from '../../shared/rules/few-left.js';
import { checkPrice, type PriceValue } from '../../shared/rules/price.js';
import { createAjv } from '../lib/ajv.js';
import { positionOf, type ListingPosition } from '../pages/listing-page.js';
import { upstreamFault } from './upstream.js';

/**
 * Most pages a listing page's `meta.last_page` may claim: the page links every page, so an
 * upstream's claim must not make it unbounded. 1,000 pages are 12,000 listed events.
 */
export const MAX_LISTED_PAGES = 1000;

/** Venue slug → IANA time zone, for venues whose zone the operator configured. */
export type VenueZones = Readonly<Record<string, string>>;

const VENUE_SLUG = whole(SLUG);

/** Throws when a configured slug is not a venue slug or a zone is not an IANA zone. */
export function checkVenueZones(zones: VenueZones): void {
  for (const [slug, zone] of Object.entries(zones)) {
    if (!VENUE_SLUG.test(slug)) throw new Error(`venueZones: "${slug}" is not a venue slug`);
    if (!IANAZone.isValidZone(zone)) {
      throw new Error(`venueZones: unknown IANA time zone "${zone}" for venue "${slug}"`);
    }
  }
}

/** `schema` as plain JSON Schema that allows members it does not name. */
const lenient = (schema: TSchema): object =>
  JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === 'additionalProperties' ? undefined : value,
  );

const ajv = createAjv({ strict: false, allErrors: false });
const validEvent = ajv.compile<EventResource>(lenient(EventResourceSchema));
const validTicketOffice = ajv.compile(lenient(TicketOfficeSchema));
const validEndTime = ajv.compile<string>(EndTimeSchema);
const validTicketUrl = ajv.compile<string>(TicketUrlSchema);
const validPrice = ajv.compile<PriceValue>(lenient(PriceSchema));
const validPerformers = ajv.compile<string[]>(PerformersSchema);
const validMinAge = ajv.compile<number>(MinAgeSchema);
/**
 * docs/api.md §10.20, §10.22, §10.23 and §10.25: each schedule, all-day, sold-out and directions
 * member's check, by name (a malformed one, a `directions_url` not https, costs that member, not
 * the event).
 */
const validSchedule = Object.entries({
  ...scheduleMembers,
  ...allDayMembers,
  ...soldOutMembers,
  ...directionsMembers,
}).map(([name, schema]) => [name, ajv.compile(schema)] as const);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A ticket link the contract allows (docs/api.md §10.19): an https URL a browser can open. */
const isTicketUrl = (value: unknown): boolean =>
  validTicketUrl(value) && URL.canParse(value as string);

/**
 * Deletes `object.end_time` unless it is the contract's `HH:MM:SS`, and `object.ticket_url`
 * unless it is an https URL: the members an event and each of its occurrences may carry.
 */
function dropBadTimeAndLink(object: unknown): void {
  if (!isObject(object)) return;
  if ('end_time' in object && !validEndTime(object.end_time)) delete object.end_time;
  if ('ticket_url' in object && !isTicketUrl(object.ticket_url)) delete object.ticket_url;
  for (const [name, valid] of validSchedule)
    if (name in object && !valid(object[name])) delete object[name];
}

/**
 * Keeps, in place, only the facts of docs/api.md §10.18 in `event`'s attributes that the
 * contract allows, so that a malformed one costs that fact and not the event: `end_time` (the
 * event's and each occurrence's) `HH:MM:SS`; `price` by the price rule (`checkPrice`: a currency
 * `Intl` knows, amounts within its minor digits, `min ≤ max`), re-written normalised and
 * without members the contract does not name; `performers` 1–20 names of 1–200 characters;
 * `few_tickets_left` only `true`, and only beside an open ticket office (a closed one wins);
 * §10.19's `ticket_url` (the event's and each occurrence's) only an https URL; §10.20's schedule
 * members (the event's and each occurrence's) each in its format, `min_age` 1–25 agreeing with
 * `over_18`. Anything but an object with attributes is left for `isReadableEvent` to refuse.
 */
export function dropMalformedFacts(event: unknown): void {
  const attributes = isObject(event) ? event.attributes : undefined;
  if (!isObject(attributes)) return;
  dropBadTimeAndLink(attributes);
  dropBadTimeAndLink(attributes.next_occurrence);
  if (Array.isArray(attributes.occurrences)) attributes.occurrences.forEach(dropBadTimeAndLink);
  if ('price' in attributes) {
    const price = validPrice(attributes.price) ? checkPrice(attributes.price).price : undefined;
    if (price) attributes.price = price;
    else delete attributes.price;
  }
  if ('performers' in attributes && !validPerformers(attributes.performers)) {
    delete attributes.performers;
  }
  // docs/api.md §10.20: an age limit outside 1–25, or one that disagrees with over_18, is dropped.
  if ('min_age' in attributes) {
    const age = attributes.min_age;
    if (!validMinAge(age) || age >= 18 !== (attributes.over_18 === true)) delete attributes.min_age;
  }
  if ('few_tickets_left' in attributes) {
    const office = attributes.ticket_office;
    const open = isObject(office) && office.status === 'open';
    if (!fewTicketsLeft(attributes, open)) delete attributes.few_tickets_left;
  }
}

/**
 * `value` is an event resource of either shape the renderers can read: every member of spec
 * §2.2 with its type, and a `ticket_office` (when present at all) of docs/api.md §2.4.
 */
export function isReadableEvent(value: unknown): value is EventResource {
  if (!validEvent(value)) return false;
  const attributes = value.attributes as unknown as Record<string, unknown>;
  return !('ticket_office' in attributes) || validTicketOffice(attributes.ticket_office);
}

/** One upstream list page, read for the renderers. */
export interface ListPage {
  /** Its readable events, in the upstream's order. */
  events: EventResource[];
  /**
   * Its `meta.ticket_link_params` (docs/api.md §10.19) when they are what a venue file allows
   * (`linkParamsOf`); absent otherwise.
   */
  linkParams?: LinkParams;
  position: ListingPosition;
  /** How many events were left out as unreadable. */
  dropped: number;
}

const isCount = (value: unknown, min: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min;

/**
 * Reads a list response body (its links already on the proxy's base). Throws a 502 when it is not
 * a list whose `meta` places the page; leaves out events it cannot read.
 */
export function readListPage(body: unknown): ListPage {
  const { data, meta } = (body ?? {}) as { data?: unknown; meta?: Record<string, unknown> };
  if (
    !Array.isArray(data) ||
    typeof meta !== 'object' ||
    meta === null ||
    !isCount(meta.current_page, 1) ||
    !isCount(meta.last_page, 1) ||
    (meta.last_page as number) > MAX_LISTED_PAGES ||
    !isCount(meta.total, 0) ||
    !(meta.from === null || isCount(meta.from, 1))
  ) {
    throw upstreamFault(502, 'The events platform answered with a list we cannot read.');
  }
  data.forEach(dropMalformedFacts);
  const events = data.filter(isReadableEvent);
  const linkParams = linkParamsOf(meta.ticket_link_params);
  return {
    events,
    position: positionOf(meta as ListResponse['meta']),
    dropped: data.length - events.length,
    ...(linkParams && { linkParams }),
  };
}

/**
 * An upstream's `meta.ticket_link_params` (docs/api.md §10.19) if it is what a venue file may
 * give (at most `LINK_PARAMS_MAX` names of `LINK_PARAM_NAME`, string values of at most
 * `LINK_VALUE_MAX`), else undefined: what the proxy builds carries nothing else.
 */
function linkParamsOf(value: unknown): LinkParams | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  return entries.length > 0 &&
    entries.length <= LINK_PARAMS_MAX &&
    entries.every(
      ([name, text]) =>
        LINK_PARAM_NAME.test(name) && typeof text === 'string' && text.length <= LINK_VALUE_MAX,
    )
    ? (Object.fromEntries(entries) as LinkParams)
    : undefined;
}

/**
 * The events of several list pages of one venue (the calendar feed's), in page order, each
 * event once (by id: a list can shift between page reads), and how many were left out as
 * unreadable.
 */
export function mergeLists(lists: readonly ListPage[]): {
  events: EventResource[];
  dropped: number;
} {
  const seen = new Set<string>();
  const events = lists
    .flatMap((list) => list.events)
    .filter((event) => !seen.has(event.id) && seen.add(event.id));
  const dropped = lists.reduce((sum, list) => sum + list.dropped, 0);
  return { events, dropped };
}
