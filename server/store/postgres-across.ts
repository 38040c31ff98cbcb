/**
 * The PostgreSQL store's listings across venues (docs/api.md §10.16, `across.ts`), as SQLite's
 * (`sqlite-across.ts`): the migration that adds each listing row's instant, `behind` mark and
 * sales closure and fills them from what is stored, the rows an import writes, and the reads
 * across venues, one named statement per filter shape and search plan whatever the venues (they
 * are arrays).
 */
import type pg from 'pg';
import type { ListFilter } from '../../shared/rules/filters.js';
import {
  acrossQuery,
  closeMsOf,
  listedSince,
  placeRows,
  venueListingRows,
  type AcrossDialect,
} from './across.js';
import { filterColumns, tsQuery } from './filter-index.js';
import { filterShape, shapeName, type SearchPlan } from './listing.js';
import { storedEvent, type StoredVenue } from './model.js';
import { dialect, numbered, valuesOf, type Read } from './postgres-filters.js';
import { pastMerged, type AcrossEvent, type ListedVenue, type MergeFacts } from './store.js';

/** Rows per INSERT or UPDATE … FROM unnest(…) batch. */
const BATCH = 5000;

/**
 * The columns and indexes of listings across venues, as SQLite's: `listing_instant` is the page's
 * covering index (one scan in instant order from the earliest today, stopping after the page),
 * `listing_closing` and `listing_behind` hold only the rows they are about. IF NOT EXISTS: a
 * database may be migrated again from an earlier version.
 */
const ACROSS_SCHEMA = `
  ALTER TABLE listing
    ADD COLUMN IF NOT EXISTS instant bigint NOT NULL DEFAULT 0,
    ADD COLUMN IF NOT EXISTS behind boolean NOT NULL DEFAULT false,
    ADD COLUMN IF NOT EXISTS close_ms bigint;
  CREATE INDEX IF NOT EXISTS listing_instant ON listing (instant)
    INCLUDE (venue_slug, sort_date, sort_time, event_id, until, after, last_date, category_key);
  CREATE INDEX IF NOT EXISTS listing_closing ON listing (venue_slug, close_ms)
    INCLUDE (until, after) WHERE close_ms IS NOT NULL;
  CREATE INDEX IF NOT EXISTS listing_behind ON listing (venue_slug, until) INCLUDE (after)
    WHERE behind;`;

/**
 * Inserts the listing rows (`venueListingRows`, with their filter columns) of `venues`' events,
 * already in `events`, in batches, in the caller's transaction.
 */
export async function insertListing(
  client: pg.ClientBase,
  venues: readonly Pick<StoredVenue, 'slug' | 'timezone' | 'events'>[],
): Promise<void> {
  const rows = venues.flatMap((venue) =>
    venueListingRows(venue.timezone, venue.events).map((row) => ({ slug: venue.slug, row })),
  );
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const columns = batch.map(({ row }) => filterColumns(row.event));
    await client.query(
      `INSERT INTO listing (event_id, venue_slug, after, until, sort_date, sort_time,
         category, category_key, last_date, instant, behind, close_ms)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::text[], $8::text[], $9::text[], $10::bigint[], $11::boolean[], $12::bigint[])`,
      [
        batch.map((b) => b.row.event.id),
        batch.map((b) => b.slug),
        batch.map((b) => b.row.span.after),
        batch.map((b) => b.row.span.until),
        batch.map((b) => b.row.span.sortDate),
        batch.map((b) => b.row.span.sortTime),
        ...[0, 1, 2].map((k) => columns.map((c) => c[k])),
        batch.map((b) => b.row.instantMs),
        batch.map((b) => b.row.behind),
        batch.map((b) => b.row.closeMs),
      ],
    );
  }
}

/** Fills the instant columns of the listing rows of venue `slug` in IANA zone `zone`. */
async function backfillVenue(client: pg.ClientBase, slug: string, zone: string): Promise<void> {
  const { rows } = await client.query<{
    event_id: string;
    until: string;
    sort_date: string;
    sort_time: string;
  }>('SELECT event_id, until, sort_date, sort_time FROM listing WHERE venue_slug = $1', [slug]);
  const { rows: docs } = await client.query<{ id: string; doc: string }>(
    'SELECT id, doc FROM events WHERE venue_slug = $1 AND served',
    [slug],
  );
  const closes = new Map(docs.map((r) => [Number(r.id), closeMsOf(storedEvent(r.doc))]));
  const keys = rows.map((r) => ({
    eventId: Number(r.event_id),
    sortDate: r.sort_date,
    sortTime: r.sort_time,
  }));
  const placed = placeRows(zone, keys);
  for (let i = 0; i < rows.length; i += BATCH) {
    const range = rows.slice(i, i + BATCH).map((row, k) => ({ row, ...placed[i + k]! }));
    await client.query(
      `UPDATE listing SET instant = v.instant, behind = v.behind, close_ms = v.close_ms
       FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::boolean[], $5::bigint[])
         AS v(id, until, instant, behind, close_ms)
       WHERE listing.event_id = v.id AND listing.until = v.until`,
      [
        range.map((r) => r.row.event_id),
        range.map((r) => r.row.until),
        range.map((r) => r.instantMs),
        range.map((r) => r.behind),
        range.map((r) => closes.get(Number(r.row.event_id)) ?? null),
      ],
    );
  }
}

/**
 * The migration that adds the instants (`ACROSS_SCHEMA`) and fills them, venue by venue (a row's
 * `behind` compares it with its venue's other rows), from the listing rows and events already
 * stored, so an existing database lists across venues without a re-import. Runs inside the
 * migrations' transaction; idempotent (`ACROSS_SCHEMA`, the rows filled again).
 */
export async function migrateAcross(client: pg.ClientBase): Promise<void> {
  await client.query(ACROSS_SCHEMA);
  const { rows } = await client.query<{ slug: string; timezone: string }>(
    'SELECT slug, timezone FROM venues ORDER BY slug',
  );
  for (const { slug, timezone } of rows) await backfillVenue(client, slug, timezone);
  await client.query('ANALYZE listing');
}

/**
 * The migration that writes again the listing rows of every venue with a served postponed event
 * (docs/api.md §10.20), imported before such an event stayed listed after its date
 * (`listingSpans`): those venues list what an import would, without a re-import. Runs inside
 * the migrations' transaction, after every column of `listing` exists.
 */
export async function relistPostponed(client: pg.ClientBase): Promise<void> {
  const { rows: venues } = await client.query<{ slug: string; timezone: string }>(
    `SELECT slug, timezone FROM venues WHERE slug IN (SELECT venue_slug FROM events
       WHERE served AND doc::jsonb ->> 'scheduleStatus' = 'postponed') ORDER BY slug`,
  );
  for (const { slug, timezone } of venues) {
    const { rows } = await client.query<{ doc: string }>(
      'SELECT doc FROM events WHERE venue_slug = $1 ORDER BY id',
      [slug],
    );
    await client.query('DELETE FROM listing WHERE venue_slug = $1', [slug]);
    const events = rows.map((row) => storedEvent(row.doc));
    await insertListing(client, [{ slug, timezone, events }]);
  }
}

/** The dialect of a query across venues: the venues as arrays `slugs` and `todays`. */
function acrossDialect(p: Parameters<typeof dialect>[0]): AcrossDialect {
  const position = `array_position(${p('slugs')}::text[], l.venue_slug)`;
  const today = `(${p('todays')}::text[])[${position}]`;
  return {
    ...dialect(p),
    // Listed on every venue's today, or on its own: the venue's today is looked up only for the
    // few rows listed on some of the todays and not others (tours' spans, yesterday's events).
    listed: `l.venue_slug = ANY(${p('slugs')}::text[])
      AND ((l.until >= ${p('latest')} AND l.after < ${p('earliest')})
        OR (l.until >= ${today} AND l.after < ${today}))`,
    // The venues' order itself: PostgreSQL sorts what it reads (a round trip costs more).
    venue: `${position} - 1`,
    today,
  };
}

/** One statement across venues per query, filter shape and search plan, built on first use. */
const statements = new Map<string, ReturnType<typeof numbered> & { name: string }>();

function statementOf(query: 'page' | 'shares', filter: ListFilter, search: SearchPlan) {
  // Upcoming events only: a past filter is a caller's mistake (`pastMerged`).
  const shape = filterShape(pastMerged(filter));
  const plan = shape.words ? `_${search}` : '';
  const name = `ve_across_${query}_${shapeName(shape)}${plan}`;
  let found = statements.get(name);
  if (!found) {
    const built = numbered((p) => acrossQuery(query, shape, acrossDialect(p), search));
    statements.set(name, (found = { name, ...built }));
  }
  return found;
}

/** The values of a query across `venues` (`acrossQuery`'s parameters) but its page's. */
function acrossGiven(venues: readonly ListedVenue[], filter: ListFilter) {
  const todays = venues.map((v) => v.today).sort();
  return {
    since: listedSince(todays[0]!),
    earliest: todays[0]!,
    latest: todays.at(-1)!,
    slugs: venues.map((v) => v.slug),
    todays: venues.map((v) => v.today),
    // Each venue's lexemes carry its slug (filter-index.ts): any venue's words, for its own events.
    match: venues.map(({ slug }) => `(${tsQuery(slug, filter.words)})`).join(' | '),
  };
}

/**
 * The reads across venues of `Store` through `read`; `plan` chooses a search's plan from the
 * venues' counts (`postgres-filters.ts` `acrossPlan`).
 */
export function acrossReads(
  read: Read,
  plan: (venues: readonly ListedVenue[], filter: ListFilter) => SearchPlan,
) {
  return {
    async listedAcross(
      venues: readonly ListedVenue[],
      offset: number,
      limit: number,
      filter: ListFilter,
    ): Promise<AcrossEvent[]> {
      const { name, text, names } = statementOf('page', filter, plan(venues, filter));
      const given = { ...acrossGiven(venues, filter), offset, limit };
      const rows = await read<{ venue: number; doc: string }>(
        name,
        text,
        valuesOf(names, given, filter),
      );
      return rows.map((row) => ({ venue: row.venue, event: storedEvent(row.doc) }));
    },
    async sharesAcross(
      venues: readonly ListedVenue[],
      first: number,
      filter: ListFilter,
    ): Promise<number[]> {
      const shares = venues.map(() => 0);
      if (first <= 0) return shares;
      const { name, text, names } = statementOf('shares', filter, plan(venues, filter));
      const given = { ...acrossGiven(venues, filter), limit: first };
      const rows = await read<{ venue: number; n: number }>(
        name,
        text,
        valuesOf(names, given, filter),
      );
      for (const { venue, n } of rows) shares[venue] = n;
      return shares;
    },
    async mergeFacts(
      slug: string,
      today: string,
      from: number,
      before: number,
    ): Promise<MergeFacts> {
      const listed = 'venue_slug = $1 AND until >= $2 AND after < $2';
      const rows = await read<{ behind: boolean; closes: number[] }>(
        've_merge_facts',
        `SELECT EXISTS (SELECT 1 FROM listing WHERE ${listed} AND behind) AS behind,
           ARRAY(SELECT DISTINCT close_ms::float8 FROM listing
                 WHERE ${listed} AND close_ms >= $3 AND close_ms < $4 ORDER BY 1) AS closes`,
        [slug, today, from, before],
      );
      return { inInstantOrder: !rows[0]!.behind, closesMs: rows[0]!.closes };
    },
  };
}
