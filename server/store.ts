/**
 * The embedded store: venues and events in SQLite (better-sqlite3), written only by venue-file
 * imports and read by the API. Events are kept whole (the admin view, as JSON) and indexed by a
 * `listing` table that makes "listed on venue-local date D, soonest first" one index scan.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { currentStopIndex } from '../shared/rules/stops.js';
import {
  parseVenueFile,
  VenueFileError,
  type StoredEvent,
  type StoredVenue,
  type VenueFileProblem,
} from './venue-import.js';

export { VenueFileError } from './venue-import.js';
export type { StoredEvent, StoredVenue } from './venue-import.js';

/** A venue's public settings. */
export interface VenueRecord {
  slug: string;
  name: string;
  /** IANA time zone name. */
  timezone: string;
  apiShape: 'current' | 'earlier';
}

/** Read and write access to one SQLite database. Not shared between apps; close it when done. */
export interface Store {
  venue(slug: string): VenueRecord | undefined;
  venueCount(): number;
  /** Number of events listed for `today` (venue-local `YYYY-MM-DD`), spec §4.1 rules 1–2. */
  countListed(slug: string, today: string): number;
  /** Listed events for `today`, soonest first (spec §4.1 rule 3, decisions.md sort order). */
  listed(slug: string, today: string, offset: number, limit: number): StoredEvent[];
  /** A served event of the venue (not draft, private or hidden-cancelled), or undefined. */
  event(slug: string, id: number): StoredEvent | undefined;
  /** A served event of the venue by its page slug (`/t/{slug}/events/{event-slug}`), or undefined. */
  eventBySlug(slug: string, eventSlug: string): StoredEvent | undefined;
  /**
   * Validates and imports venue files in one transaction: each named venue is replaced whole,
   * other venues are untouched. Paths in errors are prefixed with `files[i].` when more than one
   * document is given.
   * @throws VenueFileError with every problem; the store is then unchanged.
   */
  importVenueFiles(docs: readonly unknown[]): StoredVenue[];
  /** `importVenueFiles([doc])`. */
  importVenueFile(doc: unknown): StoredVenue[];
  /** Opaque token that changes whenever the data changes, through this or another connection. */
  version(): string;
  close(): void;
}

const SCHEMA = `
  PRAGMA foreign_keys = ON;
  CREATE TABLE IF NOT EXISTS venues (
    slug TEXT PRIMARY KEY, name TEXT NOT NULL, timezone TEXT NOT NULL, api_shape TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    venue_slug TEXT NOT NULL REFERENCES venues(slug) ON DELETE CASCADE,
    served INTEGER NOT NULL,
    doc TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS events_venue ON events(venue_slug);
  -- One row per span of venue-local dates (after, until] during which the event is listed with a
  -- fixed current stop: single events have one span, tours one per distinct stop date.
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
  CREATE INDEX IF NOT EXISTS listing_event ON listing(event_id);
`;

interface ListingSpan {
  after: string;
  until: string;
  sortDate: string;
  sortTime: string;
}

/** The spans of `today` for which the event is listed, with its sort key in each. */
function listingSpans(event: StoredEvent): ListingSpan[] {
  if (event.mode === 'single') {
    return [{ after: '', until: event.date!, sortDate: event.date!, sortTime: event.time! }];
  }
  const dates = [...new Set(event.stops.map((s) => s.date))];
  return dates.map((until, k) => {
    // Any `today` in (previous stop date, this stop date] sees the same upcoming stops.
    const current = event.stops[currentStopIndex(event.stops, until)]!;
    return {
      after: k === 0 ? '' : dates[k - 1]!,
      until,
      sortDate: current.date,
      sortTime: current.time,
    };
  });
}

/**
 * Opens (creating if needed) the SQLite database at `path` (`:memory:` for a private in-memory one)
 * and its schema. Parent directories of a file path are created.
 */
export function openStore(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.exec(SCHEMA);
  let writes = 0;

  const q = {
    venue: db.prepare<
      [string],
      { slug: string; name: string; timezone: string; api_shape: string }
    >('SELECT slug, name, timezone, api_shape FROM venues WHERE slug = ?'),
    venueCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM venues'),
    count: db.prepare<[string, string, string], { n: number }>(
      'SELECT count(*) AS n FROM listing INDEXED BY listing_span WHERE venue_slug = ? AND until >= ? AND after < ?',
    ),
    listed: db.prepare<[string, string, string, number, number], { doc: string }>(
      `SELECT e.doc FROM (
         SELECT event_id, sort_date, sort_time FROM listing INDEXED BY listing_order
         WHERE venue_slug = ? AND until >= ? AND after < ?
         ORDER BY sort_date, sort_time, event_id LIMIT ? OFFSET ?
       ) AS l JOIN events e ON e.id = l.event_id
       ORDER BY l.sort_date, l.sort_time, l.event_id`,
    ),
    event: db.prepare<[number, string], { doc: string }>(
      'SELECT doc FROM events WHERE id = ? AND venue_slug = ? AND served = 1',
    ),
    eventBySlug: db.prepare<[string, string], { doc: string }>(
      "SELECT doc FROM events WHERE venue_slug = ? AND served = 1 AND json_extract(doc, '$.slug') = ? ORDER BY id LIMIT 1",
    ),
    owner: db.prepare<[number], { venue_slug: string }>(
      'SELECT venue_slug FROM events WHERE id = ?',
    ),
    deleteVenue: db.prepare<[string]>('DELETE FROM venues WHERE slug = ?'),
    insertVenue: db.prepare<[string, string, string, string]>(
      'INSERT INTO venues (slug, name, timezone, api_shape) VALUES (?, ?, ?, ?)',
    ),
    insertEvent: db.prepare<[number, string, number, string]>(
      'INSERT INTO events (id, venue_slug, served, doc) VALUES (?, ?, ?, ?)',
    ),
    insertSpan: db.prepare<[number, string, string, string, string, string]>(
      'INSERT INTO listing (event_id, venue_slug, after, until, sort_date, sort_time) VALUES (?, ?, ?, ?, ?, ?)',
    ),
  };

  const write = db.transaction((venues: StoredVenue[], paths: string[]) => {
    for (const venue of venues) q.deleteVenue.run(venue.slug);
    // After the named venues are gone, an id still present belongs to a venue this import leaves alone.
    const clashes: VenueFileProblem[] = [];
    venues.forEach((venue, v) =>
      venue.events.forEach((event, e) => {
        const owner = q.owner.get(event.id);
        if (owner) {
          clashes.push({
            path: `${paths[v]}.events[${e}].id`,
            message: `event id ${event.id} already belongs to venue "${owner.venue_slug}"`,
          });
        }
      }),
    );
    if (clashes.length > 0) throw new VenueFileError(clashes);
    for (const venue of venues) {
      q.insertVenue.run(venue.slug, venue.name, venue.timezone, venue.apiShape);
      for (const event of venue.events) {
        q.insertEvent.run(event.id, venue.slug, event.served ? 1 : 0, JSON.stringify(event));
        if (!event.served) continue;
        for (const span of listingSpans(event)) {
          q.insertSpan.run(
            event.id,
            venue.slug,
            span.after,
            span.until,
            span.sortDate,
            span.sortTime,
          );
        }
      }
    }
  });

  function importVenueFiles(docs: readonly unknown[]): StoredVenue[] {
    const prefix = (i: number) => (docs.length > 1 ? `files[${i}].` : '');
    const problems: VenueFileProblem[] = [];
    const venues: StoredVenue[] = [];
    const paths: string[] = [];
    docs.forEach((doc, i) => {
      try {
        parseVenueFile(doc).forEach((venue, v) => {
          venues.push(venue);
          paths.push(`${prefix(i)}venues[${v}]`);
        });
      } catch (error) {
        if (!(error instanceof VenueFileError)) throw error;
        problems.push(...error.problems.map((p) => ({ ...p, path: prefix(i) + p.path })));
      }
    });
    if (problems.length === 0) problems.push(...crossFileProblems(venues, paths));
    if (problems.length > 0) throw new VenueFileError(problems);
    write(venues, paths);
    writes++;
    return venues;
  }

  const parse = (row: { doc: string } | undefined) =>
    row === undefined ? undefined : (JSON.parse(row.doc) as StoredEvent);

  return {
    venue(slug) {
      const row = q.venue.get(slug);
      return (
        row && {
          slug: row.slug,
          name: row.name,
          timezone: row.timezone,
          apiShape: row.api_shape === 'earlier' ? 'earlier' : 'current',
        }
      );
    },
    venueCount: () => q.venueCount.get()!.n,
    countListed: (slug, today) => q.count.get(slug, today, today)!.n,
    listed: (slug, today, offset, limit) =>
      q.listed.all(slug, today, today, limit, offset).map((row) => parse(row)!),
    event: (slug, id) => parse(q.event.get(id, slug)),
    eventBySlug: (slug, eventSlug) => parse(q.eventBySlug.get(slug, eventSlug)),
    importVenueFiles,
    importVenueFile: (doc) => importVenueFiles([doc]),
    version: () => `${writes}.${db.pragma('data_version', { simple: true }) as number}`,
    close: () => db.close(),
  };
}

/** Venue slugs and event ids must be unique across all files of one import. */
function crossFileProblems(venues: StoredVenue[], paths: string[]): VenueFileProblem[] {
  const problems: VenueFileProblem[] = [];
  const slugs = new Map<string, string>();
  const ids = new Map<number, string>();
  venues.forEach((venue, v) => {
    const at = paths[v]!;
    const other = slugs.get(venue.slug);
    if (other)
      problems.push({ path: `${at}.slug`, message: `venue "${venue.slug}" also in ${other}` });
    else slugs.set(venue.slug, at);
    venue.events.forEach((event, e) => {
      const seen = ids.get(event.id);
      if (seen)
        problems.push({
          path: `${at}.events[${e}].id`,
          message: `duplicate event id ${event.id} (also ${seen})`,
        });
      else ids.set(event.id, `${at}.events[${e}].id`);
    });
  });
  return problems;
}
