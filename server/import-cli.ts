/**
 * `npm run import -- [--db LOCATION] FILE…`: imports venue files into the database (an SQLite
 * path or a `postgres://` URL), all-or-nothing for the whole run. Exit codes: 0 imported,
 * 1 rejected or not possible (every problem printed, with its JSON path; nothing changed),
 * 2 usage error. `--venue SLUG FILE.ics|FILE.csv` imports one calendar file or sheet into an
 * existing venue instead, mapped as its source would be (docs/sources.md "One-off import").
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DateFormatSchema, type DateFormat } from '../shared/venue-file.js';
import { applySourceEvents } from './sources/apply.js';
import { DEFAULT_SOURCE_LIMITS, skippedLines, SourceFormatError } from './sources/source-event.js';
import { SourceReader } from './sources/source-reader.js';
import type { StoredSource } from './store/model.js';
import { openStore } from './store/open-store.js';
import type { Store } from './store/store.js';
import { importVenueFiles, VenueFileError } from './import/importer.js';
import { OperatorError, readFileBytes, readJsonFile } from './lib/json-file.js';

/** The date formats a CSV may name. */
const DATE_FORMATS: readonly string[] = DateFormatSchema.anyOf.map((f) => f.const);

const USAGE =
  'Usage: npm run import -- [--db data/venue-events.db | --db postgres://…] FILE.json...\n' +
  '       npm run import -- [--db …] --venue SLUG FILE.ics|FILE.csv [--date-format DD/MM/YYYY]\n';

/**
 * `--venue SLUG FILE`: the events of one calendar file or sheet into an existing venue, mapped as
 * its source would be (docs/sources.md "One-off import"), with its extras; all or nothing.
 */
async function importSourceFile(
  store: Store,
  slug: string,
  file: string,
  dateFormat: DateFormat | undefined,
): Promise<string> {
  const venue = await store.storedVenue(slug);
  if (!venue)
    throw new OperatorError(`no venue "${slug}" in the database: import its venue file first`);
  const url = pathToFileURL(file).href;
  // The venue's extras apply; the file's extension, not the source's `format`, names the format.
  const source: StoredSource = {
    ...(venue.source ?? { url, refreshSeconds: 0, extras: {} }),
    format: undefined,
    ...(dateFormat && { dateFormat }),
  };
  const now = new Date();
  const context = { zone: venue.timezone, now, language: venue.language };
  const reader = new SourceReader(DEFAULT_SOURCE_LIMITS);
  const body = readFileBytes(file);
  const read = await reader
    .read({ source, body, contentType: undefined, url, context })
    .finally(() => reader.close());
  const applied = await applySourceEvents(store, venue, read.events, now);
  const skipped = [...read.skipped, ...applied.skipped];
  const count = read.skippedCount + applied.skipped.length;
  return `Imported ${applied.events} events from ${file} into ${slug}\n${skippedLines(skipped, count)}`;
}

async function run(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        db: { type: 'string' },
        venue: { type: 'string' },
        'date-format': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals: files } = parsed;
  if (values.help || files.length === 0) {
    process.stderr.write(USAGE);
    return values.help ? 0 : 2;
  }
  const location =
    values.db ?? process.env.VENUE_EVENTS_DB ?? process.env.DATABASE_URL ?? 'data/venue-events.db';
  const dateFormat = values['date-format'];
  if (dateFormat !== undefined && !DATE_FORMATS.includes(dateFormat as DateFormat)) {
    process.stderr.write(`--date-format is one of ${DATE_FORMATS.join(', ')}\n${USAGE}`);
    return 2;
  }
  if (values.venue !== undefined && files.length !== 1) {
    process.stderr.write(`--venue imports one .ics or .csv file\n${USAGE}`);
    return 2;
  }
  let store: Store | undefined;
  try {
    if (values.venue !== undefined) {
      store = await openStore(location);
      const done = await importSourceFile(store, values.venue, files[0]!, dateFormat as DateFormat);
      process.stdout.write(done);
      return 0;
    }
    const docs = files.map(readJsonFile);
    store = await openStore(location);
    const venues = await importVenueFiles(store, docs);
    process.stdout.write(
      `Imported ${venues.length} venue(s): ${venues.map((v) => `${v.slug} (${v.events.length} events)`).join(', ')}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof VenueFileError) {
      const label = (path: string) => {
        const m = /^files\[(\d+)\]\.(.*)$/.exec(path);
        return m ? `${files[Number(m[1])]}: ${m[2]}` : `${files[0]}: ${path}`;
      };
      for (const p of error.problems) process.stderr.write(`${label(p.path)}: ${p.message}\n`);
    } else if (error instanceof SourceFormatError) {
      for (const p of error.problems)
        process.stderr.write(`${files[0]}: ${p.path}: ${p.message}\n`);
    } else {
      process.stderr.write(`${oneLine(error)}\n`);
    }
    process.stderr.write('Nothing was imported.\n');
    return 1;
  } finally {
    await store?.close();
  }
}

/** An operator-facing line for any failure: ours are already one line; others get their message. */
function oneLine(error: unknown): string {
  if (error instanceof OperatorError) return error.message;
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

process.exitCode = await run();
