/**
 * The bodies the proxy builds from a venue's gathered list pages (`list-pages.ts`) because the
 * upstream has no such endpoints: the filtered list (docs/api.md §10.12), the categories
 * (§10.13) and the calendar feed (§10.14), by the shared rules the origin uses. Pure but for the
 * memo of description texts. Their links are on `BASE_MARKER`, where the public base goes.
 */
import { LRUCache } from 'lru-cache';
import { PER_PAGE, type EventResource } from '../../shared/contract.js';
import { feedDocument, type FeedRange } from '../../shared/rules/calendar-feed.js';
import { categoriesDocument, type CategoryCount } from '../../shared/rules/categories.js';
import { filterQuery, matchesFilter, type ListFilter } from '../../shared/rules/filters.js';
import { envelopeLinks, pageWindow } from '../../shared/rules/pagination.js';
import { plainText } from '../html-text.js';
import { eventPath } from '../pages/page-shell.js';
import { BASE_MARKER } from '../http/public-base.js';

/**
 * Description texts by their HTML: html-to-text is the slow part of a search, and the same
 * descriptions are searched by every filter of a venue. Bounded in (UTF-16) bytes, whatever
 * descriptions upstreams send.
 */
const texts = new LRUCache<string, string>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (text, html) => 2 * (html.length + text.length) + 64,
});

/** `plainText(html)` (server/html-text.ts), memoised. */
export function descriptionText(html: string): string {
  let text = texts.get(html);
  if (text === undefined) {
    text = plainText(html);
    texts.set(html, text);
  }
  return text;
}

/**
 * The events of `events` that pass `filter` on the venue-local date `today`, in list order. An
 * access filter (docs/api.md §10.15) matches nothing: the upstream platform has no access data
 * (and `/api/access` offers none), so whatever an upstream sends under that name is not read.
 */
export const matching = (
  events: readonly EventResource[],
  filter: ListFilter,
  today: string,
): EventResource[] =>
  filter.access?.length
    ? []
    : events.filter((e) => matchesFilter(e, filter, today, descriptionText));

/** The body of `/t/{slug}/api/access` in proxy mode (docs/api.md §10.15): no access data. */
export const NO_ACCESS_BODY = JSON.stringify({ data: [] });

/**
 * Page `page` (≥ 1) of the events of `events` that pass `filter` on `today`, as the list's JSON
 * (docs/api.md §2.5, §10.12): each event as the upstream sent it, 12 a page, every page link
 * carrying the canonical filter query; and the page's `last_page`.
 */
export function filteredListBody(
  events: readonly EventResource[],
  filter: ListFilter,
  page: number,
  slug: string,
  today: string,
): { text: string; lastPage: number } {
  const matches = matching(events, filter, today);
  const window = pageWindow(matches.length, page);
  const data = matches.slice(window.offset, window.offset + PER_PAGE);
  const path = `${BASE_MARKER}/t/${slug}/api/events`;
  const body = { data, ...envelopeLinks(path, window, matches.length, filterQuery(filter)) };
  return { text: JSON.stringify(body), lastPage: window.lastPage };
}

/**
 * The categories document (docs/api.md §10.13) of `events`: each event's `category` spelling
 * counted once, merged and sorted by `categoriesDocument` (events without one are not counted).
 */
export function categoriesOf(
  events: readonly EventResource[],
): ReturnType<typeof categoriesDocument> {
  const counts = new Map<string, number>();
  for (const event of events) {
    const name = event.attributes.category;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return categoriesDocument([...counts].map(([name, count]) => ({ name, count })));
}

/** `categoriesOf(events)` as the body of `/t/{slug}/api/categories` (docs/api.md §10.13). */
export const categoriesBody = (events: readonly EventResource[]): string =>
  JSON.stringify(categoriesOf(events));

/**
 * The categories of `events` as the listing page's form lists them (docs/api.md §10.5): the
 * members of `categoriesOf`, so the form's counts are those of `/api/categories`.
 */
export const categoryCounts = (events: readonly EventResource[]): CategoryCount[] =>
  categoriesOf(events).data.map((category) => category.attributes);

/**
 * The calendar feed (docs/api.md §10.14) of `events` in `range`: one object per listed date of
 * each event passing `filter` (its categories and search, and the range's dates), in date
 * order. `zone` is the venue's configured IANA zone; without one, starts have no UTC offset.
 */
export function calendarBody(
  events: readonly EventResource[],
  range: FeedRange,
  filter: ListFilter,
  feed: { slug: string; today: string; zone: string | undefined },
): string {
  const pageUrl = (event: EventResource) =>
    `${BASE_MARKER}${eventPath(feed.slug, event.attributes.slug)}`;
  const ctx = { today: feed.today, zone: feed.zone, pageUrl };
  return JSON.stringify(feedDocument(matching(events, filter, feed.today), range, ctx));
}
