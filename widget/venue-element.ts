/**
 * What the widget's elements share (as Shoelace's `ShoelaceElement`): the venue, the API
 * base, the locale, the clock, the polite live region's text, `emit()` for the widget's events,
 * and the locale and messages resolved once per update: the three public elements, the month
 * calendar, and the list's filter bar, which the list gives its own venue, API, locale and clock.
 * Structured data and sharing are controllers (`reach-controllers.ts`) that only the elements
 * drawing cards add.
 */
import { LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import { ApiError, DEFAULT_TIMEOUT_MS, venueSlugs } from './api.js';
import { apiBase } from './attributes.js';
// The English strings only the elements show (the first paint's are in the script).
import './i18n/en-later.js';
import { loadMessages, resolveI18n, textLocale } from './i18n/load.js';
import type { I18n } from './i18n/types.js';

/**
 * Whether `error` is the API's 404: a venue slug or event id it does not publish (docs/api.md §7).
 * Asking again cannot help, so the elements name what was not found instead of offering a retry.
 * Here, with the elements, not in the budgeted script, which never shows a failure.
 */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;

export class VenueElement extends LitElement {
  static override properties: PropertyDeclarations = {
    venue: { type: String },
    baseUrl: { type: String, attribute: 'base-url' },
    locale: { type: String },
    timeout: { type: Number },
    clock: { attribute: false },
    announcement: { state: true, attribute: false },
  };

  /**
   * Venue slug (required). `<venue-events>` and `<venue-calendar>` take several, separated by
   * spaces (`"harbour-hall blue-cellar"`): their merged listing (docs/widget.md "Several venues").
   */
  declare venue: string;
  /** API base; default: the origin this script was loaded from. */
  declare baseUrl: string | undefined;
  /**
   * BCP 47 locale; default: the page's `lang`, then the browser's. Languages without a table
   * (English, German, French) fall back to English.
   */
  declare locale: string | undefined;
  /** Milliseconds a request may take before the error state shows; default 10000. */
  declare timeout: number;
  /** Current time in UTC epoch ms; replaceable to preview or test. */
  declare clock: () => number;
  /** What the widget's one polite live region says. */
  declare protected announcement: string;

  /** The locale, messages and page language of this update. */
  declare protected i18n: I18n;
  /** Resolves once the locale's messages are loaded; data tasks wait for it. */
  protected localeReady: Promise<void> = Promise.resolve();

  constructor() {
    super();
    this.venue = '';
    this.timeout = DEFAULT_TIMEOUT_MS;
    this.clock = () => Date.now();
    this.announcement = '';
  }

  /** The API base this element fetches from. */
  protected get base(): string {
    return apiBase(this.baseUrl);
  }

  /** The language this element asks the venue's text in (`textLocale`); undefined: its own. */
  protected get textLocale(): string | undefined {
    return textLocale(this.locale, this);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    // German and French load on first use, alongside the first request (tasks await
    // `localeReady` with their data), then re-render in them.
    const loading = loadMessages(this.locale, this);
    if (loading) this.localeReady = loading.then(() => this.requestUpdate());
    this.i18n = resolveI18n(this.locale, this);
  }

  /**
   * "No venue … was found" for the API's 404 `error` (docs/api.md §7): of the venue, or among
   * several the one the error's `detail` names (§10.16).
   */
  protected venueNotFound(error: unknown): string {
    const named = /"(.+?)"/.exec((error as ApiError).detail ?? '')?.[1];
    const slug = named && venueSlugs(this.venue).includes(named) ? named : this.venue;
    return this.i18n.t.venueNotFound(slug);
  }

  /**
   * Says `text` in the live region, emptied first so that the same words said again are heard
   * again. Returns what takes it back (unless the region has said something else since).
   */
  protected say(text: string): () => void {
    let saying = true;
    this.announcement = '';
    void this.updateComplete.then(() => saying && (this.announcement = text));
    return () => {
      if (saying && this.announcement === text) this.announcement = '';
      saying = false;
    };
  }

  /** Dispatches a bubbling, composed event; false when a listener cancelled it. */
  protected emit<T>(name: string, init: { detail: T; cancelable?: boolean }): boolean {
    const event = new CustomEvent(name, { ...init, bubbles: true, composed: true });
    return this.dispatchEvent(event);
  }
}
