/**
 * What the widget's three elements share (as Shoelace's `ShoelaceElement`): the venue, the API
 * base, the locale, the clock, `emit()` for the widget's events, and the locale and messages
 * resolved once per update; for the list and the event, the JSON-LD block of the events on
 * screen and the share control's work.
 */
import { LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { EventResource } from '../shared/contract.js';
import { DEFAULT_TIMEOUT_MS, SCRIPT_ORIGIN } from './api.js';
import { loadMessages, resolveI18n, type I18n } from './messages.js';

/**
 * Structured data and sharing (`reach.ts`), loaded after the script: started alongside the first
 * API request, awaited only once there are events to describe or share.
 */
export const reach = () => import('./reach.js');

export class VenueElement extends LitElement {
  static override properties: PropertyDeclarations = {
    venue: { type: String },
    baseUrl: { type: String, attribute: 'base-url' },
    locale: { type: String },
    timeout: { type: Number },
    clock: { attribute: false },
    noShare: { type: Boolean, attribute: 'no-share' },
    announcement: { state: true, attribute: false },
    copied: { state: true, attribute: false },
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
  /** Hides the share control (`<venue-events>` and `<venue-event>`; a buy button has none). */
  declare noShare: boolean;

  /** What the widget's one polite live region says. */
  declare protected announcement: string;
  /** The id of the event whose link was just copied ("Link copied" shows beside its button). */
  declare protected copied: string | undefined;
  /** The JSON-LD block of the events on screen: a light-DOM child this element owns (reach.ts). */
  protected ld: HTMLScriptElement | undefined;

  /** The locale, messages and page language of this update. */
  protected i18n!: I18n;
  /** Resolves once the locale's messages are loaded; data tasks wait for it. */
  protected localeReady: Promise<void> = Promise.resolve();

  constructor() {
    super();
    this.venue = '';
    this.timeout = DEFAULT_TIMEOUT_MS;
    this.clock = () => Date.now();
    this.noShare = false;
    this.announcement = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.ld) this.append(this.ld);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.ld?.remove();
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

  /**
   * Describes `events` (those on screen) in this element's one JSON-LD block, which replaces the
   * block of the events shown before; no events, no block (README "Structured data").
   */
  protected describe(events: readonly EventResource[]): void {
    reach().then(
      (m) => m.describe(this, events),
      () => {},
    );
  }

  /**
   * The share control: the share sheet, or the event page's link copied to the clipboard,
   * confirmed beside the button and in the live region.
   */
  protected share(event: EventResource): void {
    void reach().then((m) => m.share(this, event));
  }

  /** Dispatches a bubbling, composed event; false when a listener cancelled it. */
  protected emit<T>(name: string, init: { detail: T; cancelable?: boolean }): boolean {
    const event = new CustomEvent(name, { ...init, bubbles: true, composed: true });
    return this.dispatchEvent(event);
  }
}
