/**
 * `npm run bench:venues [-- --store postgres]`: several venues in one listing (docs/api.md §10.16).
 * Not a test; prints Markdown tables for docs/benchmarks.md.
 *
 * 1. Origin (SQLite, or PostgreSQL with `--store postgres`): 10 venues × 500 events in four IANA
 *    zones; a merged list of the 10 (`/api/events?venues=…`) at page 1 and page 20, uncached (the
 *    response memo off) and memoised, each as a ratio to one venue's page 1 in the same server.
 * 2. Proxy: 10 upstream venues of 60 events each; the first merged request (upstream requests
 *    and time), then memoised merged pages beside one venue's page 1, in the same process.
 * 3. Memory: the origin as `npm start` runs it (its Node flags) answering 10,000 random ordered
 *    sets of the 10 venues (each a new memo key), its peak RSS (VmHWM).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importVenueFile } from '../server/import/importer.js';
import { createApp } from '../server/origin/app.js';
import { createProxyApp } from '../server/proxy/app.js';
import { openStore } from '../server/store/open-store.js';
import { listen } from '../test/support/listen.js';
import { createDatabase, startCluster } from '../test/support/postgres.js';
import {
  benchVenue,
  bundle,
  measure,
  NOW,
  printTable,
  spawnServer,
  type Figure,
} from './support.js';

const ZONES = ['Europe/London', 'America/New_York', 'Pacific/Auckland', 'Europe/Berlin'];
const VENUES = Array.from({ length: 10 }, (_, v) => `venue-${v}`);
const ALL = `venues=${VENUES.join(',')}`;

/** Venue `v`: `count` events (`benchVenue`), in a zone of ZONES. */
const venue = (v: number, count: number) =>
  benchVenue(`venue-${v}`, count, 1 + v * 10_000, {
    timezone: ZONES[v % ZONES.length]!,
    name: `Venue ${v}`,
  });

const file = (perVenue: number) => ({ venues: VENUES.map((_, v) => venue(v, perVenue)) });

/** Writes the 10 × 500 store at `location` (an SQLite path or a PostgreSQL URL). */
async function buildStore(location: string) {
  const store = await openStore(location);
  await importVenueFile(store, file(500));
  await store.close();
}

/** Origin figures over `location`: one venue's page 1, the merged page 1 and page 20. */
async function originFigures(serveBundle: string, location: string, dir: string, cache: boolean) {
  const baseline = join(dir, 'baseline.json');
  writeFileSync(baseline, '{}');
  const args = [location, baseline, NOW, ...(cache ? [] : ['--no-response-cache'])];
  const { child, url } = await spawnServer(serveBundle, args, /READY (\d+)/);
  const pid = child.pid;
  try {
    const label = cache ? 'memoised' : 'uncached';
    return [
      await measure(`one venue, page 1, ${label}`, `${url}/t/venue-0/api/events`, {}, pid),
      await measure(`10 venues, page 1, ${label}`, `${url}/api/events?${ALL}`, {}, pid),
      await measure(`10 venues, page 20, ${label}`, `${url}/api/events?${ALL}&page=20`, {}, pid),
    ];
  } finally {
    child.kill();
  }
}

/** Serves `handler` on 127.0.0.1 and a free port: its base URL and a close. */
const listenOn = (handler: RequestListener) => listen(createServer(handler));

/** The proxy's first merged request over 10 upstream venues × 60 events, then memoised figures. */
async function proxyFigures(): Promise<{ first: string; figures: Figure[] }> {
  const store = await openStore(':memory:');
  await importVenueFile(store, file(60));
  const origin = await listenOn(createApp({ store, clock: () => new Date(NOW), logger: false }));
  let upstreamRequests = 0;
  const target = new URL(origin.url);
  // Counts what reaches the platform, passing it on unchanged.
  const counter = await listenOn((req, res) => {
    upstreamRequests++;
    const out = request(
      { host: target.hostname, port: target.port, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  const venueZones = Object.fromEntries(VENUES.map((slug, v) => [slug, ZONES[v % ZONES.length]!]));
  const proxy = await listenOn(
    createProxyApp({
      upstream: counter.url,
      clock: () => new Date(NOW),
      logger: false,
      venueZones,
    }),
  );
  try {
    const t0 = performance.now();
    const res = await fetch(`${proxy.url}/api/events?${ALL}`);
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    const first = `first merged request: ${res.status} in ${ms.toFixed(0)} ms, ${upstreamRequests} upstream requests (10 venues × 5 list pages)`;
    const figures = [
      await measure(
        'proxy: one venue, page 1 (cached upstream answer)',
        `${proxy.url}/t/venue-0/api/events`,
      ),
      await measure('proxy: 10 venues, page 1, memoised', `${proxy.url}/api/events?${ALL}`),
      await measure('proxy: 10 venues, page 4, memoised', `${proxy.url}/api/events?${ALL}&page=4`),
    ];
    return { first, figures };
  } finally {
    await Promise.all([proxy.close(), counter.close(), origin.close()]);
    await store.close();
  }
}

/** Peak RSS (MB) of the origin as `npm start` runs it, answering 10,000 random venue sets. */
async function randomSetsPeakRss(serveBundle: string, location: string, dir: string) {
  const baseline = join(dir, 'baseline.json');
  const { child, url } = await spawnServer(serveBundle, [location, baseline, NOW], /READY (\d+)/);
  try {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const sets = Array.from({ length: 10_000 }, () => {
      const chosen = VENUES.filter(() => random() < 0.5);
      return (chosen.length ? chosen : ['venue-0']).sort(() => random() - 0.5);
    });
    for (let i = 0; i < sets.length; i += 20) {
      await Promise.all(
        sets.slice(i, i + 20).map(async (set) => {
          const res = await fetch(`${url}/api/events?venues=${set.join(',')}&page=${1 + (i % 3)}`, {
            headers: { 'accept-encoding': 'br, gzip' },
          });
          await res.arrayBuffer();
        }),
      );
    }
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } finally {
    child.kill();
  }
}

const postgres = process.argv.includes('--store') && process.argv.includes('postgres');
const dir = mkdtempSync(join(tmpdir(), 'bench-venues-'));
const serveBundle = await bundle('bench/serve.ts', 'serve');
writeFileSync(join(dir, 'baseline.json'), '{}');
const cluster = postgres ? await startCluster() : undefined;
try {
  const location = cluster ? await createDatabase(cluster.url) : join(dir, 'venues.db');
  console.log(`building 10 venues × 500 events in ${postgres ? 'PostgreSQL' : 'SQLite'} …`);
  await buildStore(location);
  const kind = postgres ? 'PostgreSQL' : 'SQLite';
  const uncached = await originFigures(serveBundle, location, dir, false);
  printTable(`Origin (${kind}), uncached`, uncached, 'one venue');
  const memoised = await originFigures(serveBundle, location, dir, true);
  printTable(`Origin (${kind}), memoised`, memoised, 'one venue');
  if (!postgres) {
    const proxy = await proxyFigures();
    console.log(`\nProxy: ${proxy.first}`);
    printTable('Proxy, memoised', proxy.figures, 'one venue');
    const mb = await randomSetsPeakRss(serveBundle, location, dir);
    console.log(`\nOrigin peak RSS after 10,000 random venue sets: ${mb.toFixed(0)} MB`);
  }
} finally {
  cluster?.destroy();
  rmSync(dir, { recursive: true, force: true });
}
