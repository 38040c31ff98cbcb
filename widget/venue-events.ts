import { css, html, LitElement, nothing } from 'lit';
import { Task, TaskStatus } from '@lit/task';
import type { ListResponse } from '../shared/contract.js';
import { fetchEvents, SCRIPT_ORIGIN } from './api.js';
import { eventCard } from './event-card.js';
import { messagesFor, resolveLocale, type Messages } from './messages.js';
import { cardStyles, hostStyles } from './styles.js';

/**
 * `<venue-events venue="blue-room">`: a venue's upcoming events, soonest first, 12 per page,
 * each with its buy control. Keeps the last good page on screen when a refresh fails.
 * Children (e.g. a link to the venue's listing) are fallback content: shown until the element
 * upgrades and when scripts are off, never after (there is no slot).
 *
 * @fires venue-events:load - after each page loaded; `detail: { page, lastPage, total, events }`
 * @fires venue-events:buy - from a buy control; cancelable (see `<venue-buy-button>`)
 * @csspart list - the grid of events
 * @csspart card - one event
 * @csspart image - the event image
 * @csspart category - the category label
 * @csspart badge - the 18+ badge
 * @csspart title - the event title
 * @csspart date - date and time
 * @csspart location - the location
 * @csspart cancelled - the cancellation notice
 * @csspart stops - the dates of a multi-date event
 * @csspart excerpt - the plain-text description excerpt
 * @csspart buy-button - the "Buy tickets" link
 * @csspart buy-status - the closing countdown or closed state
 * @csspart buy-message - the venue's message while sales are closed
 * @csspart pagination - the page navigation
 * @csspart page-button - each button of the page navigation
 * @csspart empty - the "No upcoming events" state
 * @csspart error - the error state with its retry button
 * @cssprop --venue-events-accent - accent (buttons, current page); default #1a56db
 * @cssprop --venue-events-on-accent - text on the accent
 * @cssprop --venue-events-color - text colour
 * @cssprop --venue-events-muted-color - secondary text
 * @cssprop --venue-events-card-background - card background
 * @cssprop --venue-events-border-color - borders
 * @cssprop --venue-events-danger-color - cancellations and the 18+ badge
 * @cssprop --venue-events-radius - corner radius
 * @cssprop --venue-events-gap - space between cards
 * @cssprop --venue-events-card-min-width - narrowest card before the grid wraps; default 16rem
 * @cssprop --venue-events-focus-color - focus ring
 */
export class VenueEvents extends LitElement {
  static override styles = [
    hostStyles,
    cardStyles,
    css`
      .list {
        display: grid;
        grid-template-columns: repeat(
          auto-fill,
          minmax(min(100%, var(--venue-events-card-min-width, 16rem)), 1fr)
        );
        gap: var(--_gap);
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .list[aria-busy='true'] {
        opacity: 0.6;
      }
      .skeleton {
        min-height: 22rem;
        border-radius: var(--_radius);
        background: linear-gradient(90deg, var(--_border) 0%, var(--_bg) 50%, var(--_border) 100%) 0
          0 / 200% 100%;
        animation: shimmer 1.4s linear infinite;
        opacity: 0.5;
      }
      @keyframes shimmer {
        to {
          background-position: -200% 0;
        }
      }
      @media (prefers-reduced-motion: reduce) {
        .skeleton {
          animation: none;
        }
      }
      .state {
        padding: 1.5rem;
        border: 1px dashed var(--_border);
        border-radius: var(--_radius);
        text-align: center;
      }
      .notice {
        margin: 0 0 0.75rem;
        color: var(--_danger);
      }
      button {
        min-height: 44px;
        min-width: 44px;
        padding: 0.4rem 0.8rem;
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_bg);
        color: var(--_fg);
        font: inherit;
        cursor: pointer;
      }
      button[aria-current='page'] {
        border-color: var(--_accent);
        background: var(--_accent);
        color: var(--_on-accent);
        font-weight: 700;
      }
      button:disabled {
        opacity: 0.45;
        cursor: default;
      }
      nav ul {
        display: flex;
        flex-wrap: wrap;
        justify-content: center;
        align-items: center;
        gap: 0.4rem;
        margin: 1.25rem 0 0;
        padding: 0;
        list-style: none;
      }
      .gap {
        padding: 0 0.25rem;
        color: var(--_muted);
      }
    `,
  ];

  static override properties = {
    venue: { type: String },
    baseUrl: { type: String, attribute: 'base-url' },
    locale: { type: String },
    page: { type: Number, reflect: true },
    clock: { attribute: false },
    announcement: { state: true },
  };

  /** Venue slug (required). */
  declare venue: string;
  /** API base; default: the origin this script was loaded from. */
  declare baseUrl: string | undefined;
  /** BCP 47 locale; default: the page's `lang`, then the browser's. */
  declare locale: string | undefined;
  /** Page shown (1-based); changes as the visitor pages. */
  declare page: number;
  /** Current time in UTC epoch ms; replaceable to preview or test. */
  declare clock: () => number;
  declare private announcement: string;

  /** The last page that loaded, kept on screen while the next loads or if it fails. */
  private lastGood: ListResponse | undefined;
  private reloads = 0;

  private list = new Task(this, {
    task: async ([base, venue, page, reloads], { signal }) => {
      const body = await fetchEvents(base, venue, page, signal, reloads > 0);
      this.lastGood = body;
      const { current_page, last_page, total } = body.meta;
      this.dispatchEvent(
        new CustomEvent('venue-events:load', {
          detail: { page: current_page, lastPage: last_page, total, events: body.data },
          bubbles: true,
          composed: true,
        }),
      );
      return body;
    },
    args: () => [this.baseUrl || SCRIPT_ORIGIN, this.venue, this.page, this.reloads] as const,
  });

  constructor() {
    super();
    this.venue = '';
    this.page = 1;
    this.clock = () => Date.now();
    this.announcement = '';
    // A pending closure passed on screen: confirm with the server.
    this.addEventListener('venue-events:expired', () => this.refresh());
  }

  /** Fetches the current page again from the server (keeps the shown page until it arrives). */
  refresh(): void {
    this.reloads++;
    this.requestUpdate();
  }

  private goTo(page: number, t: Messages, lastPage: number): void {
    if (page === this.page) return;
    this.page = page;
    this.announcement = t.pageAnnounce(page, lastPage);
    // Keep the visitor's place: bring the top of the list back into view if it scrolled away.
    if (this.getBoundingClientRect().top < 0) this.scrollIntoView({ block: 'start' });
  }

  private pageNumbers(current: number, last: number): (number | null)[] {
    const pages = new Set(
      [1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last),
    );
    const sorted = [...pages].sort((a, b) => a - b);
    return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? [null, p] : [p]));
  }

  private renderPagination(body: ListResponse, t: Messages) {
    const { last_page: last } = body.meta;
    const current = this.page;
    if (last <= 1 && current <= 1) return nothing;
    return html`<nav part="pagination" aria-label=${t.pagination}>
      <ul>
        <li>
          <button
            part="page-button"
            ?disabled=${current <= 1}
            @click=${() => this.goTo(Math.min(current - 1, last), t, last)}
          >
            <span aria-hidden="true">‹</span> ${t.previous}
          </button>
        </li>
        ${this.pageNumbers(Math.min(current, last), last).map((p) =>
          p === null
            ? html`<li class="gap" aria-hidden="true">…</li>`
            : html`<li>
                <button
                  part="page-button"
                  aria-label=${t.page(p)}
                  aria-current=${p === current ? 'page' : 'false'}
                  @click=${() => this.goTo(p, t, last)}
                >
                  ${p}
                </button>
              </li>`,
        )}
        <li>
          <button
            part="page-button"
            ?disabled=${current >= last}
            @click=${() => this.goTo(current + 1, t, last)}
          >
            ${t.next} <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>`;
  }

  private renderList(body: ListResponse, t: Messages, locale: string, busy: boolean) {
    const base = this.baseUrl || SCRIPT_ORIGIN;
    if (body.data.length === 0 && body.meta.total === 0) {
      return html`<p class="state" part="empty">${t.empty}</p>`;
    }
    return html`<ul
        class="list"
        part="list"
        aria-label=${t.events}
        aria-busy=${busy ? 'true' : 'false'}
      >
        ${body.data.map(
          (event) =>
            html`<li>
              ${eventCard(event, { venue: this.venue, base, locale, t, clock: this.clock, level: 3 })}
            </li>`,
        )}
      </ul>
      ${this.renderPagination(body, t)}`;
  }

  override render() {
    const locale = resolveLocale(this.locale, this);
    const t = messagesFor(locale);
    const status = this.list.status;
    const shown = status === TaskStatus.COMPLETE ? this.list.value : this.lastGood;
    let content;
    if (shown) {
      content = html`${
        status === TaskStatus.ERROR
          ? html`<p class="notice" role="alert">
              ${t.refreshFailed} <button @click=${() => this.list.run()}>${t.retry}</button>
            </p>`
          : nothing
      }${this.renderList(shown, t, locale, status === TaskStatus.PENDING)}`;
    } else if (status === TaskStatus.ERROR) {
      content = html`<div class="state" part="error" role="alert">
        <p>${t.error}</p>
        <button @click=${() => this.refresh()}>${t.retry}</button>
      </div>`;
    } else {
      content = html`<ul class="list" aria-busy="true" aria-label=${t.loading}>
        ${[0, 1, 2].map(() => html`<li class="skeleton"></li>`)}
      </ul>`;
    }
    return html`${content}
      <p class="visually-hidden" aria-live="polite">${this.announcement}</p>`;
  }
}

if (!customElements.get('venue-events')) customElements.define('venue-events', VenueEvents);

declare global {
  interface HTMLElementTagNameMap {
    'venue-events': VenueEvents;
  }
}
