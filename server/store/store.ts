/**
 * The `Store` interface both stores implement (SQLite in `sqlite.ts`, PostgreSQL in
 * `postgres.ts`), and `openStore`, which picks one from a location. A store only stores: the
 * importer (`server/import/`) validates and normalises before anything reaches it.
 */
import type { AccessCount } from '../../shared/rules/access.js';
import type { CategoryCount } from '../../shared/rules/categories.js';
import type { ListFilter } from '../../shared/rules/filters.js';
import type { StoredEvent, StoredVenue, VenueRecord } from './model.js';

export type { StoredEvent, StoredStop, StoredVenue, VenueRecord } from './model.js';

/** One event id of an import that already belongs to a venue the import does not replace. */
export interface IdConflict {
  /** Index of the venue in the `replaceVenues` argument, and of the event in its `events`. */
  venue: number;
  event: number;
  id: number;
  /** Slug of the venue that owns the id. */
  owner: string;
}

/** Thrown by `replaceVenues` when ids clash with other venues; nothing was written. */
export class IdConflictError extends Error {
  constructor(readonly conflicts: IdConflict[]) {
    super(`${conflicts.length} event id(s) already belong to other venues`);
    this.name = 'IdConflictError';
  }
}

/**
 * The store cannot answer now (database unreachable, timed out). The API answers 503 with
 * `Retry-After: retryAfterSeconds`; the store recovers by itself when the database is back.
 */
export class StoreUnavailableError extends Error {
  readonly status = 503;
  readonly expose = true;
  readonly retryAfterSeconds = 5;
  constructor(readonly reason: string) {
    super('The event store is unavailable; try again shortly.');
    this.name = 'StoreUnavailableError';
  }
}

/** Read and write access to one database. Close it when done. */
export interface Store {
  /** `sqlite` or `postgres`. */
  readonly kind: 'sqlite' | 'postgres';
  venue(slug: string): Promise<VenueRecord | undefined>;
  venueCount(): Promise<number>;
  /**
   * Number of events listed for `today` (venue-local `YYYY-MM-DD`), docs/api.md §4.1 rules 1–2,
   * that pass `filter` (docs/api.md §10.12; absent or `NO_FILTER`: the unfiltered count, by the
   * very query it always ran).
   */
  countListed(slug: string, today: string, filter?: ListFilter): Promise<number>;
  /**
   * Listed events for `today` that pass `filter` (docs/api.md §10.12), soonest first (§4.1 rule 3,
   * docs/decisions.md sort order): `limit` of them after skipping `offset`.
   */
  listed(
    slug: string,
    today: string,
    offset: number,
    limit: number,
    filter?: ListFilter,
  ): Promise<StoredEvent[]>;
  /**
   * Each category spelling of the events listed for `today` with how many listed events spell
   * it so (any order; events without a category left out). `categoriesDocument` merges spellings
   * equal but for case (docs/api.md §10.13).
   */
  categories(slug: string, today: string): Promise<CategoryCount[]>;
  /**
   * For each access id, in vocabulary order, how many events listed for `today` have it on one of
   * their listed dates (docs/api.md §10.15); ids no event has count 0.
   */
  access(slug: string, today: string): Promise<AccessCount[]>;
  /** A served event of the venue (not draft, private or hidden-cancelled), or undefined. */
  event(slug: string, id: number): Promise<StoredEvent | undefined>;
  /** A served event of the venue by its page slug (`/t/{slug}/events/{event-slug}`), or undefined. */
  eventBySlug(slug: string, eventSlug: string): Promise<StoredEvent | undefined>;
  /**
   * Replaces each given venue whole, in one transaction; other venues are untouched. The venues
   * are already validated and unique among themselves (the importer checks that).
   * @throws IdConflictError when an event id belongs to a venue not in `venues`; nothing changed.
   */
  replaceVenues(venues: readonly StoredVenue[]): Promise<void>;
  /**
   * Opaque token that changes whenever the data changes, through this or another connection or
   * process. Synchronous and cheap: it is read on every request to validate caches.
   */
  version(): string;
  /** Resolves when the store answers; rejects with `StoreUnavailableError` or a reason. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
