import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { LoadController, LoadStatus } from './load-controller.js';
import type { EventResource } from '../shared/contract.js';
import { readLinkParams, type LinkParams } from '../shared/rules/link-params.js';
import { eventFor } from './handed-event.js';
import { closedLabel, eventBuyState, type BuyState } from './buy-state.js';
import { afterPaint } from './after-paint.js';
import { buyControl } from './markup.js';
import { closingText } from './format.js';
import { hostStyles } from './host.styles.js';
import { isNotFound, VenueElement } from './venue-element.js';
import { buyButtonStyles } from './venue-buy-button.styles.js';

/**
 * `<venue-buy-button>`: the buy control alone, driven only by `ticket_office.status` (docs/api.md §2.4;
 * earlier shape derived as docs/decisions.md says; an office the widget does not understand shows
 * "Online sales closed"). Give it an event (`.event`), or `venue` + `event-id` and it fetches
 * the event itself.
 *
 * @fires venue-events-buy - cancelable; `detail: { event, url }` (the link, with its parameters).
 *   Call `preventDefault()` to open your own checkout instead of following the link.
 * @attr ticket-link-params - query parameters its ticket links carry, in query-string form
 *   (`utm_source=blog&utm_campaign={event_slug}`), over the venue's (docs/widget.md)
 * @fires venue-events-event-load - after it fetched its event by `event-id`; `detail: { event }`
 * @fires venue-events-expired - a pending closure passed while shown; `detail: { event }`. The
 *   list refetches on it; a button that fetched its own event refetches it.
 * @csspart buy-button - the "Buy tickets" link, or a sold-out event's "Join the waitlist"
 * @csspart buy-status - the closing countdown, the closed state, or (fetching by `event-id`) the
 *   error state with its retry button (`data-reason="error"`), or "This event was not found"
 *   without one (`data-reason="not-found"`)
 * @csspart buy-message - the venue's message while sales are closed
 * @cssprop --venue-events-accent - button background
 * @cssprop --venue-events-on-accent - button text colour
 * @cssprop --venue-events-background - the element's background; default the card background
 */
export class VenueBuyButton extends VenueElement {
  static override styles = [hostStyles, buyButtonStyles];

  static override properties = {
    event: { attribute: false },
    eventId: { type: String, attribute: 'event-id' },
    announce: { attribute: false },
    linkParams: { attribute: false },
    ticketLinkParams: { attribute: 'ticket-link-params' },
  };

  /** The event to sell (either API shape); set by `<venue-events>` / `<venue-event>`. */
  declare event: EventResource | undefined;
  /** Event id to fetch when no `.event` is given. */
  declare eventId: string | undefined;
  /**
   * Whether the button has its own polite live region (minute-granular); false inside
   * `<venue-events>` and `<venue-event>`, whose one region speaks for the widget.
   */
  declare announce: boolean;
  /**
   * The parameters its ticket links carry (docs/api.md §10.19), as `readLinkParams` reads them: set
   * by `<venue-events>` (its own `ticket-link-params`, else the venue's) and `<venue-event>`.
   */
  declare linkParams: unknown;
  /**
   * `ticket-link-params`: parameters in query-string form (`utm_source=blog&utm_campaign={event_slug}`)
   * over `linkParams`; `""`: none.
   */
  declare ticketLinkParams: string | undefined;

  /** This update's buy state, at `now`. */
  declare private state: BuyState | undefined;
  private now = 0;
  /**
   * The state its markup was written in (`buyControl`), and the instant it was written at (UTC
   * epoch ms): the markup is kept while the state is, the countdown being its status line's text
   * alone (`updated`), so the link a keyboard user is on stays as the seconds pass.
   */
  private drawn = { state: '', at: 0 };
  private reloads = 0;
  declare private expiredFor: string | undefined;

  private fetched = new LoadController(this, {
    task: async ([base, venue, id, timeoutMs, reloads, locale], { signal }) => {
      if (!id || !venue) return undefined;
      // In the element's language, as the script's first request for it asked (`firstFetch`).
      const [{ event, linkParams }] = await Promise.all([
        eventFor(this, base, venue, id, { signal, timeoutMs, revalidate: reloads > 0, locale }),
        this.localeReady,
      ]);
      this.emit('venue-events-event-load', { detail: { event } });
      return { event, linkParams, of: `${base} ${venue} ${id}` };
    },
    args: () =>
      [
        this.base,
        this.venue,
        this.event ? undefined : this.eventId,
        this.timeout,
        this.reloads,
        this.textLocale,
      ] as const,
  });

  constructor() {
    super();
    this.announce = true;
    // On the host: a click on its "Buy tickets" link reaches it out of the shadow root.
    this.addEventListener('click', (e) => this.onClick(e));
    // The countdown's timer is not needed to draw the state now: it comes after the first paint
    // (attached late, it re-renders at once, so a deadline passed meanwhile shows).
    afterPaint(
      () =>
        void import('./deadline-controller.js').then(
          (m) =>
            new m.DeadlineController(
              this,
              // A closure ahead, or (docs/api.md §10.23) the instant sales open.
              () =>
                this.state?.kind === 'open'
                  ? this.state.closesAtMs
                  : (this.state?.opensAtMs ?? null),
              () => this.clock(),
            ),
        ),
    );
  }

  /**
   * The parameters its ticket links carry: its own attribute's, else those it was given, else its
   * venue's from the event it fetched.
   */
  private get params(): LinkParams | undefined {
    return readLinkParams(
      this.ticketLinkParams ??
        this.linkParams ??
        (this.event ? undefined : this.fetched.value?.linkParams),
    );
  }

  /** What a fetched event belongs to: nothing of another venue or event is ever shown. */
  private get source(): string {
    return `${this.base} ${this.venue} ${this.eventId}`;
  }

  private get current(): EventResource | undefined {
    const fetched = this.fetched.value;
    return this.event ?? (fetched?.of === this.source ? fetched.event : undefined);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const event = this.current;
    this.now = this.clock();
    this.state = event && eventBuyState(event, this.venue, this.now, this.params, this.i18n.locale);
    const state = `${event?.id} ${JSON.stringify(this.state ?? null)}`;
    if (state !== this.drawn.state) this.drawn = { state, at: this.now };
    // A pending closure passed on screen (this render shows it closed): ask for the server's
    // word once, before the load controller reads its args, so a reload joins this update. The
    // list refetches on `venue-events-expired`; a button that fetched its event refetches it.
    if (
      event &&
      this.state?.kind === 'closed' &&
      this.state.expired &&
      this.expiredFor !== event.id
    ) {
      this.expiredFor = event.id;
      this.emit('venue-events-expired', { detail: { event } });
      if (!this.event) this.reloads++;
    }
  }

  override render(): TemplateResult | typeof nothing {
    const event = this.current;
    const state = this.state;
    const { t, locale } = this.i18n;
    // Right to left (`ar`, `he`) on the element's own root, as `<venue-events>` does: a button
    // used on its own has no list around it to take the direction from.
    const dir = t.dir ?? nothing;
    if (!event || !state) {
      if (this.fetched.status !== LoadStatus.ERROR) return nothing;
      // An event the API does not know: asking again cannot help, so no retry.
      return isNotFound(this.fetched.error)
        ? html`<p
            class="closed"
            part="buy-status"
            data-reason="not-found"
            role="alert"
            lang=${locale}
            dir=${dir}
          >
            ${t.eventNotFound}
          </p>`
        : html`<p
            class="closed"
            part="buy-status"
            data-reason="error"
            role="alert"
            lang=${locale}
            dir=${dir}
          >
            ${t.error} <button @click=${this.retry}>${t.retry}</button>
          </p>`;
    }
    const text =
      state.kind === 'open'
        ? state.closesAtMs !== null && closingText(state.closesAtMs, this.now, locale, t, true)
        : closedLabel(t, state, locale);
    // The buy control's one template (docs/decisions.md "One template per view"), the first
    // paint's and `widget.html`'s, written at `drawn.at`; the live region is the element's own.
    return html`${unsafeHTML(buyControl(event, this.venue, this.drawn.at, this.i18n, this.params))}${
      this.announce
        ? html`<p class="visually-hidden" aria-live="polite" lang=${locale} dir=${dir}>
            ${text || nothing}
          </p>`
        : nothing
    }`;
  }

  /**
   * Brings the markup written at `drawn.at` to now: the countdown's text in its status line, and
   * the direction of the element's language on its root (`ar`, `he`), which a button used on its
   * own has no list around it to take from.
   */
  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // The markup's root: the first `div` (an error state has none).
    const root = this.renderRoot.querySelector<HTMLElement>('div');
    const state = this.state;
    if (!root || !state) return;
    const { t, locale } = this.i18n;
    if (t.dir) root.dir = t.dir;
    const status = root.querySelector('.status');
    if (status && state.kind === 'open' && state.closesAtMs !== null)
      status.textContent = closingText(state.closesAtMs, this.now, locale, t);
  }

  private retry(): void {
    void this.fetched.run();
  }

  /** Its open "Buy tickets" link clicked: `venue-events-buy`, whose cancelling keeps the page. */
  private onClick(e: MouseEvent): void {
    const link = e.composedPath()[0];
    const event = this.current;
    if (!event || this.state?.kind !== 'open' || !(link instanceof HTMLAnchorElement)) return;
    // The link as the markup wrote it: the ticket URL with its parameters (docs/api.md §10.19).
    const url = link.getAttribute('href');
    if (!this.emit('venue-events-buy', { detail: { event, url }, cancelable: true })) {
      e.preventDefault();
    }
  }
}

if (!customElements.get('venue-buy-button'))
  customElements.define('venue-buy-button', VenueBuyButton);

declare global {
  interface HTMLElementTagNameMap {
    'venue-buy-button': VenueBuyButton;
  }
}
