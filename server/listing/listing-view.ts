/**
 * The listing page (docs/api.md §10.5) in every mode but the proxy's plain list, from a
 * `ListingSource`: 12 events a page with the filters of its form (§10.12, §10.15), or its month
 * view (`?view=calendar&month=YYYY-MM`), or, for a bad value, the page again with the message by
 * the field (the caller answers 400). Both modes send what this builds.
 */
import type { ListFilter } from '../../shared/rules/filters.js';
import { listingPage, type ListingPosition } from '../pages/listing-page.js';
import { venueListing, type ListingPlace } from '../pages/listing-place.js';
import { MONTH_MAX_EVENTS, monthPage } from '../pages/month-view.js';
import { isValid, type ListingQuery } from '../pages/page-query.js';
import { monthDates } from '../../shared/rules/month-grid.js';
import type { PageContext } from '../pages/page-shell.js';
import { sourceEvents, sourcePage, type ListedEvents, type ListingSource } from './source.js';

/** The position of a listing page that lists nothing because its query was bad. */
export const NOWHERE: ListingPosition = { currentPage: 1, lastPage: 1, total: 0, from: null };

/** A built listing page. */
export interface ListingView {
  html: string;
  /** False for a query with a bad value: send the page as a 400 (`sendBadQueryPage`). */
  valid: boolean;
  /** Worth a memo entry: not a page past the last (any page number can be asked) nor a 400. */
  keep: boolean;
  /** UTC epoch ms until which the page holds (`ListedEvents.untilMs`). */
  untilMs: number;
}

/**
 * The events passing `query`'s filter on a day of its month (at most `MONTH_MAX_EVENTS`, in list
 * order) and how many pass in all. A month over before the source's today lists nothing.
 */
async function monthEvents(
  source: ListingSource,
  query: ListingQuery,
): Promise<ListedEvents & { total: number }> {
  const days = monthDates(query.month);
  const [first, last] = [days[0]!, days[days.length - 1]!];
  if (last < source.today) return { events: [], total: 0, untilMs: source.quietUntilMs };
  // At most 31 days: well inside the filters' 366-day bound.
  const filter: ListFilter = { ...query.filter, startDate: first, endDate: last };
  const total = await source.count(filter);
  return { total, ...(await sourceEvents(source, filter, MONTH_MAX_EVENTS)) };
}

/**
 * The listing page of `query` (read by `readListingQuery` on the source's today) at page `page`
 * (≥ 1; the list mode only), its own links on `context.base`, as the listing `place` (default the
 * source's venue's own; several venues': docs/api.md §10.16). Rejects as the source's reads do.
 */
export async function listingView(
  source: ListingSource,
  query: ListingQuery,
  page: number,
  context: PageContext,
  place: ListingPlace = venueListing(source.venue),
): Promise<ListingView> {
  const [categories, access] = await Promise.all([source.categories(), source.access()]);
  const valid = isValid(query);
  if (query.view === 'calendar') {
    const month = valid
      ? await monthEvents(source, query)
      : { events: [], total: 0, untilMs: source.quietUntilMs };
    const { events, total, untilMs } = month;
    const html = monthPage({ events, total, query, categories, access, place, context });
    return { html, valid, keep: valid, untilMs };
  }
  const filters = { query, categories, access };
  if (!valid) {
    const html = listingPage([], NOWHERE, place, context, filters);
    return { html, valid, keep: false, untilMs: source.quietUntilMs };
  }
  const { total, window, events, untilMs } = await sourcePage(source, query.filter, page);
  const position = { currentPage: page, lastPage: window.lastPage, total, from: window.from };
  const html = listingPage(events, position, place, context, filters);
  return { html, valid, keep: page <= window.lastPage, untilMs };
}
