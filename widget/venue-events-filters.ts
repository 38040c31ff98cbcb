/**
 * The filter bar of `<venue-events>`, a lazily loaded chunk: the list imports it once its first
 * page is on screen, so the initial script stays within its budget and the cards show first.
 */
import { css, html, LitElement, nothing, type ReactiveController } from 'lit';
import { live } from 'lit/directives/live.js';
import { withoutTrailingSlash } from '../shared/url.js';
import { getJson, SCRIPT_ORIGIN, type Filters } from './api.js';
import { loadedPack, resolveI18n } from './i18n/load.js';
import { filters as filtersEn } from './i18n/filters.en.js';
import type { FilterMessages } from './i18n/types.js';
import { URL_KEYS } from './list-parts.js';
import { SavedController } from './saved.js';
import type { VenueEvents } from './venue-events.js';

/** How long the search waits after the last keystroke: one request per pause, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

/** The venue's calendar feed for subscribing: webcal, Google Calendar and Outlook.com links. */
export function feedLinks(base: string, venue: string, category: string | undefined) {
  const query = category ? `?categories=${encodeURIComponent(category)}` : '';
  const https = `${withoutTrailingSlash(base)}/t/${encodeURIComponent(venue)}/events.ics${query}`;
  const webcal = https.replace(/^https?:/, 'webcal:');
  const name = category ? `${venue} – ${category}` : venue;
  return {
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(https)}&name=${encodeURIComponent(name)}`,
  };
}

/**
 * The bar's styles, added to the list's shadow root (the bar has none of its own). The rows are
 * exactly the space the list keeps for the bar before it loads (`venue-events.styles.ts`): one
 * row from 62em wide, three below.
 */
const barStyles = css`
  venue-events-filters {
    container-type: inline-size;
  }
  .bar {
    display: grid;
    grid-template-columns: minmax(10em, 1fr) repeat(6, auto);
    grid-auto-rows: max(44px, 2.75em);
    gap: 0.5em;
  }
  /* Search, then up to three controls a row: category, access, from; reset, saved, subscribe. */
  @container (width < 62em) {
    .bar {
      /* The third column, the date's, a little wider: its field needs it most. */
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.4fr);
      grid-template-rows: repeat(3, max(44px, 2.75em));
    }
    .bar .search {
      grid-column: 1 / -1;
    }
  }
  @container (width < 36em) {
    .bar :is(input, select, button, summary) {
      padding-inline: 0.35em;
      white-space: nowrap;
    }
    .bar .from span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
  .bar [aria-pressed='true'] {
    border-color: var(--_accent);
    font-weight: 700;
  }
  .bar label {
    display: flex;
    align-items: center;
    gap: 0.4em;
    min-width: 0;
    white-space: nowrap;
  }
  .bar :is(input, select, button, summary) {
    flex: 1;
    min-width: 0;
    height: 100%;
    margin: 0;
    padding: 0.3em 0.6em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
  }
  /* In one row a select is as wide as its longest option: the search field keeps its room. */
  @container (width >= 62em) {
    .bar select {
      max-width: 12em;
    }
  }
  .bar :is(input, select):focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .bar details {
    position: relative;
    display: flex;
  }
  .bar summary {
    display: flex;
    align-items: center;
    justify-content: center;
    cursor: pointer;
    list-style: none;
  }
  .bar summary::-webkit-details-marker {
    display: none;
  }
  /* Over the cards rather than pushing them down. */
  .bar details ul {
    position: absolute;
    inset-inline-end: 0;
    top: 100%;
    z-index: 1;
    min-width: 14em;
    margin: 0.25em 0 0;
    padding: 0.25em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    list-style: none;
  }
  .bar details a {
    display: block;
    padding: 0.6em;
    color: inherit;
  }
  @media (forced-colors: active) {
    .bar :is(input, select, button, summary) {
      border-color: ButtonText;
    }
  }
`;

/** The access ids of `GET /api/access` (docs/api.md §10.15) that the widget has labels for. */
function accessIds(body: unknown, labels: Record<string, string>): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data
    .map((a) => (a as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string' && id in labels);
}

/** The category names of `GET /api/categories` (docs/api.md §10.13); anything else is left out. */
function categoryNames(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data
    .map((c) => (c as { attributes?: { name?: unknown } } | null)?.attributes?.name)
    .filter((n): n is string => typeof n === 'string' && n.trim() !== '');
}

/**
 * `<venue-events-filters>`: the filter bar `<venue-events>` shows above its list, loaded after its
 * first page (not meant to be used alone). Category (a native `<select>`, when the venue has 2+
 * categories), search (debounced), a "From" date, reset, and the "Subscribe" menu for the venue's
 * calendar feed. It renders into the list's shadow root (no shadow root of its own), so its parts
 * are the list's (`category-filter`, `search`, `date-filter`, `filter-reset`, `subscribe`; see
 * `<venue-events>`), and reads and sets the list's `filters`.
 */
export class VenueEventsFilters extends LitElement {
  static override properties = {
    categories: { state: true },
    access: { state: true },
  };

  /** The venue's category names; the select shows with 2 or more. */
  declare private categories: string[];
  /** The access ids some listed event has; the select shows with any (origin mode only). */
  declare private access: string[];
  /** The visitor's saved events of the venue (the "Saved" filter, the calendar download). */
  private saved = new SavedController(this, () => ({
    venue: this.list?.venue ?? '',
    base: this.base,
    now: this.list?.clock() ?? Date.now(),
    t: resolveI18n(this.list?.locale, this).t,
  }));

  /** The `<venue-events>` whose shadow root holds the bar. */
  private list: VenueEvents | undefined;
  /** Re-renders the bar after each update of the list (its filters, venue, locale). */
  private follow: ReactiveController = { hostUpdated: () => this.requestUpdate() };
  private typing: ReturnType<typeof setTimeout> | undefined;
  private loadedFor = '';
  private written: Filters | undefined;

  constructor() {
    super();
    this.categories = [];
    this.access = [];
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const root = this.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    const sheet = barStyles.styleSheet;
    if (sheet && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    this.list = root.host as VenueEvents;
    this.list.addController(this.follow);
    // Only the visitor's changes go into the query: the list may not have read it yet.
    this.written = this.list.filters;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.typing);
    this.list?.removeController(this.follow);
    this.list = undefined;
  }

  private get base(): string {
    return this.list?.baseUrl || SCRIPT_ORIGIN;
  }

  /**
   * The bar's strings in the list's language: the list loaded a German or French table before
   * its first page (the bar loads after it), else English.
   */
  private get strings(): FilterMessages {
    return loadedPack(resolveI18n(this.list?.locale, this).locale)?.filters ?? filtersEn;
  }

  protected override willUpdate(): void {
    const list = this.list;
    if (!list) return;
    const key = `${this.base} ${list.venue}`;
    if (list.venue && key !== this.loadedFor) {
      this.loadedFor = key;
      void this.loadCategories(key, list.venue);
    }
  }

  protected override updated(): void {
    const filters = this.list?.filters;
    if (filters && this.list?.hasAttribute('sync-url') && filters !== this.written)
      writeQuery(filters);
    this.written = filters;
  }

  /**
   * The category names and the access ids of the venue; none (no select) for what cannot be
   * loaded: the bar works without either select.
   */
  private async loadCategories(key: string, venue: string): Promise<void> {
    const at = `${withoutTrailingSlash(this.base)}/t/${encodeURIComponent(venue)}/api/`;
    const get = (what: string) =>
      getJson(at + what, {
        signal: new AbortController().signal,
        timeoutMs: this.list?.timeout ?? 0,
        revalidate: false,
      }).catch(() => undefined);
    const [categories, access] = await Promise.all([get('categories'), get('access')]);
    if (key !== this.loadedFor) return;
    this.categories = categoryNames(categories);
    this.access = accessIds(access, resolveI18n(this.list?.locale, this).t.accessLabels);
  }

  /** Lists with `key` set to `value` (left out when empty). */
  private change(key: keyof Filters, value: string): void {
    clearTimeout(this.typing);
    const next: Filters = { ...this.list?.filters };
    if (value.trim()) next[key] = value;
    else delete next[key];
    this.list?.filter(next);
  }

  private search(value: string): void {
    clearTimeout(this.typing);
    this.typing = setTimeout(() => this.change('search', value), SEARCH_DEBOUNCE_MS);
  }

  private reset(): void {
    clearTimeout(this.typing);
    this.list?.filter(null);
  }

  override render() {
    const list = this.list;
    if (!list) return nothing;
    const t = this.strings;
    const v = list.filters;
    const links = feedLinks(this.base, list.venue, v.categories);
    const selected = v.categories ?? '';
    // A preset or shared category the venue does not list (yet) stays selectable.
    const names =
      selected && !this.categories.includes(selected)
        ? [selected, ...this.categories]
        : this.categories;
    return html`<div class="bar">
      <label class="search">
        <span class="visually-hidden">${t.search}</span>
        <input
          type="search"
          part="search"
          placeholder=${t.search}
          .value=${live(v.search ?? '')}
          @input=${(e: Event) => this.search((e.target as HTMLInputElement).value)}
          @search=${(e: Event) => this.change('search', (e.target as HTMLInputElement).value)}
        />
      </label>
      ${
        this.categories.length >= 2
          ? html`<label class="field">
              <span class="visually-hidden">${t.category}</span>
              <select
                part="category-filter"
                .value=${live(selected)}
                @change=${(e: Event) => this.change('categories', (e.target as HTMLSelectElement).value)}
              >
                <option value="">${t.allCategories}</option>
                ${names.map((n) => html`<option value=${n} ?selected=${n === selected}>${n}</option>`)}
              </select>
            </label>`
          : nothing
      }
      ${this.renderAccess(v.access ?? '')}
      <label class="field from">
        <span>${t.from}</span>
        <input
          type="date"
          part="date-filter"
          .value=${live(v.start_date ?? '')}
          @change=${(e: Event) => this.change('start_date', (e.target as HTMLInputElement).value)}
        />
      </label>
      <button part="filter-reset" aria-label=${t.resetLabel} @click=${this.reset}>
        ${t.reset}
      </button>
      ${this.renderSaved(!!v.saved)}
      <details part="subscribe">
        <summary aria-label=${t.subscribeLabel}>${t.subscribe}</summary>
        <ul>
          <li><a href=${links.webcal}>${t.webcal}</a></li>
          <li><a href=${links.google} target="_blank" rel="noopener">${t.google}</a></li>
          <li><a href=${links.outlook} target="_blank" rel="noopener">${t.outlook}</a></li>
          ${
            this.saved.entries?.length
              ? html`<li>
                  <a part="saved-calendar" href=${this.savedFeed(this.saved.entries)} download
                    >${t.addSaved}</a
                  >
                </li>`
              : nothing
          }
        </ul>
      </details>
    </div>`;
  }

  /** The access select (`part="access-filter"`), when some listed event has access data. */
  private renderAccess(selected: string) {
    if (!this.access.length) return nothing;
    const t = this.strings;
    const labels: Record<string, string> = resolveI18n(this.list?.locale, this).t.accessLabels;
    return html`<label class="field">
      <span class="visually-hidden">${t.access}</span>
      <select
        part="access-filter"
        .value=${live(selected)}
        @change=${(e: Event) => this.change('access', (e.target as HTMLSelectElement).value)}
      >
        <option value="">${t.anyAccess}</option>
        ${this.access.map(
          (id) => html`<option value=${id} ?selected=${id === selected}>${labels[id]}</option>`,
        )}
      </select>
    </label>`;
  }

  /**
   * "Saved (n)" (`part="saved-filter"`, pressed while the list shows only the saved events), when
   * the page can keep them (`localStorage` usable). Choosing it clears the other filters.
   */
  private renderSaved(on: boolean) {
    const n = this.saved.entries?.length;
    if (n === undefined) return nothing;
    const t = this.strings;
    return html`<button
      part="saved-filter"
      aria-pressed=${on ? 'true' : 'false'}
      aria-label=${t.savedLabel(n)}
      @click=${() => this.list?.filter(on ? null : { saved: '1' })}
    >
      ${t.saved(n)}
    </button>`;
  }

  /** The venue feed of the saved events only (docs/api.md §10.6 `ids`), as one `.ics` download. */
  private savedFeed(entries: readonly { id: string }[]): string {
    const venue = encodeURIComponent(this.list?.venue ?? '');
    const ids = entries.map((e) => encodeURIComponent(e.id)).join(',');
    return `${withoutTrailingSlash(this.base)}/t/${venue}/events.ics?ids=${ids}`;
  }
}

/** Keeps `filters` in the page's query (`history.replaceState`: no history entry per change). */
function writeQuery(filters: Filters): void {
  const url = new URL(location.href);
  for (const [key, param] of URL_KEYS) {
    const value = filters[key];
    if (value) url.searchParams.set(param, value);
    else url.searchParams.delete(param);
  }
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}

if (!customElements.get('venue-events-filters'))
  customElements.define('venue-events-filters', VenueEventsFilters);

declare global {
  interface HTMLElementTagNameMap {
    'venue-events-filters': VenueEventsFilters;
  }
}
