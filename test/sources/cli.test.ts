/**
 * The sources' commands as an operator runs them (docs/sources.md "One-off import", "Kept in
 * step"): `npm run import -- --venue SLUG FILE` all or nothing, and `npm start -- --check-sources`
 * against a real feed on loopback, with their exit codes.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { openStore } from '../../server/store/open-store.js';
import { listen, type Running } from '../support/listen.js';
import { importCliArgs, mainArgs } from '../support/main-process.js';
import { scratchDir } from '../support/scratch.js';
import { emptyStoreLocation, STORE_KIND } from '../support/store.js';

const run = promisify(execFile);
const dir = scratchDir('ve-sources-cli-');
const dbReady =
  STORE_KIND === 'postgres' ? emptyStoreLocation() : Promise.resolve(join(dir, 'store.db'));
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};
/** Runs Node with `args` (the built server's, main-process.ts); its output and exit code. */
const node = (args: string[]) =>
  run(process.execPath, args).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

/** `npm run import -- --db DB --venue SLUG …ARGS` on the test database. */
const importInto = async (slug: string, ...args: string[]) =>
  node(importCliArgs('--db', await dbReady, '--venue', slug, ...args));

let feed: Running;
let feedStatus = 200;
beforeAll(async () => {
  feed = await listen(
    createServer((_req, res) => {
      res.writeHead(feedStatus, { 'Content-Type': 'text/calendar' });
      res.end(
        [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//Test//EN',
          'BEGIN:VEVENT',
          'UID:far@hall',
          'DTSTAMP:20261101T000000Z',
          'DTSTART:20300105T190000Z',
          'SUMMARY:Far Future',
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      );
    }),
  );
  const store = await openStore(await dbReady);
  await importVenueFile(store, {
    venues: [
      { slug: 'sheet-hall', timezone: 'Europe/London', events: [] },
      {
        slug: 'feed-hall',
        timezone: 'Europe/London',
        source: { url: `${feed.url}/hall.ics` },
      },
    ],
  });
  await store.close();
});
afterAll(() => feed.close());

describe('npm run import -- --venue SLUG FILE', () => {
  it('imports a sheet into the venue in the date format named; a bad row is skipped and named, a sheet it cannot read changes nothing', async () => {
    const db = await dbReady;
    const good = write(
      'good.csv',
      'title,date,time\r\nFar Gig,05/01/2030,20:00\r\nFar Two,06/01/2030,21:00\r\n',
    );
    const ok = await importInto('sheet-hall', '--date-format', 'DD/MM/YYYY', good);
    expect(ok.stdout).toContain('Imported 2 events from');
    const unreadable = write(
      'unreadable.csv',
      'title,date,time,Hall\r\nGig,05/01/2030,20:00,A\r\n',
    );
    const refused = await importInto('sheet-hall', '--date-format', 'DD/MM/YYYY', unreadable);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('row 1, Hall: unknown column');
    expect(refused.stderr).toContain('Nothing was imported.');
    const listed = async () => {
      const store = await openStore(db);
      try {
        return await store.countListed('sheet-hall', '2026-12-01');
      } finally {
        await store.close();
      }
    };
    expect(await listed()).toBe(2);
    const bad = write(
      'bad.csv',
      'title,date,time\r\nFar Gig,05/01/2030,20:00\r\nBroken,31/02/2030,21:00\r\n',
    );
    const partly = await importInto('sheet-hall', '--date-format', 'DD/MM/YYYY', bad);
    expect(partly.code).toBe(0);
    expect(partly.stdout).toContain('Imported 1 events from');
    expect(partly.stdout).toContain(
      'skipped row 3, date: expected a date as DD/MM/YYYY, got "31/02/2030"',
    );
    expect(await listed()).toBe(1);
  });

  it('refuses an unknown venue and a wrong date format with a clear line', async () => {
    const file = write('one.csv', 'title,date,time\r\nGig,2030-01-05,20:00\r\n');
    const unknown = await importInto('no-such-hall', file);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no venue "no-such-hall"');
    const usage = await importInto('sheet-hall', '--date-format', 'YY', file);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain(
      '--date-format is one of YYYY-MM-DD, DD/MM/YYYY, MM/DD/YYYY, DD.MM.YYYY',
    );
  });
});

describe('npm start -- --check-sources', () => {
  it('prints each source’s state and exits 0, or 1 naming the failure', async () => {
    const db = await dbReady;
    const args = ['--db', db, '--check-sources', '--allow-source-host', '127.0.0.1'];
    const ok = await node(mainArgs(...args));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`feed-hall (${new URL(feed.url).host}): applied, 1 event`);
    feedStatus = 500;
    const failed = await node(mainArgs(...args));
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(
      /feed-hall \(127\.0\.0\.1:\d+\): FAILED: the source answered 500/,
    );
  });
});
