/**
 * `npm run import -- [--db PATH] FILE…`: imports venue files into the database, all-or-nothing
 * for the whole run. Exit codes: 0 imported, 1 rejected (every problem printed with its JSON
 * path; nothing changed), 2 usage error.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openStore, VenueFileError } from './store.js';

function run(): number {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { db: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const { values, positionals: files } = parsed;
  if (values.help || files.length === 0) {
    process.stderr.write('Usage: npm run import -- [--db data/venue-events.db] FILE...\n');
    return values.help ? 0 : 2;
  }
  const docs: unknown[] = [];
  for (const file of files) {
    try {
      docs.push(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      process.stderr.write(
        `${file}: cannot read as JSON: ${(error as Error).message}\nNothing was imported.\n`,
      );
      return 1;
    }
  }
  const store = openStore(values.db ?? process.env.VENUE_EVENTS_DB ?? 'data/venue-events.db');
  try {
    const venues = store.importVenueFiles(docs);
    process.stdout.write(
      `Imported ${venues.length} venue(s): ${venues.map((v) => `${v.slug} (${v.events.length} events)`).join(', ')}\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof VenueFileError)) throw error;
    const label = (path: string) => {
      const m = /^files\[(\d+)\]\.(.*)$/.exec(path);
      return m ? `${files[Number(m[1])]}: ${m[2]}` : `${files[0]}: ${path}`;
    };
    for (const p of error.problems) process.stderr.write(`${label(p.path)}: ${p.message}\n`);
    process.stderr.write('Nothing was imported.\n');
    return 1;
  } finally {
    store.close();
  }
}

process.exitCode = run();
