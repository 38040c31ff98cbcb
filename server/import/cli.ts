/**
 * `npm run import -- [--db LOCATION] FILE…`: imports venue files into the database (an SQLite
 * path or a `postgres://` URL), all-or-nothing for the whole run. Exit codes: 0 imported,
 * 1 rejected or not possible (every problem printed, with its JSON path; nothing changed),
 * 2 usage error.
 */
import { parseArgs } from 'node:util';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { importVenueFiles, VenueFileError } from './importer.js';
import { OperatorError, readJsonFile } from '../lib/json-file.js';

const USAGE = 'Usage: npm run import -- [--db data/venue-events.db | --db postgres://…] FILE...\n';

async function run(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { db: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
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
  let store: Store | undefined;
  try {
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
