/**
 * `npm run bench:sources`: an events source's sync (docs/sources.md). Not a test; prints figures
 * for docs/benchmarks.md.
 *
 * 1. A 5,000-event iCalendar feed (4,950 single nights and 50 weekly series) on loopback: the
 *    first sync (fetch, parse, expand, check and apply to an SQLite file) in ms, and the
 *    process's peak RSS after it, run with the server's `--max-semi-space-size=8` as `npm start`
 *    runs it. The script runs bundled (package.json's `bench:sources` builds it and the server),
 *    so the source is read in the built worker `npm start` uses, not one that compiles
 *    TypeScript first.
 * 2. The same source again: how many requests it cost (a conditional one, answered 304) and
 *    whether anything was written.
 * 3. The API while syncs run: a venue's memoised list page under load, alone and while the
 *    source is synced every 200 ms (unchanged), requests/s and p99.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { importVenueFile } from '../server/import/importer.js';
import { createApp } from '../server/origin/app.js';
import { SourceSync } from '../server/sources/sync.js';
import { openStore } from '../server/store/open-store.js';
import { bundle, DURATION_S, load, NOW, peakRssMb, SERVER_NODE_FLAGS } from './support.js';

const SINGLES = 4950;
const SERIES = 50;

/** The feed: `SINGLES` nights over the next 400 days and `SERIES` weekly series of 40 weeks. */
function feed(): string {
  const start = DateTime.fromISO(NOW, { zone: 'Europe/London' }).startOf('day');
  const stamp = (d: DateTime) => d.toFormat("yyyyMMdd'T'HHmmss");
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//venue-events bench//EN'];
  const event = (uid: string, title: string, at: DateTime, extra: string[] = []) =>
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20261201T000000Z',
      `DTSTART;TZID=Europe/London:${stamp(at)}`,
      `DTEND;TZID=Europe/London:${stamp(at.plus({ hours: 3 }))}`,
      `SUMMARY:${title}`,
      'DESCRIPTION:An evening of music.\\n\\nDoors open an hour before.',
      'LOCATION:Main Room',
      ...extra,
      'END:VEVENT',
    );
  for (let i = 0; i < SINGLES; i++) {
    event(`night-${i}@bench`, `Night ${i}`, start.plus({ days: i % 400, hours: 18 + (i % 5) }));
  }
  for (let i = 0; i < SERIES; i++) {
    event(`series-${i}@bench`, `Weekly ${i}`, start.plus({ days: i % 7, hours: 19 }), [
      'RRULE:FREQ=WEEKLY;COUNT=40',
    ]);
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

async function main(): Promise<void> {
  const body = feed();
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    if (req.headers['if-none-match'] === '"bench"') return void res.writeHead(304).end();
    res.writeHead(200, { 'Content-Type': 'text/calendar', ETag: '"bench"' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench.ics`;
  const dir = mkdtempSync(join(tmpdir(), 've-bench-sources-'));
  // A database file, as a server keeps (an in-memory one would count the data as the process's).
  const store = await openStore(join(dir, 'bench.db'));
  await importVenueFile(store, {
    venues: [
      { slug: 'feed-hall', timezone: 'Europe/London', source: { url } },
      {
        slug: 'other-hall',
        timezone: 'Europe/London',
        events: [
          {
            id: 1,
            title: 'Other',
            slug: 'other',
            status: 'published',
            date: '2026-12-10',
            time: '20:00',
          },
        ],
      },
    ],
  });
  const clock = () => new Date(NOW);
  const logger = { info: () => undefined, warn: (_f: object, m: string) => console.error(m) };
  const sync = new SourceSync({ store, clock, fetch: { allowHosts: ['127.0.0.1'] }, logger });

  const rssBeforeMb = process.resourceUsage().maxRSS / 1024;
  const t0 = performance.now();
  const [first] = await sync.syncAll();
  const ms = performance.now() - t0;
  const rssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `Feed: ${(body.length / 1e6).toFixed(1)} MB, ${SINGLES} nights + ${SERIES} weekly series`,
  );
  console.log(
    `First sync: ${first!.outcome}, ${first!.events} events in ${ms.toFixed(0)} ms; peak RSS ${rssMb.toFixed(0)} MB (${rssBeforeMb.toFixed(0)} MB before it)`,
  );

  const version = store.version();
  const before = requests;
  const [again] = await sync.syncAll();
  console.log(
    `Unchanged source: ${again!.outcome}, ${requests - before} request (304), store ${store.version() === version ? 'unchanged' : 'WRITTEN'}`,
  );

  const app = createServer(createApp({ store, clock, logger: false }));
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const page = `http://127.0.0.1:${(app.address() as AddressInfo).port}/t/other-hall/api/events`;
  await fetch(page);
  const alone = await load('memoised page, no sync', page, {}, undefined, DURATION_S);
  const timer = setInterval(() => void sync.syncAll(), 200);
  const during = await load('memoised page, syncs every 200 ms', page, {}, undefined, DURATION_S);
  clearInterval(timer);
  await sync.stop();
  console.log('\n| case | req/s | p50 ms | p99 ms |\n|---|---:|---:|---:|');
  for (const f of [alone, during])
    console.log(`| ${f.name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} |`);
  app.close();
  await store.close();
  const measured = await serverProcessFigures(join(dir, 'bench.db'));
  console.log(
    `\nThe same sync in a server process (npm start's flags, --check-sources): ${measured.ms.toFixed(0)} ms from start to exit, peak RSS ${measured.rssMb.toFixed(0)} MB`,
  );
  server.close();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The built server run as `npm start -- --check-sources` would be, with `npm start`'s Node flags,
 * on `db` (its source's validators are the process's own, so it fetches and applies the feed
 * whole): its wall time from spawn to exit and its peak RSS (VmHWM, polled every 10 ms).
 */
async function serverProcessFigures(db: string): Promise<{ ms: number; rssMb: number }> {
  const script = await bundle('server/main.ts', 'sources-main');
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      script,
      '--db',
      db,
      '--check-sources',
      '--allow-source-host',
      '127.0.0.1',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child.stdout.resume();
  let rssMb = 0;
  const poll = setInterval(() => (rssMb = Math.max(rssMb, peakRssMb(child.pid) ?? 0)), 10);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(poll);
  if (code !== 0) throw new Error(`--check-sources exited ${code}`);
  return { ms: performance.now() - t0, rssMb };
}

await main();
