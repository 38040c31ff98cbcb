/**
 * The markup of the cards and their buy controls as escaped HTML strings, DOM-free (no Lit, no
 * `document`): the one card template and the one buy control template (docs/decisions.md "One
 * template per view"), drawn by the script's first paint (`first-paint.ts`, docs/architecture.md
 * "First paint"), the server's declarative shadow roots (`declarative.ts`, docs/api.md §10.17) and
 * the elements (`event-card.ts`, `venue-buy-button.ts`, `venue-events.ts`, which set on it what
 * only they have), and the list's frame, skeleton and list of cards, which `<venue-events>` draws
 * too; test/widget/first-paint.test.ts compares what the first paint draws with what the element
 * then shows, event by event.
 */
import type { CompactOccurrence, EventAttributes, EventResource } from '../shared/contract.js';
import { escapeHtml } from '../shared/html.js';
import type { LinkParams } from '../shared/rules/link-params.js';
import { buyUrl } from './api.js';
import { closedLabel, eventBuyState } from './buy-state.js';
import { cardFacts, stopTime, stopWhat, type HeadingLevel } from './card-facts.js';
import { closingText, excerpt, formatStopDate } from './format.js';
import type { I18n } from './i18n/types.js';
import { otherLanguage, ownLang, textLanguage } from './i18n/load.js';

/** What the list's markup reads of the element's attributes (`ListAttributes`). */
export interface ListOptions {
  /** The `venue` attribute: one slug, or several separated by spaces. */
  venue: string;
  /** The API base (`base-url`, else the script's origin). */
  base: string;
  level: HeadingLevel;
  share: boolean;
  filterBar: boolean;
  viewSwitch: boolean;
}

/** How a card is written beyond the element's options. */
export interface CardOptions extends ListOptions {
  i18n: I18n;
  /** Plain text of the description's HTML (the browser's inert `DOMParser`; the server's own). */
  excerpt?: (html: string) => string;
  /** What goes inside each `<venue-buy-button>` (the server's declarative shadow root). */
  buyContent?: (event: EventResource) => string;
  /** The clock the buy controls read, UTC epoch ms ("Few tickets left" goes with them); default now. */
  now?: number;
  /** The full description (`<venue-event>`): sanitised HTML, in place of the excerpt. */
  description?: string;
}

const esc = escapeHtml;
/** ` name="value"`, or nothing for an undefined value (Lit's `nothing`). */
export const attr = (name: string, value: string | undefined) =>
  value === undefined ? '' : ` ${name}="${esc(value)}"`;

/**
 * `<venue-buy-button>`'s shadow content inside a card (no live region: `announce` is false), its
 * ticket links carrying `params` (docs/api.md §10.19).
 */
export function buyControl(
  event: EventResource,
  venue: string,
  now: number,
  i18n: I18n,
  params?: LinkParams,
) {
  const { t, locale, contentLang } = i18n;
  const state = eventBuyState(event, venue, now, params, locale);
  return `<div${attr('lang', locale)}>${
    state.kind === 'open'
      ? `<a class="buy-button" part="buy-button"${attr('href', buyUrl(event, venue, params, locale))}${attr('aria-label', t.buyFor(event.attributes.title))}>${esc(t.buy)}</a>${
          state.closesAtMs === null
            ? ''
            : `<p class="status" part="buy-status">${esc(closingText(state.closesAtMs, now, locale, t))}</p>`
        }`
      : `<p class="closed" part="buy-status"${attr('data-reason', state.reason)}>${esc(closedLabel(t, state, locale))}</p>${
          state.message
            ? `<p class="message" part="buy-message"${attr('lang', contentLang)}>${esc(state.message)}</p>`
            : ''
        }${
          state.waitlist
            ? `<a class="buy-button" part="buy-button"${attr('href', state.waitlist)}>${esc(t.joinWaitlist)}</a>`
            : ''
        }`
  }</div>`;
}

/** `<time datetime>text</time>` of a `[datetime, text]`. */
const time = ([datetime, text]: [string, string]) =>
  `<time${attr('datetime', datetime)}>${esc(text)}</time>`;

/** `<p class="{name}" part="{name}">text</p>`, with `more` attributes. */
const line = (name: string, text: string, more = '') =>
  `<p class="${name}" part="${name}"${more}>${esc(text)}</p>`;

const calendarLink = (ics: string, t: I18n['t'], what: string) =>
  `<a class="calendar" part="calendar-link"${attr('href', ics)}${attr('aria-label', t.addToCalendarFor(what))}>${esc(t.addToCalendar)}</a>`;

/** How a text's language is marked: ` lang="…"`, and ` dir="auto"` when not the element's own. */
type Marks = (language: string | undefined) => string;

/**
 * A stop's time and place, escaped: "19:00–22:00 — <span lang>Leeds</span>", the place marked by
 * the stop's own `untranslated` (docs/api.md §10.24).
 */
const stopAt = (o: CompactOccurrence, a: EventAttributes, i18n: I18n, marks: Marks) =>
  esc(stopTime(o, i18n)) +
  (o.location_label
    ? ` — <span${marks(textLanguage({ ...a, untranslated: o.untranslated }, 'location_label', i18n))}>${esc(o.location_label)}</span>`
    : '');

function stop(
  o: CompactOccurrence,
  i18n: I18n,
  a: EventAttributes,
  ics: string | undefined,
  marks: Marks,
) {
  const date = formatStopDate(o.occurrence_date, i18n.locale);
  const when = `${time([o.occurrence_date, date])} ${stopAt(o, a, i18n, marks)}`;
  return o.status === 'cancelled'
    ? `<li class="stop-cancelled"><s>${when}</s> <span class="tag">${esc(i18n.t.stopCancelled)}</span></li>`
    : // A stop postponed or rescheduled on its own (docs/api.md §10.20), said as a cancelled one is.
      `<li>${when}${o.schedule_status ? ` <span class="tag">${esc(i18n.t[o.schedule_status])}</span>` : ''} ${ics ? calendarLink(ics, i18n.t, stopWhat(a.title, date, o, i18n)) : ''}</li>`;
}

function stops(event: EventResource, i18n: I18n, ics: string | undefined, marks: Marks) {
  const { t, locale } = i18n;
  const a = event.attributes as EventAttributes;
  const next = a.next_occurrence;
  const nextLine = next
    ? `<p class="next-stop"><strong>${esc(t.nextStop)}:</strong> ${esc(formatStopDate(next.occurrence_date, locale))}, ${stopAt(next, a, i18n, marks)}</p>`
    : '';
  return `<div class="stops" part="stops">${nextLine}<ul${attr('aria-label', t.allStops)}>${a.occurrences.map((o) => stop(o, i18n, a, ics, marks)).join('')}</ul></div>`;
}

/** One card (`eventCard` with an excerpt, before the calendar menu and the "Save" toggle load). */
export function card(event: EventResource, ctx: CardOptions): string {
  const a = event.attributes;
  const { i18n } = ctx;
  const { t, locale } = i18n;
  // The venue's text is in the language the API says, else the page's (`eventCard`'s rule);
  // a text the translation leaves out, in the venue's own.
  const language = otherLanguage(a as EventAttributes, i18n);
  const own = ownLang(a as EventAttributes, i18n);
  const marks: Marks = (l) => attr('lang', l ?? own) + (l ? ' dir="auto"' : '');
  const textLang = (name: string) => marks(textLanguage(a as EventAttributes, name, i18n));
  const f = cardFacts(event, ctx.venue, ctx.base, i18n, ctx.now ?? Date.now());
  // Why a date moved or the event is cancelled, as the venue says it: " — <span lang>reason</span>".
  const why = (name: 'status_reason' | 'cancellation_reason') => {
    const text = (a as EventAttributes)[name];
    return text ? ` — <span${textLang(name)}>${esc(text)}</span>` : '';
  };
  const h = `h${ctx.level}`;
  const parts = [
    f.image
      ? `<img part="image"${attr('src', f.image)}${attr('alt', (a as EventAttributes).image_alt || t.imageAlt(a.title))} loading="lazy" width="400" height="225">`
      : '',
    `<div class="body"><p class="meta">`,
    a.category ? `<span part="category"${textLang('category')}>${esc(a.category)}</span>` : '',
    f.age
      ? `<span class="badge" part="badge"${attr('title', t.ageLabel(f.age))}><span aria-hidden="true">${esc(t.age(f.age))}</span><span class="visually-hidden">${esc(t.ageLabel(f.age))}</span></span>`
      : '',
    `</p><${h} class="title" part="title"${attr('id', f.id)}${textLang('title')}>${esc(a.title)}</${h}>`,
    f.performers ? line('performers', f.performers) : '',
    `<p class="date" part="date">${time(f.when)}${f.end ? ` – ${time(f.end)}` : ''}${f.doors ? `, <span part="doors">${esc(f.doors)}</span>` : ''}</p>`,
    a.venue ? line('venue', a.venue.name, marks(language)) : '',
    a.location ? line('location', a.location, textLang('location')) : '',
    f.price ? line('price', f.price) : '',
    f.access?.length
      ? `<ul class="access" part="access"${attr('aria-label', t.access)}>${f.access.map((id) => `<li>${esc(t.accessLabels[id as keyof typeof t.accessLabels])}</li>`).join('')}</ul>`
      : '',
    f.schedule
      ? `<p class="schedule-status" part="schedule-status"><strong>${esc(f.schedule)}</strong>${why('status_reason')}</p>`
      : '',
    f.cancelled
      ? `<p class="cancelled-note" part="cancelled"><strong>${esc(t.cancelled)}</strong>${why('cancellation_reason')}</p>`
      : '',
    a.date_mode === 'multiple' ? stops(event, i18n, f.ics, marks) : '',
    a.description
      ? ctx.description
        ? `<div class="description" part="description"${textLang('description')}>${ctx.description}</div>`
        : line('excerpt', (ctx.excerpt ?? excerpt)(a.description), textLang('description'))
      : '',
    `<div class="buy">${f.fewLeft ? line('few-left', t.fewLeft) : ''}<venue-buy-button exportparts="buy-button, buy-status, buy-message"${attr('venue', a.venue?.slug ?? ctx.venue)}${attr('base-url', ctx.base)}${attr('locale', locale)}>${ctx.buyContent?.(event) ?? ''}</venue-buy-button></div>`,
    f.page && (f.ics || ctx.share)
      ? `<p class="actions">${f.ics ? calendarLink(f.ics, t, a.title) : ''}${
          ctx.share
            ? `<button part="share-button"${attr('aria-label', t.shareFor(a.title))}>${esc(t.share)}</button>`
            : ''
        }</p>`
      : '',
    '</div>',
  ];
  return `<article class="card ${f.cancelled ? 'is-cancelled' : ''}" part="card"${attr('aria-labelledby', f.id)}>${parts.join('')}</article>`;
}

/**
 * The list of cards named `label` around `items` (`<li>`s), not busy: the element marks it
 * `aria-busy="true"` while its next page is on its way.
 */
export const cardList = (label: string, items: string): string =>
  `<ul class="list" part="list"${attr('aria-label', label)}>${items}</ul>`;

/**
 * The list's frame around `content`: the places of the filter bar and the view switch, which the
 * element fills once its controls have loaded, and the polite live region, last. Without
 * `content`, the skeleton: three placeholder cards while the first page is on its way.
 */
export const shell = (
  o: Pick<ListOptions, 'filterBar' | 'viewSwitch'>,
  i18n: I18n,
  content = `<ul class="list" aria-busy="true"${attr('aria-label', i18n.t.loading)}><li class="skeleton"></li><li class="skeleton"></li><li class="skeleton"></li></ul>`,
) =>
  `<div${attr('lang', i18n.locale)}${attr('dir', i18n.t.dir)}>${o.filterBar ? '<venue-events-filters part="filters"></venue-events-filters>' : ''}${
    o.viewSwitch ? '<div class="view-switch"></div>' : ''
  }${content}<p class="visually-hidden" aria-live="polite"></p></div>`;

/** The list of `events`' cards (at least one) in the list's frame. */
export const list = (events: readonly EventResource[], o: CardOptions): string =>
  shell(o, o.i18n, cardList(o.i18n.t.events, events.map((e) => `<li>${card(e, o)}</li>`).join('')));
