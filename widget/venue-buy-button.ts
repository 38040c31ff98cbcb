import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { Task } from '@lit/task';
import type { EventResource } from '../shared/contract.js';
import { eventPageUrl, fetchEvent, SCRIPT_ORIGIN } from './api.js';
import { buyState, localToday, type BuyState } from './buy-state.js';
import { closingText } from './format.js';
import { messagesFor, resolveLocale, type Messages } from './messages.js';
import { hostStyles } from './styles.js';

/**
 * `<venue-buy-button>`: the buy control alone, driven only by `ticket_office.status` (spec §2.4;
 * earlier shape derived as decisions.md says). Give it an event (`.event`), or `venue` +
 * `event-id` and it fetches the event itself.
 *
 * @fires venue-events:buy - cancelable; `detail: { event, url }`. Call `preventDefault()` to open
 *   your own checkout instead of following the link.
 * @fires venue-events:expired - a pending closure passed while shown; `detail: { event }`. The
 *   list refetches on it.
 * @csspart buy-button - the "Buy tickets" link
 * @csspart buy-status - the closing countdown, or the closed state
 * @csspart buy-message - the venue's message while sales are closed
 * @cssprop --venue-events-accent - button background
 * @cssprop --venue-events-on-accent - button text colour
 */
export class VenueBuyButton extends LitElement {
  static override styles = [
    hostStyles,
    css`
      .buy-button {
        display: inline-flex;
        align-items: center;
        justify-content: center;
        min-height: 44px;
        padding: 0.55rem 1.1rem;
        border-radius: var(--_radius);
        background: var(--_accent);
        color: var(--_on-accent);
        font-weight: 700;
        text-decoration: none;
      }
      .buy-button:hover {
        filter: brightness(1.08);
      }
      .status {
        margin: 0.35rem 0 0;
        color: var(--_muted);
        font-size: 0.9em;
      }
      .closed {
        display: inline-block;
        margin: 0;
        padding: 0.45rem 0.8rem;
        border: 1px dashed var(--_border);
        border-radius: var(--_radius);
        color: var(--_muted);
        font-weight: 600;
      }
      .message {
        margin: 0.35rem 0 0;
        font-size: 0.9em;
      }
    `,
  ];

  static override properties = {
    event: { attribute: false },
    venue: { type: String },
    eventId: { type: String, attribute: 'event-id' },
    baseUrl: { type: String, attribute: 'base-url' },
    locale: { type: String },
    clock: { attribute: false },
    tick: { state: true },
  };

  /** The event to sell (either API shape); set by `<venue-events>` / `<venue-event>`. */
  declare event: EventResource | undefined;
  /** Venue slug (for the event page URL, and for fetching by `event-id`). */
  declare venue: string;
  /** Event id to fetch when no `.event` is given. */
  declare eventId: string | undefined;
  /** API base; default: the origin this script was loaded from. */
  declare baseUrl: string | undefined;
  /** BCP 47 locale; default: the page's `lang`, then the browser's. */
  declare locale: string | undefined;
  /** Current time in UTC epoch ms; replaceable to preview or test. */
  declare clock: () => number;
  declare private tick: number;

  private timer: ReturnType<typeof setTimeout> | undefined;
  private reloads = 0;
  private expiredFor: string | undefined;

  private fetched = new Task(this, {
    task: async ([base, venue, id, reloads], { signal }) =>
      id && venue ? (await fetchEvent(base, venue, id, signal, reloads > 0)).data : undefined,
    args: () =>
      [
        this.baseUrl || SCRIPT_ORIGIN,
        this.venue,
        this.event ? undefined : this.eventId,
        this.reloads,
      ] as const,
  });

  constructor() {
    super();
    this.venue = '';
    this.clock = () => Date.now();
    this.tick = 0;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  private get current(): EventResource | undefined {
    return this.event ?? this.fetched.value;
  }

  private get t(): Messages {
    return messagesFor(resolveLocale(this.locale, this));
  }

  protected override willUpdate(_changed: PropertyValues): void {
    // Before the Task controller reads its args, so a reload joins this update instead of
    // scheduling another one after it.
    this.confirmExpiry();
  }

  protected override updated(_changed: PropertyValues): void {
    this.schedule();
  }

  /**
   * A pending closure passed while on screen (the render already shows it closed): ask for the
   * server's word once, before this update renders — the list refetches on `venue-events:expired`, a standalone button
   * refetches its event.
   */
  private confirmExpiry(): void {
    const event = this.current;
    if (!event || !('ticket_office' in event.attributes) || this.expiredFor === event.id) return;
    const office = event.attributes.ticket_office;
    if (office.status !== 'open' || office.closes_at === null) return;
    if (Date.parse(office.closes_at) > this.clock()) return;
    this.expiredFor = event.id;
    this.dispatchEvent(
      new CustomEvent('venue-events:expired', { detail: { event }, bubbles: true, composed: true }),
    );
    if (!this.event) this.reloads++;
  }

  /** Re-renders when the countdown text changes and exactly when a pending deadline passes. */
  private schedule(): void {
    clearTimeout(this.timer);
    const event = this.current;
    if (!event || !this.isConnected) return;
    const now = this.clock();
    const state = buyState(event.attributes, now, localToday(now));
    if (state.kind !== 'open' || state.closesAtMs === null) return;
    const left = state.closesAtMs - now;
    const step = left <= 60_000 ? 1_000 : left <= 3_600_000 ? 30_000 : 60_000;
    this.timer = setTimeout(() => this.tick++, Math.max(50, Math.min(step, left)));
  }

  private onClick(e: MouseEvent, event: EventResource, url: string): void {
    const buy = new CustomEvent('venue-events:buy', {
      detail: { event, url },
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    if (!this.dispatchEvent(buy)) e.preventDefault();
  }

  private closedLabel(state: Extract<BuyState, { kind: 'closed' }>): string {
    const t = this.t;
    return {
      manual: t.closedManual,
      scheduled: t.closedScheduled,
      event_ended: t.closedEnded,
      cancelled: t.closedCancelled,
      not_ticketed: t.closedNotTicketed,
    }[state.reason];
  }

  override render() {
    const event = this.current;
    if (!event) return nothing;
    const now = this.clock();
    const state = buyState(event.attributes, now, localToday(now));
    const url = eventPageUrl(event, this.venue);
    const t = this.t;
    return html`<div aria-live="polite">
      ${
        state.kind === 'open' && url
          ? html`<a
                class="buy-button"
                part="buy-button"
                href=${url}
                aria-label=${t.buyFor(event.attributes.title)}
                @click=${(e: MouseEvent) => this.onClick(e, event, url)}
                >${t.buy}</a
              >${
                state.closesAtMs !== null
                  ? html`<p class="status" part="buy-status">
                      ${closingText(state.closesAtMs, now, resolveLocale(this.locale, this), t)}
                    </p>`
                  : nothing
              }`
          : state.kind === 'closed'
            ? html`<p class="closed" part="buy-status" data-reason=${state.reason}>
                  ${this.closedLabel(state)}
                </p>
                ${state.message ? html`<p class="message" part="buy-message">${state.message}</p>` : nothing}`
            : nothing
      }
    </div>`;
  }
}

if (!customElements.get('venue-buy-button'))
  customElements.define('venue-buy-button', VenueBuyButton);

declare global {
  interface HTMLElementTagNameMap {
    'venue-buy-button': VenueBuyButton;
  }
}
