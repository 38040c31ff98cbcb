/**
 * Reads the origin repeats on every request, kept between requests: a venue's record and its
 * listed-event counts, per filter (both until the store's version changes), and the venue-local
 * day of a zone (until that day ends). Bounded by entry count, and the counts also by bytes.
 */
import { LRUCache } from 'lru-cache';
import { accessDocument, type AccessCount } from '../../shared/rules/access.js';
import { categoriesDocument, type CategoryCount } from '../../shared/rules/categories.js';
import { filterQuery, isFiltered, NO_FILTER, type ListFilter } from '../../shared/rules/filters.js';
import type { MergeFacts, Store, VenueRecord } from '../store/store.js';
import { venueDays, type VenueDay } from '../../shared/rules/venue-today.js';

export class StoreReads {
  readonly #store: Store;
  readonly #day = venueDays();
  readonly #venues = new LRUCache<string, { version: string; venue: VenueRecord | null }>({
    max: 10_000,
  });
  // Bounded by entries and by key bytes: a filtered key carries its canonical query, and the
  // category names in it have no length limit of their own (only the request line's).
  readonly #counts = new LRUCache<string, number>({
    max: 10_000,
    maxSize: 4 * 1024 * 1024,
    sizeCalculation: (_total, key) => key.length + 64,
  });

  // One entry per venue and day at a store version: a venue's categories, a few dozen names.
  readonly #categories = new LRUCache<string, CategoryCount[]>({ max: 1_000 });
  // Likewise the access counts: eight numbers at most.
  readonly #access = new LRUCache<string, AccessCount[]>({ max: 1_000 });
  // And what a merge of venues asks of each (`mergeFacts`): a flag and a day's closures.
  readonly #mergeFacts = new LRUCache<string, MergeFacts>({ max: 1_000 });

  constructor(store: Store) {
    this.#store = store;
  }

  /** The venue published under `slug` at store `version`, or undefined. */
  async venue(slug: string, version: string): Promise<VenueRecord | undefined> {
    let hit = this.#venues.get(slug);
    if (!hit || hit.version !== version)
      this.#venues.set(slug, (hit = { version, venue: (await this.#store.venue(slug)) ?? null }));
    return hit.venue ?? undefined;
  }

  /**
   * The categories of `slug`'s events listed on venue-local `today` at store `version`, merged as
   * the categories resource merges them (docs/api.md §10.13): what the listing page's filter form
   * offers on every request, read from the store once per version and day.
   */
  async categories(slug: string, today: string, version: string): Promise<CategoryCount[]> {
    const key = `${version}|${slug}|${today}`;
    let names = this.#categories.get(key);
    if (names === undefined) {
      const spellings = await this.#store.categories(slug, today);
      names = categoriesDocument(spellings).data.map((category) => category.attributes);
      this.#categories.set(key, names);
    }
    return names;
  }

  /**
   * The access ids some event of `slug` listed on venue-local `today` has, at store `version`,
   * with how many listed events have each, in vocabulary order (docs/api.md §10.15): the
   * `access` resource's members and what the filter form offers; read once per version and day.
   */
  async access(slug: string, today: string, version: string): Promise<AccessCount[]> {
    const key = `${version}|${slug}|${today}`;
    let counts = this.#access.get(key);
    if (counts === undefined) {
      counts = accessDocument(await this.#store.access(slug, today)).data.map((resource) => ({
        id: resource.id,
        count: resource.attributes.count,
      }));
      this.#access.set(key, counts);
    }
    return counts;
  }

  /**
   * Whether the events of `slug` listed on its venue-local `day` at store `version` are in
   * instant order, and their sales closures during that day (`Store.mergeFacts`): what a page
   * across venues asks of each venue (`origin/merged-store-source.ts`), read once per version and
   * day.
   */
  async mergeFacts(slug: string, day: VenueDay, version: string): Promise<MergeFacts> {
    const key = `${version}|${slug}|${day.today}`;
    let facts = this.#mergeFacts.get(key);
    if (facts === undefined) {
      facts = await this.#store.mergeFacts(slug, day.today, day.startMs, day.endMs);
      this.#mergeFacts.set(key, facts);
    }
    return facts;
  }

  /**
   * Number of events of `slug` listed on venue-local date `today` at store `version` that pass
   * `filter` (docs/api.md §4.1, §10.12); cached per canonical filter (`filterQuery`).
   */
  async countListed(
    slug: string,
    today: string,
    version: string,
    filter: ListFilter = NO_FILTER,
  ): Promise<number> {
    // The unfiltered key is the one it always was; a filtered one adds the canonical query. The
    // stores run their unfiltered query for a filter that selects everything.
    const query = isFiltered(filter) ? `|${filterQuery(filter)}` : '';
    const key = `${version}|${slug}|${today}${query}`;
    let total = this.#counts.get(key);
    if (total === undefined) {
      total = await this.#store.countListed(slug, today, filter);
      this.#counts.set(key, total);
    }
    return total;
  }

  /** The venue-local day of IANA zone `zone` at `nowMs` (UTC epoch ms), computed once per day. */
  day(zone: string, nowMs: number): VenueDay {
    return this.#day(zone, nowMs);
  }
}
