/**
 * The SQLite store's listings across venues (docs/api.md §10.16, `across.ts`): the migration that
 * adds each listing row's instant, `behind` mark and sales closure and fills them from the rows
 * and events already stored, and the reads across venues.
 */
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { ListFilter } from '../../shared/rules/filters.js';
import {
  acrossQuery,
  closeMsOf,
  listedSince,
  placeRows,
  type AcrossDialect,
  type AcrossQuery,
} from './across.js';
import { ftsQuery } from './filter-index.js';
import { accessParameter, filterShape, shapeName } from './listing.js';
import { storedEvent } from './model.js';
import { DIALECT } from './sqlite-filters.js';
import { pastMerged, type AcrossEvent, type ListedVenue, type MergeFacts } from './store.js';

/** The columns of listings across venues (`across.ts`): each row's instant, mark and closure. */
const ACROSS_COLUMNS = {
  instant: 'INTEGER NOT NULL DEFAULT 0',
  behind: 'INTEGER NOT NULL DEFAULT 0',
  close_ms: 'INTEGER',
};

/**
 * The indexes of listings across venues. `listing_instant` is the page's covering index, in the
 * order it reads (instant, slug, the venue's own): one scan from the earliest today that stops
 * after the page's rows (the venues and their todays are checked in it). `listing_closing` and
 * `listing_behind` hold only the rows they are about, so `mergeFacts` reads a handful of rows.
 */
const ACROSS_INDEXES = `
  CREATE INDEX IF NOT EXISTS listing_instant ON listing(
    instant, venue_slug, sort_date, sort_time, event_id, until, after, last_date, category_key);
  CREATE INDEX IF NOT EXISTS listing_closing ON listing(venue_slug, close_ms, until, after)
    WHERE close_ms IS NOT NULL;
  CREATE INDEX IF NOT EXISTS listing_behind ON listing(venue_slug, until, after)
    WHERE behind = 1;`;

/**
 * The migration that adds the instants (`ACROSS_COLUMNS`, `ACROSS_INDEXES`) and fills them, venue
 * by venue, from the listing rows and events already stored, so an existing database lists across
 * venues without a re-import. Runs inside the migrations' transaction. Idempotent (a column or
 * index already there is kept, the rows filled again), as a database may be migrated again from
 * an earlier version.
 */
export function migrateAcross(db: Database.Database): void {
  const present = new Set(
    db.prepare<[], string>("SELECT name FROM pragma_table_info('listing')").pluck().all(),
  );
  for (const [column, type] of Object.entries(ACROSS_COLUMNS)) {
    if (!present.has(column)) db.exec(`ALTER TABLE listing ADD COLUMN ${column} ${type}`);
  }
  db.exec(ACROSS_INDEXES);
  const venues = db.prepare<[], { slug: string; timezone: string }>(
    'SELECT slug, timezone FROM venues',
  );
  const rows = db.prepare<
    [string],
    { event_id: number; until: string; sort_date: string; sort_time: string }
  >('SELECT event_id, until, sort_date, sort_time FROM listing WHERE venue_slug = ?');
  const docs = db.prepare<[string], { id: number; doc: string }>(
    'SELECT id, doc FROM events WHERE venue_slug = ? AND served = 1',
  );
  const update = db.prepare<[number, number, number | null, number, string]>(
    'UPDATE listing SET instant = ?, behind = ?, close_ms = ? WHERE event_id = ? AND until = ?',
  );
  for (const { slug, timezone } of venues.all()) {
    const closes = new Map(docs.all(slug).map((r) => [r.id, closeMsOf(storedEvent(r.doc))]));
    const stored = rows.all(slug);
    const keys = stored.map((r) => ({
      eventId: r.event_id,
      sortDate: r.sort_date,
      sortTime: r.sort_time,
    }));
    placeRows(timezone, keys).forEach(({ instantMs, behind }, i) => {
      const { event_id: id, until } = stored[i]!;
      update.run(instantMs, behind ? 1 : 0, closes.get(id) ?? null, id, until);
    });
  }
}

type Values = Record<string, string | number>;

/**
 * The venues of a query across venues grouped by their today (two or three dates at most: the
 * zones' dates at one instant), in order of date: a statement fits every set of venues with
 * groups of the same sizes.
 */
function groupsOf(venues: readonly ListedVenue[]): { today: string; slugs: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const { slug, today } of venues) {
    const slugs = groups.get(today);
    if (slugs) slugs.push(slug);
    else groups.set(today, [slug]);
  }
  return [...groups]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([today, slugs]) => ({ today, slugs }));
}

/**
 * The dialect of a query across venues in groups of `sizes` venues (`groupsOf`): parameters
 * `g{k}`, the k-th venue's slug counting group after group, and `d{j}`, group j's today.
 */
function acrossDialect(sizes: readonly number[]): AcrossDialect {
  let k = 0;
  const groups = sizes.map((size, j) => ({
    slugs: Array.from({ length: size }, () => `@g${k++}`),
    today: `@d${j}`,
  }));
  return {
    ...DIALECT,
    // Each group's slugs and today compared as they are, not a CASE over the row's slug: that
    // costs a comparison per venue named, twice a row (measured: the page's query's largest
    // part), where an IN list is one lookup.
    listed: `(${groups
      .map(
        ({ slugs, today }) =>
          `(l.venue_slug IN (${slugs.join(', ')}) AND l.until >= ${today} AND l.after < ${today})`,
      )
      .join(' OR ')})`,
    // The index's order: `inNamedOrder` puts ties in the venues' order (a CASE in the ORDER BY
    // would sort every row read, the page's offset included, in a temporary B-tree).
    venue: 'l.venue_slug',
    today: `(CASE l.venue_slug ${groups
      .flatMap(({ slugs, today }) => slugs.map((slug) => `WHEN ${slug} THEN ${today}`))
      .join(' ')} END)`,
    index: 'listing_instant',
  };
}

/**
 * The values of a query across `venues` through `filter` (`acrossQuery`'s parameters, the
 * venues' in `groups`, their `groupsOf`).
 */
function acrossValues(
  venues: readonly ListedVenue[],
  groups: readonly { today: string; slugs: string[] }[],
  filter: ListFilter,
): Values {
  const values: Values = { since: listedSince(groups[0]!.today) };
  groups.flatMap((g) => g.slugs).forEach((slug, k) => (values[`g${k}`] = slug));
  groups.forEach(({ today }, j) => (values[`d${j}`] = today));
  if (filter.categories.length) values.categories = JSON.stringify(filter.categories);
  if (filter.access?.length) values.access = accessParameter(filter);
  // Each venue's tokens carry its slug (filter-index.ts): any venue's words, for its own events.
  if (filter.words.length) {
    values.match = venues.map(({ slug }) => `(${ftsQuery(slug, filter.words)})`).join(' OR ');
  }
  if (filter.startDate !== undefined) values.from = filter.startDate;
  if (filter.endDate !== undefined) values.to = filter.endDate;
  return values;
}

/**
 * A row across venues as SQLite reads it (`acrossQuery`, raw: an array costs less to make than
 * an object): its venue's slug, its instant, its event's id, and its document (`page`, `tie`).
 */
type KeyRow = [venue: string, instant: number, eventId: number, doc?: string];

/**
 * Rows read either side of a window across venues: a tie at its edge is mostly whole among them,
 * so it needs no query of its own. Their documents cost a few µs each; the query, tens.
 */
const SLACK = 4;

/**
 * Positions [`offset`, `offset + limit`) of the merge's order — instant, then the venues' order
 * (`named`: slug → index), then each venue's own — from rows read in the index's: instant, slug,
 * the venue's own (`read(offset, limit)`). Both orders hold each instant's ties together, in the
 * same places, so only a tie the window's edges cut needs all its rows to know which fall in the
 * window: those read (`SLACK` more either side), or else `tie(instant)`'s, in the index's order.
 */
function inNamedOrder<R extends KeyRow>(
  named: ReadonlyMap<string, number>,
  offset: number,
  limit: number,
  read: (offset: number, limit: number) => R[],
  tie: (instant: number) => R[],
): R[] {
  // Within a tie, by venue as named; a venue's rows keep the index's order, its own (a stable
  // sort of rows read in that order).
  const byVenue = (a: R, b: R) => named.get(a[0])! - named.get(b[0])!;
  const from = Math.max(0, offset - SLACK);
  const asked = offset + limit + SLACK - from;
  const rows = read(from, asked);
  const kept: R[] = [];
  // Tie by tie through the window (rows[i] is at position from + i), each in the venues' order.
  for (let i = offset - from; i < Math.min(rows.length, offset - from + limit);) {
    const instant = rows[i]![1];
    let [first, last] = [i, i];
    while (first > 0 && rows[first - 1]![1] === instant) first--;
    while (last + 1 < rows.length && rows[last + 1]![1] === instant) last++;
    let tied = rows.slice(first, last + 1);
    let start = from + first;
    // Cut by the rows read: before them (unless they start the list) or after (unless it ended).
    if ((first === 0 && from > 0) || (last === rows.length - 1 && rows.length === asked)) {
      tied = tie(instant);
      start -= tied.findIndex((row) => row[2] === rows[first]![2]);
    }
    tied.sort(byVenue).forEach((row, k) => {
      if (start + k >= offset && start + k < offset + limit) kept.push(row);
    });
    i = last + 1;
  }
  return kept;
}

/** The reads across venues of `Store` over `db`: statements prepared per shape and venue count. */
export function acrossReads(db: Database.Database) {
  // A statement per query, filter shape and sizes of the venues' groups: a few in use, but any
  // number a client could ask for (sets of up to 20 venues over two or three dates), so bounded.
  const prepared = new LRUCache<string, Database.Statement<Values, unknown>>({ max: 256 });
  const statement = (query: AcrossQuery, filter: ListFilter, sizes: readonly number[]) => {
    const shape = filterShape(filter);
    const name = `${query}|${shapeName(shape)}|${sizes.join(',')}`;
    let found = prepared.get(name);
    if (!found) {
      // One SQL for both search plans: the full-text matches are looked up once, then probed.
      const sql = acrossQuery(query, shape, acrossDialect(sizes), 'matches');
      prepared.set(name, (found = db.prepare<Values, unknown>(sql).raw()));
    }
    return found;
  };
  /** Positions [offset, offset + limit) across `venues`, with their documents or without. */
  const across = (
    venues: readonly ListedVenue[],
    filter: ListFilter,
    window: { offset: number; limit: number },
    docs: boolean,
  ) => {
    // Upcoming events only: a past filter is a caller's mistake (`pastMerged`).
    pastMerged(filter);
    const groups = groupsOf(venues);
    const sizes = groups.map((g) => g.slugs.length);
    const values = acrossValues(venues, groups, filter);
    const named = new Map(venues.map(({ slug }, i) => [slug, i]));
    const read = statement(docs ? 'page' : 'keys', filter, sizes);
    const tie = statement('tie', filter, sizes);
    const rows = inNamedOrder(
      named,
      window.offset,
      window.limit,
      (offset, limit) => read.all({ ...values, offset, limit }) as KeyRow[],
      (at) => tie.all({ ...values, at }) as KeyRow[],
    );
    return rows.map((row) => ({ venue: named.get(row[0])!, doc: row[3] }));
  };
  const behind = db.prepare<{ slug: string; today: string }, { behind: number }>(
    `SELECT EXISTS (SELECT 1 FROM listing INDEXED BY listing_behind
       WHERE venue_slug = @slug AND behind = 1 AND until >= @today AND after < @today) AS behind`,
  );
  const closes = db
    .prepare<{ slug: string; today: string; from: number; before: number }, number>(
      `SELECT DISTINCT close_ms FROM listing INDEXED BY listing_closing
       WHERE venue_slug = @slug AND close_ms >= @from AND close_ms < @before
         AND until >= @today AND after < @today ORDER BY close_ms`,
    )
    .pluck();
  return {
    listedAcross(
      venues: readonly ListedVenue[],
      offset: number,
      limit: number,
      filter: ListFilter,
    ) {
      return across(venues, filter, { offset, limit }, true).map(({ venue, doc }): AcrossEvent => ({
        venue,
        event: storedEvent(doc!),
      }));
    },
    sharesAcross(venues: readonly ListedVenue[], first: number, filter: ListFilter): number[] {
      const shares = venues.map(() => 0);
      if (first <= 0) return shares;
      for (const { venue } of across(venues, filter, { offset: 0, limit: first }, false)) {
        shares[venue]!++;
      }
      return shares;
    },
    mergeFacts(slug: string, today: string, from: number, before: number): MergeFacts {
      return {
        inInstantOrder: behind.get({ slug, today })!.behind === 0,
        closesMs: closes.all({ slug, today, from, before }),
      };
    },
  };
}
