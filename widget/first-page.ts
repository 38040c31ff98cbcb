/**
 * The hand-over of a request the script made before the elements loaded (`first-paint.ts`) to the
 * element it was made for, kept on the element itself: `<venue-events>` takes its first page (and
 * the shadow root drawn with it), so it neither fetches the page again nor shows a skeleton for it;
 * `<venue-buy-button>` and `<venue-event>` take the event they show.
 */
import type { EventPage } from './wire.js';

/** A request handed to the element it was made for: a list page unless said otherwise. */
export interface FirstPage<T = EventPage> {
  /** The URL it was requested from (`eventsUrl`, `eventUrl`): taken only for the same one. */
  url: string;
  request: Promise<T>;
  /** What it brought, once it arrived. */
  page?: T;
}

const FIRST_PAGE = Symbol('venue-events first page');
type Painted = Element & { [FIRST_PAGE]?: FirstPage<unknown> };

/** Leaves `first` on `el` for the element to take. */
export const handOver = <T>(el: Element, first: FirstPage<T>) =>
  void ((el as Painted)[FIRST_PAGE] = first);

/** Whether the element took `first` over (so its shadow root is no longer the first paint's). */
export const takenOver = <T>(el: Element, first: FirstPage<T>) =>
  (el as Painted)[FIRST_PAGE] !== first;

/** What the script requested for `el` from `url`, once: undefined for another URL. */
export function takeFirstPage<T = EventPage>(el: Element, url: string): FirstPage<T> | undefined {
  const first = (el as Painted)[FIRST_PAGE];
  delete (el as Painted)[FIRST_PAGE];
  return first?.url === url ? (first as FirstPage<T>) : undefined;
}
