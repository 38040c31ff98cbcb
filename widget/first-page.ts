/**
 * The hand-over of a request the script made before the elements loaded (`first-paint.ts`) to the
 * element it was made for, kept on the element itself: `<venue-events>` takes its first page (and
 * the shadow root drawn with it), so it neither fetches the page again nor shows a skeleton for it;
 * `<venue-buy-button>` and `<venue-event>` take the event they show. An element the server drew
 * (`GET /t/{slug}/widget.html`, docs/api.md §10.17) arrives with the page in its drawing, parsed
 * or inserted by a client renderer (`takeDeclarative`, which `<venue-events>` itself calls, so the
 * script tag and `import 'venue-events'` take it alike): no request, no skeleton, no moved card.
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
export const PAGE_DATA = 'script[data-venue-events-page]';
/** The light-DOM JSON-LD the server wrote beside it (the element writes its own once it runs). */
export const DRAWN_JSON_LD = 'script[data-venue-events-drawn]';

/**
 * The content the server drew `el` with (docs/api.md §10.17), however it arrived: its declarative
 * shadow root, attached as the page was parsed, or the content of the `<template shadowrootmode>`
 * a client renderer's `innerHTML` (React's, on a client-side navigation) left an inert child.
 * Undefined for an element the server did not draw (its root, if any, is the first paint's).
 */
export const drawnRoot = (el: Element): ParentNode | undefined =>
  el.shadowRoot ??
  (el.querySelector(':scope>template[shadowrootmode]') as HTMLTemplateElement | null)?.content;

/**
 * Hands `el` the page it was drawn with (`drawnRoot`'s data block), for `takeFirstPage` to give it
 * when it asks for the URL the block says it answers: taken by `<venue-events>` when it connects,
 * so the script tag, `import 'venue-events'` and an element inserted after the elements were
 * defined all take it alike, with no list request and no skeleton. The drawn JSON-LD gives way to
 * the element's own. Nothing for an element without a data block, or with a body the wire reader
 * refuses (the element then fetches its page). `pageNumber`: the page of a body without `meta`.
 */
export function takeDeclarative(el: Element, pageNumber: number): void {
  const data = drawnRoot(el)?.querySelector(PAGE_DATA);
  const url = data?.getAttribute('data-url');
  if (!url) return;
  try {
    const page = readPage(JSON.parse(data!.textContent!), pageNumber);
    handOver(el, { url, request: Promise.resolve(page), page });
    el.querySelector(DRAWN_JSON_LD)?.remove();
  } catch {
    // Not a list document: the element fetches its page.
  }
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
