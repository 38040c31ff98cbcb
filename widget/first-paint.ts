/**
 * The first paint of `<venue-events>` (docs/architecture.md "First paint"): the script-tag build
 * draws what the element's own first renders would — its skeleton, then the first page's cards
 * with their buy controls — before Lit and the elements have loaded, into the shadow root the
 * element takes over when it is defined, together with the page it fetched (`takeFirstPage`).
 * So a visitor's first cards wait for this module and the API only (docs/benchmarks.md "Widget").
 *
 * Only the list's plain case is drawn here, in either layout (`layout="compact"` is the same
 * cards, styled as one line each by the list's own styles): a calendar view, filters from a shared
 * link (`sync-url`), a page with events that cannot be shown, or an empty one are left to the
 * element. The markup is `markup.ts`'s, which the server's declarative shadow roots share; an
 * element that arrived drawn by the server (`GET /t/{slug}/widget.html`, docs/api.md §10.17) is
 * not drawn again: the element takes it over with the page its HTML carries (`takeDeclarative`).
 */
// The order of these imports is the order of the modules in the script, which moves its gzip size
// (the stylesheets together, first: some 45 B less than alphabetical order). This one measured
// smallest of those that keep the script one file (a search over moves of one import, for issue
// 42's cards, and again after the entry's later cuts: the language loader before the API client,
// 5 B less, 12 B off the elements): an order that runs a module it shares with a lazy chunk
// (`trusted-html.ts`) earlier can make the bundler split that module out of it
// (test/widget-build/size.test.ts). Measure again before reordering them.
import { buyButtonStyles } from './venue-buy-button.styles.js';
import { cardStyles } from './event-card.styles.js';
import { listStyles } from './venue-events.styles.js';
import { hostStyles } from './host.styles.js';
import { loadMessages, resolveI18n, textLocale } from './i18n/load.js';
import { eventsUrl, eventUrl, fetchEvent, fetchEvents, type RequestOptions } from './api.js';
import { formatEventDate } from './format.js';
import { drawnRoot, handOver, takenOver, takeSeeded, type FirstPage } from './first-page.js';
import { readListAttributes, readSource, type ListAttributes, type Source } from './attributes.js';
import { buyControl, list, shell } from './markup.js';
import { policy } from './trusted-html.js';
import { readLinkParams } from '../shared/rules/link-params.js';
import { PARAM_LOCALE } from './query-names.generated.js';

/** The request options of the script's requests: its own (never aborted), not revalidated. */
const requestOptions = ({ timeoutMs }: Source, el: Element): RequestOptions => ({
  signal: AbortSignal.any([]),
  timeoutMs,
  locale: textLocale(el.getAttribute(PARAM_LOCALE), el),
});

/** `el`'s attributes, or undefined when its first render is not the plain list drawn here. */
function readOptions(el: Element): ListAttributes | undefined {
  const o = readListAttributes((name) => el.getAttribute(name));
  // `sync-url` with filters or a view in the page's query (`query.ts`'s `ve-` parameters).
  const sharedLink = el.hasAttribute('sync-url') && /[?&]ve-/.test(location.search);
  return o.venue && o.view === 'list' && !sharedLink ? o : undefined;
}

/** Sets `root`'s markup (escaped above; the widget's Trusted Types policy where they are enforced). */
function write(root: ShadowRoot, html: string): void {
  root.innerHTML = (policy?.createHTML(html) ?? html) as string;
}

/**
 * Draws `el`'s skeleton at once and its first page's cards when they arrive; undefined, drawing
 * nothing, when the element is not the plain list (see the module comment). The promise resolves
 * once it has drawn all it will (never rejects: the element shows any error).
 */
export function firstPaint(el: HTMLElement): Promise<void> | undefined {
  const o = readOptions(el);
  // A page whose Trusted Types rules leave out the widget's policy gets the element's own render
  // (Lit's policy), never a violation report from this one.
  const blocked = 'trustedTypes' in globalThis && !policy;
  // Drawn by the server: its declarative root, or the inert template a client renderer's
  // `innerHTML` left, is the element's to take over (`takeDeclarative`).
  return o && !drawnRoot(el) && !blocked ? draw(el, o).catch(() => undefined) : undefined;
}

async function draw(el: HTMLElement, o: ListAttributes): Promise<void> {
  const url = eventsUrl(o.base, o.venue, o.page, o.filters);
  // The per-venue script brought the page with it: no request before the first card.
  const request =
    takeSeeded(url, o.page) ??
    fetchEvents(o.base, o.venue, o.page, requestOptions(o, el), o.filters);
  const first: FirstPage = { url, request };
  handOver(el, first);
  const root = Object.assign(el.attachShadow({ mode: 'open' }), {
    adoptedStyleSheets: [hostStyles, cardStyles, listStyles],
  });
  let i18n = resolveI18n(o.locale, el);
  // The cards' date formatter while the request is on its way (see `VenueEvents`).
  formatEventDate('2026-01-01', '00:00:00', i18n.locale);
  write(root, shell(o, i18n));
  // A failed request, or an event a card cannot draw, is left to the element to show: the
  // rejection ends here, dropped by `firstPaint`, with the skeleton on screen.
  [first.page] = await Promise.all([request, loadMessages(o.locale, el)]);
  // The element was defined while the page was on its way (after 3 s): the root is its now.
  if (takenOver(el, first)) return;
  i18n = resolveI18n(o.locale, el);
  const { events, unreadable } = first.page;
  if (!events.length || unreadable) return;
  // A clock set on the element before it was defined (a preview's), as the element will use.
  const now = (el as { clock?: () => number }).clock?.() ?? Date.now();
  write(root, list(events, { ...o, i18n, now }));
  // The embed's own parameters, else the venue's (docs/api.md §10.19).
  const params = readLinkParams(o.linkParams ?? first.page.linkParams);
  root.querySelectorAll('venue-buy-button').forEach((host, i) => {
    const inner = Object.assign(host.attachShadow({ mode: 'open' }), {
      adoptedStyleSheets: [hostStyles, buyButtonStyles],
    });
    write(inner, buyControl(events[i]!, o.venue, now, i18n, params));
  });
}

/**
 * Starts the request of a `<venue-buy-button>` or `<venue-event>` given by `event-id` (and
 * `venue`), for the element to take when it is defined: a round trip sooner than its own code,
 * which comes with Lit. Nothing for an element without both.
 */
export function firstFetch(el: Element): void {
  const [venue, id] = [el.getAttribute('venue'), el.getAttribute('event-id')];
  if (!venue || !id) return;
  const source = readSource((name) => el.getAttribute(name));
  const { base } = source;
  const request = fetchEvent(base, venue, id, requestOptions(source, el));
  request.catch(() => undefined); // the element shows a failure (this copy is not unhandled)
  handOver(el, { url: eventUrl(base, venue, id), request });
}
