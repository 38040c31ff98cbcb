/**
 * What the elements run to take a request the script handed them (`first-page.ts`): its first
 * page for `<venue-events>`, its event for `<venue-buy-button>` and `<venue-event>`, and the page
 * an element drawn by the server (docs/api.md §10.17) carries. Only the elements run it, so it
 * comes with them, not in the budgeted script every first card waits for (docs/widget.md "Size").
 */
import { readPage, type EventPage } from './wire.js';
import { drawnRoot, FIRST_PAGE, handOver, type FirstPage, type Painted } from './first-page.js';

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
