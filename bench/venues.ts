/**
 * `npm run bench:venues [-- --store postgres]`: several venues in one listing (docs/api.md §10.16).
 * Not a test; prints Markdown tables for docs/benchmarks.md.
 *
 * 1. Origin (SQLite, or PostgreSQL with `--store postgres`): 10 venues × 500 events in four IANA
 *    zones; a merged list of the 10 at page 1 and page 20, uncached (the response memo off) and
 *    memoised, each as a ratio to one venue's page 1 in the same server (and beside a venue of
 *    5,000 events, whose envelope is the merged list's). The lists are served by this file's own
 *    route (`benchServer`, run as `--serve`) over each listing source: one venue's
 *    (`storeSource`), the venues' in one store query (`storeMergedSource`) and the merge of their
 *    own lists (`mergedSource`, what it replaces), all through the same memo and sending; the
 *    app's own `/t/venue-0/api/events` and `/api/events?venues=…` beside them, and again as a
 *    browser asks for them (`Accept-Encoding: br, gzip`: the `…, br` cases), printed as a table
 *    of their own × the app's one venue so asked (the ratios the targets are about). Cases are
 *    taken in turns, `BENCH_ROUNDS` (3) rounds of `BENCH_SECONDS` each, medians
 *    (`measureRounds`); `BENCH_ONLY` (a regular expression) keeps the cases whose name matches.
 * 2. Proxy: 10 upstream venues of 60 events each; the first merged request (upstream requests
 *    and time), then memoised merged pages beside one venue's page 1, in the same process.
 * 3. Memory: the origin as `npm start` runs it (its Node flags) answering 10,000 random ordered
 *    sets of the 10 venues (each a new memo key), its peak RSS (VmHWM).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { filterQuery, parseListFilter } from '../shared/rules/filters.js';
import { parsePage } from '../shared/rules/pagination.js';
import { forBase, maxAgeSeconds, sendRepresentation } from '../server/http/conditional.js';
import { BASE_MARKER, onBase, requestBase } from '../server/http/public-base.js';
import { importVenueFile } from '../server/import/importer.js';
import { listDocument } from '../server/listing/feeds.js';
import { instantsOf, mergedSource } from '../server/listing/merged-source.js';
import type { ListingSource } from '../server/listing/source.js';
import { createApp } from '../server/origin/app.js';
import { storeMergedSource } from '../server/origin/merged-store-source.js';
import { RenderCache } from '../server/origin/render-cache.js';
import { StoreReads } from '../server/origin/store-reads.js';
import { storeSource, type StoreSourceDeps } from '../server/origin/store-source.js';
import { createProxyApp } from '../server/proxy/app.js';
import { openStore } from '../server/store/open-store.js';
import type { VenueRecord } from '../server/store/store.js';
import { listen } from '../test/support/listen.js';
import { createDatabase, startCluster } from '../test/support/postgres.js';
import {
  benchVenue,
  bundle,
  measure,
  measureRounds,
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

/**
 * One venue of 5,000 events (as many as the 10 venues' together), dated from 2031 so that no
 * page of the 10 reads its rows: its page has the merged list's envelope (`meta.links` holds one
 * entry per page, 417), so beside it a merged page costs what its listing costs.
 */
function bigVenue() {
  const big = benchVenue('venue-big', 5_000, 900_000, { name: 'Big Venue' });
  const later = (date: string) => `${Number(date.slice(0, 4)) + 5}${date.slice(4)}`;
  for (const event of big.events as { date?: string; occurrences?: { date: string }[] }[]) {
    if (event.date) event.date = later(event.date);
    for (const stop of event.occurrences ?? []) stop.date = later(stop.date);
  }
  return big;
}

/** Writes the 10 × 500 store and the big venue at `location` (an SQLite path or a PostgreSQL URL). */
async function buildStore(location: string) {
  const store = await openStore(location);
  await importVenueFile(store, { venues: [...file(500).venues, bigVenue()] });
  await store.close();
}

/** A listing source of some venues at a store version, for the bench route. */
type SourceOf = (
  deps: StoreSourceDeps,
  venues: VenueRecord[],
  version: string,
  nowMs: number,
) => ListingSource;

/** The bench route's sources, by the path segment that names them. */
const SOURCES: Record<string, SourceOf> = {
  // One venue's own list, as `/t/{slug}/api/events` reads it.
  one: (deps, [venue], version, nowMs) =>
    storeSource(deps, { venue: venue!, version }, nowMs, BASE_MARKER),
  // The venues in one store query.
  across: (deps, venues, version, nowMs) =>
    storeMergedSource(deps, venues, version, nowMs, BASE_MARKER),
  // The merge of the venues' own lists (what `across` replaces).
  merge: (deps, venues, version, nowMs) =>
    mergedSource(
      venues.map((venue) => storeSource(deps, { venue, version }, nowMs, BASE_MARKER)),
      INSTANTS,
    ),
};
const INSTANTS = instantsOf();

/**
 * The bench's server process (`--serve DB NOW [--no-response-cache]`): the app, and before it
 * `GET /bench/{one|across|merge}?venues=a,b&page=n[&filters]`, a list page of the venues from
 * that source (`SOURCES`) through the app's memo (`RenderCache`, per store version), links on
 * the request's base and sent with its ETag and max-age (`sendRepresentation`), as the app's list
 * routes do. Prints `READY {port}`.
 */
async function benchServer([location, now, flag]: string[]): Promise<void> {
  const store = await openStore(location!);
  const nowMs = Date.parse(now!);
  const responseCache = flag !== '--no-response-cache';
  const reads = new StoreReads(store);
  const cache = new RenderCache({ enabled: responseCache });
  const deps: StoreSourceDeps = { store, reads, earlierShape: false };
  const list: RequestHandler = async (req, res) => {
    const sourceOf = SOURCES[String(req.params.source)]!;
    const slugs = String(req.query.venues).split(',');
    const filter = parseListFilter(req.query);
    const page = parsePage(req.query.page);
    const version = store.version();
    const key = `${req.params.source}|${slugs.join(',')}|${filterQuery(filter)}|${page}`;
    const rendered = (await cache.get(key, version, nowMs, async () => {
      const venues = await Promise.all(slugs.map((slug) => reads.venue(slug, version)));
      const source = sourceOf(deps, venues as VenueRecord[], version, nowMs);
      const scope = { path: '/api/events', query: `venues=${slugs.join(',')}` };
      const { text, untilMs, lastPage } = await listDocument(source, filter, page, scope);
      return { body: text, untilMs, keep: page <= lastPage };
    }))!;
    const base = requestBase(req);
    const sent = forBase(rendered, base, () => Buffer.from(onBase(rendered.text, base)));
    sendRepresentation(req, res, sent, { maxAgeSeconds: maxAgeSeconds(rendered.untilMs, nowMs) });
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/bench/:source', list);
  app.use(createApp({ store, clock: () => new Date(nowMs), logger: false, responseCache }));
  const server = app.listen(0, '127.0.0.1', () => {
    process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
  });
}

/**
 * Origin figures over `location` (`script`: this file bundled, run as its `--serve`): one
 * venue's page 1 and the merged page 1 and page 20, from one store query and from the merge of
 * the venues' lists, then the app's own routes.
 */
async function originFigures(script: string, location: string, cache: boolean) {
  const args = ['--serve', location, NOW, ...(cache ? [] : ['--no-response-cache'])];
  const { child, url } = await spawnServer(script, args, /READY (\d+)/);
  const pid = child.pid;
  const label = cache ? 'memoised' : 'uncached';
  const cases: [string, string][] = [
    [`one venue, page 1, ${label}`, `/bench/one?venues=venue-0`],
    [`one venue of 5,000 events, page 1, ${label}`, `/bench/one?venues=venue-big`],
    [`10 venues, page 1, ${label} (one query)`, `/bench/across?${ALL}`],
    [`10 venues, page 20, ${label} (one query)`, `/bench/across?${ALL}&page=20`],
    [`10 venues, page 1, ${label} (merge of 10 lists)`, `/bench/merge?${ALL}`],
    [`10 venues, page 20, ${label} (merge of 10 lists)`, `/bench/merge?${ALL}&page=20`],
    [`app: one venue, page 1, ${label}`, `/t/venue-0/api/events`],
    [`app: 10 venues, page 1, ${label}`, `/api/events?${ALL}`],
    [`app: 10 venues, page 20, ${label}`, `/api/events?${ALL}&page=20`],
  ];
  // What a browser asks for (`Accept-Encoding: br, gzip`): a memo hit sends the answer's kept
  // brotli copy (the merged list's envelope, §2.5: 417 page links, 90 KB, in some 3 KB), a miss
  // compresses what it built, so both are measured so too, one venue's beside them.
  const br = { 'accept-encoding': 'br, gzip' };
  const brCases: [string, string, Record<string, string>][] = [
    [`app: one venue, page 1, ${label}, br`, `/t/venue-0/api/events`, br],
    [`app: 10 venues, page 1, ${label}, br`, `/api/events?${ALL}`, br],
    [`app: 10 venues, page 20, ${label}, br`, `/api/events?${ALL}&page=20`, br],
  ];
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  try {
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    return await measureRounds(
      [...cases, ...brCases]
        .filter(([name]) => !only || only.test(name))
        .map(([name, path, headers]) => [name, url + path, headers] as const),
      pid,
      rounds,
    );
  } finally {
    child.kill();
  }
}

/**
 * Prints the figures of the app's routes as a browser asks for them (`…, br` cases) as their own
 * table, each × the app's one venue, page 1, so asked: the ratios the targets are about
 * (docs/benchmarks.md "Several venues in one listing").
 */
function printBrowserTable(title: string, figures: Figure[]): void {
  const asked = figures.filter((f) => f.name.endsWith(', br'));
  if (asked.length > 1)
    printTable(`${title}, as a browser asks (br, gzip)`, asked, 'one venue, br');
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

/** The bench: the stores built, each part measured and printed. */
async function main(): Promise<void> {
  const postgres = process.argv.includes('--store') && process.argv.includes('postgres');
  if (process.argv.includes('--proxy')) {
    // `npm run bench:venues -- --proxy`: the proxy's figures alone.
    const proxy = await proxyFigures();
    console.log(`\nProxy: ${proxy.first}`);
    printTable('Proxy, memoised', proxy.figures, 'one venue');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-venues-'));
  const [serveBundle, self] = await Promise.all([
    bundle('bench/serve.ts', 'serve'),
    bundle('bench/venues.ts', 'venues'),
  ]);
  writeFileSync(join(dir, 'baseline.json'), '{}');
  const cluster = postgres ? await startCluster() : undefined;
  try {
    const location = cluster ? await createDatabase(cluster.url) : join(dir, 'venues.db');
    console.log(`building 10 venues × 500 events in ${postgres ? 'PostgreSQL' : 'SQLite'} …`);
    await buildStore(location);
    const kind = postgres ? 'PostgreSQL' : 'SQLite';
    const uncached = await originFigures(self, location, false);
    printTable(`Origin (${kind}), uncached`, uncached, 'one venue');
    printBrowserTable(`Origin (${kind}), uncached`, uncached);
    const memoised = await originFigures(self, location, true);
    printTable(`Origin (${kind}), memoised`, memoised, 'one venue');
    printBrowserTable(`Origin (${kind}), memoised`, memoised);
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
}

if (process.argv[2] === '--serve') await benchServer(process.argv.slice(3));
else await main();
