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
 * The card's actions row (`<p class="actions">`) as the element draws it: `card`'s own "Add to
 * calendar" link until the menu with Google Calendar and Outlook (`calendar-menu.ts`, loaded after
 * the first paint) takes its place, at the same size; `card`'s share button; "Link copied".
 */
function actions(event: EventResource, ctx: CardContext, drawn: Drawn) {
  const { link, share } = drawn;
  // The event's page is its calendar file's address without `.ics`.
  const menu = link && ctx.calendarMenu?.(link.getAttribute('href')!.slice(0, -4), ctx, event);
  return html`${menu ?? link ?? nothing}${share ?? nothing}${
    share && ctx.copied === event.id
      ? html`<span part="share-status">${ctx.i18n.t.linkCopied}</span>`
      : nothing
  }`;
}

/** The actions row's controls as `card` wrote them (none for a cancelled event's calendar). */
interface Drawn {
  link: HTMLAnchorElement | null;
  share: HTMLButtonElement | null;
}

/**
 * Sets what only an element has on the card drawn just before it (see the module comment). Its
 * part renders nothing itself: it is the card's element that it reaches, the node before it.
 */
class CardControls extends Directive {
  /** The card last set up: a new one (its markup changed) has its actions row set up again. */
  private article?: Element;
  /** Its actions row's controls as `card` wrote them. */
  private drawn: Drawn = { link: null, share: null };
  /** This update's event and context, which its share button's click reads. */
  private current?: [EventResource, CardContext];

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('CardControls: a child binding only');
  }

  render(_event: EventResource, _ctx: CardContext) {
    return nothing;
  }

  override update(part: ChildPart, [event, ctx]: [EventResource, CardContext]) {
    this.current = [event, ctx];
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
        const link = row.querySelector<HTMLAnchorElement>('a.calendar');
        const share = row.querySelector<HTMLButtonElement>('[part="share-button"]');
        share?.addEventListener('click', () => {
          const [shown, { share: shareEvent }] = this.current!;
          if (shareEvent) shareEvent(shown);
        });
        this.drawn = { link, share };
        // Lit draws the row from here on, `card`'s own controls put back in it.
        row.textContent = '';
      }
      render(actions(event, ctx, this.drawn), row);
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
