/**
 * The embedded store: venues and events in one SQLite file (better-sqlite3). Events are kept
 * whole (as JSON) and indexed by a `listing` table (see `listing.ts`) that makes "listed on
 * venue-local date D, soonest first" one ordered index scan, and by a `past_listing` table that
 * makes "past on D, newest first" (docs/api.md §10.20) one too. better-sqlite3 is synchronous; the
 * `Store` methods wrap its answers in promises to share the interface with PostgreSQL.
 */
import Database from 'better-sqlite3';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isFiltered, NO_FILTER } from '../../shared/rules/filters.js';
import { venueListingRows } from './across.js';
import { KEEP_PAST_DAYS, listingQueries } from './listing.js';
import {
  storedEvent,
  type StoredEvent,
  venueDetailsJson,
  venueSource,
  venueRecord,
  type StoredVenue,
  type VenueRow,
} from './model.js';
import { filterColumns } from './filter-index.js';
import {
  filteredReads,
  filterRowWriter,
  migrateAccess,
  migrateFilters,
  migratePast,
  pastRowWriter,
  reindexSearch,
} from './sqlite-filters.js';
import { acrossReads, migrateAcross } from './sqlite-across.js';
import {
  IdConflictError,
  StoreUnavailableError,
  type IdConflict,
  type Store,
  type StoreOptions,
} from './store.js';

/**
 * Versioned migrations, SQL or a function (which may read and backfill); `PRAGMA user_version`
 * records how many have run. Append, never edit.
 */
const MIGRATIONS: (string | ((db: Database.Database) => void))[] = [
  `CREATE TABLE IF NOT EXISTS venues (
    slug TEXT PRIMARY KEY, name TEXT NOT NULL, timezone TEXT NOT NULL, api_shape TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    venue_slug TEXT NOT NULL REFERENCES venues(slug) ON DELETE CASCADE,
    served INTEGER NOT NULL,
    doc TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS events_venue ON events(venue_slug);
  CREATE TABLE IF NOT EXISTS listing (
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    venue_slug TEXT NOT NULL,
    after TEXT NOT NULL,
    until TEXT NOT NULL,
    sort_date TEXT NOT NULL,
    sort_time TEXT NOT NULL
  );
  -- Covering indexes: the page is read in order straight from listing_order (stopping after
  -- offset + limit rows) and the count from listing_span, without touching the events table.
  CREATE INDEX IF NOT EXISTS listing_order
    ON listing(venue_slug, sort_date, sort_time, event_id, until, after);
  CREATE INDEX IF NOT EXISTS listing_span ON listing(venue_slug, until, after);
  CREATE INDEX IF NOT EXISTS listing_event ON listing(event_id);`,
  // The venue's optional url and address (venue-file.md), as JSON `{url?, address?}`; NULL = none.
  `ALTER TABLE venues ADD COLUMN details TEXT;`,
  // The list filters and categories (docs/api.md §10.12, §10.13), filled from the stored events.
  migrateFilters,
  // Access information (docs/api.md §10.15): its filter rows, filled from the stored events.
  migrateAccess,
  // Search words folded to Latin letters (docs/decisions.md "Search folds letters to Latin").
  reindexSearch,
  // Each listed date's UTC instant, for listings across venues (docs/api.md §10.16).
  migrateAcross,
  // Past events (docs/api.md §10.20): their listing, filled from the stored events.
  migratePast,
  // Postponed events stay listed after their date (docs/api.md §10.20): their venues relisted.
  relistPostponed,
  // Earlier page slugs of events that kept their id (docs/sources.md "Stable identity"). No
  // foreign key: replacing a venue deletes its events, and its history must outlive that.
  `CREATE TABLE IF NOT EXISTS event_slug_history (
    venue_slug TEXT NOT NULL,
    slug TEXT NOT NULL,
    event_id INTEGER NOT NULL,
    PRIMARY KEY (venue_slug, slug)
  ) WITHOUT ROWID;`,
];

function migrate(db: Database.Database): void {
  const done = db.pragma('user_version', { simple: true }) as number;
  db.transaction(() => {
    for (const migration of MIGRATIONS.slice(done)) {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    }
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}

/** Opens and migrates the database; `inode` identifies its file (see `ping`). */
function openDatabase(path: string, file: string | undefined) {
  try {
    if (file) mkdirSync(dirname(file), { recursive: true });
    const db = new Database(path);
    if (file) db.pragma('journal_mode = WAL');
    // In WAL mode NORMAL syncs at checkpoints, not at every commit: a commit (a source's sync, an
    // import) no longer waits on the disk on the thread that serves requests; the database stays
    // consistent, and a power cut can lose only the last commits, which the next sync or import
    // writes again (docs/decisions.md "Bounded sources").
    if (file) db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    return { db, inode: file ? statSync(file).ino : undefined };
  } catch (error) {
    throw new Error(`cannot open SQLite database ${path}: ${(error as Error).message}`);
  }
}

/** A `listing` row as `insertSpan` writes it. */
type SpanRow = [
  ...[eventId: number, slug: string, after: string, until: string, date: string, time: string],
  ...[category: string, key: string, lastDate: string, instant: number, behind: number],
  closeMs: number | null,
];

/** Every statement the store runs, prepared once per connection. */
function statements(db: Database.Database) {
  const listing = listingQueries(
    { slug: '@slug', today: '@today', limit: '@limit', offset: '@offset' },
    true,
  );
  return {
    venue: db.prepare<[string], VenueRow>(
      'SELECT slug, name, timezone, api_shape, details FROM venues WHERE slug = ?',
    ),
    venueCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM venues'),
    venueEvents: db.prepare<[string], { doc: string }>(
      'SELECT doc FROM events WHERE venue_slug = ? ORDER BY id',
    ),
    sourceVenues: db
      .prepare<[], string>(
        "SELECT slug FROM venues WHERE json_extract(details, '$.source') IS NOT NULL ORDER BY slug",
      )
      .pluck(),
    // Prepared once: `db.pragma()` prepares a statement per call, and this runs per request.
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
    count: db.prepare<{ slug: string; today: string }, { n: number }>(listing.count),
    listed: db.prepare<
      { slug: string; today: string; limit: number; offset: number },
      { doc: string }
    >(listing.page),
    event: db.prepare<[number, string], { doc: string }>(
      'SELECT doc FROM events WHERE id = ? AND venue_slug = ? AND served = 1',
    ),
    eventBySlug: db.prepare<[string, string], { doc: string }>(
      "SELECT doc FROM events WHERE venue_slug = ? AND served = 1 AND json_extract(doc, '$.slug') = ? ORDER BY id LIMIT 1",
    ),
    // The event an earlier slug named, while it is served and no served event has that slug now.
    eventByEarlierSlug: db.prepare<{ venue: string; slug: string }, { doc: string }>(
      `SELECT e.doc FROM event_slug_history h
       JOIN events e ON e.id = h.event_id AND e.venue_slug = h.venue_slug AND e.served = 1
       WHERE h.venue_slug = @venue AND h.slug = @slug AND json_extract(e.doc, '$.slug') <> @slug
         AND NOT EXISTS (SELECT 1 FROM events c WHERE c.venue_slug = @venue AND c.served = 1
           AND json_extract(c.doc, '$.slug') = @slug)`,
    ),
    owner: db.prepare<[number], { venue_slug: string }>(
      'SELECT venue_slug FROM events WHERE id = ?',
    ),
    deleteVenue: db.prepare<[string]>('DELETE FROM venues WHERE slug = ?'),
    insertVenue: db.prepare<[string, string, string, string, string | null]>(
      'INSERT INTO venues (slug, name, timezone, api_shape, details) VALUES (?, ?, ?, ?, ?)',
    ),
    insertEvent: db.prepare<[number, string, number, string]>(
      'INSERT INTO events (id, venue_slug, served, doc) VALUES (?, ?, ?, ?)',
    ),
  };
}

/**
 * Writes the listing rows of a venue (slug, IANA zone, all its events): each span, its filter
 * columns (`filterColumns`) and its instant columns (`across.ts`). Prepared once per connection.
 */
function listingWriter(db: Database.Database) {
  const insertSpan = db.prepare<SpanRow>(
    `INSERT INTO listing (event_id, venue_slug, after, until, sort_date, sort_time,
       category, category_key, last_date, instant, behind, close_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return (slug: string, zone: string, events: readonly StoredEvent[]) => {
    // All of a venue's rows at once: each row's `behind` compares it with the rows before it.
    for (const row of venueListingRows(zone, events)) {
      const { event, span, instantMs, behind, closeMs } = row;
      const [category, categoryKey, lastDate] = filterColumns(event);
      insertSpan.run(
        ...[event.id, slug, span.after, span.until, span.sortDate, span.sortTime],
        ...[category, categoryKey, lastDate, instantMs, behind ? 1 : 0, closeMs],
      );
    }
  };
}

/**
 * The migration that writes again the listing rows of every venue with a served postponed event
 * (docs/api.md §10.20), imported before such an event stayed listed after its date
 * (`listingSpans`): those venues list what an import would, without a re-import. Runs inside
 * the migrations' transaction, after every column of `listing` exists.
 */
function relistPostponed(db: Database.Database): void {
  const venues = db
    .prepare<[], { slug: string; timezone: string }>(
      `SELECT slug, timezone FROM venues WHERE slug IN (SELECT venue_slug FROM events
         WHERE served = 1 AND json_extract(doc, '$.scheduleStatus') = 'postponed')`,
    )
    .all();
  const docs = db.prepare<[string], { doc: string }>(
    'SELECT doc FROM events WHERE venue_slug = ? ORDER BY id',
  );
  const forget = db.prepare<[string]>('DELETE FROM listing WHERE venue_slug = ?');
  const write = listingWriter(db);
  for (const { slug, timezone } of venues) {
    forget.run(slug);
    write(
      slug,
      timezone,
      docs.all(slug).map((row) => storedEvent(row.doc)),
    );
  }
}

/**
 * The history of a venue's page slugs (docs/sources.md "Stable identity"), kept by
 * `replaceTransaction`: `before` reads a venue's slugs by event id before it is replaced,
 * `record` then notes each earlier slug of an event that kept its id under another slug (the
 * latest event to leave a slug takes it) and forgets the history of ids the venue no longer has.
 */
function slugHistoryWriter(db: Database.Database) {
  const slugs = db.prepare<[string], { id: number; slug: string }>(
    "SELECT id, json_extract(doc, '$.slug') AS slug FROM events WHERE venue_slug = ?",
  );
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO event_slug_history (venue_slug, slug, event_id) VALUES (?, ?, ?)
     ON CONFLICT (venue_slug, slug) DO UPDATE SET event_id = excluded.event_id`,
  );
  const forget = db.prepare<[string, string]>(
    `DELETE FROM event_slug_history WHERE venue_slug = ?
       AND event_id NOT IN (SELECT id FROM events WHERE venue_slug = ?)`,
  );
  return {
    before: (slug: string) => new Map(slugs.all(slug).map((row) => [row.id, row.slug])),
    record(venue: StoredVenue, before: ReadonlyMap<number, string>) {
      for (const event of venue.events) {
        const earlier = before.get(event.id);
        if (earlier !== undefined && earlier !== event.slug) {
          upsert.run(venue.slug, earlier, event.id);
        }
      }
      forget.run(venue.slug, venue.slug);
    },
  };
}

/**
 * `Store.replaceVenues` as one SQLite transaction (run it `.immediate()`).
 * @throws IdConflictError when an id belongs to a venue the import leaves alone; rolled back.
 */
function replaceTransaction(db: Database.Database, q: ReturnType<typeof statements>) {
  const filters = filterRowWriter(db);
  const writePast = pastRowWriter(db);
  const writeListing = listingWriter(db);
  const history = slugHistoryWriter(db);
  return db.transaction((venues: readonly StoredVenue[]) => {
    const slugsBefore = venues.map((venue) => history.before(venue.slug));
    for (const venue of venues) {
      filters.forgetVenue(venue.slug);
      q.deleteVenue.run(venue.slug);
    }
    // After the named venues are gone, an id still present belongs to a venue this import leaves alone.
    const conflicts: IdConflict[] = [];
    venues.forEach((venue, v) =>
      venue.events.forEach((event, e) => {
        const owner = q.owner.get(event.id);
        if (owner) conflicts.push({ venue: v, event: e, id: event.id, owner: owner.venue_slug });
      }),
    );
    if (conflicts.length > 0) throw new IdConflictError(conflicts);
    venues.forEach((venue, v) => {
      q.insertVenue.run(
        venue.slug,
        venue.name,
        venue.timezone,
        venue.apiShape,
        venueDetailsJson(venue),
      );
      for (const event of venue.events) {
        q.insertEvent.run(event.id, venue.slug, event.served ? 1 : 0, JSON.stringify(event));
        filters.write(venue.slug, event);
        writePast(venue.slug, event);
      }
      writeListing(venue.slug, venue.timezone, venue.events);
      history.record(venue, slugsBefore[v]!);
    });
  });
}

/**
 * Opens (creating if needed) the SQLite database at `path` (`:memory:` for a private in-memory
 * one) and migrates its schema. Parent directories of a file path are created.
 * @param options `keepPastDays`: days a past event stays listed after its last date (docs/api.md
 *   §10.20; default `KEEP_PAST_DAYS`)
 * @throws Error with a one-line message naming the file (not a directory, not SQLite, read-only…).
 */
export function openSqliteStore(path: string, options: StoreOptions = {}): Store {
  const file = path === ':memory:' ? undefined : resolve(path);
  const { db, inode } = openDatabase(path, file);
  let writes = 0;
  let dataVersion = 0;
  let versionReadAt = -Infinity;
  const q = statements(db);
  const replace = replaceTransaction(db, q);
  function version(): string {
    // Another process's commit (`npm run import`) changes `data_version`; reading it takes a
    // lock on the database, so it is read at most once a millisecond (requests arriving
    // together share one read) — an outside import is seen within 1 ms, our own at once.
    const now = performance.now();
    if (now - versionReadAt >= 1) {
      dataVersion = q.dataVersion.get()!;
      versionReadAt = now;
    }
    return `${writes}.${dataVersion}`;
  }
  const filtered = filteredReads(db, version, options.keepPastDays ?? KEEP_PAST_DAYS);
  const across = acrossReads(db);

  const parse = (row: { doc: string } | undefined) =>
    row === undefined ? undefined : storedEvent(row.doc);

  return {
    kind: 'sqlite',
    keepPastDays: options.keepPastDays ?? KEEP_PAST_DAYS,
    async venue(slug) {
      const row = q.venue.get(slug);
      return row && venueRecord(row);
    },
    venueCount: async () => q.venueCount.get()!.n,
    async storedVenue(slug) {
      const row = q.venue.get(slug);
      if (!row) return undefined;
      const events = q.venueEvents.all(slug).map((r) => parse(r)!);
      const source = venueSource(row);
      return { ...venueRecord(row), events, ...(source && { source }) };
    },
    sourceVenues: async () => q.sourceVenues.all(),
    // One process writes an SQLite file; its sync already runs one source at a time.
    sourceLock: async () => async () => undefined,
    // Unfiltered (no filter, or one selecting everything): the listing's own queries, unchanged.
    countListed: async (slug, today, filter) =>
      filter && isFiltered(filter)
        ? filtered.count(slug, today, filter)
        : q.count.get({ slug, today })!.n,
    listed: async (slug, today, offset, limit, filter) =>
      filter && isFiltered(filter)
        ? filtered.listed(slug, today, offset, limit, filter)
        : q.listed.all({ slug, today, limit, offset }).map((row) => parse(row)!),
    categories: async (slug, today) => filtered.categories(slug, today),
    access: async (slug, today) => filtered.access(slug, today),
    listedAcross: async (venues, offset, limit, filter = NO_FILTER) =>
      across.listedAcross(venues, offset, limit, filter),
    sharesAcross: async (venues, first, filter = NO_FILTER) =>
      across.sharesAcross(venues, first, filter),
    mergeFacts: async (slug, today, fromMs, beforeMs) =>
      across.mergeFacts(slug, today, fromMs, beforeMs),
    earliestClose: async (slug, today, first, window, filter = NO_FILTER) =>
      filtered.earliestClose(slug, today, first, window, filter),
    event: async (slug, id) => parse(q.event.get(id, slug)),
    eventBySlug: async (slug, eventSlug) => parse(q.eventBySlug.get(slug, eventSlug)),
    eventByEarlierSlug: async (slug, eventSlug) =>
      parse(q.eventByEarlierSlug.get({ venue: slug, slug: eventSlug })),
    async replaceVenues(venues) {
      try {
        replace.immediate(venues);
      } catch (error) {
        if (error instanceof IdConflictError) throw error;
        throw new Error(`cannot write SQLite database ${path}: ${(error as Error).message}`);
      }
      writes++;
    },
    version,
    async ping() {
      // A file deleted (or replaced) under a running server keeps answering from the open inode:
      // report it rather than serve data no import can reach any more.
      if (!file) return;
      let now: number | undefined;
      try {
        now = statSync(file).ino;
      } catch {
        now = undefined;
      }
      if (now !== inode) throw new StoreUnavailableError(`database file ${file} was removed`);
    },
    async close() {
      db.close();
    },
  };
}
