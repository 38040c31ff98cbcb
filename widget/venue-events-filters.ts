/**
 * The filter bar of `<venue-events>`, a lazily loaded chunk: the list imports it once its first
 * page is on screen, beside its controls, which draw the bar's element with its properties
 * (`list-controls.ts`), so the initial script stays within its budget and the cards show first. For
 * a list of several venues (docs/widget.md "Several venues") it adds the "Venue" select, and its
 * finding aids and feeds are the venues' (docs/api.md §10.16).
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { getJson, isSeveral, venueSlugs, type Filters } from './api.js';
import { presetFilters } from './attributes.js';
import { finderUrl, venueFeedUrl } from './feed-urls.js';
import { loadedPack } from './i18n/load.js';
import { filters as filtersEn } from './i18n/filters.en.js';
import type { FilterMessages } from './i18n/types.js';
import { SavedController, sourceOf, type KeptEntry } from './saved.js';
import { barStyles } from './venue-events-filters.styles.js';
import { VenueElement } from './venue-element.js';
import { knownVenues } from './wire.js';

/** A venue's name, once the widget read one of its events (docs/api.md §10.16), else its slug. */
const venueName = (slug: string): string => knownVenues.get(slug)?.name ?? slug;

/**
 * Subscribing to the venue's calendar feed (of `category`, if given; of several venues, of
 * `only` of them if given): its `webcal:` URL and the Google Calendar and Outlook.com pages that
 * add it. The feed's own URL is `feed-urls.ts`'s (`api.ts`'s listing rule); these links to other
 * services stay with their only user, the bar, out of the budgeted script that `api.ts` ships in.
 */
export function feedLinks(
  base: string,
  venue: string,
  category: string | undefined,
  only?: string,
  locale?: string,
) {
  const https = venueFeedUrl(base, venue, { ...(category && { category }), venue: only, locale });
  const webcal = https.replace(/^https?:/, 'webcal:');
  const names = isSeveral(venue) ? (only ? [only] : venueSlugs(venue)).map(venueName) : [venue];
  const name = [names.join(', '), category].filter(Boolean).join(' – ');
  return {
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(https)}&name=${encodeURIComponent(name)}`,
  };
}

/**
 * How many of the filters the folded bar hides are set (the count "Filters (n)" shows): the
 * venue, category, access, date and "Saved"; the search stays in view.
 */
export function activeFilters(f: Filters): number {
  return [f.venue, f.categories, f.access, f.start_date, f.saved].filter(Boolean).length;
}

/** How long the search waits after the last keystroke: one request per pause, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

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
 * calendar feed. A child of the list with a shadow root of its own: the list passes it its venue,
 * API, language and filters as properties and exports its parts (`category-filter`, `search`,
 * `date-filter`, `filter-reset`, `subscribe`…; see `<venue-events>`); the bar tells the list the
 * filters the visitor chose, and the list owns them: their requests and the page's query.
 *
 * @fires venue-events-filter-change - the visitor changed a filter; `detail`: the filters the
 *   list is to show (every one, not only the one changed; reset: the `category` preset alone)
 */
export class VenueEventsFilters extends VenueElement {
  static override styles = barStyles;

  static override properties = {
    filters: { attribute: false },
    category: {},
    categories: { state: true },
    access: { state: true },
    open: { state: true },
  };

  /** The list's filters, which the controls show. */
  declare filters: Filters;
  /** The list's `category` preset: what reset goes back to. */
  declare category: string | undefined;
  /** The venue's category names; the select shows with 2 or more. */
  declare private categories: string[];
  /** The access ids some listed event has; the select shows with any (origin mode only). */
  declare private access: string[];
  /** The folded bar's "Filters" disclosure is open (narrow containers only show it). */
  declare private open: boolean;
  /** The visitor's saved events of the venue (the "Saved" filter, the calendar download). */
  private saved = new SavedController(this, sourceOf(this));

  private typing: ReturnType<typeof setTimeout> | undefined;
  private loadedFor = '';

  constructor() {
    super();
    this.filters = {};
    this.categories = [];
    this.access = [];
    this.open = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.typing);
  }

  /**
   * The bar's strings in the list's language: the list loaded a German or French table before
   * its first page (the bar loads after it), else English.
   */
  private get strings(): FilterMessages {
    return loadedPack(this.i18n.locale)?.filters ?? filtersEn;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Of several venues, those of the one chosen in the "Venue" select.
    const key = `${this.base} ${this.venue} ${this.filters.venue}`;
    if (this.venue && key !== this.loadedFor) {
      this.loadedFor = key;
      void this.loadCategories(key, this.venue, this.filters.venue);
    }
  }

  /**
   * The category names and the access ids of the venue; none (no select) for what cannot be
   * loaded: the bar works without either select.
   */
  private async loadCategories(key: string, venue: string, only?: string): Promise<void> {
    const get = (finder: 'categories' | 'access') =>
      getJson(finderUrl(this.base, venue, finder, only), {
        signal: new AbortController().signal,
        timeoutMs: this.timeout,
        revalidate: false,
      }).catch(() => undefined);
    const [categories, access] = await Promise.all([get('categories'), get('access')]);
    if (key !== this.loadedFor) return;
    this.categories = categoryNames(categories);
    this.access = accessIds(access, this.i18n.t.accessLabels);
  }

  /** Tells the list the filters the visitor chose (`null`: the `category` preset alone). */
  private choose(filters: Filters | null): void {
    clearTimeout(this.typing);
    this.emit('venue-events-filter-change', { detail: filters ?? presetFilters(this.category) });
  }

  /** Lists with `key` set to `value` (left out when empty). */
  private change(key: keyof Filters, value: string): void {
    const next: Filters = { ...this.filters };
    if (value.trim()) next[key] = value;
    else delete next[key];
    this.choose(next);
  }

  private search(value: string): void {
    clearTimeout(this.typing);
    this.typing = setTimeout(() => this.change('search', value), SEARCH_DEBOUNCE_MS);
  }

  override render(): TemplateResult {
    // The list's placeholder, upgraded before the list's controls set its properties.
    if (!this.venue) return html``;
    const t = this.strings;
    const v = this.filters;
    const links = feedLinks(this.base, this.venue, v.categories, v.venue, this.i18n.locale);
    const selected = v.categories ?? '';
    // A preset or shared category the venue does not list (yet) stays selectable.
    const names =
      selected && !this.categories.includes(selected)
        ? [selected, ...this.categories]
        : this.categories;
    return html`<div class="bar" @keydown=${this.escape}>
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
      <button
        class="fold"
        part="filters-toggle"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="ve-more-filters"
        @click=${() => (this.open = !this.open)}
      >
        ${t.filters(activeFilters(v))}
      </button>
      <div class="more" id="ve-more-filters" role="group" aria-label=${t.filters(0)}>
        ${this.renderVenues(v.venue ?? '')}
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
        <button part="filter-reset" aria-label=${t.resetLabel} @click=${() => this.choose(null)}>
          ${t.reset}
        </button>
        ${this.renderSaved(!!v.saved)}
        <details part="subscribe">
          <summary aria-label=${t.subscribeLabel}>${t.subscribe}</summary>
          <ul>
            <li><a href=${links.webcal}>${t.webcal}</a></li>
            <li><a href=${links.google} target="_blank" rel="noopener">${t.google}</a></li>
            <li><a href=${links.outlook} target="_blank" rel="noopener">${t.outlook}</a></li>
            ${this.renderSavedCalendar(this.saved.entries ?? [])}
          </ul>
        </details>
      </div>
    </div>`;
  }

  /**
   * Escape in the folded bar's open filters closes them and gives focus back to "Filters" (the
   * disclosure pattern); the subscribe menu's own Escape is the browser's.
   */
  private escape(e: KeyboardEvent): void {
    const toggle = this.renderRoot.querySelector<HTMLButtonElement>('.fold');
    if (e.key !== 'Escape' || !this.open || !toggle || !toggle.offsetParent) return;
    if ((e.target as Element).closest('details[open]')) return;
    this.open = false;
    toggle.focus();
  }

  /**
   * "Add saved to calendar": one `.ics` of the saved events (`events.ics?ids=…`, docs/api.md
   * §10.6), of several venues in one file when they are of several
   * (`/events.ics?venues=…&ids=…`, §10.16).
   */
  private renderSavedCalendar(entries: KeptEntry[]) {
    if (entries.length === 0) return nothing;
    const venues = [...new Set(entries.map((e) => e.venue))].join(' ');
    const ids = entries.map((e) => e.id);
    return html`<li>
      <a
        part="saved-calendar"
        href=${venueFeedUrl(this.base, venues, { ids, locale: this.i18n.locale })}
        download
        >${this.strings.addSaved}</a
      >
    </li>`;
  }

  /**
   * The "Venue" select (`part="venue-filter"`) of a list of several venues: "All venues", then
   * each by name, in the order `venue` names them; choosing one lists it alone.
   */
  private renderVenues(selected: string) {
    const venue = this.venue;
    if (!isSeveral(venue)) return nothing;
    const t = this.strings;
    return html`<label class="field venue">
      <span class="visually-hidden">${t.venue}</span>
      <select
        part="venue-filter"
        .value=${live(selected)}
        @change=${(e: Event) => this.change('venue', (e.target as HTMLSelectElement).value)}
      >
        <option value="">${t.allVenues}</option>
        ${venueSlugs(venue).map(
          (slug) =>
            html`<option value=${slug} ?selected=${slug === selected}>${venueName(slug)}</option>`,
        )}
      </select>
    </label>`;
  }

  /** The access select (`part="access-filter"`), when some listed event has access data. */
  private renderAccess(selected: string) {
    if (!this.access.length) return nothing;
    const t = this.strings;
    const labels: Record<string, string> = this.i18n.t.accessLabels;
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
      @click=${() => this.choose(on ? null : { saved: '1' })}
    >
      ${t.saved(n)}
    </button>`;
  }
}

if (!customElements.get('venue-events-filters'))
  customElements.define('venue-events-filters', VenueEventsFilters);

declare global {
  interface HTMLElementTagNameMap {
    'venue-events-filters': VenueEventsFilters;
  }
}
