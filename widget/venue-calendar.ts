import { html, nothing, type TemplateResult } from 'lit';
import { namedInCell, type CalendarEntry } from './calendar-feed.js';
import {
  addMonths,
  firstDayOfWeek,
  monthGrid,
  monthOf,
  parseMonth,
  today,
  utcMs,
  type IsoDate,
  type IsoMonth,
} from '../shared/rules/month-grid.js';
import { GridKeysController } from './calendar-keys.js';
import { CardActions, cardActionStyles } from './card-actions.js';
import { headingLevel } from './card-facts.js';
import { DayEventsController, type DayEvents } from './day-events.js';
import { eventCard } from './event-card.js';
import { cardStyles } from './event-card.styles.js';
import { hostStyles } from './host.styles.js';
import { calendarStrings } from './i18n/calendar.js';
import { LoadStatus } from './load-controller.js';
import { MonthFeedController, type MonthQuery } from './month-feed.js';
import { calendarStyles } from './venue-calendar.styles.js';
import { listStyles } from './venue-events.styles.js';
import { isNotFound, VenueElement } from './venue-element.js';

/**
 * `<venue-calendar venue="blue-room">`: a month of a venue's events as a grid of days (the
 * WAI-ARIA date grid: arrow keys by day and week, Home/End to the week's ends, PageUp/PageDown by
 * month, with Shift by year). Each day with events shows how many, or, in a grid wide enough, its
 * events' start times and titles (three, then "+N more"); choosing a day (click, Enter,
 * Space) lists its events below the grid with the usual cards, from one list request of that
 * day. Days are the venue's: the feed's venue-local dates, never moved into the visitor's zone.
 * Past months, and the past days of this one, show the nights of past events, from the past
 * events' list (docs/api.md §10.20: the feed lists upcoming events only); their cards have no buy
 * control.
 * The week starts where the locale's does (Monday for `de`, `fr`, `en-GB`; Sunday for `en-US`).
 * Loaded lazily by `<venue-events view="calendar">` (`calendar-view.ts`); usable on its own once
 * its module is imported. With several venues (`venue="harbour-hall blue-cellar"`, docs/widget.md
 * "Several venues") it shows their merged feed (docs/api.md §10.16): a day cell says which venues
 * it has events at, and the chosen day's cards name their venue and link to its pages.
 * The month's feed, the chosen day's list and the grid's keys are controllers (`month-feed.ts`,
 * `day-events.ts`, `calendar-keys.ts`); the cards' sharing, saving and calendar menu are
 * `card-actions.ts`, as `<venue-event>`'s.
 *
 * @attr month - the month shown, `YYYY-MM` (reflected; changes as the visitor moves); default
 *   the month of today by the element's clock (the visitor's date)
 * @attr categories - comma-separated categories to show (as the list's `categories`, §10.12)
 * @attr search - words the events must match (as the list's `search`, §10.12)
 * @attr access - comma-separated access ids the events must all have on the day (§10.15)
 * @attr heading-level - level (1–5) of the month and day headings; event titles are one below;
 *   default 2
 * @attr no-share - hides the share control of every card
 * @attr selected - the chosen day, `YYYY-MM-DD` (set as the visitor chooses; not reflected); its
 *   events are listed while its month is shown
 * @fires venue-calendar-load - after a month's feed loaded; `detail: { month, start, end,
 *   entries, unreadable }` (`end` exclusive)
 * @fires venue-calendar-month - the visitor moved to another month; `detail: { month }`
 * @fires venue-calendar-select - the visitor chose a day; `detail: { date, entries }`
 * @fires venue-events-buy - from a card's buy control; cancelable (see `<venue-buy-button>`)
 * @attr ticket-link-params - query parameters its cards' ticket links carry, in query-string form,
 *   over the venue's (docs/widget.md)
 * @csspart header - the row of the month heading and its buttons
 * @csspart month - the month heading ("December 2026")
 * @csspart month-nav - the previous and next month buttons
 * @csspart calendar - the grid of days (`role="grid"`)
 * @csspart weekday - each column header
 * @csspart day - each day cell of the month (`data-date="YYYY-MM-DD"`)
 * @csspart count - the number of events on a day (a narrow grid's)
 * @csspart day-name - an event named in its day's cell, "19:30 Jazz Night" (a wide grid's)
 * @csspart day-more - "+2 more" after three named events
 * @csspart day-events - the chosen day's section below the grid
 * @csspart list - the chosen day's cards
 * @csspart card - one event (and the card parts of `<venue-events>`: title, date, doors,
 *   schedule-status, buy-button…)
 * @csspart stop-cancelled - the notice that a tour's stop on the chosen day is cancelled
 * @csspart empty - "No events on this day"
 * @csspart error - the error state with its retry button
 * @csspart venue - a card's venue, by name (several venues only)
 * @csspart not-found - with `error`, no retry: the API knows no venue `venue` (or one of its
 *   several, named)
 */
export class VenueCalendar extends VenueElement {
  // The day's cards are laid out as the list's (its grid, states and notices).
  static override styles = [
    hostStyles,
    cardStyles,
    listStyles,
    calendarStyles,
    ...cardActionStyles,
  ];

  static override properties = {
    month: { type: String, reflect: true },
    categories: { type: String },
    search: { type: String },
    access: { type: String },
    headingLevel: { type: Number, attribute: 'heading-level' },
    noShare: { type: Boolean, attribute: 'no-share' },
    selected: { type: String },
    only: { attribute: false },
    ticketLinkParams: { attribute: 'ticket-link-params' },
  };

  /** Month shown, `YYYY-MM`; an invalid value shows the current month. */
  declare month: string | undefined;
  /** Comma-separated categories passed to the feed. */
  declare categories: string | undefined;
  /** Search words passed to the feed. */
  declare search: string | undefined;
  /** Comma-separated access ids passed to the feed (docs/api.md §10.15). */
  declare access: string | undefined;
  /** Level of the month and day headings (1–5); default 2. */
  declare headingLevel: number;
  /** Hides the share control of every card. */
  declare noShare: boolean;
  /** The chosen day, `YYYY-MM-DD`, whose events are listed (set by the visitor, or by a script). */
  declare selected: string | undefined;
  /** Of several venues (`venue`), the one slug to show; all when unset (the list's Venue select). */
  declare only: string | undefined;
  /** Query parameters its cards' ticket links carry over the venue's (`ticket-link-params`). */
  declare ticketLinkParams: string | undefined;

  private reloads = 0;

  private feed = new MonthFeedController(this, {
    query: () => this.query,
    timeout: () => this.timeout,
    reloads: () => this.reloads,
    ready: () => this.localeReady,
    today: () => this.today,
    loaded: (detail) => this.emit('venue-calendar-load', { detail }),
  });

  private day = new DayEventsController(this, {
    date: () => this.selectedShown,
    entries: () => this.dayEntries,
    query: () => this.query,
    timeout: () => this.timeout,
    reloads: () => this.reloads,
  });

  private keys = new GridKeysController(this, {
    firstDay: () => this.firstDay,
    choose: (date) => this.choose(date),
    showMonth: (month) => this.showMonth(month),
  });

  private actions = new CardActions(this, () => this.say(this.i18n.t.linkCopied));

  constructor() {
    super();
    this.headingLevel = 2;
    this.noShare = false;
    // A pending closure passed on a card: confirm with the server.
    this.addEventListener('venue-events-expired', () => this.refresh());
  }

  /** Fetches the month (and the chosen day's events) again, keeping what is shown until it arrives. */
  refresh(): void {
    this.reloads++;
    this.requestUpdate();
  }

  /** The month on screen: `month` if valid, else the month of today by the clock. */
  get shownMonth(): IsoMonth {
    return parseMonth(this.month) ?? monthOf(this.today);
  }

  private get today(): IsoDate {
    return today(this.clock());
  }

  /** What the month's feed, and the chosen day's list, are asked for. */
  private get query(): MonthQuery {
    const { base, venue, categories, search, access, only, textLocale: locale } = this;
    return { base, venue, month: this.shownMonth, categories, search, access, only, locale };
  }

  /** The chosen day, if it lies in the month shown (its list shows only then). */
  private get selectedShown(): IsoDate | undefined {
    const s = this.selected;
    return s && /^\d{4}-\d{2}-\d{2}$/.test(s) && monthOf(s) === this.shownMonth ? s : undefined;
  }

  private get dayEntries(): CalendarEntry[] {
    const date = this.selectedShown;
    return (date && this.feed.byDate.get(date)) || [];
  }

  /** Shows `month` (a visitor's move), announcing it to the page. */
  private showMonth(month: IsoMonth): void {
    if (month === this.shownMonth) return;
    this.month = month;
    this.emit('venue-calendar-month', { detail: { month } });
  }

  private stepMonth(by: number): void {
    this.showMonth(monthOf(addMonths(`${this.shownMonth}-01`, by)));
  }

  /** Chooses `date`: its events are listed below the grid. */
  private choose(date: IsoDate): void {
    this.keys.focusDate = date;
    this.selected = date;
    const entries = this.feed.byDate.get(date) ?? [];
    this.emit('venue-calendar-select', { detail: { date, entries } });
  }

  /** The week start of the locale the visitor asked for (before the fallback to English text). */
  private get firstDay() {
    return firstDayOfWeek(
      this.locale || this.i18n.contentLang || navigator.language || this.i18n.locale,
    );
  }

  override render(): TemplateResult {
    const { locale, t } = this.i18n;
    const ct = calendarStrings(locale);
    const month = this.shownMonth;
    // 1–5, so that the cards' titles, one level below, stay headings.
    const level = [1, 2, 3, 4, 5].includes(this.headingLevel) ? this.headingLevel : 2;
    const monthName = new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(utcMs(`${month}-01`));
    const failed = this.feed.status === LoadStatus.ERROR;
    // Right to left (`ar`, `he`) on its own root, as `<venue-events>` does: used on its own, the
    // grid has no list around it to take the direction from (the month arrows turn with it).
    return html`<div class="cal" lang=${locale} dir=${t.dir ?? nothing}>
      <div class="header" part="header">
        <button class="nav" part="month-nav" @click=${() => this.stepMonth(-1)}>
          <span class="arrow" aria-hidden="true">‹</span
          ><span class="visually-hidden">${ct.previousMonth}</span>
        </button>
        <div
          class="month"
          part="month"
          id="month"
          role="heading"
          aria-level=${level}
          aria-live="polite"
        >
          ${monthName}
        </div>
        <button class="nav" part="month-nav" @click=${() => this.stepMonth(1)}>
          <span class="visually-hidden">${ct.nextMonth}</span
          ><span class="arrow" aria-hidden="true">›</span>
        </button>
      </div>
      ${this.renderGrid(month)}
      ${
        failed && isNotFound(this.feed.error)
          ? html`<div class="state" part="error not-found" role="alert">
              <p>${this.venueNotFound(this.feed.error)}</p>
            </div>`
          : failed
            ? html`<div class="state" part="error" role="alert">
                <p>${ct.error}</p>
                <button @click=${this.refresh}>${t.retry}</button>
              </div>`
            : nothing
      }
      ${this.renderDay(level)}
      <p class="visually-hidden" aria-live="polite">${this.announcement}</p>
    </div>`;
  }

  private renderGrid(month: IsoMonth) {
    const { locale } = this.i18n;
    const ct = calendarStrings(locale);
    const firstDay = this.firstDay;
    const weeks = monthGrid(Number(month.slice(0, 4)), Number(month.slice(5, 7)), firstDay);
    const fmt = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    const [short, long, full] = [
      fmt({ weekday: 'short' }),
      fmt({ weekday: 'long' }),
      fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    ];
    const hm = fmt({ hour: 'numeric', minute: '2-digit' });
    // An all-day date (docs/api.md §10.22) says so in place of a time.
    const time = (e: CalendarEntry) =>
      e.allDay
        ? this.i18n.t.allDay
        : hm.format(Date.UTC(2000, 0, 1, Number(e.time.slice(0, 2)), Number(e.time.slice(3, 5))));
    const byDate = this.feed.byDate;
    const [todayDate, selected] = [this.today, this.selected];
    const roving = this.keys.rovingDate(month, selected, todayDate);
    const loading = this.feed.loading;
    const cell = (date: IsoDate) => {
      if (monthOf(date) !== month) return html`<td role="gridcell" class="outside"></td>`;
      const entries = byDate.get(date) ?? [];
      const n = entries.length;
      const label = `${full.format(utcMs(date))}${n ? `, ${this.countOf(entries)}` : ''}`;
      // The name comes from the hidden text (full date, count), not from an `aria-label`: the
      // visible digits are then hidden from it, and nothing shown is missing from what is said.
      return html`<td
        role="gridcell"
        part="day"
        class=${n ? 'has-events' : ''}
        data-date=${date}
        tabindex=${date === roving ? 0 : -1}
        aria-selected=${date === selected ? 'true' : 'false'}
        aria-current=${date === todayDate ? 'date' : nothing}
        @click=${() => this.choose(date)}
      >
        <span class="num" aria-hidden="true">${Number(date.slice(8))}</span>
        <span class="visually-hidden">${label}</span>
        ${n ? html`<span class="count" part="count" aria-hidden="true">${n}</span>` : nothing}
        ${n ? this.renderNames(entries, time) : nothing}
      </td>`;
    };
    return html`<table
        role="grid"
        part="calendar"
        aria-labelledby="month"
        aria-busy=${loading ? 'true' : 'false'}
        @keydown=${this.keys.keydown}
      >
        <thead>
          <tr>
            ${weeks[0]!.map(
              (d) =>
                html`<th scope="col" part="weekday" abbr=${long.format(utcMs(d))}>
                  ${short.format(utcMs(d))}
                </th>`,
            )}
          </tr>
        </thead>
        <tbody>
          ${weeks.map(
            (week) =>
              html`<tr>
                ${week.map(cell)}
              </tr>`,
          )}
        </tbody>
      </table>
      ${loading ? html`<p class="visually-hidden">${ct.loading}</p>` : nothing}`;
  }

  /**
   * The day's events by start time and title (`part="day-name"`; a cancelled one, or a tour's
   * cancelled stop, struck through), up to 3, then "+N more": what a wide grid shows in place of
   * the count (a container query, `venue-calendar.styles.ts`). Hidden from screen readers, which
   * hear the cell's date and count as before and the titles in the day's list once it is chosen.
   */
  private renderNames(entries: CalendarEntry[], time: (e: CalendarEntry) => string) {
    const ct = calendarStrings(this.i18n.locale);
    const { named, more } = namedInCell(entries);
    return html`<ul class="names" aria-hidden="true">
      ${named.map(
        (e) =>
          html`<li part="day-name" class=${e.cancelled ? 'off' : ''}>
            <span class="time">${time(e)}</span> ${e.title}
          </li>`,
      )}
      ${more ? html`<li class="more" part="day-more">${ct.more(more)}</li>` : nothing}
    </ul>`;
  }

  /**
   * A day's count said to a screen reader, "3 events", with its venues' names in a calendar of
   * several venues: "3 events: Harbour Hall and Night Owl".
   */
  private countOf(entries: CalendarEntry[]): string {
    const { locale } = this.i18n;
    const ct = calendarStrings(locale);
    const count = ct.eventCount(entries.length);
    const names = [...new Set(entries.flatMap((e) => e.venue?.name ?? []))];
    return names.length ? ct.countAt(count, new Intl.ListFormat(locale).format(names)) : count;
  }

  /** The chosen day's section: its heading, then its cards, "no events", or the error state. */
  private renderDay(level: number) {
    const date = this.selectedShown;
    if (!date) return nothing;
    const { locale, t } = this.i18n;
    const ct = calendarStrings(locale);
    const name = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(utcMs(date));
    const shown = this.day.of(date);
    let content;
    if (this.day.status === LoadStatus.ERROR) {
      content = html`<div class="state" part="error" role="alert">
        <p>${t.notShown}</p>
        <button @click=${this.refresh}>${t.retry}</button>
      </div>`;
    } else if (!this.dayEntries.length && this.feed.status === LoadStatus.COMPLETE) {
      content = html`<p class="state" part="empty">${ct.noEvents}</p>`;
    } else if (shown) {
      content = this.renderCards(shown, level + 1);
    } else {
      content = html`<p class="state" aria-busy="true">${t.loading}</p>`;
    }
    return html`<section class="day-events" part="day-events" aria-labelledby="day-heading">
      <div class="day-heading" id="day-heading" role="heading" aria-level=${level}>
        ${ct.dayHeading(name)}
      </div>
      ${content}
    </section>`;
  }

  private renderCards(day: DayEvents, level: number) {
    const { t, locale } = this.i18n;
    const ct = calendarStrings(locale);
    const ctx = {
      venue: this.venue,
      base: this.base,
      i18n: this.i18n,
      clock: this.clock,
      level: headingLevel(level),
      // The embed's own parameters, else the venue's (docs/api.md §10.19).
      linkParams: this.ticketLinkParams ?? day.linkParams,
      ...this.actions.context(this.noShare),
    };
    const item = ({ event, entries }: DayEvents['items'][number]) => {
      // A tour's card says the tour runs; that this day's stop is off must be said beside it.
      const off =
        event.attributes.publish_status !== 'cancelled' && entries.filter((e) => e.cancelled);
      let card;
      try {
        // A past night's card (docs/api.md §10.20) has nothing to sell.
        card = eventCard(event, { ...ctx, past: entries.some((e) => e.past) });
      } catch (error) {
        console.warn(`venue-calendar: event ${event.id} left out:`, error);
        return nothing;
      }
      return html`<li>
        ${
          off && off.length
            ? html`<p class="stop-note" part="stop-cancelled">
                ${ct.stopCancelledOn(off.map((e) => [e.time, e.location].filter(Boolean).join(', ')).join('; '))}
              </p>`
            : nothing
        }
        ${card}
      </li>`;
    };
    return html`${day.failed ? html`<p class="notice">${t.someNotShown}</p>` : nothing}
      <ul class="list" part="list" aria-labelledby="day-heading">
        ${day.items.map(item)}
      </ul>`;
  }
}

// Registered once, whichever copy of the chunk loads first.
if (!customElements.get('venue-calendar')) customElements.define('venue-calendar', VenueCalendar);

declare global {
  interface HTMLElementTagNameMap {
    'venue-calendar': VenueCalendar;
  }
}
