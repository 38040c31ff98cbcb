import { html, nothing, type TemplateResult } from 'lit';
import { LoadController, LoadStatus } from './load-controller.js';
import type { EventResource } from '../shared/contract.js';
import { eventFor } from './handed-event.js';
import type { SingleEvent } from './wire.js';
import { CardActions, cardActionStyles } from './card-actions.js';
import { headingLevel } from './card-facts.js';
import { eventCard } from './event-card.js';
import { cardStyles } from './event-card.styles.js';
import { hostStyles } from './host.styles.js';
import { describeWhenShown } from './reach-controllers.js';
import { descriptionStyles } from './venue-event.styles.js';
import { isNotFound, VenueElement } from './venue-element.js';

/** The description sanitiser and DOMPurify: a chunk loaded once a description is to be shown. */
const sanitizer = () => import('./sanitize.js');

/**
 * `<venue-event venue="blue-room" event-id="101">`: one event in full, with its sanitised
 * description, for site builders who lay out their own pages. Children are fallback content:
 * shown until the element upgrades and when scripts are off, never after (there is no slot).
 * Writes one `<script type="application/ld+json">` as its own light-DOM child: the event's
 * schema.org `Event`s (one per upcoming stop of a tour; removed when it is disconnected).
 *
 * @fires venue-events-event-load - after the event loaded; `detail: { event }`
 * @fires venue-events-buy - from its buy control (see `<venue-buy-button>`)
 * @attr ticket-link-params - query parameters its ticket links carry, in query-string form
 *   (`utm_source=blog&utm_campaign={event_slug}`; docs/widget.md)
 * @csspart card - the event
 * @csspart image - the event image
 * @csspart category - the category label
 * @csspart badge - the age limit: "18+", "14+" (docs/api.md §10.20)
 * @csspart title - the event title
 * @csspart performers - who is playing: "With Alice, Bob and Carol" (docs/api.md §10.18)
 * @csspart date - date and time, with the end time when the venue gives one
 * @csspart location - the location
 * @csspart price - the price: "£12", "£12–£18", "Free"
 * @csspart few-left - "Few tickets left", beside the buy control while it is open
 * @csspart access - the event's access provisions (a list of words)
 * @csspart save - the "Save" toggle (`aria-pressed`), kept in the page's `localStorage`
 * @csspart cancelled - the cancellation notice
 * @csspart schedule-status - "Postponed" or "Rescheduled (was Fri 5 Dec)" with the venue's reason
 *   (docs/api.md §10.20)
 * @csspart doors - "Doors 19:00", in the date line
 * @csspart stops - the dates of a multi-date event
 * @csspart description - the sanitised HTML description
 * @csspart calendar-link - each "Add to calendar": the event's menu's summary, each scheduled
 *   stop's link
 * @csspart calendar-menu - the event's "Add to calendar" menu (`<details>`)
 * @csspart calendar-option - each entry of that menu: the `.ics` file, Google Calendar, Outlook
 * @csspart share-button - the "Share" button (hidden by `no-share`)
 * @csspart share-status - "Link copied", beside the share button after it copied the link
 * @csspart buy-button - the "Buy tickets" link
 * @csspart buy-status - the closing countdown or closed state
 * @csspart buy-message - the venue's message while sales are closed
 * @csspart error - the error state with its retry button
 * @csspart not-found - with `error`, no retry: the API knows no event `event-id` at `venue`
 * @cssprop --venue-events-accent - accent colour (see `<venue-events>` for the full list)
 */
export class VenueEvent extends VenueElement {
  static override styles = [hostStyles, cardStyles, descriptionStyles, ...cardActionStyles];

  static override properties = {
    eventId: { type: String, attribute: 'event-id' },
    event: { attribute: false },
    headingLevel: { type: Number, attribute: 'heading-level' },
    noShare: { type: Boolean, attribute: 'no-share' },
    ticketLinkParams: { attribute: 'ticket-link-params' },
  };

  /** Event id to fetch (or set `.event`). */
  declare eventId: string | undefined;
  /** The event to show, instead of fetching `event-id`. */
  declare event: EventResource | undefined;
  /** Heading level (2–6) of the event's title; default 2. */
  declare headingLevel: number;
  /** Hides the share control. */
  declare noShare: boolean;
  /** Query parameters its ticket links carry (`ticket-link-params`, query-string form). */
  declare ticketLinkParams: string | undefined;

  private load = new LoadController(this, {
    task: async ([base, venue, id, given, timeoutMs, locale], { signal }) => {
      // An event set by property has no venue's parameters with it: only the embed's own.
      const own: SingleEvent | undefined = given && { event: given };
      const [one] = await Promise.all([
        own ??
          (id && venue
            ? eventFor(this, base, venue, id, {
                signal,
                timeoutMs,
                revalidate: false,
                locale,
              })
            : undefined),
        this.localeReady,
      ]);
      if (!one) return undefined;
      const { event, linkParams } = one;
      // No description, no description box (nor DOMPurify). Tested here, not on the result: a
      // TrustedHTML is truthy even when empty.
      const html = event.attributes.description;
      const description = html ? (await sanitizer()).sanitizeHtml(html, base) : undefined;
      this.emit('venue-events-event-load', { detail: { event } });
      return { event, description, linkParams };
    },
    args: () =>
      [this.base, this.venue, this.eventId, this.event, this.timeout, this.textLocale] as const,
  });

  /** Sharing, saving and the calendar menu of its card. */
  private actions = new CardActions(this, () => this.say(this.i18n.t.linkCopied));

  constructor() {
    super();
    this.headingLevel = 2;
    this.noShare = false;
    // A pending closure passed on the buy control's clock: "Few tickets left" goes with it.
    this.addEventListener('venue-events-expired', () => this.requestUpdate());
    describeWhenShown(this, () => {
      const shown = this.load.status === LoadStatus.COMPLETE && this.load.value?.event;
      return shown ? [shown] : [];
    });
  }

  override render(): TemplateResult {
    const { t, locale } = this.i18n;
    const { status, value } = this.load;
    let content: unknown = nothing;
    if (status === LoadStatus.PENDING)
      content = html`<div class="card" part="card" aria-busy="true">
        <p class="body">${t.loading}</p>
      </div>`;
    else if (status === LoadStatus.ERROR && isNotFound(this.load.error))
      content = html`<div class="card" part="error not-found" role="alert">
        <p class="body">${t.eventNotFound}</p>
      </div>`;
    else if (status === LoadStatus.ERROR)
      content = html`<div class="card" part="error" role="alert">
        <p class="body">${t.error} <button @click=${this.retry}>${t.retry}</button></p>
      </div>`;
    else if (status === LoadStatus.COMPLETE && value)
      content = eventCard(value.event, {
        venue: this.venue,
        base: this.base,
        i18n: this.i18n,
        clock: this.clock,
        level: headingLevel(this.headingLevel),
        description: value.description,
        // The embed's own, else the venue's (docs/api.md §10.19).
        linkParams: this.ticketLinkParams ?? value.linkParams,
        ...this.actions.context(this.noShare),
      });
    // Right to left (`ar`, `he`) on its own root, as `<venue-events>` does: the page around a
    // single event need not be.
    return html`<div lang=${locale} dir=${t.dir ?? nothing}>
      ${content}
      <p class="visually-hidden" aria-live="polite">${this.announcement}</p>
    </div>`;
  }

  private retry(): void {
    void this.load.run();
  }
}

if (!customElements.get('venue-event')) customElements.define('venue-event', VenueEvent);

declare global {
  interface HTMLElementTagNameMap {
    'venue-event': VenueEvent;
  }
}
