/**
 * One event for `<venue-buy-button>` and `<venue-event>` given by `event-id`: the request the
 * script started for the element before the elements loaded (`firstFetch` in `first-paint.ts`),
 * else a new one.
 */
import { eventUrl, fetchEvent, type RequestOptions } from './api.js';
import { takeFirstPage } from './take-page.js';
import type { SingleEvent } from './wire.js';

/** GET `{base}/t/{venue}/api/events/{id}`, or its request already on the way for `el`. @throws ApiError */
export function eventFor(
  el: Element,
  base: string,
  venue: string,
  id: string,
  options: RequestOptions,
): Promise<SingleEvent> {
  const handed = options.revalidate
    ? undefined
    : takeFirstPage<SingleEvent>(el, eventUrl(base, venue, id));
  return handed?.request ?? fetchEvent(base, venue, id, options);
}
