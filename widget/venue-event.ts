import { html, LitElement, nothing } from 'lit';
import { Task } from '@lit/task';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { EventResource } from '../shared/contract.js';
import { fetchEvent, SCRIPT_ORIGIN } from './api.js';
import { eventCard } from './event-card.js';
import { messagesFor, resolveLocale } from './messages.js';
import { sanitizeHtml } from './sanitize.js';
import { cardStyles, hostStyles } from './styles.js';

/**
 * `<venue-event venue="blue-room" event-id="101">`: one event in full, with its sanitised
 * description, for site builders who lay out their own pages. Children are fallback content:
 * shown until the element upgrades and when scripts are off, never after (there is no slot).
 *
 * @fires venue-events:load - after the event loaded; `detail: { event }`
 * @fires venue-events:buy - from its buy control (see `<venue-buy-button>`)
 * @csspart card - the event
 * @csspart image - the event image
 * @csspart category - the category label
 * @csspart badge - the 18+ badge
 * @csspart title - the event title
 * @csspart date - date and time
 * @csspart location - the location
 * @csspart cancelled - the cancellation notice
 * @csspart stops - the dates of a multi-date event
 * @csspart description - the sanitised HTML description
 * @csspart buy-button - the "Buy tickets" link
 * @csspart buy-status - the closing countdown or closed state
 * @csspart buy-message - the venue's message while sales are closed
 * @csspart error - the error state with its retry button
 * @cssprop --venue-events-accent - accent colour (see `<venue-events>` for the full list)
 */
export class VenueEvent extends LitElement {
  static override styles = [hostStyles, cardStyles];

  static override properties = {
    venue: { type: String },
    eventId: { type: String, attribute: 'event-id' },
    baseUrl: { type: String, attribute: 'base-url' },
    locale: { type: String },
    event: { attribute: false },
    clock: { attribute: false },
  };

  /** Venue slug (required). */
  declare venue: string;
  /** Event id to fetch (or set `.event`). */
  declare eventId: string | undefined;
  /** API base; default: the origin this script was loaded from. */
  declare baseUrl: string | undefined;
  /** BCP 47 locale; default: the page's `lang`, then the browser's. */
  declare locale: string | undefined;
  /** The event to show, instead of fetching `event-id`. */
  declare event: EventResource | undefined;
  /** Current time in UTC epoch ms; replaceable to preview or test. */
  declare clock: () => number;

  private load = new Task(this, {
    task: async ([base, venue, id, given], { signal }) => {
      const event =
        given ?? (id && venue ? (await fetchEvent(base, venue, id, signal)).data : undefined);
      if (!event) return undefined;
      const description = await sanitizeHtml(event.attributes.description);
      this.dispatchEvent(
        new CustomEvent('venue-events:load', { detail: { event }, bubbles: true, composed: true }),
      );
      return { event, description };
    },
    args: () => [this.base, this.venue, this.eventId, this.event] as const,
  });

  constructor() {
    super();
    this.venue = '';
    this.clock = () => Date.now();
  }

  private get base(): string {
    return this.baseUrl || SCRIPT_ORIGIN;
  }

  override render() {
    const locale = resolveLocale(this.locale, this);
    const t = messagesFor(locale);
    return this.load.render({
      pending: () =>
        html`<div class="card" part="card" aria-busy="true"><p class="body">${t.loading}</p></div>`,
      error: () =>
        html`<div class="card" part="error" role="alert">
          <p class="body">${t.error} <button @click=${() => this.load.run()}>${t.retry}</button></p>
        </div>`,
      complete: (value) =>
        value
          ? eventCard(value.event, {
              venue: this.venue,
              base: this.base,
              locale,
              t,
              clock: this.clock,
              level: 2,
              description: value.description ? unsafeHTML(value.description) : nothing,
            })
          : nothing,
    });
  }
}

if (!customElements.get('venue-event')) customElements.define('venue-event', VenueEvent);

declare global {
  interface HTMLElementTagNameMap {
    'venue-event': VenueEvent;
  }
}
