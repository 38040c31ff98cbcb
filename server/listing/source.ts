/**
 * One source of listings for both modes (docs/architecture.md "Listings"): what every
 * finding-a-night answer is built from — the filtered list (docs/api.md §10.12), the categories
 * (§10.13), the access provisions (§10.15), the calendar feed (§10.14), the listing page and its
 * month view (§10.5). The origin implements it over its store (`origin/store-source.ts`), the proxy
 * over the upstream list pages it gathered (`proxy/gathered-source.ts`); what is built on top
 * (`listing-view.ts`, `feeds.ts`, `list-document.ts`) is written once.
 */
import { PER_PAGE, type EventResource } from '../../shared/contract.js';
import type { AccessCount } from '../../shared/rules/access.js';
import type { CategoryCount } from '../../shared/rules/categories.js';
import type { ListFilter } from '../../shared/rules/filters.js';
import { pageWindow, type PageWindow } from '../../shared/rules/pagination.js';
import type { PageVenue } from '../pages/page-shell.js';

/** Some listed events as API resources, and until when their renderings hold. */
export interface ListedEvents {
  /** In list order (docs/api.md §4.1), their links on the source's `base`. */
  events: EventResource[];
  /**
   * UTC epoch ms of the next moment these renderings change (a pending closure, the venue's
   * midnight): what bounds `max-age` at the origin. `Infinity` where freshness comes from
   * elsewhere (the proxy: the upstream answers read).
   */
  untilMs: number;
}

/** A listed event with the venue-local date and time it shows, rendered only when asked. */
export interface ShownEvent {
  /** `YYYY-MM-DD`: the event's date, or a tour's current stop's. */
  date: string;
  /** `HH:MM:SS`, venue-local. */
  time: string;
  /** The API resource (links on the source's `base`). */
  resource(): EventResource;
}

/** Some listed events, each rendered on demand, and until when their renderings hold. */
export interface ShownEvents {
  items: ShownEvent[];
  untilMs: number;
}

/**
 * A venue's listed events on its venue-local `today`, counted and read through a filter. Reads
 * reject with the source's errors (a store's `StoreUnavailableError`; the upstream's 404 or a
 * 502/504 were met before the source was made, in proxy mode).
 */
export interface ListingSource {
  /** The venue as pages describe it (its zone absent when unknown: a proxy without one). */
  readonly venue: PageVenue;
  /** Venue-local `YYYY-MM-DD` (the UTC date when the zone is unknown). */
  readonly today: string;
  /**
   * Where the links of the events read start (no trailing slash): a public base, or
   * `BASE_MARKER` (`server/http/public-base.ts`) when what is built is kept for every base.
   */
  readonly base: string;
  /** `ListedEvents.untilMs` of an answer that reads no events (the venue's midnight, or ∞). */
  readonly quietUntilMs: number;
  /** How many listed events pass `filter` (docs/api.md §10.12). */
  count(filter: ListFilter): Promise<number>;
  /**
   * The events `offset` to `offset + limit - 1` (0-based) of those passing `filter`, each with the
   * date it shows, rendered only when asked (`readEvents` renders them all): a merge of several
   * venues orders by the dates before it knows which it keeps (docs/api.md §10.16).
   */
  readShown(filter: ListFilter, offset: number, limit: number): Promise<ShownEvents>;
  /** The categories of the listed events, merged as `categoriesDocument` merges them (§10.13). */
  categories(): Promise<CategoryCount[]>;
  /** The access ids the listed events have, with counts, in vocabulary order (§10.15). */
  access(): Promise<AccessCount[]>;
}

/** The events `offset` to `offset + limit - 1` of `source` passing `filter`, rendered. */
export async function readEvents(
  source: ListingSource,
  filter: ListFilter,
  offset: number,
  limit: number,
): Promise<ListedEvents> {
  const { items, untilMs } = await source.readShown(filter, offset, limit);
  return { events: items.map((item) => item.resource()), untilMs };
}

/** One page of a filtered listing: what the list endpoint and the listing page show. */
export interface SourcePage extends ListedEvents {
  /** Events passing the filter in all. */
  total: number;
  /** Where the page falls among them. */
  window: PageWindow;
}

/**
 * Page `page` (≥ 1) of `source`'s events passing `filter`, `PER_PAGE` a page (docs/api.md §2.5);
 * none beyond the last page (read nothing then).
 */
export async function sourcePage(
  source: ListingSource,
  filter: ListFilter,
  page: number,
): Promise<SourcePage> {
  const total = await source.count(filter);
  const window = pageWindow(total, page);
  const listed =
    window.from === null
      ? { events: [], untilMs: source.quietUntilMs }
      : await readEvents(source, filter, window.offset, PER_PAGE);
  return { total, window, ...listed };
}

/** Every event of `source` passing `filter`, at most `max` (the first ones in list order). */
export async function sourceEvents(
  source: ListingSource,
  filter: ListFilter,
  max = Infinity,
): Promise<ListedEvents> {
  const total = Math.min(await source.count(filter), max);
  return total === 0
    ? { events: [], untilMs: source.quietUntilMs }
    : readEvents(source, filter, 0, total);
}
