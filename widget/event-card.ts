/**
 * The card template shared by `<venue-events>` (excerpt) and `<venue-event>` (full description).
 * A template function rather than an element, so a list of cards is one shadow root.
 * All API text goes through Lit's text bindings (escaped); only the sanitised description is HTML.
 * The venue's own texts carry the page's `lang`; the widget's carry its locale (set around them).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CompactOccurrence, EventAttributes, EventResource } from '../shared/contract.js';
import { cardFacts, stopTime, stopWhat, type HeadingLevel } from './card-facts.js';
import { excerpt, formatStopDate } from './format.js';
import type { I18n } from './i18n/types.js';
import { otherLanguage, ownLang, textLanguage } from './i18n/load.js';
import './venue-buy-button.js';

export interface CardContext {
  venue: string;
  base: string;
  i18n: I18n;
  clock: () => number;
  /** Heading level of the title. */
  level: HeadingLevel;
  /** The full description (sanitised, trusted HTML); undefined for an excerpt. */
  description?: unknown;
  /** Shares an event (its share control); false or undefined: no share control. */
  share?: false | ((event: EventResource) => void);
  /** The id of the event whose link was just copied. */
  copied?: string | undefined;
  /**
   * The event's "Add to calendar" menu (`calendar-menu.ts`), with "Remind me" and "Directions"
   * where they apply (docs/api.md §10.23, §10.25); until it loads, a link.
   */
  calendarMenu?:
    | ((page: string, ctx: Pick<CardContext, 'i18n' | 'clock'>, event: EventResource) => unknown)
    | undefined;
  /**
   * The event's "Save" toggle (`saved.ts`, loaded after the first paint); undefined: none. It is
   * drawn at the end of the category row, which is tall enough for it from the start, so its
   * arrival moves nothing.
   */
  save?: ((event: EventResource) => unknown) | undefined;
  /**
   * A past event (the list's `when=past`, docs/api.md §10.20): no buy control, nothing to sell,
   * and no "Save" toggle, whose entries drop out once their date is past.
   */
  past?: boolean;
  /**
   * The parameters the buy control's ticket links carry (docs/api.md §10.19): an element's
   * `ticket-link-params`, else the list's `meta.ticket_link_params` (`readLinkParams` reads either).
   */
  linkParams?: unknown;
}

function title(level: HeadingLevel, id: string, text: string, l: unknown, dir: unknown) {
  switch (level) {
    case 2:
      return html`<h2 class="title" part="title" id=${id} lang=${l} dir=${dir}>${text}</h2>`;
    case 3:
      return html`<h3 class="title" part="title" id=${id} lang=${l} dir=${dir}>${text}</h3>`;
    case 4:
      return html`<h4 class="title" part="title" id=${id} lang=${l} dir=${dir}>${text}</h4>`;
    case 5:
      return html`<h5 class="title" part="title" id=${id} lang=${l} dir=${dir}>${text}</h5>`;
    default:
      return html`<h6 class="title" part="title" id=${id} lang=${l} dir=${dir}>${text}</h6>`;
  }
}

/** The place's paragraph, its text alone inside (no white space around it). */
const locationLine = (text: string, lang: unknown, dir: unknown) =>
  html`<p class="location" part="location" lang=${lang} dir=${dir}>${text}</p>`;
/** The excerpt's paragraph, its text alone inside (no white space around it). */
const excerptLine = (text: string, lang: unknown, dir: unknown) =>
  html`<p class="excerpt" part="excerpt" lang=${lang} dir=${dir}>${text}</p>`;

/**
 * "Add to calendar" as a link to the event's calendar file (a tour's has one entry per stop) for
 * `what`: each stop's, and the event's until the menu with Google Calendar and Outlook
 * (`calendar-menu.ts`, loaded after the first paint) takes its place, at the same size.
 */
const calendarLink = (ics: string, t: I18n['t'], what: string) =>
  html`<a class="calendar" part="calendar-link" href=${ics} aria-label=${t.addToCalendarFor(what)}
    >${t.addToCalendar}</a
  >`;

/**
 * A stop's place, " — Leeds", marked with its language by the stop's own `untranslated` (docs/api.md
 * §10.24): `lang`, and `dir="auto"` when not the element's.
 */
function stopPlace(o: CompactOccurrence, a: EventAttributes, i18n: I18n, own?: string) {
  const other = textLanguage({ ...a, untranslated: o.untranslated }, 'location_label', i18n);
  return o.location_label
    ? html` —
        <span lang=${other ?? own ?? nothing} dir=${other ? 'auto' : nothing}
          >${o.location_label}</span
        >`
    : nothing;
}

function stop(
  o: CompactOccurrence,
  ctx: CardContext,
  a: EventAttributes,
  ics: string | undefined,
  own: string | undefined,
) {
  const date = formatStopDate(o.occurrence_date, ctx.i18n.locale);
  const title = a.title;
  const when = html`<time datetime=${o.occurrence_date}>${date}</time>
    ${stopTime(o, ctx.i18n)}${stopPlace(o, a, ctx.i18n, own)}`;
  return o.status === 'cancelled'
    ? html`<li class="stop-cancelled">
        <s>${when}</s> <span class="tag">${ctx.i18n.t.stopCancelled}</span>
      </li>`
    : html`<li>
        ${when}${
          // A stop postponed or rescheduled on its own (docs/api.md §10.20), said as a cancelled
          // one is.
          o.schedule_status
            ? html` <span class="tag">${ctx.i18n.t[o.schedule_status]}</span>`
            : nothing
        }
        ${ics ? calendarLink(ics, ctx.i18n.t, stopWhat(title, date, o, ctx.i18n)) : nothing}
      </li>`;
}

/** One event's card: the Lit template of what a visitor sees (see the module comment). */
// eslint-disable-next-line max-lines-per-function -- the card's template, read top to bottom
export function eventCard(event: EventResource, ctx: CardContext): TemplateResult {
  const a = event.attributes;
  const { t, locale } = ctx.i18n;
  // The venue's text is in the language the API says (a translation, docs/api.md §10.24): in the
  // element's own it inherits the root's `lang`; in another, it is marked and reads in its own
  // direction. Text the API names no language for is taken to be the page's (`ownLang`).
  const language = otherLanguage(a as EventAttributes, ctx.i18n);
  const own = ownLang(a as EventAttributes, ctx.i18n);
  const content = language ?? own ?? nothing;
  const dir = language ? 'auto' : nothing;
  // A text the translation leaves out is in the venue's own language: its `lang` and `dir`.
  const other = (name: string) => textLanguage(a as EventAttributes, name, ctx.i18n);
  const lang = (name: string) => other(name) ?? own ?? nothing;
  const dirOf = (name: string) => (other(name) ? 'auto' : nothing);
  // No calendar entry is offered for a cancelled event or stop.
  const facts = cardFacts(event, ctx.venue, ctx.base, ctx.i18n, ctx.clock());
  const { id, image, cancelled, page, ics, access, end, price, performers, fewLeft } = facts;
  const { when, schedule, doors, age } = facts;
  const reason = (a as EventAttributes).status_reason;
  const next = a.next_occurrence;
  const share = ctx.share;
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
            alt=${(a as EventAttributes).image_alt || t.imageAlt(a.title)}
            loading="lazy"
            width="400"
            height="225"
          />`
        : nothing
    }
    <div class="body">
      <p class="meta">
        ${a.category ? html`<span part="category" lang=${lang('category')} dir=${dirOf('category')}>${a.category}</span>` : nothing}
        ${
          age
            ? html`<span class="badge" part="badge" title=${t.ageLabel(age)}
                ><span aria-hidden="true">${t.age(age)}</span
                ><span class="visually-hidden">${t.ageLabel(age)}</span></span
              >`
            : nothing
        }
        ${ctx.past ? nothing : ctx.save?.(event)}
      </p>
      ${title(ctx.level, id, a.title, lang('title'), dirOf('title'))}
      ${performers ? html`<p class="performers" part="performers">${performers}</p>` : nothing}
      <p class="date" part="date">
        <time datetime=${when[0]}>${when[1]}</time
        >${end ? html` – <time datetime=${end[0]}>${end[1]}</time>` : nothing}${
          doors ? html`, <span part="doors">${doors}</span>` : nothing
        }
      </p>
      ${
        // In a list of several venues (docs/api.md §10.16), the venue's name.
        a.venue
          ? html`<p class="venue" part="venue" lang=${content} dir=${dir}>${a.venue.name}</p>`
          : nothing
      }
      ${a.location ? locationLine(a.location, lang('location'), dirOf('location')) : nothing}
      ${price ? html`<p class="price" part="price">${price}</p>` : nothing}
      ${
        access?.length
          ? html`<ul class="access" part="access" aria-label=${t.access}>
              ${access.map((id) => html`<li>${t.accessLabels[id]}</li>`)}
            </ul>`
          : nothing
      }
      ${
        // Postponed or rescheduled (docs/api.md §10.20), read with the card as a cancellation is.
        schedule
          ? html`<p class="schedule-status" part="schedule-status">
              <strong>${schedule}</strong>${
                reason
                  ? html` —
                      <span lang=${lang('status_reason')} dir=${dirOf('status_reason')}
                        >${reason}</span
                      >`
                  : nothing
              }
            </p>`
          : nothing
      }
      ${
        cancelled
          ? html`<p class="cancelled-note" part="cancelled">
              <strong>${t.cancelled}</strong>${
                a.cancellation_reason
                  ? html` —
                      <span lang=${lang('cancellation_reason')} dir=${dirOf('cancellation_reason')}
                        >${a.cancellation_reason}</span
                      >`
                  : nothing
              }
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
                      ${formatStopDate(next.occurrence_date, locale)},
                      ${stopTime(next, ctx.i18n)}${stopPlace(next, a as EventAttributes, ctx.i18n, own)}
                    </p>`
                  : nothing
              }
              <ul aria-label=${t.allStops}>
                ${a.occurrences.map((o) => stop(o, ctx, a as EventAttributes, ics, own))}
              </ul>
            </div>`
          : nothing
      }
      ${
        ctx.description !== undefined
          ? html`<div
              class="description"
              part="description"
              lang=${lang('description')}
              dir=${dirOf('description')}
              .innerHTML=${ctx.description}
            ></div>`
          : a.description
            ? excerptLine(excerpt(a.description), lang('description'), dirOf('description'))
            : nothing
      }
      ${
        ctx.past
          ? nothing
          : html`<div class="buy">
              ${fewLeft ? html`<p class="few-left" part="few-left">${t.fewLeft}</p>` : nothing}
              <venue-buy-button
                exportparts="buy-button, buy-status, buy-message"
                .event=${event}
                .announce=${false}
                venue=${a.venue?.slug ?? ctx.venue}
                base-url=${ctx.base}
                locale=${locale}
                .clock=${ctx.clock}
                .linkParams=${ctx.linkParams}
              ></venue-buy-button>
            </div>`
      }
      ${
        page && (ics || share)
          ? html`<p class="actions">
              ${
                ics
                  ? (ctx.calendarMenu?.(page, ctx, event) ?? calendarLink(ics, t, a.title))
                  : nothing
              }
              ${
                share
                  ? html`<button
                        part="share-button"
                        aria-label=${t.shareFor(a.title)}
                        @click=${() => share(event)}
                      >
                        ${t.share}
                      </button>
                      ${
                        ctx.copied === event.id
                          ? html`<span part="share-status">${t.linkCopied}</span>`
                          : nothing
                      }`
                  : nothing
              }
            </p>`
          : nothing
      }
    </div>
  </article>`;
}
