/** The widget's client of the Public Event Listing Interface (spec §4). */
import type { EventResource, ListResponse, SingleResponse } from '../shared/contract.js';

/** A failed request: `status` is the HTTP status, or 0 for a network failure or a bad body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The origin the widget script was loaded from: the default API base. */
export const SCRIPT_ORIGIN = new URL(import.meta.url).origin;

async function getJson<T>(
  url: string,
  signal: AbortSignal,
  check: (body: unknown) => body is T,
  revalidate: boolean,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      signal,
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      // A refresh must ask the server (a cheap 304 when nothing changed), not the HTTP cache.
      cache: revalidate ? 'no-cache' : 'default',
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, `network error: ${(error as Error).message}`);
  }
  if (!res.ok) throw new ApiError(res.status, `HTTP ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(0, 'the response is not JSON');
  }
  if (!check(body)) throw new ApiError(0, 'the response is not an event listing');
  return body;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isEvent = (v: unknown): v is EventResource =>
  isObject(v) && typeof v.id === 'string' && isObject(v.attributes) && isObject(v.links);
const isList = (v: unknown): v is ListResponse =>
  isObject(v) && Array.isArray(v.data) && v.data.every(isEvent) && isObject(v.meta);
const isSingle = (v: unknown): v is SingleResponse => isObject(v) && isEvent(v.data);

const endpoint = (base: string, venue: string) =>
  `${base.replace(/\/+$/, '')}/t/${encodeURIComponent(venue)}/api/events`;

/**
 * GET `{base}/t/{venue}/api/events?page={page}`; `revalidate` bypasses the browser's HTTP cache.
 * @throws ApiError, or the abort reason.
 */
export function fetchEvents(
  base: string,
  venue: string,
  page: number,
  signal: AbortSignal,
  revalidate = false,
) {
  return getJson(`${endpoint(base, venue)}?page=${page}`, signal, isList, revalidate);
}

/** GET `{base}/t/{venue}/api/events/{id}`. @throws ApiError, or the abort reason. */
export function fetchEvent(
  base: string,
  venue: string,
  id: string,
  signal: AbortSignal,
  revalidate = false,
) {
  return getJson(
    `${endpoint(base, venue)}/${encodeURIComponent(id)}`,
    signal,
    isSingle,
    revalidate,
  );
}

/** Event page the buy link opens: `{origin of links.self}/t/{venue}/events/{slug}` (decisions.md "Buy link"). */
export function eventPageUrl(event: EventResource, venue: string): string | undefined {
  try {
    const origin = new URL(event.links.self).origin;
    if (!/^https?:/.test(origin)) return undefined;
    return `${origin}/t/${encodeURIComponent(venue)}/events/${encodeURIComponent(event.attributes.slug)}`;
  } catch {
    return undefined;
  }
}
