/**
 * The PostgreSQL store's list filters (docs/api.md §10.12) and categories (§10.13): the schema
 * migration that adds their indexes and fills them from the events already stored, the rows an
 * import writes, and the filtered reads. Search is PostgreSQL full-text search: a `tsvector` of
 * each served event's search tokens (`filter-index.ts`) under a GIN index, matched with a
 * `tsquery` of the search words, the last a prefix (`:*`).
 *
 * The vector and the query are built from lexemes folded in JS (`array_to_tsvector`, a
 * `::tsquery` cast) rather than by a text search configuration: what the `simple` configuration
 * would do (no stemming, no stop words, lower case) without its parser, whose word classes
 * depend on the server's locale and which splits e.g. `example.com` differently; so both stores
 * agree on every character. Past events (docs/api.md §10.20) have a table of their own,
 * `past_listing`, as SQLite's (`sqlite-filters.ts`).
 */
import type pg from 'pg';
import type { AccessCount } from '../../shared/rules/access.js';
import type { CategoryCount } from '../../shared/rules/categories.js';
import type { ListFilter } from '../../shared/rules/filters.js';
import { accessRows, eventDates, filterColumns, searchTokens, tsQuery } from './filter-index.js';
import {
  accessCounts,
  accessCountsQuery,
  accessParameter,
  categoriesQuery,
  filteredListingQuery,
  filterShape,
  keptSince,
  pastListingQuery,
  pastRow,
  searchPlanner,
  shapeName,
  type FilterDialect,
  type FilterParameter,
  type FilterShape,
  type SearchPlan,
} from './listing.js';
import { storedEvent, type StoredEvent } from './model.js';

/**
 * The filters' schema: as SQLite's (`sqlite-filters.ts`), with the search vector on `events`.
 * Dates compare as bytes (COLLATE "C"), as the listing's do.
 */
const FILTER_SCHEMA = `
  ALTER TABLE listing
    ADD COLUMN category text NOT NULL DEFAULT '',
    ADD COLUMN category_key text NOT NULL DEFAULT '',
    ADD COLUMN last_date text COLLATE "C" NOT NULL DEFAULT '';
  ALTER TABLE events ADD COLUMN search tsvector;
  CREATE TABLE event_dates (
    event_id bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    venue_slug text NOT NULL,
    date text COLLATE "C" NOT NULL,
    PRIMARY KEY (event_id, date)
  );
  CREATE INDEX event_dates_venue ON event_dates (venue_slug, date) INCLUDE (event_id);
  CREATE INDEX events_search ON events USING gin (search);
  CREATE INDEX listing_filter ON listing (venue_slug, sort_date, sort_time, event_id)
    INCLUDE (until, after, last_date, category_key);
  CREATE INDEX listing_category ON listing (venue_slug, category_key, sort_date, sort_time, event_id)
    INCLUDE (until, after, last_date, category);
  CREATE INDEX listing_until ON listing (venue_slug, until)
    INCLUDE (after, last_date, category_key, sort_date, sort_time, event_id);`;

/** Rows per batch of the backfill and of an import's filter rows. */
const BATCH = 5000;

/** An event with its venue's slug, as an import or the backfill writes it. */
export interface VenueEvent {
  slug: string;
  event: StoredEvent;
}

/** The search tokens of a served event joined by spaces (none holds one), or null (not served). */
export const searchText = ({ slug, event }: VenueEvent): string | null =>
  event.served ? searchTokens(slug, event).join(' ') : null;

/** SQL of the search vector of a `searchText` value (null stays null). */
export const SEARCH_VECTOR = (text: string) => `array_to_tsvector(string_to_array(${text}, ' '))`;

/** Inserts the `event_dates` rows of the served `events`, in the caller's transaction. */
export async function insertEventDates(
  client: pg.ClientBase,
  events: readonly VenueEvent[],
): Promise<void> {
  const dates = events.flatMap(({ slug, event }) =>
    event.served ? eventDates(event).map((date) => ({ id: event.id, slug, date })) : [],
  );
  for (let i = 0; i < dates.length; i += BATCH) {
    const batch = dates.slice(i, i + BATCH);
    await client.query(
      'INSERT INTO event_dates (event_id, venue_slug, date) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[])',
      [batch.map((d) => d.id), batch.map((d) => d.slug), batch.map((d) => d.date)],
    );
  }
}

/**
 * The access filter's schema (docs/api.md §10.15), as SQLite's (`sqlite-filters.ts`). IF NOT
 * EXISTS: a database may be migrated again from an earlier version.
 */
const ACCESS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS event_access (
    event_id bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    venue_slug text NOT NULL,
    date text COLLATE "C" NOT NULL,
    mask integer NOT NULL,
    PRIMARY KEY (event_id, date, mask)
  );
  CREATE INDEX IF NOT EXISTS event_access_venue ON event_access (venue_slug, date)
    INCLUDE (event_id, mask);`;

/** Inserts the `event_access` rows (`accessRows`) of the served `events`, in the caller's transaction. */
export async function insertEventAccess(
  client: pg.ClientBase,
  events: readonly VenueEvent[],
): Promise<void> {
  const rows = events.flatMap(({ slug, event }) =>
    event.served ? accessRows(event).map((row) => ({ id: event.id, slug, ...row })) : [],
  );
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await client.query(
      `INSERT INTO event_access (event_id, venue_slug, date, mask)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::integer[])
       ON CONFLICT DO NOTHING`,
      [
        batch.map((r) => r.id),
        batch.map((r) => r.slug),
        batch.map((r) => r.date),
        batch.map((r) => r.mask),
      ],
    );
  }
}

/**
 * The migration that adds the access filter (`ACCESS_SCHEMA`) and fills it from the events
 * already stored, in batches by id, so an existing database upgrades without a re-import. Runs
 * inside the migrations' transaction.
 */
export async function migrateAccess(client: pg.ClientBase): Promise<void> {
  await client.query(ACCESS_SCHEMA);
  await eachServedBatch(client, (events) => insertEventAccess(client, events));
}

/** Calls `each` with the served events stored, in batches of `BATCH` by id, one at a time. */
async function eachServedBatch(
  client: pg.ClientBase,
  each: (events: VenueEvent[]) => Promise<void>,
): Promise<void> {
  for (let after = -1; ;) {
    const { rows } = await client.query<{ id: string; venue_slug: string; doc: string }>(
      'SELECT id, venue_slug, doc FROM events WHERE served AND id > $1 ORDER BY id LIMIT $2',
      [after, BATCH],
    );
    if (rows.length === 0) break;
    await each(rows.map((row) => ({ slug: row.venue_slug, event: storedEvent(row.doc) })));
    after = Number(rows.at(-1)!.id);
  }
}

/** Writes the search vector of `events` already in `events` (`searchText`). */
async function updateSearch(client: pg.ClientBase, events: readonly VenueEvent[]): Promise<void> {
  await client.query(
    `UPDATE events SET search = ${SEARCH_VECTOR('v.tokens')}
     FROM unnest($1::bigint[], $2::text[]) AS v(id, tokens) WHERE events.id = v.id`,
    [events.map((e) => e.event.id), events.map(searchText)],
  );
}

/** Fills the filter data of served events already in `events` and `listing` (the backfill). */
async function backfill(client: pg.ClientBase, events: readonly VenueEvent[]): Promise<void> {
  const columns = events.map((e) => filterColumns(e.event));
  await client.query(
    `UPDATE listing SET category = v.category, category_key = v.category_key, last_date = v.last_date
     FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS v(id, category, category_key, last_date)
     WHERE listing.event_id = v.id`,
    [events.map((e) => e.event.id), ...[0, 1, 2].map((k) => columns.map((c) => c[k]))],
  );
  await updateSearch(client, events);
  await insertEventDates(client, events);
}

/**
 * The migration that adds the filters (`FILTER_SCHEMA`) and fills them from the events already
 * stored, in batches by id, so an existing database filters right away, without a re-import.
 * Runs inside the migrations' transaction.
 */
export async function migrateFilters(client: pg.ClientBase): Promise<void> {
  await client.query(FILTER_SCHEMA);
  await eachServedBatch(client, (events) => backfill(client, events));
  await client.query("SELECT gin_clean_pending_list('events_search')");
  await client.query('ANALYZE listing, events, event_dates');
}

/**
 * The migration that writes every served event's search vector again from the events stored,
 * in batches by id, for a database whose words were folded by an earlier rule
 * (docs/decisions.md "Search folds letters to Latin"): its searches find what an import would.
 * A later change of `foldText` appends it again. Runs inside the migrations' transaction.
 */
export async function reindexSearch(client: pg.ClientBase): Promise<void> {
  await eachServedBatch(client, (events) => updateSearch(client, events));
  await client.query("SELECT gin_clean_pending_list('events_search')");
  await client.query('ANALYZE events');
}

/**
 * The past listing's schema (docs/api.md §10.20), as SQLite's (`sqlite-filters.ts`): one row per
 * served, not postponed event (`pastRow`); `past_listing_order` is read backwards (newest first)
 * from the venue's today, index-only. Dates and times compare as bytes (COLLATE "C"). IF NOT
 * EXISTS: a database may be migrated again from an earlier version.
 */
const PAST_SCHEMA = `
  CREATE TABLE IF NOT EXISTS past_listing (
    event_id bigint PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    venue_slug text NOT NULL,
    last_date text COLLATE "C" NOT NULL,
    last_time text COLLATE "C" NOT NULL,
    first_date text COLLATE "C" NOT NULL,
    category text NOT NULL,
    category_key text NOT NULL
  );
  CREATE INDEX IF NOT EXISTS past_listing_order
    ON past_listing (venue_slug, last_date, last_time, event_id) INCLUDE (first_date, category_key);
  CREATE INDEX IF NOT EXISTS past_listing_category
    ON past_listing (venue_slug, category_key, last_date, last_time, event_id) INCLUDE (first_date);`;

/** Inserts the past listing rows (`pastRow`) of `events`, in the caller's transaction. */
export async function insertPastListing(
  client: pg.ClientBase,
  events: readonly VenueEvent[],
): Promise<void> {
  const rows = events.flatMap(({ slug, event }) => {
    const row = pastRow(event);
    return row ? [{ id: event.id, slug, row, columns: filterColumns(event) }] : [];
  });
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await client.query(
      `INSERT INTO past_listing
         (event_id, venue_slug, last_date, last_time, first_date, category, category_key)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[],
         $6::text[], $7::text[])`,
      [
        batch.map((r) => r.id),
        batch.map((r) => r.slug),
        batch.map((r) => r.row.lastDate),
        batch.map((r) => r.row.lastTime),
        batch.map((r) => r.row.firstDate),
        batch.map((r) => r.columns[0]),
        batch.map((r) => r.columns[1]),
      ],
    );
  }
}

/**
 * The migration that adds the past listing (`PAST_SCHEMA`) and fills it from the events already
 * stored, in batches by id, so an existing database lists past events without a re-import; its
 * rows are written afresh (a database migrated again keeps the table). Runs inside the
 * migrations' transaction.
 */
export async function migratePast(client: pg.ClientBase): Promise<void> {
  await client.query(PAST_SCHEMA);
  await client.query('DELETE FROM past_listing');
  await eachServedBatch(client, (events) => insertPastListing(client, events));
  await client.query('ANALYZE past_listing');
}

/** Runs a named prepared statement on the pool, as the store's reads do. */
export type Read = <R extends pg.QueryResultRow>(
  name: string,
  text: string,
  values: unknown[],
) => Promise<R[]>;

/** One filtered query for PostgreSQL: its text, its `$n` parameters' names, its statement name. */
interface Statement {
  name: string;
  text: string;
  names: FilterParameter[];
}

/**
 * A search condition for each plan (`SearchPlan`), written so that PostgreSQL cannot plan it
 * another way, with the query's values or without them (a named statement's generic plan knows
 * none, and a search's best plan depends on how many events match). From the matches: an
 * InitPlan reads them from the GIN index once (an `IN (SELECT …)` may become a subplan run per
 * listing row). Row by row: `ts_match_vq` is `@@` as a function, which no index serves, so the
 * ordered listing scan checks each row's vector and stops after the page.
 */
const SEARCHED: Record<SearchPlan, (id: string, match: string) => string> = {
  matches: (id, match) =>
    `${id} = ANY (ARRAY(SELECT id FROM events WHERE search @@ ${match}::tsquery))`,
  scan: (id, match) =>
    `EXISTS (SELECT 1 FROM events AS s WHERE s.id = ${id} AND ts_match_vq(s.search, ${match}::tsquery))`,
};

/** The SQL `build` writes with `$n` placeholders, numbered in order of first use, and their names. */
export function numbered(build: (p: (name: FilterParameter) => string) => string): {
  text: string;
  names: FilterParameter[];
} {
  const names: FilterParameter[] = [];
  const p = (name: FilterParameter) => {
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  };
  return { text: build(p), names };
}

/** How PostgreSQL writes the filters' conditions (`FilterDialect`) over the placeholders `p`. */
export const dialect = (p: (name: FilterParameter) => string): FilterDialect => ({
  p,
  anyCategory: (column) => `${column} = ANY(${p('categories')}::text[])`,
  searched: (id, plan) => SEARCHED[plan](id, p('match')),
});

/** The filtered queries (`filteredListingQuery`). */
type Query = 'count' | 'page' | 'closing';

/**
 * The query `query` of a filter shape and search plan, named; `past`: of the past listing
 * (`pastListingQuery`, which has no `closing`).
 */
function statement(shape: FilterShape, query: Query, search: SearchPlan, past: boolean): Statement {
  const { text, names } = numbered((p) =>
    past && query !== 'closing'
      ? pastListingQuery(query, shape, dialect(p), { search })
      : filteredListingQuery(query, shape, dialect(p), { search }),
  );
  const plan = shape.words ? `_${search}` : '';
  return { name: `ve_${past ? 'past_' : ''}${query}_${shapeName(shape)}${plan}`, text, names };
}

/** The statements of each filter shape, query, search plan and listing, built on first use. */
const statements = new Map<string, Statement>();

function statementOf(filter: ListFilter, query: Query, search: SearchPlan): Statement {
  const shape = filterShape(filter);
  const past = filter.past === true;
  const key = `${past ? 'past|' : ''}${shapeName(shape)}|${query}|${search}`;
  let found = statements.get(key);
  if (!found) statements.set(key, (found = statement(shape, query, search, past)));
  return found;
}

/**
 * The values of `names` for `filter`: the filter's own, then those `given` (a venue's `slug`
 * and `today` — its search is scoped to that venue — a page's `offset` and `limit`, …).
 */
export function valuesOf(
  names: readonly FilterParameter[],
  given: Partial<Record<FilterParameter, unknown>>,
  filter: ListFilter,
): unknown[] {
  const all: Partial<Record<FilterParameter, unknown>> = {
    offset: 0,
    limit: 0,
    categories: filter.categories,
    access: accessParameter(filter),
    match: typeof given.slug === 'string' ? tsQuery(given.slug, filter.words) : undefined,
    from: filter.startDate,
    to: filter.endDate,
    ...given,
  };
  return names.map((name) => all[name]);
}

/**
 * The filtered reads of `Store` (docs/api.md §10.12, §10.13, past events §10.20) through `read`:
 * one named prepared statement per filter shape, query, search plan and listing (upcoming or
 * past). `version` is the store's version, for the counts `searchPlanner` keeps;
 * `keepPastDays`, the days a past event stays listed after its last date.
 */
export function filteredReads(read: Read, version: () => string, keepPastDays: number) {
  const planner = searchPlanner(version);
  const key = (slug: string, today: string, filter: ListFilter) =>
    JSON.stringify([
      slug,
      today,
      filter.categories,
      filter.access,
      filter.words,
      filter.startDate,
      filter.endDate,
      // A past listing's counts are its own.
      ...(filter.past ? ['past'] : []),
    ]);
  // The earliest last date a past listing keeps (`keptSince`); unused by other queries.
  const keep = (today: string) => keptSince(today, keepPastDays);
  return {
    async count(slug: string, today: string, filter: ListFilter): Promise<number> {
      const { name, text, names } = statementOf(filter, 'count', 'matches');
      const values = valuesOf(names, { slug, today, keep: keep(today) }, filter);
      const n = (await read<{ n: number }>(name, text, values))[0]!.n;
      if (filter.words.length) planner.counted(key(slug, today, filter), n);
      return n;
    },
    async listed(
      slug: string,
      today: string,
      offset: number,
      limit: number,
      filter: ListFilter,
    ): Promise<StoredEvent[]> {
      // With categories the scan reads their events only; from the matches, PostgreSQL would
      // look each listing row up in the matches' array, one by one.
      const plan = filter.categories.length ? 'scan' : planner.pagePlan(key(slug, today, filter));
      const { name, text, names } = statementOf(filter, 'page', plan);
      const values = valuesOf(names, { slug, today, offset, limit, keep: keep(today) }, filter);
      const rows = await read<{ doc: string }>(name, text, values);
      return rows.map((row) => storedEvent(row.doc));
    },
    /** The search plan of a page across `venues` through `filter` (`searchPlanner`). */
    acrossPlan(venues: readonly { slug: string; today: string }[], filter: ListFilter): SearchPlan {
      // With categories the scan reads their events only, as a venue's page does.
      if (filter.categories.length) return 'scan';
      return planner.acrossPlan(venues.map(({ slug, today }) => key(slug, today, filter)));
    },
    /**
     * `Store.earliestClose`: the earliest closure in (`after`, `before`) of the first `limit`;
     * none for past events, whose closures are behind them (docs/api.md §10.20).
     */
    async earliestClose(
      slug: string,
      today: string,
      limit: number,
      { afterMs: after, beforeMs: before }: { afterMs: number; beforeMs: number },
      filter: ListFilter,
    ): Promise<number | undefined> {
      if (filter.past) return undefined;
      const plan = filter.categories.length ? 'scan' : planner.pagePlan(key(slug, today, filter));
      const { name, text, names } = statementOf(filter, 'closing', plan);
      const values = valuesOf(names, { slug, today, limit, after, before }, filter);
      const rows = await read<{ ms: string | null }>(name, text, values);
      // A bigint: node-postgres reads it as a string (epoch ms are exact as numbers).
      return rows[0]?.ms == null ? undefined : Number(rows[0].ms);
    },
    async categories(slug: string, today: string): Promise<CategoryCount[]> {
      const rows = await read<{ name: string; n: number }>(
        've_categories',
        categoriesQuery({ slug: '$1', today: '$2' }),
        [slug, today],
      );
      return rows.map((row) => ({ name: row.name, count: row.n }));
    },
    async access(slug: string, today: string): Promise<AccessCount[]> {
      const rows = await read<Record<string, number>>(
        've_access',
        accessCountsQuery({ slug: '$1', today: '$2' }),
        [slug, today],
      );
      return accessCounts(rows[0]!);
    },
  };
}
