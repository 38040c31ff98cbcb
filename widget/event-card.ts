/**
 * The card of `<venue-events>` (excerpt), `<venue-event>` (full description) and
 * `<venue-calendar>`'s days: the one card template, `markup.ts`'s `card` (docs/decisions.md "One
 * template per view"), which also draws the script's first paint and `widget.html`, given to Lit
 * as markup (`unsafeHTML`: every text in it is escaped by `card`, the description sanitised
 * before). What only an element has is set on that markup by `CardControls`: its buy control's
 * event, clock and link parameters, the "Save" toggle, the calendar menu, sharing and "Link
 * copied" — each a Lit render of its own, so a toggle keeps its node, and focus, as it changes.
 * A card is drawn again as markup only when its markup changes.
 */
import { html, nothing, render, type TemplateResult } from 'lit';
import { Directive, directive, PartType, type ChildPart, type PartInfo } from 'lit/directive.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { EventResource } from '../shared/contract.js';
import type { HeadingLevel } from './card-facts.js';
import type { I18n } from './i18n/types.js';
import { card } from './markup.js';
import './venue-buy-button.js';

export interface CardContext {
  venue: string;
  base: string;
  i18n: I18n;
  clock: () => number;
  /** Heading level of the title. */
  level: HeadingLevel;
  /** The full description: sanitised HTML (`sanitize.ts`); undefined for an excerpt. */
  description?: string | undefined;
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

/**
 * "Add to calendar" as a link to the event's calendar file, as `card` writes it, until the menu
 * with Google Calendar and Outlook (`calendar-menu.ts`, loaded after the first paint) takes its
 * place, at the same size.
 */
const calendarLink = (ics: string, t: I18n['t'], what: string) =>
  html`<a class="calendar" part="calendar-link" href=${ics} aria-label=${t.addToCalendarFor(what)}
    >${t.addToCalendar}</a
  >`;

/** The card's actions row (`<p class="actions">`) as the element draws it: menu, share, copied. */
function actions(event: EventResource, ctx: CardContext, ics?: string) {
  const { t } = ctx.i18n;
  const share = ctx.share;
  const title = event.attributes.title;
  return html`${
    ics
      ? (ctx.calendarMenu?.(ics.slice(0, -4), ctx, event) ?? calendarLink(ics, t, title))
      : nothing
  }${
    share
      ? html`<button
            part="share-button"
            aria-label=${t.shareFor(title)}
            @click=${() => share(event)}
          >
            ${t.share}</button
          >${ctx.copied === event.id ? html`<span part="share-status">${t.linkCopied}</span>` : nothing}`
      : nothing
  }`;
}

/**
 * Sets what only an element has on the card drawn just before it (see the module comment). Its
 * part renders nothing itself: it is the card's element that it reaches, the node before it.
 */
class CardControls extends Directive {
  /** The card last set up: a new one (its markup changed) has its actions row's links replaced. */
  private article?: Element;
  /** The card's calendar file (`{page}.ics`), read from its markup. */
  private ics?: string;

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('CardControls: a child binding only');
  }

  render(_event: EventResource, _ctx: CardContext) {
    return nothing;
  }

  override update(part: ChildPart, [event, ctx]: [EventResource, CardContext]) {
    const article = (part.startNode as Comment).previousElementSibling!;
    const fresh = article !== this.article;
    this.article = article;
    // A past event (docs/api.md §10.20) has nothing to sell: its card keeps no buy control.
    if (ctx.past) article.querySelector('.buy')?.remove();
    const buy = article.querySelector('venue-buy-button');
    // Before the button's first update (a microtask away): it never asks for the event itself.
    if (buy)
      Object.assign(buy, { event, announce: false, clock: ctx.clock, linkParams: ctx.linkParams });
    render(ctx.past ? nothing : ctx.save?.(event), article.querySelector<HTMLElement>('.meta')!);
    const row = article.querySelector<HTMLElement>('.actions');
    if (row) {
      if (fresh) {
        // The event's calendar file, as `card` linked it (none for a cancelled event); its page
        // is the file's address without `.ics`.
        this.ics = row.querySelector('a.calendar')?.getAttribute('href') ?? undefined;
        row.textContent = '';
      }
      render(actions(event, ctx, this.ics), row);
    }
    return nothing;
  }
}

const cardControls = directive(CardControls);

/**
 * One event's card (see the module comment): `card`'s markup, and what only an element has.
 * @throws what `card` throws for an event it cannot draw (the list leaves that one out)
 */
export function eventCard(event: EventResource, ctx: CardContext): TemplateResult {
  const markup = card(event, {
    venue: ctx.venue,
    base: ctx.base,
    i18n: ctx.i18n,
    level: ctx.level,
    share: !!ctx.share,
    filterBar: false,
    viewSwitch: false,
    now: ctx.clock(),
    description: ctx.description,
  });
  return html`${unsafeHTML(markup)}${cardControls(event, ctx)}`;
}
