/**
 * The first paint of `<venue-events>` (docs/architecture.md "First paint"): the script-tag build
 * draws what the element's own first renders would — its skeleton, then the first page's cards
 * with their buy controls — before Lit and the elements have loaded, into the shadow root the
 * element takes over when it is defined, together with the page it fetched (`takeFirstPage`).
 * So a visitor's first cards wait for this module and the API only (docs/benchmarks.md "Widget").
 *
 * Only the list's plain case is drawn here: a calendar view, a compact layout, filters from a
 * shared link (`sync-url`), a page with events that cannot be shown, or an empty one are left to
 * the element. The markup is that of `VenueEvents.render`, `event-card.ts` and
 * `venue-buy-button.ts` node for node, written as escaped HTML instead of Lit templates;
 * test/widget/first-paint.test.ts compares the two renderers event by event.
 */
import type { CompactOccurrence, EventResource } from '../shared/contract.js';
import { escapeHtml } from '../shared/html.js';
import {
  eventPageUrl,
  eventUrl,
  eventsUrl,
  fetchEvent,
  fetchEvents,
  type RequestOptions,
} from './api.js';
import { readListAttributes, readSource, type ListAttributes, type Source } from './attributes.js';
import { closedLabel, eventBuyState } from './buy-state.js';
import { cardFacts, stopWhat, type HeadingLevel } from './card-facts.js';
import { cardStyles } from './event-card.styles.js';
import { closingText, datetimeAttr, excerpt, formatEventDate, formatStopDate } from './format.js';
import { hostStyles } from './host.styles.js';
import { handOver, takenOver, type FirstPage } from './first-page.js';
import { loadMessages, resolveI18n } from './i18n/load.js';
import type { I18n } from './i18n/types.js';
import { policy } from './trusted-html.js';
import { buyButtonStyles } from './venue-buy-button.styles.js';
import { listStyles } from './venue-events.styles.js';

/** The request options of the script's requests: its own (never aborted), never revalidated. */
const requestOptions = ({ timeoutMs }: Source): RequestOptions => ({
  signal: new AbortController().signal,
  timeoutMs,
  revalidate: false,
});

/** `el`'s attributes, or undefined when its first render is not the plain list drawn here. */
function readOptions(el: Element): ListAttributes | undefined {
  const o = readListAttributes(el);
  return o.venue && o.view === 'list' && !o.compact && !o.sharedLink ? o : undefined;
}

const esc = escapeHtml;
/** ` name="value"`, or nothing for an undefined value (Lit's `nothing`). */
const attr = (name: string, value: string | undefined) =>
  value === undefined ? '' : ` ${name}="${esc(value)}"`;

/** `<venue-buy-button>`'s shadow content inside a card (no live region: `announce` is false). */
function buyControl(event: EventResource, venue: string, now: number, i18n: I18n) {
  const { t, locale, contentLang } = i18n;
  const state = eventBuyState(event, venue, now);
  const body =
    state.kind === 'open'
      ? `<a class="buy-button" part="buy-button"${attr('href', eventPageUrl(event, venue))}${attr('aria-label', t.buyFor(event.attributes.title))}>${esc(t.buy)}</a>${
          state.closesAtMs === null
            ? ''
            : `<p class="status" part="buy-status">${esc(closingText(state.closesAtMs, now, locale, t))}</p>`
        }`
      : `<p class="closed" part="buy-status"${attr('data-reason', state.reason)}>${esc(closedLabel(t, state.reason))}</p>${
          state.message
            ? `<p class="message" part="buy-message"${attr('lang', contentLang)}>${esc(state.message)}</p>`
            : ''
        }`;
  return `<div${attr('lang', locale)}>${body}</div>`;
}

interface Card {
  venue: string;
  base: string;
  i18n: I18n;
  level: HeadingLevel;
  share: boolean;
}

function calendarLink(ics: string, t: I18n['t'], what: string) {
  return `<a class="calendar" part="calendar-link"${attr('href', ics)}${attr('aria-label', t.addToCalendarFor(what))}>${esc(t.addToCalendar)}</a>`;
}

function stop(o: CompactOccurrence, i18n: I18n, title: string, ics: string | undefined) {
  const date = formatStopDate(o.occurrence_date, i18n.locale);
  const where = o.location_label
    ? ` — <span${attr('lang', i18n.contentLang)}>${esc(o.location_label)}</span>`
    : '';
  const when = `<time${attr('datetime', o.occurrence_date)}>${esc(date)}</time> ${esc(o.time_label)}${where}`;
  return o.status === 'cancelled'
    ? `<li class="stop-cancelled"><s>${when}</s> <span class="tag">${esc(i18n.t.stopCancelled)}</span></li>`
    : `<li>${when} ${ics ? calendarLink(ics, i18n.t, stopWhat(title, date, o)) : ''}</li>`;
}

function stops(event: EventResource, i18n: I18n, ics: string | undefined) {
  const { t, locale, contentLang } = i18n;
  const a = event.attributes;
  const next = a.next_occurrence;
  const nextLine = next
    ? `<p class="next-stop"><strong>${esc(t.nextStop)}:</strong> ${esc(formatStopDate(next.occurrence_date, locale))}, ${esc(next.time_label)}${
        next.location_label
          ? ` — <span${attr('lang', contentLang)}>${esc(next.location_label)}</span>`
          : ''
      }</p>`
    : '';
  return `<div class="stops" part="stops">${nextLine}<ul${attr('aria-label', t.allStops)}>${a.occurrences.map((o) => stop(o, i18n, a.title, ics)).join('')}</ul></div>`;
}

/** One card (`eventCard` with an excerpt, before the calendar menu and the "Save" toggle load). */
function card(event: EventResource, ctx: Card): string {
  const a = event.attributes;
  const { t, locale, contentLang } = ctx.i18n;
  const lang = attr('lang', contentLang);
  const { id, image, cancelled, page, ics, access } = cardFacts(event, ctx.venue, ctx.base, t);
  const h = `h${ctx.level}`;
  const parts = [
    image
      ? `<img part="image"${attr('src', image)}${attr('alt', t.imageAlt(a.title))} loading="lazy" width="400" height="225">`
      : '',
    `<div class="body"><p class="meta">`,
    a.category ? `<span part="category"${lang}>${esc(a.category)}</span>` : '',
    a.over_18
      ? `<span class="badge" part="badge"${attr('title', t.over18Label)}><span aria-hidden="true">${esc(t.over18)}</span><span class="visually-hidden">${esc(t.over18Label)}</span></span>`
      : '',
    `</p><${h} class="title" part="title"${attr('id', id)}${lang}>${esc(a.title)}</${h}>`,
    `<p class="date" part="date"><time${attr('datetime', datetimeAttr(a.event_date, a.event_time))}>${esc(formatEventDate(a.event_date, a.event_time, locale))}</time></p>`,
    a.venue ? `<p class="venue" part="venue"${lang}>${esc(a.venue.name)}</p>` : '',
    a.location ? `<p class="location" part="location"${lang}>${esc(a.location)}</p>` : '',
    access?.length
      ? `<ul class="access" part="access"${attr('aria-label', t.access)}>${access.map((id) => `<li>${esc(t.accessLabels[id as keyof typeof t.accessLabels])}</li>`).join('')}</ul>`
      : '',
    cancelled
      ? `<p class="cancelled-note" part="cancelled"><strong>${esc(t.cancelled)}</strong>${a.cancellation_reason ? ` — <span${lang}>${esc(a.cancellation_reason)}</span>` : ''}</p>`
      : '',
    a.date_mode === 'multiple' ? stops(event, ctx.i18n, ics) : '',
    a.description
      ? `<p class="excerpt" part="excerpt"${lang}>${esc(excerpt(a.description))}</p>`
      : '',
    `<div class="buy"><venue-buy-button exportparts="buy-button, buy-status, buy-message"${attr('venue', a.venue?.slug ?? ctx.venue)}${attr('base-url', ctx.base)}${attr('locale', locale)}></venue-buy-button></div>`,
    page && (ics || ctx.share)
      ? `<p class="actions">${ics ? calendarLink(ics, t, a.title) : ''}${
          ctx.share
            ? `<button part="share-button"${attr('aria-label', t.shareFor(a.title))}>${esc(t.share)}</button>`
            : ''
        }</p>`
      : '',
    '</div>',
  ];
  return `<article class="card ${cancelled ? 'is-cancelled' : ''}" part="card"${attr('aria-labelledby', id)}>${parts.join('')}</article>`;
}

/** `VenueEvents.render` around `content`: the filter bar's and the view switch's places. */
const shell = (o: ListAttributes, i18n: I18n, content: string) =>
  `<div${attr('lang', i18n.locale)}>${o.filterBar ? '<venue-events-filters part="filters"></venue-events-filters>' : ''}${
    o.viewSwitch ? '<div class="view-switch"></div>' : ''
  }${content}<p class="visually-hidden" aria-live="polite"></p></div>`;

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
  return o && !el.shadowRoot && !blocked ? draw(el, o).catch(() => undefined) : undefined;
}

async function draw(el: HTMLElement, o: ListAttributes): Promise<void> {
  const request = fetchEvents(o.base, o.venue, o.page, requestOptions(o), o.filters);
  const first: FirstPage = { url: eventsUrl(o.base, o.venue, o.page, o.filters), request };
  handOver(el, first);
  const root = el.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [hostStyles, cardStyles, listStyles];
  let i18n = resolveI18n(o.locale, el);
  // The cards' date formatter while the request is on its way (see `VenueEvents`).
  formatEventDate('2026-01-01', '00:00:00', i18n.locale);
  const skeleton = '<li class="skeleton"></li>'.repeat(3);
  write(
    root,
    shell(
      o,
      i18n,
      `<ul class="list" aria-busy="true"${attr('aria-label', i18n.t.loading)}>${skeleton}</ul>`,
    ),
  );
  // A failed request, or an event a card cannot draw, is left to the element to show: the
  // rejection ends here, dropped by `firstPaint`, with the skeleton on screen.
  [first.page] = await Promise.all([request, loadMessages(o.locale, el)]);
  // The element was defined while the page was on its way (after 3 s): the root is its now.
  if (takenOver(el, first)) return;
  i18n = resolveI18n(o.locale, el);
  const { events, unreadable } = first.page;
  if (!events.length || unreadable) return;
  const cards = events.map((e) => `<li>${card(e, { ...o, i18n })}</li>`);
  const list = `<ul class="list" part="list"${attr('aria-label', i18n.t.events)} aria-busy="false">${cards.join('')}</ul>`;
  write(root, shell(o, i18n, list));
  // A clock set on the element before it was defined (a preview's), as the element will use.
  const now = (el as { clock?: () => number }).clock?.() ?? Date.now();
  root.querySelectorAll('venue-buy-button').forEach((host, i) => {
    const inner = host.attachShadow({ mode: 'open' });
    inner.adoptedStyleSheets = [hostStyles, buyButtonStyles];
    write(inner, buyControl(events[i]!, o.venue, now, i18n));
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
  const source = readSource(el);
  const { base } = source;
  const request = fetchEvent(base, venue, id, requestOptions(source));
  request.catch(() => undefined); // the element shows a failure (this copy is not unhandled)
  handOver(el, { url: eventUrl(base, venue, id), request });
}
