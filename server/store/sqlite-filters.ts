/**
 * The SQLite store's list filters (docs/api.md §10.12) and categories (§10.13): the schema
 * migration that adds their indexes and fills them from the events already stored, the rows an
 * import writes for each event, and the filtered reads. Search is FTS5 (bundled with
 * better-sqlite3): a contentless table of each served event's search tokens (`filter-index.ts`),
 * rowid = event id. Past events (docs/api.md §10.20) have a table of their own, `past_listing`,
 * one row per event, with the same filter columns.
 */
import type Database from 'better-sqlite3';
import type { AccessCount } from '../../shared/rules/access.js';
import type { CategoryCount } from '../../shared/rules/categories.js';
import type { ListFilter } from '../../shared/rules/filters.js';
import { accessRows, eventDates, filterColumns, ftsQuery, searchTokens } from './filter-index.js';
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
  type FilterShape,
  type SearchPlan,
} from './listing.js';
import { storedEvent, type StoredEvent } from './model.js';

/**
 * The filters' schema. `listing` rows gain the event's category (as spelt, and its key) and last
 * listed date; `listing_filter` is `listing_order` with them (a filtered page is still one ordered
 * covering scan), `listing_category` serves category filters and counts from the names' ranges.
 * `event_dates` holds every date of each event for the date filter's EXISTS.
 */
const FILTER_SCHEMA = `
  ALTER TABLE listing ADD COLUMN category TEXT NOT NULL DEFAULT '';
  ALTER TABLE listing ADD COLUMN category_key TEXT NOT NULL DEFAULT '';
  ALTER TABLE listing ADD COLUMN last_date TEXT NOT NULL DEFAULT '';
  CREATE INDEX listing_filter
    ON listing(venue_slug, sort_date, sort_time, event_id, until, after, last_date, category_key);
  CREATE INDEX listing_category
    ON listing(venue_slug, category_key, sort_date, sort_time, event_id, until, after, last_date, category);
  CREATE TABLE event_dates (
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    venue_slug TEXT NOT NULL,
    date TEXT NOT NULL,
    PRIMARY KEY (event_id, date)
  ) WITHOUT ROWID;
  -- Contentless (the tokens are never read back), deletable by rowid, and rowids only per token
  -- (detail=none: no phrase or column queries are made). The ascii tokenizer splits on ASCII
  -- spaces and punctuation but '-' and '_': each stored token stays whole (filter-index.ts).
  CREATE VIRTUAL TABLE event_search USING fts5(
    tokens, content='', contentless_delete=1, detail=none, tokenize="ascii tokenchars '-_'"
  );`;

/**
 * The access filter's schema (docs/api.md §10.15): each served event's dates with the bit mask of
 * the provisions there (`accessRows`); only events with access data have rows.
 */
const ACCESS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS event_access (
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    venue_slug TEXT NOT NULL,
    date TEXT NOT NULL,
    mask INTEGER NOT NULL,
    PRIMARY KEY (event_id, date, mask)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS event_access_venue ON event_access(venue_slug, date, event_id, mask);`;

/** The statements that write an event's filter rows. */
function writeStatements(db: Database.Database, access: boolean) {
  // Before its migration (`migrateAccess`) has run, the access table does not exist yet.
  const accessRow = access
    ? db.prepare<[number, string, string, number]>(
        'INSERT OR IGNORE INTO event_access (event_id, venue_slug, date, mask) VALUES (?, ?, ?, ?)',
      )
    : undefined;
  return {
    access: (id: number, slug: string, date: string, mask: number) =>
      void accessRow?.run(id, slug, date, mask),
    dates: db.prepare<[number, string, string]>(
      'INSERT INTO event_dates (event_id, venue_slug, date) VALUES (?, ?, ?)',
    ),
    search: db.prepare<[number, string]>('INSERT INTO event_search (rowid, tokens) VALUES (?, ?)'),
    forget: db.prepare<[string]>(
      'DELETE FROM event_search WHERE rowid IN (SELECT id FROM events WHERE venue_slug = ? AND served = 1)',
    ),
  };
}

/**
 * Writes the date and search rows of served `event` of venue `slug` (its listing rows carry the
 * rest, see `filterColumns`). Part of an import's transaction.
 */
export type FilterRowWriter = (slug: string, event: StoredEvent) => void;

/** What an import does for the filters: forget a venue's search rows, write an event's rows. */
export function filterRowWriter(
  db: Database.Database,
  { access = true }: { access?: boolean } = {},
): {
  forgetVenue: (slug: string) => void;
  write: FilterRowWriter;
} {
  const q = writeStatements(db, access);
  return {
    // The FTS table has no foreign key: its rows go before the venue's events do.
    forgetVenue: (slug) => void q.forget.run(slug),
    write(slug, event) {
      if (!event.served) return;
      for (const date of eventDates(event)) q.dates.run(event.id, slug, date);
      q.search.run(event.id, searchTokens(slug, event).join(' '));
      for (const { date, mask } of accessRows(event)) q.access(event.id, slug, date, mask);
    },
  };
}

/** Calls `each` with every served event stored and its venue's slug, in id order. */
function eachServedEvent(
  db: Database.Database,
  each: (slug: string, event: StoredEvent) => void,
): void {
  // In batches by id: better-sqlite3 runs no statement while another one iterates.
  const batch = db.prepare<[number], { id: number; venue_slug: string; doc: string }>(
    'SELECT id, venue_slug, doc FROM events WHERE served = 1 AND id > ? ORDER BY id LIMIT 1000',
  );
  for (let rows = batch.all(0); rows.length > 0; rows = batch.all(rows.at(-1)!.id)) {
    for (const row of rows) each(row.venue_slug, storedEvent(row.doc));
  }
}

/**
 * The migration that adds the filters (`FILTER_SCHEMA`) and fills them from the events already
 * stored, so an existing database filters right away, without a re-import. Runs inside the
 * migrations' transaction.
 */
export function migrateFilters(db: Database.Database): void {
  db.exec(FILTER_SCHEMA);
  const update = db.prepare<[string, string, string, number]>(
    'UPDATE listing SET category = ?, category_key = ?, last_date = ? WHERE event_id = ?',
  );
  const write = filterRowWriter(db, { access: false }).write;
  eachServedEvent(db, (slug, event) => {
    update.run(...filterColumns(event), event.id);
    write(slug, event);
  });
}

/**
 * The migration that adds the access filter (`ACCESS_SCHEMA`) to a database made before it and
 * fills it from the events already stored, so an existing database upgrades without a re-import.
 * Idempotent (IF NOT EXISTS, OR IGNORE), as a database may be migrated again from an earlier
 * version.
 */
export function migrateAccess(db: Database.Database): void {
  db.exec(ACCESS_SCHEMA);
  const insert = writeStatements(db, true).access;
  eachServedEvent(db, (slug, event) => {
    for (const { date, mask } of accessRows(event)) insert(event.id, slug, date, mask);
  });
}

/**
 * The migration that writes every served event's search tokens again from the events stored,
 * for a database whose words were folded by an earlier rule (docs/decisions.md "Search folds
 * letters to Latin"): its searches find what an import would. A later change of `foldText`
 * appends it again. Runs inside the migrations' transaction.
 */
export function reindexSearch(db: Database.Database): void {
  db.exec("INSERT INTO event_search (event_search) VALUES ('delete-all')");
  const search = writeStatements(db, false).search;
  eachServedEvent(
    db,
    (slug, event) => void search.run(event.id, searchTokens(slug, event).join(' ')),
  );
}

/**
 * The past listing's schema (docs/api.md §10.20): one row per served, not postponed event
 * (`pastRow`) with its filter columns. The event id is the rowid, so a search's matches are
 * looked up by it. `past_listing_order` is the page's covering index, read backwards (newest
 * first) from the venue's today, stopping after the page; `past_listing_category` serves category
 * filters from the names' ranges. IF NOT EXISTS: a database may be migrated again from an
 * earlier version.
 */
const PAST_SCHEMA = `
  CREATE TABLE IF NOT EXISTS past_listing (
    event_id INTEGER PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    venue_slug TEXT NOT NULL,
    last_date TEXT NOT NULL,
    last_time TEXT NOT NULL,
    first_date TEXT NOT NULL,
    category TEXT NOT NULL,
    category_key TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS past_listing_order
    ON past_listing(venue_slug, last_date, last_time, event_id, first_date, category_key);
  CREATE INDEX IF NOT EXISTS past_listing_category
    ON past_listing(venue_slug, category_key, last_date, last_time, event_id, first_date);`;

/**
 * Writes the past listing row (`pastRow`) of `event` of venue `slug`, if it has one. Part of an
 * import's transaction (or the migration's); prepared once per connection.
 */
export function pastRowWriter(db: Database.Database): (slug: string, event: StoredEvent) => void {
  const insert = db.prepare<[number, string, string, string, string, string, string]>(
    `INSERT INTO past_listing
       (event_id, venue_slug, last_date, last_time, first_date, category, category_key)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  return (slug, event) => {
    const row = pastRow(event);
    if (!row) return;
    const [category, key] = filterColumns(event);
    insert.run(event.id, slug, row.lastDate, row.lastTime, row.firstDate, category, key);
  };
}

/**
 * The migration that adds the past listing (`PAST_SCHEMA`) and fills it from the events already
 * stored, so an existing database lists past events without a re-import; its rows are written
 * afresh (a database migrated again from an earlier version keeps the table). Runs inside the
 * migrations' transaction.
 */
export function migratePast(db: Database.Database): void {
  db.exec(PAST_SCHEMA);
  db.exec('DELETE FROM past_listing');
  const write = pastRowWriter(db);
  eachServedEvent(db, write);
}

/** How SQLite writes the filters' conditions (`FilterDialect`), for one venue or across several. */
export const DIALECT: FilterDialect = {
  p: (name) => `@${name}`,
  anyCategory: (column) => `${column} IN (SELECT value FROM json_each(@categories))`,
  // One SQL for both plans: the index named for the query (`indexFor`) makes the plan.
  searched: (id) => `${id} IN (SELECT rowid FROM event_search WHERE event_search MATCH @match)`,
};

/**
 * The index a filtered query reads. Without statistics SQLite's planner takes `listing_span` and
 * reads every candidate row from the table; named covering indexes keep a filtered page an index
 * scan that stops after its rows (checked with EXPLAIN QUERY PLAN and timed on a 5,000-event
 * venue). Categories: their names' ranges of `listing_category`. A search from its matches
 * (`SearchPlan`): the matches' rows (`listing_event`). Otherwise `listing_filter` in list order
 * (the full-text query evaluated once, then probed per row).
 */
function indexFor(shape: FilterShape, query: 'count' | 'page', search: SearchPlan): string {
  if (shape.categories) return 'listing_category';
  if (shape.words && (query === 'count' || search === 'matches')) return 'listing_event';
  return 'listing_filter';
}

/**
 * How a past listing query reads `past_listing` (`pastListingQuery`), as `indexFor` chooses for
 * the listing: categories from their names' ranges; a search from its matches by rowid (`NOT
 * INDEXED` leaves SQLite the rowid lookups only); otherwise the order index, backwards.
 */
function pastRead(shape: FilterShape, query: 'count' | 'page', search: SearchPlan): string {
  if (shape.categories) return 'INDEXED BY past_listing_category';
  if (shape.words && (query === 'count' || search === 'matches')) return 'NOT INDEXED';
  return 'INDEXED BY past_listing_order';
}

type Values = Record<string, string | number>;

/** The filtered queries (`filteredListingQuery`). */
type Query = 'count' | 'page' | 'closing';

/**
 * The values of a filter's parameters (`filteredListingQuery`, `pastListingQuery`) for venue
 * `slug`; a past filter's `keep` is the earliest last date kept (`keptSince`).
 */
function filterValues(
  slug: string,
  today: string,
  filter: ListFilter,
  keepPastDays: number,
): Values {
  const values: Values = { slug, today };
  if (filter.past) values.keep = keptSince(today, keepPastDays);
  if (filter.categories.length) values.categories = JSON.stringify(filter.categories);
  if (filter.access?.length) values.access = accessParameter(filter);
  if (filter.words.length) values.match = ftsQuery(slug, filter.words);
  if (filter.startDate !== undefined) values.from = filter.startDate;
  if (filter.endDate !== undefined) values.to = filter.endDate;
  return values;
}

/**
 * The filtered reads of `Store` (docs/api.md §10.12, §10.13, past events §10.20) over `db`:
 * statements prepared on first use, per filter shape (32 at most), query, search plan and
 * listing (upcoming or past). `version` is the store's data version, for the counts
 * `searchPlanner` keeps; `keepPastDays`, the days a past event stays listed after its last date.
 */
export function filteredReads(db: Database.Database, version: () => string, keepPastDays: number) {
  const prepared = new Map<string, Database.Statement>();
  const statement = (filter: ListFilter, query: Query, search: SearchPlan) => {
    const shape = filterShape(filter);
    if (filter.past && query !== 'closing') {
      const read = pastRead(shape, query, search);
      const name = `past|${shapeName(shape)}|${query}|${read}`;
      let prepare = prepared.get(name);
      if (!prepare) {
        const sql = pastListingQuery(query, shape, DIALECT, { from: read, search });
        prepared.set(name, (prepare = db.prepare(sql)));
      }
      return prepare;
    }
    // The closing query reads the first events in list order, as a page does.
    const index = indexFor(shape, query === 'closing' ? 'page' : query, search);
    const name = `${shapeName(shape)}|${query}|${index}`;
    let prepare = prepared.get(name);
    if (!prepare) {
      const sql = filteredListingQuery(query, shape, DIALECT, { index, search });
      prepared.set(name, (prepare = db.prepare(sql)));
    }
    return prepare;
  };
  const planner = searchPlanner(version);
  const categories = db.prepare<{ slug: string; today: string }, { name: string; n: number }>(
    categoriesQuery({ slug: '@slug', today: '@today' }),
  );
  const access = db.prepare<{ slug: string; today: string }, Record<string, number>>(
    accessCountsQuery({ slug: '@slug', today: '@today' }),
  );
  return {
    count(slug: string, today: string, filter: ListFilter): number {
      const values = filterValues(slug, today, filter, keepPastDays);
      const { n } = statement(filter, 'count', 'matches').get(values) as { n: number };
      if (values.match !== undefined) planner.counted(JSON.stringify(values), n);
      return n;
    },
    listed(slug: string, today: string, offset: number, limit: number, filter: ListFilter) {
      const values = filterValues(slug, today, filter, keepPastDays);
      const plan = planner.pagePlan(JSON.stringify(values));
      const rows = statement(filter, 'page', plan).all({ ...values, offset, limit });
      return (rows as { doc: string }[]).map((row) => storedEvent(row.doc));
    },
    /**
     * `Store.earliestClose`: the earliest closure in (`after`, `before`) of the first `limit`;
     * none for past events, whose closures are behind them (docs/api.md §10.20).
     */
    earliestClose(
      slug: string,
      today: string,
      limit: number,
      { afterMs: after, beforeMs: before }: { afterMs: number; beforeMs: number },
      filter: ListFilter,
    ): number | undefined {
      if (filter.past) return undefined;
      const values = filterValues(slug, today, filter, keepPastDays);
      const plan = planner.pagePlan(JSON.stringify(values));
      const row = statement(filter, 'closing', plan).get({ ...values, limit, after, before });
      return (row as { ms: number | null }).ms ?? undefined;
    },
    categories(slug: string, today: string): CategoryCount[] {
      return categories.all({ slug, today }).map((row) => ({ name: row.name, count: row.n }));
    },
    access(slug: string, today: string): AccessCount[] {
      return accessCounts(access.get({ slug, today })!);
    },
  };
}
