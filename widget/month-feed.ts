/**
 * The month feed of `<venue-calendar>` (docs/api.md §10.14), with the month's past nights from the
 * past events' list (§10.20): loaded whenever what it is asked for changes, kept on screen while a
 * refresh of the same month and filters loads or after that refresh failed (another venue, month
 * or filter never shows the old counts), and read by venue-local date for the grid's cells.
 */
import type { ReactiveControllerHost } from 'lit';
import { ApiError, type RequestOptions } from './api.js';
import { fetchFeed, pastEntries, type CalendarEntry, type FeedBody } from './calendar-feed.js';
import { addDays, monthRange, type IsoDate, type IsoMonth } from '../shared/rules/month-grid.js';
import { fetchAll, listFilters, type ListQuery } from './list-pages.js';
import { LoadController, LoadStatus } from './load-controller.js';

/** What a month's feed is asked for. */
export interface MonthQuery extends ListQuery {
  month: IsoMonth;
  /** The language the venue's text is asked in (`textLocale`, docs/api.md §10.24). */
  locale: string | undefined;
}

/** What `loaded` is told: `venue-calendar-load`'s detail (`end` exclusive). */
export type MonthLoad = FeedBody & { month: IsoMonth; start: IsoDate; end: IsoDate };

/** Where the feed's query and settings come from, and whom to tell once it loaded. */
export interface MonthFeedOptions {
  query: () => MonthQuery;
  /** Milliseconds a request may take. */
  timeout: () => number;
  /** How many refreshes were asked for: a change asks again, revalidating. */
  reloads: () => number;
  /** Awaited with the feed (the host's strings), so the grid is drawn once, in its language. */
  ready: () => Promise<void>;
  /** Today's date (the visitor's): a month from before it on has past nights to ask for too. */
  today: () => IsoDate;
  loaded: (detail: MonthLoad) => void;
}

/** A query as the load's arguments: compared item by item, so equal queries load once. */
const items = (q: MonthQuery) =>
  [q.base, q.venue, q.month, q.categories, q.search, q.access, q.only, q.locale] as const;
type QueryItems = ReturnType<typeof items>;

const same = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, i) => Object.is(item, b[i]));

/** The most pages of a month's past events asked for: 120 nights, more than a busy month's. */
const MAX_PAST_PAGES = 10;

/**
 * The nights of `range` (`end` exclusive) of the events that are past (docs/api.md §10.20): the
 * feed lists upcoming events only, so they come from the past events' list of those days, with the
 * feed's filters. None where the API refuses `when=past` (a 400: a proxy's listing of several
 * venues, docs/api.md §10.20), so the month still shows its upcoming nights.
 * @throws ApiError (but a 400), or the abort reason
 */
async function pastNights(
  query: MonthQuery,
  range: { start: IsoDate; end: IsoDate },
  options: RequestOptions,
): Promise<CalendarEntry[]> {
  const filters = listFilters(query, range.start, addDays(range.end, -1), true);
  try {
    const { events } = await fetchAll(query, filters, options, MAX_PAST_PAGES);
    return pastEntries(events, range.start, range.end);
  } catch (error) {
    if (error instanceof ApiError && error.status == 400) return [];
    throw error;
  }
}

export class MonthFeedController {
  private readonly load: LoadController<readonly [...QueryItems, number, number], FeedBody>;
  /** The last feed that loaded, and for what: shown while a refresh of the same loads or failed. */
  private last: { query: QueryItems; body: FeedBody } | undefined;
  /** `byDate` of the body it was read from. */
  private dates: { body: FeedBody | undefined; map: Map<IsoDate, CalendarEntry[]> } | undefined;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: MonthFeedOptions,
  ) {
    this.load = new LoadController(host, {
      task: async (args, { signal }) => {
        const [base, venue, month, categories, search, access, only, locale, timeoutMs, reloads] =
          args;
        const range = monthRange(month);
        const query = { ...range, categories, search, access, only };
        const request = { signal, timeoutMs, revalidate: reloads > 0, locale };
        // A day before the visitor's tomorrow may be past in the venue's zone, whatever the zones.
        const nights =
          range.start <= addDays(options.today(), 1)
            ? pastNights(
                { base, venue, month, categories, search, access, only, locale },
                range,
                request,
              )
            : [];
        const [feed, past] = await Promise.all([
          fetchFeed(base, venue, query, request),
          nights,
          options.ready(),
        ]);
        const body = { ...feed, entries: [...past, ...feed.entries] };
        if (body.unreadable)
          console.warn(`venue-calendar: ${body.unreadable} feed entries left out`);
        this.last = { query: [base, venue, month, categories, search, access, only, locale], body };
        options.loaded({ month, ...range, ...body });
        return body;
      },
      args: () => [...items(options.query()), options.timeout(), options.reloads()] as const,
    });
  }

  get status(): LoadStatus {
    return this.load.status;
  }

  /** What the last completed load threw, if it failed. */
  get error(): unknown {
    return this.load.error;
  }

  /** Not loaded yet, or loading. */
  get loading(): boolean {
    return this.status === LoadStatus.PENDING || this.status === LoadStatus.INITIAL;
  }

  /** The feed on screen: the one loaded, else the last one while the same query loads or failed. */
  get body(): FeedBody | undefined {
    if (this.status === LoadStatus.COMPLETE) return this.load.value;
    const last = this.last;
    return last && same(last.query, items(this.options.query())) ? last.body : undefined;
  }

  /** The feed's entries by venue-local date (read once per feed). */
  get byDate(): Map<IsoDate, CalendarEntry[]> {
    const body = this.body;
    let dates = this.dates;
    if (!dates || dates.body !== body) {
      const map = new Map<IsoDate, CalendarEntry[]>();
      for (const e of body?.entries ?? []) map.set(e.date, [...(map.get(e.date) ?? []), e]);
      this.dates = dates = { body, map };
    }
    return dates.map;
  }
}
