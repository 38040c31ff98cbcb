/**
 * The hand-over of a request the script made before the elements loaded (`first-paint.ts`) to the
 * element it was made for, kept on the element itself: `<venue-events>` takes its first page (and
 * the shadow root drawn with it), so it neither fetches the page again nor shows a skeleton for it;
 * `<venue-buy-button>` and `<venue-event>` take the event they show. An element the server drew
 * (`GET /t/{slug}/widget.html`, docs/api.md §10.17) arrives with its declarative shadow root and
 * the page in it (`takeDeclarative`), handed over the same way: no request, no moved card.
 */
import { readPage, type EventPage } from './wire.js';

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

/** The data block of a server-drawn root: the list document, and the URL it answers. */
export const PAGE_DATA = 'script[type="application/json"][data-venue-events-page]';
/** The light-DOM JSON-LD the server wrote beside it (the element writes its own once it runs). */
export const DRAWN_JSON_LD = 'script[type="application/ld+json"][data-venue-events-drawn]';

/**
 * Hands `el` the page its server-drawn shadow root carries, when that is the page at `url` the
 * element will ask for: true then. False for a root without one, another URL, or a body the wire
 * reader refuses (the element then fetches the page itself, replacing the drawn cards).
 */
export function takeDeclarative(el: Element, url: string, pageNumber: number): boolean {
  const data = el.shadowRoot?.querySelector(PAGE_DATA);
  if (!data || data.getAttribute('data-url') !== url) return false;
  let page: EventPage;
  try {
    page = readPage(JSON.parse(data.textContent ?? ''), pageNumber);
  } catch {
    return false;
  }
  handOver(el, { url, request: Promise.resolve(page), page });
  el.querySelector(DRAWN_JSON_LD)?.remove();
  return true;
}

/**
 * Where the per-venue script (`GET /t/{slug}/venue-events.js`, docs/api.md §10.17) leaves the
 * venue's first page before the script's own code runs: list documents by their URL.
 */
export const SEEDED_PAGES_KEY = 'venue-events seeded pages';
const SEEDED_PAGES = Symbol.for(SEEDED_PAGES_KEY);

/** The page the per-venue script brought for `url`, once: undefined when it brought none. */
export function takeSeeded(url: string, pageNumber: number): Promise<EventPage> | undefined {
  const seeded = (globalThis as { [SEEDED_PAGES]?: Record<string, unknown> })[SEEDED_PAGES];
  const body = seeded?.[url];
  if (body === undefined) return undefined;
  delete seeded![url];
  // A body the wire reader refuses rejects as a fetched one would (the element shows it).
  return Promise.resolve().then(() => readPage(body, pageNumber));
}
