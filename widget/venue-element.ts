/**
 * What the widget's three elements share (as Shoelace's `ShoelaceElement`): the venue, the API
 * base, the locale, the clock, `emit()` for the widget's events, and the locale and messages
 * resolved once per update.
 */
import { LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import { DEFAULT_TIMEOUT_MS, SCRIPT_ORIGIN } from './api.js';
import { loadMessages, resolveI18n, type I18n } from './messages.js';

export class VenueElement extends LitElement {
  static override properties: PropertyDeclarations = {
    venue: { type: String },
    baseUrl: { type: String, attribute: 'base-url' },
    locale: { type: String },
    timeout: { type: Number },
    clock: { attribute: false },
  };

  /** Venue slug (required). */
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

  /** The locale, messages and page language of this update. */
  protected i18n!: I18n;
  /** Resolves once the locale's messages are loaded; data tasks wait for it. */
  protected localeReady: Promise<void> = Promise.resolve();

  constructor() {
    super();
    this.venue = '';
    this.timeout = DEFAULT_TIMEOUT_MS;
    this.clock = () => Date.now();
  }

  /** The API base this element fetches from. */
  protected get base(): string {
    return this.baseUrl || SCRIPT_ORIGIN;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    // German and French load on first use, alongside the first request (tasks await
    // `localeReady` with their data), then re-render in them.
    const loading = loadMessages(this.locale, this);
    if (loading) this.localeReady = loading.then(() => this.requestUpdate());
    this.i18n = resolveI18n(this.locale, this);
  }

  /** Dispatches a bubbling, composed event; false when a listener cancelled it. */
  protected emit<T>(name: string, init: { detail: T; cancelable?: boolean }): boolean {
    const event = new CustomEvent(name, { ...init, bubbles: true, composed: true });
    return this.dispatchEvent(event);
  }
}
