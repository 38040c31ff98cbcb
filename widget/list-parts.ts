/**
 * What `<venue-events>` needs only once a page arrived: the page navigation, the view switch,
 * the "No events match" state and the styles of the compact layout. A chunk the list loads
 * alongside its first request and awaits only where the first page needs it (no events, the
 * compact layout, an announcement): the cards never wait for it, and what it adds comes below
 * them or into space kept for it. It keeps the budgeted initial script small.
 */
import { css, html, nothing, type ReactiveElement } from 'lit';
import type { Filters } from './api.js';
import { calendarMenuStyles } from './calendar-menu.js';
import { savedStyles } from './saved.js';
import { loadedPack } from './i18n/load.js';
import { list as listEn } from './i18n/list.en.js';
import type { I18n, ListMessages } from './i18n/types.js';

export { calendarMenu } from './calendar-menu.js';
export { SavedController, sourceOf } from './saved.js';

/** These parts' strings in the list's language: a loaded German or French table, else English. */
const strings = ({ locale }: I18n): ListMessages => loadedPack(locale)?.list ?? listEn;

/** "N events match": what the live region says once the visitor's filters loaded. */
export const matches = (i18n: I18n, n: number): string => strings(i18n).matches(n);

/** The filters `sync-url` keeps in the page's query, by the query parameter that keeps each. */
export const URL_KEYS = [
  ['categories', 've-category'],
  ['search', 've-q'],
  ['start_date', 've-from'],
  ['access', 've-access'],
] as const;

/** The view a shared link asks for (`sync-url`'s `ve-view`), if any. */
export const readView = (): View | undefined => {
  const view = new URLSearchParams(location.search).get('ve-view');
  return view === 'list' || view === 'calendar' ? view : undefined;
};

/** Keeps `view` in the page's query as `ve-view` (`sync-url`; no history entry per change). */
export function writeView(view: View): void {
  const url = new URL(location.href);
  url.searchParams.set('ve-view', view);
  history.replaceState(history.state, '', url);
}

/** `filters` with those the page's query holds (`sync-url`): a shared link's filters. */
export function readQuery(filters: Filters): Filters {
  const query = new URLSearchParams(location.search);
  const read: Filters = { ...filters };
  let found = false;
  for (const [key, param] of URL_KEYS) {
    const value = query.get(param);
    if (!value) continue;
    read[key] = value;
    found = true;
  }
  // The same object when the query holds none: no second request.
  return found ? read : filters;
}

const listPartStyles = css`
  .view-switch button {
    height: 100%;
  }
  .view-switch [aria-pressed='true'] {
    background: var(--venue-events-accent, #1a56db);
    color: var(--venue-events-on-accent, #fff);
  }
  /* One line per event: date, title and buy control, wrapping neatly in a narrow sidebar. */
  :host([layout='compact']) .list {
    grid-template-columns: 1fr;
    gap: 0.5em;
  }
  :host([layout='compact'])
    :is(img, .meta, .location, .excerpt, .stops, .actions, .cancelled-note) {
    display: none;
  }
  :host([layout='compact']) .body {
    flex-flow: row wrap;
    align-items: center;
    gap: 0.25em 0.75em;
    padding: 0.5em 0.75em;
  }
  :host([layout='compact']) .title {
    flex: 1 1 8em;
    font-size: 1em;
  }
  :host([layout='compact']) .buy {
    margin: 0;
    padding: 0;
  }
  button[aria-current='page'] {
    border-color: var(--_accent);
    background: var(--_accent);
    color: var(--_on-accent);
    font-weight: 700;
  }
  button[aria-disabled='true'] {
    opacity: 0.45;
    cursor: default;
  }
  nav ul {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    align-items: center;
    gap: 0.4em;
    margin: 1.25em 0 0;
    padding: 0;
    list-style: none;
  }
  .arrow:dir(rtl) {
    display: inline-block;
    transform: scaleX(-1);
  }
  .gap {
    padding-inline: 0.25em;
    color: var(--_muted);
  }
  @media (forced-colors: active) {
    button[aria-current='page'] {
      border: 3px solid Highlight;
      text-decoration: underline;
    }
  }
`;

/** Adds the styles above to a list's shadow root (once). */
function adoptListStyles(root: ShadowRoot): void {
  for (const { styleSheet: sheet } of [listPartStyles, calendarMenuStyles, savedStyles])
    if (sheet && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * A page without events: "No events match" when filters are on (with a reset button unless
 * `reset` is false), else the venue's "No upcoming events" — never that for a filtered list.
 */
export function noEvents(i18n: I18n, filters: Filters, reset: (() => void) | false) {
  const t = strings(i18n);
  return Object.keys(filters).length
    ? html`<div class="state" part="no-match">
        <p>${t.noMatch}</p>
        ${reset ? html`<button @click=${reset}>${t.resetFilters}</button>` : nothing}
      </div>`
    : html`<p class="state" part="empty">${i18n.t.empty}</p>`;
}

/** The views a list can show. */
export type View = 'list' | 'calendar';

/**
 * The list/calendar switch (`part="view-switch"`): two toggle buttons, the current view pressed.
 * The list leaves it out when `views` fixes its view.
 */
export function viewSwitch(host: ReactiveElement, i18n: I18n, view: View, set: (v: View) => void) {
  adoptListStyles(host.renderRoot as ShadowRoot);
  const t = strings(i18n);
  const button = (v: View, label: string) =>
    html`<button aria-pressed=${v === view ? 'true' : 'false'} @click=${() => set(v)}>
      ${label}
    </button>`;
  return html`<div class="view-switch" part="view-switch" role="group" aria-label=${t.views}>
    ${button('list', t.listView)}${button('calendar', t.calendarView)}
  </div>`;
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
export function pagination({ page: current, last, i18n, host, go }: Pager) {
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
