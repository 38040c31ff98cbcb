/**
 * The events list's pages a calendar asks for (docs/api.md §10.12, §10.20): the filters of a span
 * of days, and every page of one list. Used by the month's feed (`month-feed.ts`) and the chosen
 * day's cards (`day-events.ts`).
 */
import type { EventResource } from '../shared/contract.js';
import { fetchEvents, type Filters, type RequestOptions } from './api.js';
import type { IsoDate } from '../shared/rules/month-grid.js';

/** Which list is asked: the API base, the venue (or several), and the calendar's filters. */
export interface ListQuery {
  base: string;
  venue: string;
  /** Comma-separated category names (§10.12). */
  categories: string | undefined;
  /** Search words (§10.12). */
  search: string | undefined;
  /** Comma-separated access ids (§10.15). */
  access: string | undefined;
  /** Of several venues, the one to show. */
  only: string | undefined;
}

/**
 * The list's filters from `start` to `end` (both included): the dates, and the feed's own filters
 * (so the list holds the feed's events of those days, not every event of them); with `past`, the
 * past events' list (docs/api.md §10.20: `when=past`).
 */
export function listFilters(
  { categories, search, access, only }: ListQuery,
  start: IsoDate,
  end: IsoDate,
  past?: boolean,
): Filters {
  const filters: Filters = { start_date: start, end_date: end };
  const given = { categories, search, access, venue: only };
  for (const [key, value] of Object.entries(given) as [keyof Filters, string | undefined][])
    if (value?.trim()) filters[key] = value.trim();
  if (past) filters.when = 'past';
  return filters;
}

/**
 * Every page of the list `filters` ask for, the first and then the others together: the events
 * of those pages, at most `maxPages` of them, and the first page's `linkParams` (the venue's
 * ticket link parameters, docs/api.md §10.19).
 * @throws ApiError, or the abort reason
 */
export async function fetchAll(
  { base, venue }: ListQuery,
  filters: Filters,
  options: RequestOptions,
  maxPages = Infinity,
): Promise<{ events: EventResource[]; linkParams: unknown }> {
  const first = await fetchEvents(base, venue, 1, options, filters);
  const more = Array.from({ length: Math.min(first.lastPage, maxPages) - 1 }, (_, i) =>
    fetchEvents(base, venue, i + 2, options, filters),
  );
  const events = [first, ...(await Promise.all(more))].flatMap((page) => page.events);
  return { events, linkParams: first.linkParams };
}
