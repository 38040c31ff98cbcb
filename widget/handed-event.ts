/**
 * One event for `<venue-buy-button>` and `<venue-event>` given by `event-id`: the request the
 * script started for the element before the elements loaded (`firstFetch` in `first-paint.ts`),
 * else a new one.
 */
import type { EventResource } from '../shared/contract.js';
import { eventUrl, fetchEvent, type RequestOptions } from './api.js';
import { takeFirstPage } from './take-page.js';

/** GET `{base}/t/{venue}/api/events/{id}`, or its request already on the way for `el`. @throws ApiError */
export function eventFor(
  el: Element,
  base: string,
  venue: string,
  id: string,
  options: RequestOptions,
): Promise<EventResource> {
  const handed = options.revalidate
    ? undefined
    : takeFirstPage<EventResource>(el, eventUrl(base, venue, id));
  return handed?.request ?? fetchEvent(base, venue, id, options);
}
