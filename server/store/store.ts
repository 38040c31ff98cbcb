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

/** How a store is opened beyond its location (`openStore`). */
export interface StoreOptions {
  /**
   * Days after its last date a past event is still listed (`when=past`, docs/api.md §10.20): one
   * whose last date is before the venue's today less this many days is not (default 730).
   */
  keepPastDays?: number;
}

/**
 * `filter` for a listing across venues in one query (`Store.listedAcross`, `sharesAcross`),
 * which lists upcoming events only: past events across venues are the merge of each venue's
 * past list (docs/api.md §10.20, `server/origin/merged-store-source.ts`).
 * @throws Error for a past filter: a caller's mistake, never a client's
 */
export function pastMerged(filter: ListFilter): ListFilter {
  if (filter.past) throw new Error('past events across venues are merged venue by venue');
  return filter;
}

/** A venue of a listing across venues, and the venue-local date (`YYYY-MM-DD`) it lists for. */
export interface ListedVenue {
  slug: string;
  today: string;
}

/** An event of a listing across venues, with the index of its venue among those asked. */
export interface AcrossEvent {
  venue: number;
  event: StoredEvent;
}

/** What a merge of venues needs of one venue's events listed on a date (`Store.mergeFacts`). */
export interface MergeFacts {
  /**
   * True when their instants never fall back along the venue's list order (docs/api.md §4.1
   * rule 3): ordering them by instant keeps that order. False only when an event is at a wall
   * time a DST change skips (read as the time after the gap) and another listed after it shows an
   * earlier instant (`server/store/across.ts`), or when a postponed event is listed after its
   * date (docs/api.md §10.20), before the instants a query across venues reads.
   */
  inInstantOrder: boolean;
  /** Their sales closures (`closeAt`, UTC epoch ms) in [`fromMs`, `beforeMs`), ascending, unique. */
  closesMs: number[];
}

/** Read and write access to one database. Close it when done. */
export interface Store {
  /** `sqlite` or `postgres`. */
  readonly kind: 'sqlite' | 'postgres';
  /** Days after its last date a past event is still listed and served (`StoreOptions`). */
  readonly keepPastDays: number;
  venue(slug: string): Promise<VenueRecord | undefined>;
  venueCount(): Promise<number>;
  /**
   * Number of events listed for `today` (venue-local `YYYY-MM-DD`), docs/api.md §4.1 rules 1–2,
   * that pass `filter` (docs/api.md §10.12; absent or `NO_FILTER`: the unfiltered count, by the
   * very query it always ran). With `filter.past`: the served events whose last date (a tour's
   * last stop's, cancelled or not) is before `today` and not more than `keepPastDays` days
   * before it (`StoreOptions`), postponed ones never (docs/api.md §10.20).
   */
  countListed(slug: string, today: string, filter?: ListFilter): Promise<number>;
  /**
   * Listed events for `today` that pass `filter` (docs/api.md §10.12), soonest first (§4.1 rule 3,
   * docs/decisions.md sort order): `limit` of them after skipping `offset`. With `filter.past`
   * (`countListed`'s): newest first, by last date, then its time (a tour's last stop's), then id
   * descending (docs/api.md §10.20).
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
  /**
   * Events listed across `venues` (docs/api.md §10.16; each once), each venue's on its own
   * `today` and passing `filter`: `limit` of them after skipping `offset`, ordered by the UTC
   * instant of the date each shows (a tour's current stop's) in its venue's zone, then the
   * venues' order in `venues`, then each venue's own order (§4.1 rule 3): the merge of the
   * venues' `listed` lists, exactly, while every venue's `mergeFacts` says `inInstantOrder`. The
   * counts are each venue's `countListed`. Upcoming events only: rejects a past filter
   * (`pastMerged`).
   */
  listedAcross(
    venues: readonly ListedVenue[],
    offset: number,
    limit: number,
    filter?: ListFilter,
  ): Promise<AcrossEvent[]>;
  /** For each of `venues`, how many of the first `first` events of `listedAcross` are its. */
  sharesAcross(
    venues: readonly ListedVenue[],
    first: number,
    filter?: ListFilter,
  ): Promise<number[]>;
  /**
   * Whether the events of `slug` listed on `today` are in instant order, and their sales closures
   * in [`fromMs`, `beforeMs`) (UTC epoch ms: the venue-local day's bounds), whatever the filter.
   */
  mergeFacts(slug: string, today: string, fromMs: number, beforeMs: number): Promise<MergeFacts>;
  /**
   * The earliest sales closure (UTC epoch ms) in (`afterMs`, `beforeMs`) among the first `first`
   * events of `slug` listed on `today` that pass `filter`, in list order; undefined for none,
   * and for a past filter (past events' closures are behind them, docs/api.md §10.20).
   */
  earliestClose(
    slug: string,
    today: string,
    first: number,
    window: { afterMs: number; beforeMs: number },
    filter?: ListFilter,
  ): Promise<number | undefined>;
  /** A served event of the venue (not draft, private or hidden-cancelled), or undefined. */
  event(slug: string, id: number): Promise<StoredEvent | undefined>;
  /** A served event of the venue by its page slug (`/t/{slug}/events/{event-slug}`), or undefined. */
  eventBySlug(slug: string, eventSlug: string): Promise<StoredEvent | undefined>;
  /**
   * The served event of venue `slug` whose page slug was `eventSlug` before an import gave it
   * another while it kept its id (a source's event retitled, a venue file's `slug` edited), or
   * undefined: for a slug no event of the venue had, an event no longer served, and a slug a
   * served event of the venue has now (current slugs win). Its pages answer `301` to the event's
   * current ones (docs/sources.md "Stable identity", docs/decisions.md "Sources"). `replaceVenues`
   * keeps the history: the event that last left a slug has it; ids a venue drops lose theirs.
   */
  eventByEarlierSlug(slug: string, eventSlug: string): Promise<StoredEvent | undefined>;
  /**
   * The venue whole, as the last import wrote it: its record, events source and every event
   * (served or not) in id order; undefined for an unknown venue. For the source sync.
   */
  storedVenue(slug: string): Promise<StoredVenue | undefined>;
  /** The slugs of the venues whose events come from a source, in slug order. */
  sourceVenues(): Promise<string[]>;
  /**
   * Takes the right to sync venue `slug`'s source, across every process on this store (PostgreSQL:
   * an advisory lock; SQLite, one process: always granted). Resolves with its release, or
   * undefined while another process holds it (docs/sources.md "Several instances").
   */
  sourceLock(slug: string): Promise<(() => Promise<void>) | undefined>;
  /**
   * Replaces each given venue whole, in one transaction; other venues are untouched. The venues
   * are already validated and unique among themselves (the importer checks that). In the same
   * transaction, an event that keeps its id under a new slug leaves its old one to
   * `eventByEarlierSlug`.
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
