/**
 * The origin's `ListingSource` (server/listing/source.ts): a venue's listed events read from the
 * store at one store version and moment, rendered as the API renders them (`renderEvent`), counts
 * and form choices through `StoreReads`' caches.
 */
import type { EventResource } from '../../shared/contract.js';
import type { ListFilter } from '../../shared/rules/filters.js';
import type { ListingSource } from '../listing/source.js';
import type { Store, StoredEvent, VenueRecord } from '../store/store.js';
import { nextTransition, renderEvent, shownDateTime } from './resources.js';
import type { StoreReads } from './store-reads.js';

/** A venue as read at a store version: the memo's validity key. */
export interface VenueLocals {
  venue: VenueRecord;
  version: string;
}

/** What the origin reads listings with. */
export interface StoreSourceDeps {
  store: Store;
  reads: StoreReads;
  /** Serve the earlier shape (docs/api.md §9) for every venue. */
  earlierShape: boolean;
  /**
   * The language asked for the venue's text (docs/api.md §10.24, `readTextLocale`); undefined:
   * the venue's own, as always.
   */
  asked?: string;
}

/**
 * The listing source of the venue the loader found (`locals`, at its store version) at `nowMs`
 * (UTC epoch ms), its events' links on `base` (a public base, or the API sender's `renderBase`
 * for a memoised answer).
 */
export function storeSource(
  deps: StoreSourceDeps,
  locals: VenueLocals,
  nowMs: number,
  base: string,
): ListingSource {
  const { store, reads, earlierShape, asked } = deps;
  const { venue, version } = locals;
  const day = reads.day(venue.timezone, nowMs);
  const today = day.today;
  const render = (event: StoredEvent): EventResource =>
    renderEvent(event, venue, base, { nowMs, today }, earlierShape, asked);
  return {
    venue,
    today,
    base,
    quietUntilMs: day.endMs,
    count: (filter: ListFilter) => reads.countListed(venue.slug, today, version, filter),
    async readShown(filter, offset, limit) {
      const events = await store.listed(venue.slug, today, offset, limit, filter);
      const items = events.map((event) => ({
        ...shownDateTime(event, today),
        resource: () => render(event),
      }));
      return { items, untilMs: nextTransition(events, day.endMs, nowMs) };
    },
    categories: () => reads.categories(venue.slug, today, version),
    access: () => reads.access(venue.slug, today, version),
  };
}
