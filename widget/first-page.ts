/**
 * The hand-over of the first page from the script's first paint (`first-paint.ts`) to the
 * `<venue-events>` element that takes its shadow root over: the request it made, kept on the
 * element itself, so the element neither fetches the page again nor shows a skeleton for it.
 */
import type { EventPage } from './wire.js';

/** The first page's request, handed to the element that takes the shadow root over. */
export interface FirstPage {
  /** The URL it was requested from (`eventsUrl`): the element takes it only for the same one. */
  url: string;
  request: Promise<EventPage>;
  /** The page once it arrived. */
  page?: EventPage;
}

const FIRST_PAGE = Symbol('venue-events first page');
type Painted = Element & { [FIRST_PAGE]?: FirstPage };

/** Leaves `first` on `el` for the element to take. */
export const handOver = (el: Element, first: FirstPage) =>
  void ((el as Painted)[FIRST_PAGE] = first);

/** Whether the element took `first` over (so its shadow root is no longer the first paint's). */
export const takenOver = (el: Element, first: FirstPage) => (el as Painted)[FIRST_PAGE] !== first;

/** The first page the first paint fetched for `el` from `url`, once: undefined for another URL. */
export function takeFirstPage(el: Element, url: string): FirstPage | undefined {
  const first = (el as Painted)[FIRST_PAGE];
  delete (el as Painted)[FIRST_PAGE];
  return first?.url === url ? first : undefined;
}
