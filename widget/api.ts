/** The widget's client of the Public Event Listing Interface (docs/api.md §4). */
import type { EventResource } from '../shared/contract.js';
import { withoutTrailingSlash } from '../shared/url.js';
// The wire reader is in the script, not a chunk: every first card needs it, and a chunk would
// be one more request before it (docs/benchmarks.md "Widget").
import { readPage, readSingle, type EventPage } from './wire.js';

/** A failed request: `status` is the HTTP status, or 0 for a network failure, a timeout or a bad body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether `error` is the API's 404: a venue slug or event id it does not publish (docs/api.md §7).
 * Asking again cannot help, so the elements name what was not found instead of offering a retry.
 */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;

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
  /** Ask the server (a cheap 304 when nothing changed), not the browser's HTTP cache. */
  revalidate: boolean;
}

/**
 * GET `url` as JSON with the widget's request rules: no cookies (`same-origin` credentials, the
 * mode a `crossorigin` preload uses), a timeout, revalidation when asked.
 * @throws ApiError (HTTP status, or 0 for a network fault or the timeout), or the abort reason
 */
export async function getJson(url: string, { signal, timeoutMs, revalidate }: RequestOptions) {
  // `timeout="abc"` (NaN), `0` or negative: the default, never an instant failure.
  const timeout = AbortSignal.timeout(
    timeoutMs > 0 && Number.isFinite(timeoutMs) ? timeoutMs : DEFAULT_TIMEOUT_MS,
  );
  try {
    const res = await fetch(url, {
      signal: AbortSignal.any([signal, timeout]),
      headers: { Accept: 'application/json' },
      // 'same-origin', as a `crossorigin` preload of the list uses, so the page's preload is taken
      // (cross-origin, no cookies are sent either way).
      credentials: 'same-origin',
      cache: revalidate ? 'no-cache' : 'default',
    });
    if (!res.ok) throw new ApiError(res.status, `HTTP ${res.status}`);
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

const endpoint = (base: string, venue: string) => venueUrl(base, venue, 'api/events');

/**
 * Filters of the list (docs/api.md §10.12, §10.15), as its query parameters; an empty value is left
 * out. `saved` (any value) is the widget's own: the visitor's saved events (`saved.ts`), instead
 * of the list.
 */
export type Filters = Partial<
  Record<'categories' | 'search' | 'start_date' | 'access' | 'saved', string>
>;

/** `{base}/t/{venue}/api/events?{filters}&page={page}`: the list's URL (the first paint's too). */
export function eventsUrl(
  base: string,
  venue: string,
  page: number,
  filters: Filters = {},
): string {
  const query = new URLSearchParams({ ...(filters as Record<string, string>), page: `${page}` });
  return `${endpoint(base, venue)}?${query}`;
}

/**
 * GET `{base}/t/{venue}/api/events?{filters}&page={page}`, read by `wire.ts`. Unfiltered, the URL
 * is `…?page=1`, the one the pinned snippet preloads.
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

/** GET `{base}/t/{venue}/api/events/{id}`, read by `wire.ts`. @throws ApiError, or the abort reason. */
export async function fetchEvent(
  base: string,
  venue: string,
  id: string,
  options: RequestOptions,
): Promise<EventResource> {
  const body = await getJson(eventUrl(base, venue, id), options);
  try {
    return readSingle(body);
  } catch (error) {
    throw new ApiError(0, (error as Error).message);
  }
}

/** `{base}/t/{venue}/api/{finder}`: the filter bar's finding aids (docs/api.md §10.13, §10.15). */
export const finderUrl = (base: string, venue: string, finder: 'categories' | 'access'): string =>
  venueUrl(base, venue, `api/${finder}`);

/**
 * The venue's calendar feed (docs/api.md §10.6), `{base}/t/{venue}/events.ics`: of one category
 * (`categories`), or of the events `ids` alone (the saved events' download), else all.
 */
export function venueFeedUrl(
  base: string,
  venue: string,
  only: { category?: string; ids?: string[] },
) {
  const query = only.ids
    ? `?ids=${only.ids.map(encodeURIComponent).join(',')}`
    : only.category
      ? `?categories=${encodeURIComponent(only.category)}`
      : '';
  return venueUrl(base, venue, `events.ics${query}`);
}

/**
 * The page a buy link opens: `{origin of links.self}/t/{venue}/events/{slug}` (docs/decisions.md "Buy
 * link"); undefined unless `links.self` is an http(s) URL and the event has a slug.
 */
export function eventPageUrl(event: EventResource, venue: string): string | undefined {
  let self: URL;
  try {
    self = new URL(event.links.self);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(self.protocol) || !event.attributes.slug || !venue) return undefined;
  return `${self.origin}/t/${encodeURIComponent(venue)}/events/${encodeURIComponent(event.attributes.slug)}`;
}
