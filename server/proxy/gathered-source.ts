/**
 * The proxy's `ListingSource` (server/listing/source.ts): a venue's events as its upstream list
 * pages gave them (`list-pages.ts`, links on `BASE_MARKER`), filtered here by the shared rules
 * (`matching`), the categories counted from them. The upstream has no access data: no provisions
 * are offered, and an access filter matches nothing (docs/api.md §10.15).
 */
import { LRUCache } from 'lru-cache';
import type { EventResource } from '../../shared/contract.js';
import { categoriesDocument, type CategoryCount } from '../../shared/rules/categories.js';
import { filterQuery, matchesFilter, type ListFilter } from '../../shared/rules/filters.js';
import { plainText } from '../lib/html-text.js';
import { BASE_MARKER } from '../http/public-base.js';
import type { ListingSource } from '../listing/source.js';
import type { PageVenue } from '../pages/page-shell.js';
import type { Gathered } from './list-pages.js';

/**
 * Description texts by their HTML: html-to-text is the slow part of a search, and the same
 * descriptions are searched by every filter of a venue. Bounded in (UTF-16) bytes, whatever
 * descriptions upstreams send.
 */
const texts = new LRUCache<string, string>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (text, html) => 2 * (html.length + text.length) + 64,
});

/** `plainText(html)` (server/lib/html-text.ts), memoised. */
function descriptionText(html: string): string {
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

/**
 * The categories of `events` as the categories resource merges them (docs/api.md §10.13): each
 * event's `category` spelling counted once, merged and sorted by `categoriesDocument`.
 */
export function categoryCounts(events: readonly EventResource[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const event of events) {
    const name = event.attributes.category;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const spellings = [...counts].map(([name, count]) => ({ name, count }));
  return categoriesDocument(spellings).data.map((category) => category.attributes);
}

/**
 * The listing source of `gathered` (venue `venue`'s pages) on its venue-local `today`. Each filter
 * is applied once per source, whatever is counted and read through it.
 */
export function gatheredSource(gathered: Gathered, venue: PageVenue, today: string): ListingSource {
  const passing = new Map<string, EventResource[]>();
  const matches = (filter: ListFilter): EventResource[] => {
    const key = filterQuery(filter);
    let events = passing.get(key);
    if (!events) passing.set(key, (events = matching(gathered.events, filter, today)));
    return events;
  };
  return {
    // The upstream's ticket link parameters, which the lists built here carry (docs/api.md §10.19).
    venue: gathered.linkParams ? { ...venue, ticketLinkParams: gathered.linkParams } : venue,
    today,
    base: BASE_MARKER,
    // The answers' freshness is that of the upstream answers read (`maxAgeOf`).
    quietUntilMs: Infinity,
    count: async (filter) => matches(filter).length,
    readShown: async (filter, offset, limit) => ({
      items: matches(filter)
        .slice(offset, offset + limit)
        .map((event) => ({
          date: event.attributes.event_date.slice(0, 10),
          time: event.attributes.event_time,
          resource: () => event,
        })),
      untilMs: Infinity,
    }),
    categories: async () => categoryCounts(gathered.events),
    access: async () => [],
  };
}
