/** The widget's client of the Public Event Listing Interface (docs/api.md §4). */
import type { EventAttributes, EventResource } from '../shared/contract.js';
import { linkValues, withLinkParams, type LinkParams } from '../shared/rules/link-params.js';
import { withoutTrailingSlash } from '../shared/url.js';
// The wire reader is in the script, not a chunk: every first card needs it, and a chunk would
// be one more request before it (docs/benchmarks.md "Widget").
import { readPage, readSingle, type EventPage, type SingleEvent } from './wire.js';
import {
  PARAM_ACCESS,
  PARAM_CATEGORIES,
  PARAM_END_DATE,
  PARAM_LOCALE,
  PARAM_PAGE,
  PARAM_SEARCH,
  PARAM_START_DATE,
  PARAM_VENUES,
  PARAM_WHEN,
} from './query-names.generated.js';

/**
 * A failed request: `status` is the HTTP status, or 0 for a network failure, a timeout or a bad
 * body; `detail` the API's error `detail` when it sent one (docs/decisions.md "Errors").
 */
export class ApiError extends Error {
  // Declared, then set: no class fields of their own in the budgeted script.
  declare readonly status: number;
  declare readonly detail: string | undefined;
  constructor(status: number, message: string, detail?: string) {
    super(message);
    Object.assign(this, { status, detail, name: 'ApiError' });
  }
}

/** The origin the widget script was loaded from: the default API base. */
export const SCRIPT_ORIGIN = new URL(import.meta.url).origin;

/** How long a request may take, headers and body, before it fails (the `timeout` attribute). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Options of one request. */
export interface RequestOptions {
  /** Aborts the request (the element's task moved on). */
  signal: AbortSignal;
  /** Milliseconds before the request fails with an ApiError. */
  timeoutMs: number;
  /** Ask the server (a cheap 304 when nothing changed), not the browser's HTTP cache; default not. */
  revalidate?: boolean;
  /**
   * The language to ask the venue's text in (`locale`, docs/api.md §10.24; `textLocale`),
   * added to the URL; undefined: the venue's own.
   */
  locale?: string | undefined;
}

/**
 * GET `url` as JSON with the widget's request rules: no cookies (`same-origin` credentials, the
 * mode a `crossorigin` preload uses), a timeout, revalidation when asked.
 * @throws ApiError (HTTP status, or 0 for a network fault or the timeout), or the abort reason
 */
export async function getJson(
  url: string,
  { signal, timeoutMs, revalidate, locale }: RequestOptions,
) {
  // `timeout="abc"` (NaN), `0` or negative: the default, never an instant failure.
  const timeout = AbortSignal.timeout(
    timeoutMs > 0 && Number.isFinite(timeoutMs) ? timeoutMs : DEFAULT_TIMEOUT_MS,
  );
  try {
    // Added here, not by the URL builders: a page handed over or seeded is keyed by its URL alone.
    const asked = locale
      ? `${url}${url.includes('?') ? '&' : '?'}${PARAM_LOCALE}=${encodeURIComponent(locale)}`
      : url;
    const res = await fetch(asked, {
      signal: AbortSignal.any([signal, timeout]),
      headers: { Accept: 'application/json' },
      // Fetch's default credentials, 'same-origin', as a `crossorigin` preload of the list uses, so
      // the page's preload is taken (cross-origin, no cookies are sent either way).
      cache: revalidate ? 'no-cache' : undefined,
    });
    if (!res.ok) {
      // The detail names the venue not found among several (docs/api.md §10.16).
      const detail = await res
        .json()
        .then((body: { errors: { detail: string }[] }) => body.errors[0]!.detail)
        .catch(() => undefined);
      throw new ApiError(res.status, `HTTP ${res.status}`, detail);
    }
    return (await res.json()) as unknown;
  } catch (error) {
    if (signal.aborted || error instanceof ApiError) throw error;
    throw new ApiError(0, timeout.aborted ? 'timed out' : `${(error as Error).message}`);
  }
}

/**
 * `{base}/t/{venue}/{path}`: every URL of a venue's resources the widget asks for is built here
 * (docs/api.md §4, §10); `path` is taken as given (its query escaped by the caller).
 */
export const venueUrl = (base: string, venue: string, path: string): string =>
  `${withoutTrailingSlash(base)}/t/${encodeURIComponent(venue)}/${path}`;

/**
 * The venue slugs of a `venue` attribute (docs/widget.md "Several venues"): separated by white
 * space, as `class` is; each once, in the order given. That is the first step of the one
 * venue-list rule (`readVenueList`, docs/api.md §10.16); its bounds and words would weigh on this
 * budgeted script, so `<venue-events>` loads them when a list's request fails (`refusal`). Never
 * cut: a list the rule refuses (more than 20 venues, a malformed slug) is asked for whole, the
 * API refuses it alike, and the element shows the rule's sentence.
 */
export const venueSlugs = (venue: string): string[] => [
  ...new Set(venue.split(/\s+/).filter(Boolean)),
];

/** Whether `venue` names several venues (`venue="a b c"`): their merged listing, not one venue's. */
export const isSeveral = (venue: string): boolean => venueSlugs(venue).length > 1;

/**
 * A listing resource of `venue` (docs/api.md §4, §10): `{base}/t/{venue}/{path}?{query}` for one
 * venue, else `{base}/{path}?venues=a,b,c&{query}` for its several (§10.16; `only`, if one of
 * them: that one, still as a listing of several, whose events name their venue). The commas are
 * written as they are, as a preload link writes them.
 */
export function listingUrl(
  base: string,
  venue: string,
  path: string,
  query = '',
  only?: string,
): string {
  const slugs = venueSlugs(venue);
  return slugs.length > 1
    ? `${withoutTrailingSlash(base)}/${path}?${PARAM_VENUES}=${(slugs.includes(only!) ? [only!] : slugs).map(encodeURIComponent).join()}${query && `&${query}`}`
    : venueUrl(base, slugs[0] ?? venue, `${path}${query && `?${query}`}`);
}

const endpoint = (base: string, venue: string) => venueUrl(base, venue, 'api/events');

/**
 * Filters of the list (docs/api.md §10.12, §10.15), as its query parameters; an empty value is left
 * out. `saved` (any value) is the widget's own: the visitor's saved events (`saved.ts`), instead
 * of the list; so is `venue`: one of a list's several venues (`listingUrl`'s `only`). `end_date`
 * only the calendar's day list asks with (`day-events.ts`), never the list or its bar. `when`
 * `past` lists the past events, newest first (docs/api.md §10.20).
 */
export type Filters = Partial<
  Record<
    | typeof PARAM_CATEGORIES
    | typeof PARAM_SEARCH
    | typeof PARAM_START_DATE
    | typeof PARAM_END_DATE
    | typeof PARAM_ACCESS
    | typeof PARAM_WHEN
    | 'saved'
    | 'venue',
    string
  >
>;

/**
 * `{base}/t/{venue}/api/events?{filters}&page={page}`, or for several venues
 * `{base}/api/events?venues=a,b,c&{filters}&page={page}`: the list's URL (the first paint's too).
 */
export function eventsUrl(
  base: string,
  venue: string,
  page: number,
  { venue: only, ...filters }: Filters = {},
): string {
  const query = new URLSearchParams({
    ...(filters as Record<string, string>),
    [PARAM_PAGE]: `${page}`,
  });
  return listingUrl(base, venue, 'api/events', `${query}`, only);
}

/**
 * GET the list's page (`eventsUrl`), read by `wire.ts`. Unfiltered, the URL is
 * `{base}/t/{venue}/api/events?page=1` (`{base}/api/events?venues=a,b,c&page=1` for several), the
 * one the pinned snippet preloads.
 * @throws ApiError, or the abort reason.
 */
export async function fetchEvents(
  base: string,
  venue: string,
  page: number,
  options: RequestOptions,
  filters: Filters = {},
): Promise<EventPage> {
  const body = await getJson(eventsUrl(base, venue, page, filters), options);
  try {
    return readPage(body, page);
  } catch (error) {
    throw new ApiError(0, (error as Error).message);
  }
}

/** `{base}/t/{venue}/api/events/{id}`: one event's URL. */
export const eventUrl = (base: string, venue: string, id: string) =>
  `${endpoint(base, venue)}/${encodeURIComponent(id)}`;

/**
 * GET `{base}/t/{venue}/api/events/{id}`, read by `wire.ts`: the event and its venue's ticket link
 * parameters (docs/api.md §10.19). @throws ApiError, or the abort reason.
 */
export async function fetchEvent(
  base: string,
  venue: string,
  id: string,
  options: RequestOptions,
): Promise<SingleEvent> {
  const body = await getJson(eventUrl(base, venue, id), options);
  try {
    return readSingle(body);
  } catch (error) {
    throw new ApiError(0, (error as Error).message);
  }
}

/**
 * Where the buy control sends a buyer (docs/api.md §10.19): the event's ticket shop when the
 * venue gives one (an https `ticket_url`; a tour's is its current stop's), with `params` added
 * (`withLinkParams`, the placeholders filled for `venue` and `locale`), else its event page.
 */
export const buyUrl = (
  event: EventResource,
  venue: string,
  params?: LinkParams,
  locale?: string,
): string | undefined =>
  // An https link: what the API answer's reader (`wire.ts`) keeps.
  shopLink((event.attributes as EventAttributes).ticket_url, event, venue, params, locale) ??
  eventPageUrl(event, venue);

/**
 * A ticket shop's link `url` (a ticket or waiting list link, https) of `event` with `params`
 * added (docs/api.md §10.19); undefined for none.
 */
export const shopLink = (
  url: string | undefined,
  event: EventResource,
  venue: string,
  params?: LinkParams,
  locale?: string,
): string | undefined => url && withLinkParams(url, params, linkValues(event, venue, locale));

/**
 * The event page, where a buy link without a ticket shop goes: `{origin of links.self}/t/{venue}/events/{slug}` (docs/decisions.md "Buy
 * link"), in a list of several venues the event's own venue's (`attributes.venue`, docs/api.md
 * §10.16); undefined unless `links.self` is an http(s) URL and the event has a slug and a venue.
 */
export function eventPageUrl(event: EventResource, venue: string): string | undefined {
  let self: URL;
  try {
    self = new URL(event.links.self);
  } catch {
    return undefined;
  }
  const [one, more] = venueSlugs(venue);
  const slug = event.attributes.venue?.slug ?? (more ? '' : one);
  if (!/^https?:$/.test(self.protocol) || !event.attributes.slug || !slug) return undefined;
  return `${self.origin}/t/${encodeURIComponent(slug)}/events/${encodeURIComponent(event.attributes.slug)}`;
}
