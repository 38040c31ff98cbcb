/**
 * Reads the origin repeats on every request, kept between requests: a venue's record and its
 * listed-event count (both until the store's version changes) and the venue-local day of a zone
 * (until that day ends). Bounded by entry count; each entry is a few dozen bytes.
 */
import { LRUCache } from 'lru-cache';
import { PER_PAGE } from '../../shared/contract.js';
import { pageWindow, type PageWindow } from '../../shared/rules/pagination.js';
import type { Store, StoredEvent, VenueRecord } from '../store/store.js';
import { venueDay, type VenueDay } from './resources.js';

export class StoreReads {
  readonly #store: Store;
  readonly #days = new Map<string, VenueDay>();
  readonly #venues = new LRUCache<string, { version: string; venue: VenueRecord | null }>({
    max: 10_000,
  });
  readonly #counts = new LRUCache<string, number>({ max: 10_000 });

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

  /** Number of events of `slug` listed on venue-local date `today` at store `version`. */
  async countListed(slug: string, today: string, version: string): Promise<number> {
    const key = `${version}|${slug}|${today}`;
    let total = this.#counts.get(key);
    if (total === undefined)
      this.#counts.set(key, (total = await this.#store.countListed(slug, today)));
    return total;
  }

  /**
   * Page `page` of `slug`'s events listed on venue-local `today` at store `version` (docs/api.md §4.1,
   * §2.5): the total, where the page falls, and its events soonest first (none beyond the last).
   */
  async listedPage(
    slug: string,
    today: string,
    page: number,
    version: string,
  ): Promise<{ total: number; window: PageWindow; events: StoredEvent[] }> {
    const total = await this.countListed(slug, today, version);
    const window = pageWindow(total, page);
    const events =
      window.from === null ? [] : await this.#store.listed(slug, today, window.offset, PER_PAGE);
    return { total, window, events };
  }

  /** The venue-local day of IANA zone `zone` at `nowMs` (UTC epoch ms), computed once per day. */
  day(zone: string, nowMs: number): VenueDay {
    let day = this.#days.get(zone);
    if (!day || nowMs < day.startMs || nowMs >= day.endMs)
      this.#days.set(zone, (day = venueDay(zone, nowMs)));
    return day;
  }
}
