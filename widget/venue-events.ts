import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { LoadController, LoadStatus } from './load-controller.js';
import type { EventResource } from '../shared/contract.js';
import { eventsUrl, fetchEvents, venueSlugs, type Filters } from './api.js';
import { headingLevel } from './card-facts.js';
import { drawnInto } from './drawn-into.js';
import { eventCard, type CardContext } from './event-card.js';
import { cardList, shell } from './markup.js';
import { formatEventDate } from './format.js';
import { cardStyles } from './event-card.styles.js';
import { hostStyles } from './host.styles.js';
import { describeWhenShown, sharing } from './reach-controllers.js';
import { afterPaint } from './after-paint.js';
import type { FirstPage } from './first-page.js';
import { takeDeclarative, takeFirstPage } from './take-page.js';
import { isNotFound, VenueElement } from './venue-element.js';
import { listStyles } from './venue-events.styles.js';
import { listStateStyles } from './list-states.styles.js';
import { offersPast } from './past-view.js';
import type { VenueBuyButton } from './venue-buy-button.js';
import { fixedView, presetFilters, startPage, viewOf, type View } from './attributes.js';
import type { SavedController } from './saved.js';
import type { EventPage } from './wire.js';

/**
 * `<venue-events venue="blue-room">`: a venue's upcoming events, soonest first, 12 per page,
 * each with its buy control. `venue="harbour-hall blue-cellar"` (slugs separated by spaces, at
 * most 20) lists several venues' events merged in time order, each card naming its venue and
 * linking to that venue's pages (docs/api.md §10.16, docs/widget.md "Several venues"). Keeps
 * the last good page on screen when a refresh fails; a start page beyond the last shows the last. Changing `venue` or `base-url` starts again at page 1.
 * Children (e.g. a link to the venue's listing) are fallback content: shown until the element
 * upgrades and when scripts are off, never after (there is no slot).
 * Writes one `<script type="application/ld+json">` as its own light-DOM child: schema.org
 * `Event`s of the events on screen (replaced on paging, removed when it is disconnected; a data
 * block, never rendered or run). Events the widget cannot show are never taken for no events: a
 * page with some says so above the others, a page with only such events shows the error state.
 *
 * @fires venue-events-load - after each page loaded; `detail: { page, lastPage, total, events }`,
 *   and `unreadable`: how many events of the page could not be read, when some could not
 * @fires venue-events-buy - from a buy control; cancelable (see `<venue-buy-button>`)
 * @fires venue-events-filter-change - from the filter bar, before the list asks for its filters;
 *   `detail`: the filters chosen (see `<venue-events-filters>`)
 * @attr no-filters - hides the filter bar
 * @attr category - a category the list starts filtered to (also with `no-filters`)
 * @attr layout - `compact`: one line per event (date, title, buy control), for sidebars
 * @attr sync-url - keeps the filters and the view in the page's query (`ve-category`, `ve-q`,
 *   `ve-from`, `ve-access`, `ve-venue`, `ve-view`), replaced as they change and read on load, so
 *   a filtered list can be shared as a link
 * @attr view - `list` (default) or `calendar`: the month grid of `<venue-calendar>`
 * @attr views - `list` or `calendar` fixes the view and hides the switch; with `past`
 *   (`views="past"`, `views="list past"`) a "Past events" control at the end of the list shows the
 *   venue's past events, newest first and without buy controls, and goes back (docs/api.md
 *   §10.20)
 * @attr ticket-link-params - query parameters the ticket links carry, in query-string form
 *   (`utm_source=blog&utm_campaign={event_slug}`), over the venue's `ticket_link_params`
 *   (docs/api.md §10.19); `""`: none
 * @csspart filters - the filter bar (loaded after the first page; its space is kept from the
 *   start, so the cards do not move when it arrives)
 * @csspart category-filter - the category `<select>` (shown when the venue has 2+ categories)
 * @csspart search - the search field
 * @csspart date-filter - the "From" date field
 * @csspart access-filter - the access `<select>` (shown when the venue's events have access data)
 * @csspart venue-filter - the "Venue" `<select>` of a list of several venues ("All venues", then
 *   each by name): lists one of them
 * @csspart saved-filter - "Saved (n)": only the events saved on this page (where storage works)
 * @csspart saved-calendar - "Add saved to calendar" in the subscribe menu (one `.ics` of them)
 * @csspart filter-reset - the filter bar's reset button
 * @csspart subscribe - the "Subscribe" menu: the venue's calendar feed, following the category
 * @csspart no-match - "No events match" with its reset button, when the filters match nothing
 * @csspart list - the grid of events
 * @csspart card - one event
 * @csspart image - the event image
 * @csspart category - the category label
 * @csspart badge - the age limit: "18+", "14+" (docs/api.md §10.20)
 * @csspart title - the event title
 * @csspart performers - who is playing: "With Alice, Bob and Carol" (docs/api.md §10.18)
 * @csspart date - date and time, with the end time when the venue gives one
 * @csspart doors - "Doors 19:00", in the date line (docs/api.md §10.20)
 * @csspart venue - the event's venue, by name (a list of several venues only)
 * @csspart location - the location
 * @csspart price - the price: "£12", "£12–£18", "Free" (docs/api.md §10.18)
 * @csspart access - the event's access provisions (a list of words)
 * @csspart save - the "Save" toggle (`aria-pressed`), kept in the page's `localStorage`
 * @csspart cancelled - the cancellation notice
 * @csspart schedule-status - "Postponed" or "Rescheduled (was Fri 5 Dec)" with the venue's reason
 *   (docs/api.md §10.20)
 * @csspart stops - the dates of a multi-date event
 * @csspart excerpt - the plain-text description excerpt
 * @csspart calendar-link - each "Add to calendar": the event's menu's summary, each scheduled
 *   stop's link
 * @csspart calendar-menu - the event's "Add to calendar" menu (`<details>`)
 * @csspart calendar-option - each entry of that menu: the `.ics` file, Google Calendar, Outlook
 * @csspart share-button - the "Share" button (hidden by `no-share`)
 * @csspart share-status - "Link copied", beside the share button after it copied the link
 * @csspart few-left - "Few tickets left", beside the buy control while it is open
 * @csspart buy-button - the "Buy tickets" link
 * @csspart buy-status - the closing countdown or closed state
 * @csspart buy-message - the venue's message while sales are closed
 * @csspart pagination - the page navigation
 * @csspart page-button - each button of the page navigation
 * @csspart view-switch - the list/calendar switch (hidden by `views="list"` or `views="calendar"`)
 * @csspart empty - the "No upcoming events" state ("No past events" in the past events)
 * @csspart past-toggle - "Past events" at the end of the list (and "see past events" in its empty
 *   state), "Upcoming events" in the past events: with `views` offering `past`
 * @csspart error - the error state with its retry button (also when no event of the page could
 *   be shown)
 * @csspart not-found - with `error`, no retry: the API knows no venue `venue` ("No venue … was
 *   found", naming the unknown one of several), so asking again cannot help
 * @cssprop --venue-events-accent - accent (buttons, current page); default #1a56db
 * @cssprop --venue-events-on-accent - text on the accent
 * @cssprop --venue-events-color - text colour
 * @cssprop --venue-events-muted-color - secondary text
 * @cssprop --venue-events-background - the widget's background; default the card background
 * @cssprop --venue-events-card-background - card background
 * @cssprop --venue-events-border-color - borders
 * @cssprop --venue-events-danger-color - cancellations and the 18+ badge
 * @cssprop --venue-events-radius - corner radius
 * @cssprop --venue-events-gap - space between cards
 * @cssprop --venue-events-card-min-width - narrowest card before the grid wraps; default max(16em, 240px)
 * @cssprop --venue-events-focus-color - focus ring
 */
export class VenueEvents extends VenueElement {
  static override styles = [hostStyles, cardStyles, listStyles, listStateStyles];

  static override properties = {
    page: { type: Number, reflect: true },
    headingLevel: { type: Number, attribute: 'heading-level' },
    noShare: { type: Boolean, attribute: 'no-share' },
    noFilters: { type: Boolean, attribute: 'no-filters' },
    category: {},
    view: { reflect: true },
    // Read on every update, not once: a framework may set them after the first render.
    views: { reflect: true },
    layout: { reflect: true },
    syncUrl: { type: Boolean, attribute: 'sync-url', reflect: true },
    ticketLinkParams: { attribute: 'ticket-link-params' },
    filters: { state: true },
  };

  /** Page shown (1-based); changes as the visitor pages. */
  declare page: number;
  /** Heading level (2–6) of each event's title; default 2. */
  declare headingLevel: number;
  /** Hides the share control of every event. */
  declare noShare: boolean;
  /** Hides the filter bar. */
  declare noFilters: boolean;
  /** A category the list starts filtered to (a jazz club's "Jazz" page). */
  declare category: string | undefined;
  /**
   * `list` (default) or `calendar`: a month grid of the venue's calendar feed (`<venue-calendar>`,
   * loaded when first shown). A switch offers both unless the `views` attribute fixes one.
   */
  declare view: View;
  /**
   * `list` or `calendar` fixes the view and hides the switch; any other value fixes none. `past`
   * after it, or alone, offers the past events (docs/api.md §10.20): `"list past"`, `"past"`.
   */
  declare views: string | undefined;
  /**
   * `compact`: one line per event; any other value is the cards. Reflected, since the list's
   * styles (and the first paint's) read the attribute.
   */
  declare layout: string | undefined;
  /** Keeps the filters and the view in the page's query (see `sync-url`). */
  declare syncUrl: boolean;
  /** Query parameters its ticket links carry over the venue's (see `ticket-link-params`). */
  declare ticketLinkParams: string | undefined;
  /** The filters the list is requested with (see `filter()`). */
  declare filters: Filters;
  /**
   * What to say once the next page loaded: how many events match (the visitor changed a filter),
   * or how many past or upcoming events there are (`'view'`: the visitor switched between them).
   */
  declare private count: boolean | 'view';
  /** The page on screen is of the past events (its cards have no buy control). */
  declare private pastShown: boolean;
  /** Give the past events' control the focus once the next page is on screen. */
  declare private focusToggle: boolean;

  /** The "Save" toggles' store (`saved.ts`), from the list's lazy controls. */
  declare private saving: SavedController | undefined;
  /** The script's first paint's page (`first-paint.ts`), when it drew this list. */
  declare private handed: FirstPage | undefined;
  /** The last page that loaded, kept on screen while the next loads or if it fails. */
  declare private lastGood: EventPage | undefined;
  private reloads = 0;
  /** The frame's filter bar, kept when the frame is drawn anew (`fillFrame`). */
  private bar?: HTMLElement | undefined;

  private list = new LoadController(this, {
    task: async ([base, venue, page, timeoutMs, reloads, filters, locale], { signal }) => {
      const options = { signal, timeoutMs, revalidate: reloads > 0, locale };
      const handed = this.handed?.request;
      this.handed = undefined;
      const request =
        handed ??
        (filters.saved
          ? import('./saved.js').then((m) => m.savedPage(base, venue, options, this.clock()))
          : fetchEvents(base, venue, page, options, filters));
      // The cards' date formatter, made while the request is on its way: the first one loads
      // the locale's data, the largest cost before the first card (docs/benchmarks.md "Widget").
      formatEventDate('2026-01-01', '00:00:00', this.i18n.locale);
      let [body] = await Promise.all([request, this.localeReady]).catch(refusal(venue));
      // The list's other controls (pagination, the view switch) come after the first cards are
      // painted (`updated`), unless this page needs them to be drawn at all. Not for the compact
      // layout: its styles are the list's own, as the first paint and `widget.html` draw it.
      if (!body.events.length || this.count) await listControls(!this.noFilters);
      if (body.events.length === 0 && body.total > 0 && page > body.lastPage) {
        body = await fetchEvents(base, venue, body.lastPage, options, filters);
        this.page = body.page;
      }
      if (this.count)
        this.say(
          this.count === 'view'
            ? controls!.shownCount(this.i18n, body.total, !!filters.when)
            : controls!.matches(this.i18n, body.total),
        );
      this.count = false;
      this.lastGood = body;
      this.pastShown = !!filters.when;
      this.emit('venue-events-load', { detail: body });
      return body;
    },
    args: () =>
      [
        this.base,
        this.venue,
        this.page,
        this.timeout,
        this.reloads,
        this.filters,
        // The venue's text in another language is another answer (docs/api.md §10.24).
        this.textLocale,
      ] as const,
  });

  private sharing = sharing(this, () => this.say(this.i18n.t.linkCopied));

  constructor() {
    super();
    this.page = 1;
    this.headingLevel = 2;
    this.noShare = false;
    this.filters = {};
    this.view = 'list';
    this.pastShown = false;
    describeWhenShown(this, () => this.shown?.events ?? []);
    // A pending closure passed on screen: confirm with the server.
    this.addEventListener('venue-events-expired', () => this.refresh());
  }

  protected override createRenderRoot() {
    // Drawn by the server, however it arrived (parsed, or by a client renderer's `innerHTML`):
    // its page is this first run's (`willUpdate`), for the URL it says it answers.
    takeDeclarative(this, startPage(this.page));
    // The first paint's nodes (`first-paint.ts`, or the server's) give way to this element's first
    // render, which follows in the same task, before any frame. A visitor who had tabbed to a link
    // or button there finds the focus on the same one of the new nodes.
    const root = this.shadowRoot;
    if (root?.firstChild) {
      let active = root.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      const at = focusables(root).indexOf(active as HTMLElement);
      root.replaceChildren();
      if (at >= 0) void this.refocus(at);
    }
    return super.createRenderRoot();
  }

  /** Focuses the `at`-th link or button once this render and its buy controls' are done. */
  private async refocus(at: number): Promise<void> {
    await this.updateComplete;
    const buttons = this.renderRoot.querySelectorAll<VenueBuyButton>('venue-buy-button');
    await Promise.all([...buttons].map((b) => b.updateComplete));
    focusables(this.renderRoot)[at]?.focus();
  }

  /** Fetches the current page again from the server (keeps the shown page until it arrives). */
  refresh(): void {
    this.reloads++;
    this.requestUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.page = startPage(this.page);
    if (changed.has('category')) {
      this.filters = presetFilters(this.category);
      // A preset changed after the first render (a framework's prop) is the list's filters now.
      if (this.hasUpdated) this.keepQuery();
    }
    this.view = fixedView(this.views) ?? viewOf(this.view);
    // `views` set without `past` while the past events show (a framework's prop): back to upcoming.
    if (changed.has('views') && this.filters.when && !offersPast(this.views)) this.showPast(false);
    this.saving ??= controls && new controls.SavedController(this, controls.sourceOf(this));
    // Drawn by the script's first paint: its page is this first run's (no request, no skeleton).
    // A page it left undrawn (no events: empty, or beyond the last) is shown by the run, once the
    // list's controls it needs ("No upcoming events") have loaded: the skeleton stays until then.
    if (!this.hasUpdated) {
      this.handed = takeFirstPage(this, eventsUrl(this.base, this.venue, this.page, this.filters));
      if (this.handed?.page?.events.length) this.lastGood = this.handed.page;
    }
    // A shared link's filters (the bar writes them). Read in the chunk loaded with the first
    // request: a filtered link's first request is given up for the filtered one.
    if (!this.hasUpdated && this.syncUrl)
      void listControls(!this.noFilters).then((m) => {
        this.filters = m.readQuery(this.filters, this.venue, offersPast(this.views));
        this.view = m.readView() ?? this.view;
      });
    // Another venue or API: nothing of the old one may stay on screen.
    if (this.hasUpdated && (changed.has('venue') || changed.has('baseUrl'))) {
      if (!changed.has('page')) this.page = 1;
      this.lastGood = undefined;
      this.announcement = '';
    }
  }

  /** The page on screen: the one loaded, else the last good one while the next loads or failed. */
  private get shown(): EventPage | undefined {
    return this.list.status === LoadStatus.COMPLETE ? this.list.value : this.lastGood;
  }

  /**
   * Lists the events matching `filters` from page 1 (`null`: the `category` preset alone, as the
   * reset controls do), and says in the live region how many match once they loaded.
   */
  filter(filters: Filters | null): void {
    const when = this.filters.when;
    this.filters = filters ?? presetFilters(this.category);
    // The past events stay shown as the filters change or reset ("Saved" lists saved ones alone).
    if (when && !this.filters.saved) this.filters = { ...this.filters, when };
    this.page = 1;
    this.count = true;
    this.keepQuery();
  }

  /**
   * Shows the past events, newest first (`past`; docs/api.md §10.20: `when=past`), or the upcoming
   * ones again, from page 1 with the same filters; says how many once they loaded.
   */
  private showPast(past: boolean): void {
    const { when: _, ...filters } = this.filters;
    this.filters = past ? { ...filters, when: 'past' } : filters;
    this.page = 1;
    this.count = 'view';
    this.focusToggle = true;
    this.keepQuery();
  }

  /** With `sync-url`, writes the filters into the page's query (a shared link's were read from it). */
  private keepQuery(): void {
    if (this.syncUrl) void listControls(!this.noFilters).then((m) => m.writeQuery(this.filters));
  }

  protected override updated(): void {
    // After "see past events" in the empty state, which the cards replaced and the focus with it:
    // the control that goes back, where the visitor can go on (not if the focus is elsewhere).
    if (this.focusToggle && this.list.status !== LoadStatus.PENDING) {
      this.focusToggle = false;
      const root = this.renderRoot as ShadowRoot;
      if (!root.activeElement) root.querySelector<HTMLElement>('[part="past-toggle"]')?.focus();
    }
    // The list's other controls and the filter bar are not needed to show the first page: they
    // load once a page is painted, so they take no bandwidth or time from its cards.
    if (this.shown && !controls)
      afterPaint(() => void listControls(!this.noFilters).then(() => this.requestUpdate()));
    // A list whose bar was turned on after its controls loaded.
    if (this.shown && !this.noFilters) afterPaint(() => void import('./venue-events-filters.js'));
    if (this.view === 'calendar' && !calendar)
      void import('./calendar-view.js').then((m) => {
        calendar = m;
        this.requestUpdate();
      });
  }

  /** Shows `view` (the switch), kept in the page's query with `sync-url`. */
  private show(view: View): void {
    this.view = view;
    if (this.syncUrl) controls!.writeView(view);
  }

  override render(): TemplateResult {
    const { t } = this.i18n;
    const status = this.list.status;
    const shown = this.shown;
    let content: unknown;
    if (shown) {
      content = html`${
        status === LoadStatus.ERROR
          ? html`<p class="notice" role="alert">
              ${t.refreshFailed} <button @click=${this.retry}>${t.retry}</button>
            </p>`
          : nothing
      }${this.renderList(shown, status === LoadStatus.PENDING)}`;
    } else if (status === LoadStatus.ERROR) {
      // A `venue` the venue-list rule refuses, or a slug the API does not know: asking again
      // cannot help, so no retry (docs/widget.md).
      const error = this.list.error;
      content =
        error instanceof Refused
          ? this.renderError(error.message, false, 'error')
          : isNotFound(error)
            ? this.renderError(this.venueNotFound(error), false)
            : this.renderError(t.error);
    }
    // The month grid, filtered as the list is: `<venue-calendar>`, drawn by its lazy chunk.
    if (this.view === 'calendar') content = calendar?.calendarView(this) ?? nothing;
    // The frame is `markup.ts`'s (the skeleton's while there is nothing else to show), as the first
    // paint and `widget.html` draw it; the element draws its content in it, before the live region,
    // and fills the places of its controls.
    const frame = { filterBar: !this.noFilters, viewSwitch: !fixedView(this.views) };
    const markup = shell(frame, this.i18n, content === undefined ? undefined : '');
    return html`${unsafeHTML(markup)}${drawnInto(
      content,
      (root) => root.lastElementChild,
      (root) => this.fillFrame(root),
    )}`;
  }

  /**
   * Fills the frame's places once the list's controls have loaded (`list-controls.ts`): the
   * filter bar's properties, the view switch's buttons; and says what the live region says. A
   * frame drawn anew (the skeleton's, then the list's) keeps the filter bar the last one had: its
   * state, and its requests made once.
   */
  private fillFrame(root: Element): void {
    let bar = root.querySelector<HTMLElement>(':scope > venue-events-filters');
    if (bar && this.bar && bar !== this.bar) bar.replaceWith((bar = this.bar));
    this.bar = bar ?? undefined;
    const views = root.querySelector<HTMLElement>(':scope > .view-switch');
    if (controls && bar) controls.filterBar(bar, this);
    if (controls && views)
      controls.viewSwitch(views, this, this.i18n, this.view, (v) => this.show(v));
    const live = root.lastElementChild!;
    // Written only when it changes: a live region's text written again may be said again.
    if (live.textContent !== this.announcement) live.textContent = this.announcement;
  }

  private renderList(body: EventPage, busy: boolean) {
    const { t } = this.i18n;
    const ctx: CardContext = {
      venue: this.venue,
      base: this.base,
      i18n: this.i18n,
      clock: this.clock,
      level: headingLevel(this.headingLevel),
      share: !this.noShare && ((e) => this.sharing.share(e)),
      copied: this.sharing.copied,
      calendarMenu: controls?.calendarMenu,
      save: this.saving?.button,
      past: this.pastShown,
      // The embed's own parameters, else the venue's (docs/api.md §10.19).
      linkParams: this.ticketLinkParams ?? body.linkParams,
    };
    const cards = body.events.map((event) => this.renderCard(event, ctx)).filter((c) => c);
    // Left out by the wire reader or by the card: only a page the API sent empty is "no events".
    const notShown = (body.unreadable ?? 0) + body.events.length - cards.length;
    // With `past` in `views` (docs/api.md §10.20), not for the saved events.
    const past = this.pastShown;
    const offered = offersPast(this.views) && !this.filters.saved;
    return html`${
      cards.length
        ? html`${notShown ? html`<p class="notice">${t.someNotShown}</p>` : nothing}${unsafeHTML(
            cardList((past && controls?.pastLabel(this.i18n)) || t.events, ''),
          )}${drawnInto(
            cards.map((c) => html`<li>${c}</li>`),
            undefined,
            (list) =>
              busy ? list.setAttribute('aria-busy', 'true') : list.removeAttribute('aria-busy'),
          )}`
        : notShown
          ? this.renderError(t.notShown)
          : controls!.noEvents(
              this.i18n,
              this.filters,
              !this.noFilters && (() => this.filter(null)),
              offered && !past && (() => this.showPast(true)),
            )
    }
    ${controls?.pagination({
      page: this.page,
      last: body.lastPage,
      i18n: this.i18n,
      host: this,
      go: (page, announcement) => {
        this.page = page;
        this.announcement = announcement;
      },
    })}
    ${
      // At the end of the list; an empty upcoming list has it in its state ("see past events").
      offered && (cards.length || past)
        ? controls?.pastToggle(this.i18n, past, () => this.showPast(!past))
        : nothing
    }`;
  }

  /**
   * The error state: `message` and "Try again", which asks the server again; without the retry
   * (`retry` false) it is the not-found state, `part="error not-found"`, unless `part` says else.
   */
  private renderError(message: string, retry = true, part = retry ? 'error' : 'error not-found') {
    return html`<div class="state" part=${part} role="alert">
      <p>${message}</p>
      ${retry ? html`<button @click=${this.refresh}>${this.i18n.t.retry}</button>` : nothing}
    </div>`;
  }

  /** One card, or nothing (logged) if it cannot be rendered: one event never blanks the list. */
  private renderCard(event: EventResource, ctx: CardContext) {
    try {
      return eventCard(event, ctx);
    } catch (error) {
      console.warn(`venue-events: event ${event.id} left out:`, error);
      return undefined;
    }
  }

  private retry(): void {
    void this.list.run();
  }
}

/** A `venue` the one venue-list rule refuses; its message is the rule's. */
class Refused extends Error {}

/**
 * What a failed list request of `venue` rejects with: the one venue-list rule's refusal
 * (docs/api.md §10.16: no venue, more than 20, a malformed slug), when it refuses `venue`, else
 * the failure. A list it refuses always fails (the API applies the rule too: a 400, or a
 * malformed single slug's 404), so the rule and its messages load only then, in their own chunk,
 * never weighing on the budgeted scripts.
 */
const refusal = (venue: string) => (error: unknown) =>
  import('../shared/rules/venue-list.js').then((m) => {
    const list = m.readVenueList(venueSlugs(venue));
    throw 'problem' in list ? new Refused(list.problem) : error;
  });

/** The links and buttons under `root` in document order, into the buy controls' shadow roots. */
const focusables = (root: ParentNode): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>('a[href], button, venue-buy-button')].flatMap((el) =>
    el.localName !== 'venue-buy-button' ? [el] : el.shadowRoot ? focusables(el.shadowRoot) : [],
  );

/** The controls of the list needed once a page arrived (`list-controls.ts`), set once loaded. */
let controls: typeof import('./list-controls.js') | undefined;
const listControls = (bar: boolean) => {
  // The bar's chunk beside the controls', not after them: the placeholder it upgrades draws
  // nothing until the controls' `filterBar` gives it the list's venue and filters.
  if (bar) void import('./venue-events-filters.js');
  return import('./list-controls.js').then((m) => (controls = m));
};
/** The calendar view's chunk (`calendar-view.ts`), set once loaded. */
let calendar: typeof import('./calendar-view.js') | undefined;

if (!customElements.get('venue-events')) customElements.define('venue-events', VenueEvents);

declare global {
  interface HTMLElementTagNameMap {
    'venue-events': VenueEvents;
  }
}
