/**
 * The month feed of `<venue-calendar>` (docs/api.md §10.14): loaded whenever what it is asked for
 * changes, kept on screen while a refresh of the same month and filters loads or after that
 * refresh failed (another venue, month or filter never shows the old counts), and read by
 * venue-local date for the grid's cells.
 */
import type { ReactiveControllerHost } from 'lit';
import { fetchFeed, type CalendarEntry, type FeedBody } from './calendar-feed.js';
import { monthRange, type IsoDate, type IsoMonth } from './calendar-grid.js';
import { LoadController, LoadStatus } from './load-controller.js';

/** What a month's feed is asked for. */
export interface MonthQuery {
  base: string;
  venue: string;
  month: IsoMonth;
  /** Comma-separated category names (§10.12). */
  categories: string | undefined;
  /** Search words (§10.12). */
  search: string | undefined;
  /** Comma-separated access ids (§10.15). */
  access: string | undefined;
  /** Of several venues, the one to show. */
  only: string | undefined;
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
  loaded: (detail: MonthLoad) => void;
}

/** A query as the load's arguments: compared item by item, so equal queries load once. */
const items = (q: MonthQuery) =>
  [q.base, q.venue, q.month, q.categories, q.search, q.access, q.only] as const;
type QueryItems = ReturnType<typeof items>;

const same = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, i) => Object.is(item, b[i]));

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
        const [base, venue, month, categories, search, access, only, timeoutMs, reloads] = args;
        const range = monthRange(month);
        const query = { ...range, categories, search, access, only };
        const request = { signal, timeoutMs, revalidate: reloads > 0 };
        const [body] = await Promise.all([fetchFeed(base, venue, query, request), options.ready()]);
        if (body.unreadable)
          console.warn(`venue-calendar: ${body.unreadable} feed entries left out`);
        this.last = { query: [base, venue, month, categories, search, access, only], body };
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
