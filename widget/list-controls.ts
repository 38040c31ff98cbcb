/**
 * The list's controls, which `<venue-events>` needs only once a page arrived: the page
 * navigation, the view switch, the filter bar's element with its properties (the bar's code is a
 * chunk of its own), the "No events match" state with its reset, and the page's query
 * (`sync-url`). A chunk the list loads alongside its first request and awaits only
 * where the first page needs it (no events, an announcement): the cards never wait for it, and
 * what it adds comes below them or into space kept for it. It keeps the budgeted initial script
 * small.
 */
import { html, nothing, render, type ReactiveElement, type TemplateResult } from 'lit';
import type { Filters } from './api.js';
import type { View } from './attributes.js';
import { calendarMenuStyles } from './calendar-menu.styles.js';
import { listControlStyles } from './list-controls.styles.js';
import { savedStyles } from './saved.styles.js';
import { loadedPack } from './i18n/load.js';
import { list as listEn } from './i18n/list.en.js';
import { pastStrings } from './i18n/past.js';
import type { I18n, ListMessages } from './i18n/types.js';

export { calendarMenu } from './calendar-menu.js';
// The query's reader and writer come with the list's controls: the list reads a shared link's
// filters and keeps the visitor's in the page's query with them (`sync-url`).
export { readQuery, readView, writeQuery, writeView } from './query.js';
export { SavedController, sourceOf } from './saved.js';

/** The controls' strings in the list's language: a loaded German or French table, else English. */
const strings = ({ locale }: I18n): ListMessages => loadedPack(locale)?.list ?? listEn;

/** "N events match": what the live region says once the visitor's filters loaded. */
export const matches = (i18n: I18n, n: number): string => strings(i18n).matches(n);

/** Adds the controls' styles (`list-controls.styles.ts`) to a list's shadow root (once). */
function adoptListStyles(root: ShadowRoot): void {
  for (const { styleSheet: sheet } of [listControlStyles, calendarMenuStyles, savedStyles])
    if (sheet && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * A page without events: "No events match" when filters are on (with a reset button unless
 * `reset` is false), else the venue's "No upcoming events" — never that for a filtered list —
 * followed by "see past events" when `seePast` shows them, or "No past events" in the past events
 * (`filters.when`, docs/api.md §10.20), which are no filter.
 */
export function noEvents(
  i18n: I18n,
  { when, ...filters }: Filters,
  reset: (() => void) | false,
  seePast: (() => void) | false,
): TemplateResult {
  const t = strings(i18n);
  const p = pastStrings(i18n.locale);
  // The state's words with no space around them: its text is the words alone, as it always was.
  const empty = seePast
    ? html`${i18n.t.empty} — <button part="past-toggle" @click=${seePast}>${p.seePast}</button>`
    : when
      ? p.noPast
      : i18n.t.empty;
  return Object.keys(filters).length
    ? html`<div class="state" part="no-match">
        <p>${t.noMatch}</p>
        ${reset ? html`<button @click=${reset}>${t.resetFilters}</button>` : nothing}
      </div>`
    : html`<p class="state" part="empty">${empty}</p>`;
}

/**
 * The control at the end of the list that shows the past events (`views` with `past`, docs/api.md
 * §10.20), "Past events", or in them goes back, "Upcoming events": one button, whose words say
 * where it goes, so the focus stays on it as the list changes.
 */
export const pastToggle = (i18n: I18n, past: boolean, toggle: () => void): TemplateResult =>
  html`<p class="past-switch">
    <button part="past-toggle" @click=${toggle}>
      ${past ? pastStrings(i18n.locale).upcomingEvents : pastStrings(i18n.locale).pastEvents}
    </button>
  </p>`;

/** The list's name while it shows the past events: "Past events". */
export const pastLabel = ({ locale }: I18n): string => pastStrings(locale).pastEvents;

/** What the live region says once the past events (`past`) or the upcoming ones loaded. */
export const shownCount = ({ locale }: I18n, n: number, past: boolean): string =>
  past ? pastStrings(locale).pastShown(n) : pastStrings(locale).upcomingShown(n);

/**
 * The list/calendar switch (`part="view-switch"`) in its place `el` (`markup.ts`'s `shell`): two
 * toggle buttons, the current view pressed. The list leaves it out when `views` fixes its view.
 */
export function viewSwitch(
  el: HTMLElement,
  host: ReactiveElement,
  i18n: I18n,
  view: View,
  set: (v: View) => void,
): void {
  adoptListStyles(host.renderRoot as ShadowRoot);
  const t = strings(i18n);
  const button = (v: View, label: string) =>
    html`<button aria-pressed=${v === view ? 'true' : 'false'} @click=${() => set(v)}>
      ${label}
    </button>`;
  el.setAttribute('part', 'view-switch');
  el.setAttribute('role', 'group');
  el.setAttribute('aria-label', t.views);
  render(html`${button('list', t.listView)}${button('calendar', t.calendarView)}`, el);
}

/** What the filter bar is given of the list, all public on `<venue-events>`. */
export interface FilterBarHost {
  venue: string;
  baseUrl: string | undefined;
  locale: string | undefined;
  timeout: number;
  clock: () => number;
  /** The `category` preset, which the bar's reset goes back to. */
  category: string | undefined;
  filters: Filters;
  /** Lists the events matching `filters` from page 1: the list owns them and their query. */
  filter(filters: Filters | null): void;
}

/**
 * The filter bar (`<venue-events-filters>`, a chunk of its own, which the list loads once these
 * controls are here) in its place `bar` (`markup.ts`'s `shell`): the list's settings and filters
 * as its properties, its parts exported as the list's, and the filters the visitor chose
 * (`venue-events-filter-change`) listed by the list.
 */
export function filterBar(bar: HTMLElement, list: FilterBarHost): void {
  // Once for each bar: a frame drawn anew (its markup changed) has a new one.
  if (!bar.hasAttribute('exportparts')) {
    bar.setAttribute(
      'exportparts',
      'search,filters-toggle,category-filter,venue-filter,access-filter,date-filter,filter-reset,saved-filter,subscribe,saved-calendar',
    );
    bar.addEventListener('venue-events-filter-change', (e) =>
      list.filter((e as CustomEvent<Filters>).detail),
    );
  }
  const { venue, baseUrl, locale, timeout, clock, category, filters } = list;
  Object.assign(bar, { venue, baseUrl, locale, timeout, clock, category, filters });
}

/** What the page navigation shows and does. */
export interface Pager {
  /** The page shown (1-based). */
  page: number;
  /** The last page. */
  last: number;
  /** The list's locale and strings. */
  i18n: I18n;
  /** The list (focus and scrolling follow the page it shows). */
  host: ReactiveElement;
  /** Shows a page; `announcement` says which ("Page 2 of 5") for the live region. */
  go: (page: number, announcement: string) => void;
}

/**
 * The page navigation: previous, first, last and the pages around the current one, next. A
 * page's button keeps focus on the new current page's; the top of the list comes back into view
 * if it scrolled away (the visitor's place).
 */
export function pagination({
  page: current,
  last,
  i18n,
  host,
  go,
}: Pager): TemplateResult | typeof nothing {
  // Every page of the list renders this: the styles above are in its shadow root from the first.
  adoptListStyles(host.renderRoot as ShadowRoot);
  if (last <= 1) return nothing;
  const t = strings(i18n);
  const to = (page: number, focusCurrent: boolean) => {
    if (page === current) return;
    go(page, t.pageAnnounce(page, last));
    if (focusCurrent)
      void host.updateComplete.then(() =>
        host.renderRoot.querySelector<HTMLElement>('[aria-current="page"]')?.focus(),
      );
    if (host.getBoundingClientRect().top < 0) host.scrollIntoView({ block: 'start' });
  };
  const pages = [...new Set([1, last, current - 1, current, current + 1])]
    .filter((p) => p >= 1 && p <= last)
    .sort((a, b) => a - b);
  const step = (page: number, disabled: boolean, label: unknown) =>
    html`<li>
      <button
        part="page-button"
        aria-disabled=${disabled ? 'true' : 'false'}
        @click=${() => disabled || to(page, false)}
      >
        ${label}
      </button>
    </li>`;
  return html`<nav part="pagination" aria-label=${t.pagination}>
    <ul>
      ${step(current - 1, current <= 1, html`<span class="arrow" aria-hidden="true">‹</span> ${t.previous}`)}
      ${pages.map(
        (p, i) =>
          html`${
              i > 0 && p - pages[i - 1]! > 1
                ? html`<li class="gap" aria-hidden="true">…</li>`
                : nothing
            }
            <li>
              <button
                part="page-button"
                aria-label=${t.page(p)}
                aria-current=${p === current ? 'page' : 'false'}
                @click=${() => to(p, true)}
              >
                ${p}
              </button>
            </li>`,
      )}
      ${step(current + 1, current >= last, html`${t.next} <span class="arrow" aria-hidden="true">›</span>`)}
    </ul>
  </nav>`;
}
