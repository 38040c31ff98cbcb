/**
 * The card template shared by `<venue-events>` (excerpt) and `<venue-event>` (full description).
 * A template function rather than an element, so a list of cards is one shadow root.
 * All API text goes through Lit's text bindings (escaped); only the sanitised description is HTML.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CompactOccurrence, EventResource } from '../shared/contract.js';
import { datetimeAttr, excerpt, formatEventDate, formatStopDate, safeUrl } from './format.js';
import type { Messages } from './messages.js';
import './venue-buy-button.js';

export interface CardContext {
  venue: string;
  base: string;
  locale: string;
  t: Messages;
  clock: () => number;
  /** Heading level of the title (3 in the list, 2 standalone). */
  level: 2 | 3;
  /** The full description (sanitised HTML); undefined for an excerpt. */
  description?: unknown;
}

function stop(o: CompactOccurrence, ctx: CardContext) {
  const when = html`<time datetime=${o.occurrence_date}
      >${formatStopDate(o.occurrence_date, ctx.locale)}</time
    >
    ${o.time_label}${o.location_label ? html` — ${o.location_label}` : nothing}`;
  return o.status === 'cancelled'
    ? html`<li class="stop-cancelled">
        <s>${when}</s> <span class="tag">${ctx.t.stopCancelled}</span>
      </li>`
    : html`<li>${when}</li>`;
}

export function eventCard(event: EventResource, ctx: CardContext): TemplateResult {
  const a = event.attributes;
  const { t } = ctx;
  const id = `event-${event.id}`;
  const image = a.show_images ? safeUrl(a.small_image_path, ctx.base) : undefined;
  const cancelled = a.publish_status === 'cancelled';
  const title =
    ctx.level === 2
      ? html`<h2 class="title" part="title" id=${id}>${a.title}</h2>`
      : html`<h3 class="title" part="title" id=${id}>${a.title}</h3>`;
  const next = a.next_occurrence;
  return html`<article
    class="card ${cancelled ? 'is-cancelled' : ''}"
    part="card"
    aria-labelledby=${id}
  >
    ${
      image
        ? html`<img
            part="image"
            src=${image}
            alt=${t.imageAlt(a.title)}
            loading="lazy"
            width="400"
            height="225"
          />`
        : nothing
    }
    <div class="body">
      <p class="meta">
        ${a.category ? html`<span part="category">${a.category}</span>` : nothing}
        ${
          a.over_18
            ? html`<span class="badge" part="badge" title=${t.over18Label}
                ><span aria-hidden="true">${t.over18}</span
                ><span class="visually-hidden">${t.over18Label}</span></span
              >`
            : nothing
        }
      </p>
      ${title}
      <p class="date" part="date">
        <time datetime=${datetimeAttr(a.event_date, a.event_time)}
          >${formatEventDate(a.event_date, a.event_time, ctx.locale)}</time
        >
      </p>
      ${a.location ? html`<p class="location" part="location">${a.location}</p>` : nothing}
      ${
        cancelled
          ? html`<p class="cancelled-note" part="cancelled">
              <strong>${t.cancelled}</strong
              >${a.cancellation_reason ? html` — ${a.cancellation_reason}` : nothing}
            </p>`
          : nothing
      }
      ${
        a.date_mode === 'multiple'
          ? html`<div class="stops" part="stops">
              ${
                next
                  ? html`<p class="next-stop">
                      <strong>${t.nextStop}:</strong>
                      ${formatStopDate(next.occurrence_date, ctx.locale)},
                      ${next.time_label}${next.location_label ? html` — ${next.location_label}` : nothing}
                    </p>`
                  : nothing
              }
              <ul aria-label=${t.allStops}>
                ${a.occurrences.map((o) => stop(o, ctx))}
              </ul>
            </div>`
          : nothing
      }
      ${
        ctx.description !== undefined
          ? html`<div class="description" part="description">${ctx.description}</div>`
          : a.description
            ? html`<p class="excerpt" part="excerpt">${excerpt(a.description)}</p>`
            : nothing
      }
      <div class="buy">
        <venue-buy-button
          exportparts="buy-button, buy-status, buy-message"
          .event=${event}
          venue=${ctx.venue}
          base-url=${ctx.base}
          locale=${ctx.locale}
          .clock=${ctx.clock}
        ></venue-buy-button>
      </div>
    </div>
  </article>`;
}
