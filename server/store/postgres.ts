/**
 * The shared store: venues and events in PostgreSQL (node-postgres), for any number of server
 * instances behind a load balancer. The same listing model (`listing.ts`) and covering indexes as
 * SQLite, so a page is one ordered index scan and the count one index-only count.
 *
 * Change propagation: every import bumps a one-row `store_version` and sends
 * `NOTIFY venue_events_changed` in its transaction; each instance LISTENs on a dedicated
 * connection and takes the new version as soon as the import commits. While that connection is
 * down the version is unknown, so every request reads the database (and gets a 503 while it is
 * unreachable) until the listener is back and has re-read the version.
 */
import pg from 'pg';
import { isFiltered, NO_FILTER } from '../../shared/rules/filters.js';
import { KEEP_PAST_DAYS, listingQueries } from './listing.js';
import {
  storedEvent,
  venueDetailsJson,
  venueSource,
  venueRecord,
  type StoredVenue,
  type VenueRow,
} from './model.js';
import {
  filteredReads,
  insertEventAccess,
  insertEventDates,
  insertPastListing,
  migrateAccess,
  migrateFilters,
  migratePast,
  reindexSearch,
  SEARCH_VECTOR,
  searchText,
  type Read,
  type VenueEvent,
} from './postgres-filters.js';
import { acrossReads, insertListing, migrateAcross, relistPostponed } from './postgres-across.js';
import {
  IdConflictError,
  StoreUnavailableError,
  type IdConflict,
  type Store,
  type StoreOptions,
} from './store.js';

/** Timeouts of the shared store, in milliseconds. */
export interface PostgresTimeouts {
  /** Opening a connection (default 2000). */
  connectMs: number;
  /** One read query, client side (default 3000): a request never waits longer on the store. */
  queryMs: number;
  /** Pause between attempts to re-open the LISTEN connection (default 500). */
  reconnectMs: number;
}

const DEFAULT_TIMEOUTS: PostgresTimeouts = { connectMs: 2000, queryMs: 3000, reconnectMs: 500 };
const CHANNEL = 'venue_events_changed';
/** Advisory lock key serialising migrations and imports across instances. */
const LOCK_KEY = 0x7e_e7_5;
/** Rows per INSERT … SELECT FROM unnest(…) batch during an import. */
const BATCH = 5000;

/**
 * Versioned migrations, SQL or a function (which may read and backfill), recorded in
 * `schema_migrations`. Append, never edit.
 */
const MIGRATIONS: (string | ((client: pg.Client) => Promise<void>))[] = [
  `CREATE TABLE venues (
     slug text PRIMARY KEY, name text NOT NULL, timezone text NOT NULL, api_shape text NOT NULL
   );
   CREATE TABLE events (
     id bigint PRIMARY KEY,
     venue_slug text NOT NULL REFERENCES venues(slug) ON DELETE CASCADE,
     served boolean NOT NULL,
     slug text NOT NULL,
     doc text NOT NULL
   );
   CREATE INDEX events_venue ON events (venue_slug);
   CREATE INDEX events_page ON events (venue_slug, slug, id) WHERE served;
   -- Venue-local dates and times compare as bytes, as in SQLite: COLLATE "C".
   CREATE TABLE listing (
     event_id bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
     venue_slug text NOT NULL,
     after text COLLATE "C" NOT NULL,
     until text COLLATE "C" NOT NULL,
     sort_date text COLLATE "C" NOT NULL,
     sort_time text COLLATE "C" NOT NULL
   );
   CREATE INDEX listing_order ON listing (venue_slug, sort_date, sort_time, event_id)
     INCLUDE (until, after);
   CREATE INDEX listing_span ON listing (venue_slug, until) INCLUDE (after);
   CREATE INDEX listing_event ON listing (event_id);
   CREATE TABLE store_version (
     id boolean PRIMARY KEY DEFAULT true CHECK (id), version bigint NOT NULL
   );
   INSERT INTO store_version (version) VALUES (0);`,
  // The venue's optional url and address (venue-file.md), as JSON `{url?, address?}`; NULL = none.
  `ALTER TABLE venues ADD COLUMN details text;`,
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
  // foreign key: replacing a venue deletes its events, and its history must outlive that. IF NOT
  // EXISTS: a database whose migrations are re-run from an earlier version keeps the table.
  `CREATE TABLE IF NOT EXISTS event_slug_history (
     venue_slug text NOT NULL,
     slug text NOT NULL,
     event_id bigint NOT NULL,
     PRIMARY KEY (venue_slug, slug)
   );`,
];

/** `postgres://user:secret@host/db` → `postgres://user@host/db`, for messages. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL URL';
  }
}

/** SQLSTATE classes that mean "the database is not there for now", not "the query is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|53|57)/;

/** A read failure as the API sees it: unreachable → StoreUnavailableError; a bug → itself. */
function unavailable(error: unknown): Error {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !UNAVAILABLE_SQLSTATE.test(code)) {
    return error as Error;
  }
  return new StoreUnavailableError((error as Error).message);
}

async function migrate(client: pg.Client): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ done: number }>(
      'SELECT coalesce(max(version), 0) AS done FROM schema_migrations',
    );
    for (let v = rows[0]!.done; v < MIGRATIONS.length; v++) {
      const migration = MIGRATIONS[v]!;
      if (typeof migration === 'string') await client.query(migration);
      else await migration(client);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v + 1]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** node-postgres settings of every connection the store opens. */
interface Connection {
  connectionString: string;
  connectionTimeoutMillis: number;
}

/**
 * Migrates the schema over a connection of its own, closed again before the store opens its pool.
 * @throws Error with one line naming the (password-less) URL when it cannot connect or migrate.
 */
async function migrateAt(connection: Connection, url: string): Promise<void> {
  try {
    const client = new pg.Client(connection);
    client.on('error', () => undefined);
    await client.connect();
    try {
      await migrate(client);
    } finally {
      await client.end();
    }
  } catch (error) {
    throw new Error(`cannot open PostgreSQL database ${redact(url)}: ${(error as Error).message}`);
  }
}

/**
 * The store version this instance knows, kept by a dedicated LISTEN connection (see the module's
 * comment): `version()` is `pg.{n}` while listening, else a fresh `unknown.{k}` on every call, so
 * no cache validates against it. `listen()` opens the connection (rejecting when it cannot); when
 * it drops later it is reopened every `reconnectMs` until `close()`.
 */
function versionListener(connection: Connection, reconnectMs: number) {
  /** The last store version seen, or undefined while the LISTEN connection is down. */
  let known: number | undefined;
  let unknownReads = 0;
  let closed = false;
  let listener: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const learn = (version: number) => {
    if (known === undefined || version > known) known = version;
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ ...connection, keepAlive: true });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (listener !== client) return;
      listener = undefined;
      known = undefined;
      if (!closed) retry = setTimeout(reconnect, reconnectMs);
    });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) learn(Number(message.payload));
    });
    await client.connect();
    listener = client;
    // LISTEN first, then read: an import committing in between is seen by one or the other.
    await client.query(`LISTEN ${CHANNEL}`);
    const { rows } = await client.query<{ version: string }>('SELECT version FROM store_version');
    learn(Number(rows[0]!.version));
  }

  function reconnect(): void {
    retry = undefined;
    if (closed) return;
    listen().catch(() => {
      const failed = listener;
      listener = undefined;
      known = undefined;
      void failed?.end().catch(() => undefined);
      if (!closed) retry = setTimeout(reconnect, reconnectMs);
    });
  }

  return {
    learn,
    listen,
    listening: () => known !== undefined,
    version: () => (known === undefined ? `unknown.${++unknownReads}` : `pg.${known}`),
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Inserts the events of `venues` with their search vectors, listing rows (with their filter
 * columns and instants), past listing rows and dates, in batches of `BATCH` rows, in the
 * caller's transaction.
 */
async function insertEvents(client: pg.Client, venues: readonly StoredVenue[]): Promise<void> {
  const events: VenueEvent[] = venues.flatMap((venue) =>
    venue.events.map((event) => ({ slug: venue.slug, event })),
  );
  for (let i = 0; i < events.length; i += BATCH) {
    const batch = events.slice(i, i + BATCH);
    await client.query(
      `INSERT INTO events (id, venue_slug, served, slug, doc, search)
       SELECT id, venue_slug, served, slug, doc, ${SEARCH_VECTOR('tokens')}
       FROM unnest($1::bigint[], $2::text[], $3::boolean[], $4::text[], $5::text[], $6::text[])
         AS v(id, venue_slug, served, slug, doc, tokens)`,
      [
        batch.map((b) => b.event.id),
        batch.map((b) => b.slug),
        batch.map((b) => b.event.served),
        batch.map((b) => b.event.slug),
        batch.map((b) => JSON.stringify(b.event)),
        batch.map(searchText),
      ],
    );
  }
  await insertListing(client, venues);
  await insertPastListing(client, events);
  await insertEventDates(client, events);
  await insertEventAccess(client, events);
}

/** Each event id of `venues` as stored now, with its venue and page slug, by id. */
async function slugsBefore(
  client: pg.Client,
  venues: readonly StoredVenue[],
): Promise<Map<number, { venue: string; slug: string }>> {
  const { rows } = await client.query<{ id: string; venue_slug: string; slug: string }>(
    'SELECT id, venue_slug, slug FROM events WHERE venue_slug = ANY($1::text[])',
    [venues.map((v) => v.slug)],
  );
  return new Map(rows.map((row) => [Number(row.id), { venue: row.venue_slug, slug: row.slug }]));
}

/**
 * The history of `venues`' page slugs (docs/sources.md "Stable identity"), in the import's
 * transaction after its events are written: each earlier slug (`before`, `slugsBefore`) of an
 * event that kept its id in its venue under another slug is noted (the event that last left a
 * slug takes it), and the history of ids a venue no longer has is forgotten.
 */
async function recordSlugs(
  client: pg.Client,
  venues: readonly StoredVenue[],
  before: ReadonlyMap<number, { venue: string; slug: string }>,
): Promise<void> {
  // Keyed by venue and slug: one INSERT … ON CONFLICT may not touch a row twice.
  const moved = new Map<string, [venue: string, slug: string, id: number]>();
  for (const venue of venues) {
    for (const event of venue.events) {
      const earlier = before.get(event.id);
      if (earlier && earlier.venue === venue.slug && earlier.slug !== event.slug) {
        moved.set(`${venue.slug}\n${earlier.slug}`, [venue.slug, earlier.slug, event.id]);
      }
    }
  }
  const rows = [...moved.values()];
  if (rows.length > 0) {
    await client.query(
      `INSERT INTO event_slug_history (venue_slug, slug, event_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
     ON CONFLICT (venue_slug, slug) DO UPDATE SET event_id = EXCLUDED.event_id`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
    );
  }
  await client.query(
    `DELETE FROM event_slug_history h WHERE h.venue_slug = ANY($1::text[]) AND NOT EXISTS
       (SELECT 1 FROM events e WHERE e.id = h.event_id AND e.venue_slug = h.venue_slug)`,
    [venues.map((v) => v.slug)],
  );
}

/**
 * `Store.replaceVenues` as one transaction on a connection of its own; `learn` gets the new
 * store version as soon as it is committed.
 * @throws IdConflictError when an id belongs to a venue the import leaves alone; rolled back.
 */
async function writeVenues(
  connection: Connection,
  venues: readonly StoredVenue[],
  learn: (version: number) => void,
): Promise<void> {
  const client = new pg.Client(connection);
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const before = await slugsBefore(client, venues);
    await client.query('DELETE FROM venues WHERE slug = ANY($1::text[])', [
      venues.map((v) => v.slug),
    ]);
    const where = new Map<number, [number, number]>();
    venues.forEach((venue, v) => venue.events.forEach((e, i) => where.set(e.id, [v, i])));
    // After the named venues are gone, an id still present belongs to a venue left alone.
    const { rows: owned } = await client.query<{ id: string; venue_slug: string }>(
      'SELECT id, venue_slug FROM events WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[...where.keys()]],
    );
    if (owned.length > 0) {
      const conflicts: IdConflict[] = owned.map((row) => {
        const [venue, event] = where.get(Number(row.id))!;
        return { venue, event, id: Number(row.id), owner: row.venue_slug };
      });
      throw new IdConflictError(conflicts.sort((a, b) => a.venue - b.venue || a.event - b.event));
    }
    await client.query(
      'INSERT INTO venues (slug, name, timezone, api_shape, details) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])',
      [
        venues.map((v) => v.slug),
        venues.map((v) => v.name),
        venues.map((v) => v.timezone),
        venues.map((v) => v.apiShape),
        venues.map(venueDetailsJson),
      ],
    );
    await insertEvents(client, venues);
    await recordSlugs(client, venues, before);
    const { rows } = await client.query<{ version: string }>(
      'UPDATE store_version SET version = version + 1 RETURNING version',
    );
    const version = rows[0]!.version;
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, version]);
    await client.query('COMMIT');
    // This instance serves the new data at once, before its own notification arrives.
    learn(Number(version));
    // Fresh statistics keep the planner on the covering indexes after a large import, and a
    // vacuumed visibility map lets it read them index-only (autovacuum would, but later).
    await client
      .query('VACUUM (ANALYZE) listing, past_listing, event_dates, event_access')
      .catch(() => undefined);
    await client.query('ANALYZE events').catch(() => undefined);
    // New search vectors wait in the GIN index's pending list, which every search reads through
    // until it is merged (by autovacuum, later): merge it now.
    await client.query("SELECT gin_clean_pending_list('events_search')").catch(() => undefined);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs named prepared statements on `pool`; an unreachable database is a `StoreUnavailableError`. */
function reader(pool: pg.Pool): Read {
  return async <R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) => {
    try {
      return (await pool.query<R>({ name, text, values })).rows;
    } catch (error) {
      throw unavailable(error);
    }
  };
}

/**
 * `Store.sourceLock` on PostgreSQL: a session advisory lock keyed by the venue, held on a
 * connection of its own until released, so one instance fetches a source at a time.
 */
async function sourceLock(pool: pg.Pool, slug: string): Promise<(() => Promise<void>) | undefined> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw unavailable(error);
  }
  const key = [`venue-events source ${slug}`];
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
      key,
    );
    if (!rows[0]!.locked) {
      client.release();
      return undefined;
    }
  } catch (error) {
    client.release(true);
    throw unavailable(error);
  }
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', key);
      client.release();
    } catch {
      // A connection that cannot unlock is closed: its session's locks end with it.
      client.release(true);
    }
  };
}

/** The source sync's reads (`Store.storedVenue`, `Store.sourceVenues`). */
function sourceReads(read: Read): Pick<Store, 'storedVenue' | 'sourceVenues'> {
  return {
    async storedVenue(slug) {
      const [row] = await read<VenueRow>(
        've_venue',
        'SELECT slug, name, timezone, api_shape, details FROM venues WHERE slug = $1',
        [slug],
      );
      if (!row) return undefined;
      const docs = await read<{ doc: string }>(
        've_venue_events',
        'SELECT doc FROM events WHERE venue_slug = $1 ORDER BY id',
        [slug],
      );
      const source = venueSource(row);
      const events = docs.map((r) => storedEvent(r.doc));
      return { ...venueRecord(row), events, ...(source && { source }) };
    },
    async sourceVenues() {
      const rows = await read<{ slug: string }>(
        've_source_venues',
        "SELECT slug FROM venues WHERE details::jsonb ? 'source' ORDER BY slug",
        [],
      );
      return rows.map((r) => r.slug);
    },
  };
}

/** One event's reads (`Store.event`, `eventBySlug`, `eventByEarlierSlug`). */
function eventReads(read: Read): Pick<Store, 'event' | 'eventBySlug' | 'eventByEarlierSlug'> {
  const parse = (rows: { doc: string }[]) => rows.map((row) => storedEvent(row.doc));
  return {
    async event(slug, id) {
      return parse(
        await read<{ doc: string }>(
          've_event',
          'SELECT doc FROM events WHERE id = $1 AND venue_slug = $2 AND served',
          [id, slug],
        ),
      )[0];
    },
    async eventBySlug(slug, eventSlug) {
      return parse(
        await read<{ doc: string }>(
          've_event_by_slug',
          'SELECT doc FROM events WHERE venue_slug = $1 AND slug = $2 AND served ORDER BY id LIMIT 1',
          [slug, eventSlug],
        ),
      )[0];
    },
    async eventByEarlierSlug(slug, eventSlug) {
      return parse(
        await read<{ doc: string }>(
          've_event_by_earlier_slug',
          `SELECT e.doc FROM event_slug_history h
         JOIN events e ON e.id = h.event_id AND e.venue_slug = h.venue_slug AND e.served
         WHERE h.venue_slug = $1 AND h.slug = $2 AND e.slug <> $2
           AND NOT EXISTS (SELECT 1 FROM events c
             WHERE c.venue_slug = $1 AND c.slug = $2 AND c.served)`,
          [slug, eventSlug],
        ),
      )[0];
    },
  };
}

/**
 * Connects to the PostgreSQL database at `url`, migrates its schema and starts listening for
 * imports by any instance.
 * @param options `keepPastDays`: days a past event stays listed after its last date (docs/api.md
 *   §10.20; default `KEEP_PAST_DAYS`)
 * @throws Error with one line naming the (password-less) URL when it cannot connect or migrate.
 */
export async function openPostgresStore(
  url: string,
  timeouts: Partial<PostgresTimeouts> = {},
  options: StoreOptions = {},
): Promise<Store> {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const connection = { connectionString: url, connectionTimeoutMillis: t.connectMs };
  await migrateAt(connection, url);

  const pool = new pg.Pool({ ...connection, max: 10, query_timeout: t.queryMs });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const versions = versionListener(connection, t.reconnectMs);
  try {
    await versions.listen();
  } catch (error) {
    await pool.end();
    throw new Error(
      `cannot listen on PostgreSQL database ${redact(url)}: ${(error as Error).message}`,
    );
  }

  const read = reader(pool);
  const filtered = filteredReads(read, versions.version, options.keepPastDays ?? KEEP_PAST_DAYS);
  const across = acrossReads(read, filtered.acrossPlan);

  const parse = (rows: { doc: string }[]) => rows.map((row) => storedEvent(row.doc));
  const listing = listingQueries({ slug: '$1', today: '$2', limit: '$3', offset: '$4' }, false);

  return {
    kind: 'postgres',
    keepPastDays: options.keepPastDays ?? KEEP_PAST_DAYS,
    async venue(slug) {
      const rows = await read<VenueRow>(
        've_venue',
        'SELECT slug, name, timezone, api_shape, details FROM venues WHERE slug = $1',
        [slug],
      );
      return rows[0] && venueRecord(rows[0]);
    },
    ...sourceReads(read),
    sourceLock: (slug) => sourceLock(pool, slug),
    async venueCount() {
      const rows = await read<{ n: number }>(
        've_venue_count',
        'SELECT count(*)::int AS n FROM venues',
        [],
      );
      return rows[0]!.n;
    },
    // Unfiltered (no filter, or one selecting everything): the listing's own queries, unchanged.
    async countListed(slug, today, filter) {
      if (filter && isFiltered(filter)) return filtered.count(slug, today, filter);
      const rows = await read<{ n: number }>('ve_count', listing.count, [slug, today]);
      return rows[0]!.n;
    },
    async listed(slug, today, offset, limit, filter) {
      if (filter && isFiltered(filter)) return filtered.listed(slug, today, offset, limit, filter);
      return parse(
        await read<{ doc: string }>('ve_listed', listing.page, [slug, today, limit, offset]),
      );
    },
    categories: (slug, today) => filtered.categories(slug, today),
    access: (slug, today) => filtered.access(slug, today),
    listedAcross: (venues, offset, limit, filter = NO_FILTER) =>
      across.listedAcross(venues, offset, limit, filter),
    sharesAcross: (venues, first, filter = NO_FILTER) => across.sharesAcross(venues, first, filter),
    mergeFacts: (slug, today, fromMs, beforeMs) => across.mergeFacts(slug, today, fromMs, beforeMs),
    earliestClose: (slug, today, first, window, filter = NO_FILTER) =>
      filtered.earliestClose(slug, today, first, window, filter),
    ...eventReads(read),
    replaceVenues: (venues) => writeVenues(connection, venues, versions.learn),
    version: versions.version,
    async ping() {
      await read('ve_ping', 'SELECT 1', []);
      if (!versions.listening()) throw new StoreUnavailableError('not listening for changes');
    },
    async close() {
      await versions.close();
      await pool.end();
    },
  };
}
