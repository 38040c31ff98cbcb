/**
 * The hand-over of a request the script made before the elements loaded (`first-paint.ts`) to the
 * element it was made for, kept on the element itself: `<venue-events>` takes its first page (and
 * the shadow root drawn with it), so it neither fetches the page again nor shows a skeleton for it;
 * `<venue-buy-button>` and `<venue-event>` take the event they show. An element the server drew
 * (`GET /t/{slug}/widget.html`, docs/api.md §10.17) arrives with the page in its drawing, parsed
 * or inserted by a client renderer (`takeDeclarative`, which `<venue-events>` itself calls, so the
 * script tag and `import 'venue-events'` take it alike): no request, no skeleton, no moved card.
 * Here only what the script's first paint runs; what the elements run to take a request
 * (`takeFirstPage`, `takeDeclarative`) is in `take-page.ts`, out of the budgeted script.
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

/**
 * Where a handed request waits on its element (`take-page.ts` takes it): a symbol no page script
 * can name (without a description, which would only weigh on the budgeted script).
 */
export const FIRST_PAGE = Symbol();
export type Painted = Element & { [FIRST_PAGE]?: FirstPage<unknown> };

/** Leaves `first` on `el` for the element to take. */
export const handOver = <T>(el: Element, first: FirstPage<T>) =>
  void ((el as Painted)[FIRST_PAGE] = first);

/** Whether the element took `first` over (so its shadow root is no longer the first paint's). */
export const takenOver = <T>(el: Element, first: FirstPage<T>) =>
  (el as Painted)[FIRST_PAGE] !== first;

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
