/**
 * The checks of listings across venues in one query (`server/origin/merged-store-source.ts`)
 * against the merge of the venues' own lists (`server/listing/merged-source.ts`), over a real
 * store of this project's kind (test/support/store.ts): run by test/server/store-merged.test.ts
 * in both projects (SQLite, PostgreSQL).
 */
import { expect } from 'vitest';
import { parseListFilter, type ListFilter } from '../../shared/rules/filters.js';
import { accessText, categoriesText, listDocument } from '../../server/listing/feeds.js';
import { instantsOf, mergedSource } from '../../server/listing/merged-source.js';
import type { ListingSource } from '../../server/listing/source.js';
import { storeMergedSource } from '../../server/origin/merged-store-source.js';
import { StoreReads } from '../../server/origin/store-reads.js';
import { storeSource } from '../../server/origin/store-source.js';
import type { Store, VenueRecord } from '../../server/store/store.js';

/** The links' base of both sources. */
const BASE = 'https://listing.test';

/** Filters of every kind, alone and together (docs/api.md §10.12, §10.15), as query strings. */
export const FILTERS = [
  '',
  'categories=jazz',
  'categories=jazz,folk',
  'categories=rock&search=rock',
  'search=jazz',
  'search=late%20ja',
  'search=lodz',
  'search=bjork%20tri',
  'access=step_free',
  'access=wheelchair,captioned',
  'start_date=2026-12-06',
  'end_date=2026-12-07',
  'start_date=2026-12-06&end_date=2026-12-09',
  'start_date=2026-12-05&end_date=2026-12-05',
  'categories=jazz,folk&access=step_free&start_date=2026-12-06&end_date=2026-12-20',
  'categories=jazz&search=jazz&end_date=2026-12-12',
];

/** A query string as the list reads it. */
export const filterOf = (query: string): ListFilter =>
  parseListFilter(Object.fromEntries(new URLSearchParams(query)));

/** Both sources of `slugs` (in that order) in `store` at `nowMs`: the merge's and the query's. */
export async function bothSources(
  store: Store,
  slugs: readonly string[],
  nowMs: number,
  earlierShape = false,
): Promise<{ generic: ListingSource; across: ListingSource }> {
  const version = store.version();
  const venues = (await Promise.all(slugs.map((slug) => store.venue(slug)))) as VenueRecord[];
  expect(venues.every(Boolean)).toBe(true);
  // Apart caches: neither source can answer from what the other read.
  const deps = () => ({ store, reads: new StoreReads(store), earlierShape });
  const generic = deps();
  return {
    generic: mergedSource(
      venues.map((venue) => storeSource(generic, { venue, version }, nowMs, BASE)),
      instantsOf(),
    ),
    across: storeMergedSource(deps(), venues, version, nowMs, BASE),
  };
}

/** What `expectSameListing` compared. */
export interface Compared {
  /** Events of the unfiltered list. */
  listed: number;
  /** Answers whose `untilMs` was a sales closure, not a venue's midnight. */
  closing: number;
}

/**
 * Checks that `across` answers as `generic` does: the same venue, today, `quietUntilMs`,
 * categories and access, every page of the list through each filter (and the page past the
 * last) byte for byte with the same `untilMs`, and reads of odd windows with the same events,
 * dates and `untilMs`.
 */
export async function expectSameListing(
  generic: ListingSource,
  across: ListingSource,
  filters: readonly string[] = FILTERS,
): Promise<Compared> {
  let closing = 0;
  expect(across.venue).toEqual(generic.venue);
  expect(across.today).toBe(generic.today);
  expect(across.quietUntilMs).toBe(generic.quietUntilMs);
  expect(await categoriesText(across)).toEqual(await categoriesText(generic));
  expect(await accessText(across)).toEqual(await accessText(generic));
  for (const query of filters) {
    const filter = filterOf(query);
    const scope = { path: '/api/events', query: 'venues=x' };
    const first = await listDocument(generic, filter, 1, scope);
    for (let page = 1; page <= first.lastPage + 1; page++) {
      const want = await listDocument(generic, filter, page, scope);
      const got = await listDocument(across, filter, page, scope);
      expect(got.text, `${query} page ${page}`).toBe(want.text);
      expect(got.untilMs, `${query} page ${page} untilMs`).toBe(want.untilMs);
      if (want.untilMs < generic.quietUntilMs) closing++;
    }
    for (const [offset, limit] of [
      [0, 1],
      [3, 5],
      [7, 30],
      [29, 2],
      [0, 200],
    ] as const) {
      const want = await generic.readShown(filter, offset, limit);
      const got = await across.readShown(filter, offset, limit);
      const shown = (items: typeof want.items) =>
        items.map((item) => [item.date, item.time, JSON.stringify(item.resource())]);
      expect(shown(got.items), `${query} [${offset}, +${limit})`).toEqual(shown(want.items));
      expect(got.untilMs, `${query} [${offset}, +${limit}) untilMs`).toBe(want.untilMs);
      if (want.untilMs < generic.quietUntilMs) closing++;
    }
  }
  return { listed: await generic.count(filterOf('')), closing };
}

/**
 * `store` with some of its reads counted: `listed` (one venue's list: a page across venues that
 * reads it is the merge's, not one query) and `earliestClose` (a closure due before midnight
 * among the events a merge reads, looked up).
 */
export function counting(store: Store): {
  store: Store;
  listed: () => number;
  closes: () => number;
} {
  let listed = 0;
  let closes = 0;
  return {
    store: {
      ...store,
      listed: (...args) => {
        listed++;
        return store.listed(...args);
      },
      earliestClose: (...args) => {
        closes++;
        return store.earliestClose(...args);
      },
    },
    listed: () => listed,
    closes: () => closes,
  };
}

/** The slugs of a venue file's venues, in its order. */
export const slugsOf = (file: { venues: readonly Record<string, unknown>[] }): string[] =>
  file.venues.map((venue) => String(venue.slug));
