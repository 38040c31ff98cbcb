/**
 * `npm run bench:api`: req/s and p50/p99 latency on loopback with autocannon, for
 *   (a) a baseline Express route returning a fixed 12-event JSON body,
 *   (b) list page 1, (c) list page 50 of a 5,000-event venue, (d) one event,
 * with a store of one venue of 1,000 events and with 1,000 venues × 200 events (both also hold
 * the 5,000-event venue), each with the response cache on (default) and off. Ratios are to (a).
 * The server runs in its own process (bundled like `npm start`'s, with its Node flags) so the
 * load generator does not share its event loop. (b-br) is (b) asked with `Accept-Encoding: br`.
 *
 * The list filters (docs/api.md §10.12) and the calendar feed (§10.14) are measured on a generated
 * 5,000-event venue of mixed categories, words and dates (both stores hold it): page 1 unfiltered
 * (f0), by category (f1), by search (f2), by a 31-day date range (f3), all three (f4), and the
 * feed for 100 days (f5) and for FullCalendar's 6-week month view (f6), and the feed for 100
 * days of the (b) venue (f7); each is printed as a ratio to (f0) of the same run, response cache
 * on and off. `--filters-only` measures (a) and these only.
 *
 * Past events (docs/api.md §10.20) are measured on a 5,000-event venue whose every date is before
 * the bench's today (2025-10-01 to 2026-11-05; both stores hold it): `when=past` page 1 (p0) and
 * page 50 (p1), printed as ratios to the upcoming pages of the 5,000-event venue, (c0) and (c);
 * (p2) is `when=past` with a category and a search that every event matches, to (c2), the same
 * filters on the upcoming venue. `--past-only` measures (a), (c0), (c), (c2) and these only.
 *
 * The venue's text in another language (docs/api.md §10.24): (b-de) is (b) with `locale=de`;
 * `--locale-only` measures (a), (b), (b-de), (d) and (d-de), one event with `locale=de`, only.
 *
 * `npm run bench:api -- --store postgres` runs the large store on SQLite and on a private
 * PostgreSQL server (started like the tests' one) in the same run, taking turns BENCH_ROUNDS times
 * (default 3), and prints PostgreSQL's ratios to SQLite's (median of the rounds) and the time to
 * import the 205,000 events into PostgreSQL.
 *
 * First, the memo-hit comparison (issues 20, 31): `npm start`'s server (its bundle, its Node flags
 * as package.json's "start" script gives them, its access log on, stdout on /dev/null) answering
 * list page 1 of the demo venue from its response memo, beside three servers sending the exact
 * bytes and headers of that response, each logging every request with pino to /dev/null
 * (`bench/memo-baselines.ts`): plain node:http, Express, and Express + pino-http, all three on
 * plain `node` with no flags, as a user runs Express. Every server is started BENCH_STARTS times
 * (default 3; the variance between starts is part of what is measured); after each start, each
 * is warmed up for 2 s, then they take BENCH_TURNS turns (default 8) of BENCH_TURN_SECONDS each
 * (default 1): short turns keep each server beside the others in time on a machine whose load
 * drifts. Each turn reads the server's CPU time from /proc: its main thread's and the whole
 * process's (every thread: V8's GC helpers, libuv's pool, which a 2-core host pays for too), per
 * request. The figures are the memo hit's over Express + pino-http's, each turn's ratio taken
 * within its turn: by whole-process CPU per request (the target's measure), by main-thread CPU per
 * request and by req/s, the median of every turn of every start and each start's median beside
 * it, with the memo-hit server's peak RSS and the load average (not with `--filters-only`).
 * `--memo-only` runs just this; `--flag-sets 'A;B;…'` runs one memo-hit server per set of Node
 * flags instead of `npm start`'s (flags separated by spaces, `none` for none), all taking turns
 * with the baselines, to choose the flags; `--cpu-prof` also profiles the first start's (first)
 * memo-hit server (`node --cpu-prof`) and prints where its time went. BENCH_CONNECTIONS sets the
 * load (BENCH_SECONDS the length of the other cases' runs); BENCH_NODE_FLAGS the flags of every
 * server of ours (never a baseline's).
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createDatabase, startCluster, type PostgresCluster } from '../test/support/postgres.js';
import { DEMO_SLUG } from '../server/demo/venue.js';
import { importVenueFile } from '../server/import/importer.js';
import { openStore } from '../server/store/open-store.js';
import {
  bundle,
  CONNECTIONS,
  DURATION_S,
  freePort,
  load as loadUrl,
  measure,
  median,
  NOW,
  parseFlags,
  peakRssMb,
  type Figure,
  printTable,
  profileSummary,
  SERVER_NODE_FLAGS,
  spawnQuiet,
  spawnServer,
  benchVenue as venue,
} from './support.js';
import type { RecordedResponse } from './memo-baselines.js';

/** Alternating rounds of SQLite and PostgreSQL with `--store postgres` (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The memo-hit comparison: starts of every server, turns after each, seconds a turn. */
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const TURNS = Number(process.env.BENCH_TURNS ?? 8);
const TURN_S = Number(process.env.BENCH_TURN_SECONDS ?? 1);

/** Words of the filter venue's titles and descriptions: each in about 1 event of 12. */
const WORDS =
  'late night trio quartet live acoustic session special guest tribute summer winter opening matinee premiere encore gala showcase duo big band brass choir strings piano organ voice folk roots blues soul swing'.split(
    ' ',
  );
const CATEGORIES = ['Jazz', 'Rock', 'Classical', 'Comedy', 'Theatre', 'Folk', 'Dance', 'Film'];

/** A venue of `count` events over 400 days for the filter rows: mixed-case categories, words. */
function filterVenue(slug: string, count: number, firstId: number) {
  const base = venue(slug, count, firstId);
  return {
    ...base,
    events: base.events.map((event, i) => {
      const word = (k: number) => WORDS[(i * 7 + k * 11 + (i >> 5)) % WORDS.length]!;
      const category = CATEGORIES[(i * 3) % CATEGORIES.length]!;
      return {
        ...event,
        title: `${word(0)} ${word(1)} ${i % 5 === 0 ? 'Björk' : category} ${i}`,
        category: i % 4 === 0 ? category.toUpperCase() : category,
        description: `<p>An evening of <strong>${word(2)}</strong> and ${word(3)}, with <em>${word(4)}</em>.</p>`,
      };
    }),
  };
}

/** The filter rows (f1)–(f6) on the filter venue and their base (f0), unfiltered page 1. */
const FILTER_CASES: [string, string][] = [
  ['(f0) filter venue: list page 1, unfiltered', '/t/filter-venue/api/events'],
  ['(f1) … categories=jazz', '/t/filter-venue/api/events?categories=jazz'],
  ['(f2) … search=late win', '/t/filter-venue/api/events?search=late%20win'],
  [
    '(f3) … 31-day date range',
    '/t/filter-venue/api/events?start_date=2027-01-01&end_date=2027-01-31',
  ],
  [
    '(f4) … all three',
    '/t/filter-venue/api/events?categories=jazz,folk&search=live&start_date=2027-01-01&end_date=2027-03-31',
  ],
  ['(f5) calendar feed, 100 days', '/t/filter-venue/api/calendar?start=2027-01-01&end=2027-04-11'],
  ['(f6) calendar feed, 6 weeks', '/t/filter-venue/api/calendar?start=2027-01-01&end=2027-02-12'],
];

/** The past-events rows (docs/api.md §10.20) on the past venue. */
const PAST_CASES: [string, string][] = [
  ['(p0) past venue: when=past page 1', '/t/past-venue/api/events?when=past'],
  ['(p1) … when=past page 50', '/t/past-venue/api/events?when=past&page=50'],
  [
    '(p2) … when=past, category and search',
    '/t/past-venue/api/events?when=past&categories=music&search=event',
  ],
];

async function buildStore(path: string, venues: ReturnType<typeof venue>[]) {
  const store = await openStore(path);
  const t0 = performance.now();
  for (let i = 0; i < venues.length; i += 100)
    await importVenueFile(store, { venues: venues.slice(i, i + 100) });
  const seconds = (performance.now() - t0) / 1000;
  await store.close();
  return seconds;
}

/** The bench server over `db`, with the response cache on or off. */
function startServer(serveBundle: string, db: string, baseline: string, cache: boolean) {
  const args = [db, baseline, NOW, ...(cache ? [] : ['--no-response-cache'])];
  return spawnServer(serveBundle, args, /READY (\d+)/);
}

/** Builds the benchmarked stores in `dir`: label → SQLite path or PostgreSQL URL. */
async function buildStores(dir: string, storeKind: 'sqlite' | 'postgres') {
  const big = venue('big-venue', 5_000, 1_000_000);
  const filtered = filterVenue('filter-venue', 5_000, 3_000_000);
  const past = venue('past-venue', 5_000, 5_000_000, { firstDay: '2025-10-01' });
  const large = Array.from({ length: 1_000 }, (_, v) => venue(`venue-${v}`, 200, 1 + v * 200));
  const small = join(dir, 'small.db');
  const stores: Record<string, string> = {};
  let cluster: PostgresCluster | undefined;
  console.log(`building stores in ${dir} …`);
  const tSmall = await buildStore(small, [venue('venue-0', 1_000, 1), big, filtered, past]);
  if (storeKind === 'sqlite') stores['one venue × 1,000 events'] = small;
  stores['SQLite, 1,000 venues × 200 events'] = join(dir, 'large.db');
  const tLarge = await buildStore(stores['SQLite, 1,000 venues × 200 events']!, [
    ...large,
    big,
    filtered,
    past,
  ]);
  console.log(
    `import into SQLite: 11,000 events in ${tSmall.toFixed(1)} s; 210,000 events in ${tLarge.toFixed(1)} s`,
  );
  if (storeKind === 'postgres') {
    cluster = await startCluster();
    const url = await createDatabase(cluster.url);
    stores['PostgreSQL, 1,000 venues × 200 events'] = url;
    const tPg = await buildStore(url, [...large, big, filtered, past]);
    console.log(`import into PostgreSQL: 210,000 events in ${tPg.toFixed(1)} s`);
  }
  return { small, stores, cluster };
}

/**
 * Which rows a run measures: all, or (a) and the filter rows, or (a) and the past rows, or (a)
 * and the rows with and without `locale`.
 */
type Rows = 'all' | 'filters' | 'past' | 'locale';

/** The figures of one server at `url` over the store labelled `label`. */
async function measureServer(url: string, label: string, rows: Rows) {
  const slug = label.startsWith('one') ? 'venue-0' : 'venue-500';
  const oneId = label.startsWith('one') ? 500 : 500 * 200 + 37;
  const figures = [await measure('(a) baseline: fixed 12-event JSON', `${url}/__baseline`)];
  if (rows === 'locale') {
    // The same list and event asked in German (docs/api.md §10.24): memoised apart, the text
    // chosen per event; the stores' venues have no translations, so each answers its own text.
    for (const [name, path] of [
      ['(b) list page 1', `/t/${slug}/api/events`],
      ['(b-de) list page 1, locale=de', `/t/${slug}/api/events?locale=de`],
      ['(d) one event', `/t/${slug}/api/events/${oneId}`],
      ['(d-de) one event, locale=de', `/t/${slug}/api/events/${oneId}?locale=de`],
    ] as const)
      figures.push(await measure(name, `${url}${path}`));
    return figures;
  }
  if (rows === 'past') {
    figures.push(
      await measure('(c0) list page 1, 5,000-event venue', `${url}/t/big-venue/api/events`),
      await measure('(c) list page 50, 5,000-event venue', `${url}/t/big-venue/api/events?page=50`),
      await measure(
        '(c2) … category and search, page 1',
        `${url}/t/big-venue/api/events?categories=music&search=event`,
      ),
    );
    for (const [name, path] of PAST_CASES) figures.push(await measure(name, `${url}${path}`));
    return figures;
  }
  if (rows === 'all') {
    figures.push(
      await measure('(b) list page 1', `${url}/t/${slug}/api/events`),
      await measure('(b-de) list page 1, locale=de', `${url}/t/${slug}/api/events?locale=de`),
      await measure('(b-br) list page 1, brotli', `${url}/t/${slug}/api/events`, {
        'accept-encoding': 'br',
      }),
      await measure('(c0) list page 1, 5,000-event venue', `${url}/t/big-venue/api/events`),
      await measure('(c) list page 50, 5,000-event venue', `${url}/t/big-venue/api/events?page=50`),
      await measure('(d) one event', `${url}/t/${slug}/api/events/${oneId}`),
    );
  }
  for (const [name, path] of FILTER_CASES) figures.push(await measure(name, `${url}${path}`));
  figures.push(
    await measure(
      `(f7) calendar feed, 100 days, ${slug}`,
      `${url}/t/${slug}/api/calendar?start=2027-01-01&end=2027-04-11`,
    ),
  );
  if (rows === 'all')
    for (const [name, path] of PAST_CASES) figures.push(await measure(name, `${url}${path}`));
  return figures;
}

/** Prints the ratios of one server's figures that the module's doc names. */
function printRatios(figures: Figure[]): void {
  const byName = (prefix: string) => figures.find((f) => f.name.startsWith(prefix));
  const [b, br, c0, c] = ['(b) ', '(b-br)', '(c0)', '(c) '].map(byName);
  if (b && br && c0 && c) {
    console.log(`page 50 / page 1 of the 5,000-event venue: ${(c.rps / c0.rps).toFixed(2)}`);
    console.log(`brotli / uncompressed list page 1: ${(br.rps / b.rps).toFixed(2)}`);
  }
  const [c2, p0, p1, p2] = ['(c2)', '(p0)', '(p1)', '(p2)'].map(byName);
  if (c0 && c && p0 && p1 && p2) {
    const filtered = c2 ? `, filtered page 1 ${(p2.rps / c2.rps).toFixed(2)}` : '';
    console.log(
      `past / upcoming, 5,000 events: page 1 ${(p0.rps / c0.rps).toFixed(2)}, page 50 ${(p1.rps / c.rps).toFixed(2)}${filtered}`,
    );
  }
  const f0 = byName('(f0)');
  if (!f0) return;
  const ratios = figures
    .filter((f) => /^\(f[1-7]\)/.test(f.name))
    .map((f) => `${f.name.slice(0, 4)} ${(f.rps / f0.rps).toFixed(2)}`);
  console.log(`filter venue, each / (f0) unfiltered page 1: ${ratios.join(', ')}`);
}

/** PostgreSQL's figures as ratios to SQLite's, the median of the alternating rounds. */
function printPostgresRatios(results: Record<string, Figure[][]>, rounds: number): void {
  console.log(
    `\nPostgreSQL / SQLite (1,000 venues × 200 events), median of ${rounds} alternating rounds (each round's ratio in brackets):`,
  );
  for (const cache of ['on (default)', 'off']) {
    const pg = results[`PostgreSQL, 1,000 venues × 200 events, response cache ${cache}`]!;
    const lite = results[`SQLite, 1,000 venues × 200 events, response cache ${cache}`]!;
    for (let i = 1; i < pg[0]!.length; i++) {
      const ratios = pg.map((figures, r) => figures[i]!.rps / lite[r]![i]!.rps);
      console.log(
        `  cache ${cache}: ${pg[0]![i]!.name}: ${median(ratios).toFixed(2)}× [${ratios.map((x) => x.toFixed(2)).join(', ')}]`,
      );
    }
    const index = (prefix: string) => pg[0]!.findIndex((f) => f.name.startsWith(prefix));
    const [c0, c, f0] = [index('(c0)'), index('(c) '), index('(f0)')];
    if (c0 >= 0) {
      const pages = pg.map((figures) => figures[c]!.rps / figures[c0]!.rps);
      console.log(
        `  cache ${cache}: PostgreSQL page 50 / page 1 of the 5,000-event venue: ${median(pages).toFixed(2)}`,
      );
    }
    const [p0, p1] = [index('(p0)'), index('(p1)')];
    if (c0 >= 0 && p0 >= 0) {
      const first = median(pg.map((figures) => figures[p0]!.rps / figures[c0]!.rps));
      const fiftieth = median(pg.map((figures) => figures[p1]!.rps / figures[c]!.rps));
      console.log(
        `  cache ${cache}: PostgreSQL past / upcoming, 5,000 events: page 1 ${first.toFixed(2)}, page 50 ${fiftieth.toFixed(2)}`,
      );
    }
    for (let i = f0 + 1; f0 >= 0 && i < pg[0]!.length; i++) {
      const ratios = pg.map((figures) => figures[i]!.rps / figures[f0]!.rps);
      console.log(
        `  cache ${cache}: PostgreSQL ${pg[0]![i]!.name.slice(0, 4)} / (f0): ${median(ratios).toFixed(2)}`,
      );
    }
  }
}

/** The baselines of the memo-hit comparison (`memo-baselines.ts`), in the order printed. */
const BASELINE_ROWS = [
  { label: 'plain node:http, same bytes', kind: 'node-http' },
  { label: 'Express, same bytes', kind: 'express' },
  { label: 'Express + pino-http, same bytes', kind: 'express-pino' },
] as const;

/** What the memo hits are a ratio to. */
const RATIO_TO = 'express-pino';

/** A row of the memo-hit comparison: a baseline, or a memo-hit server with its Node flags. */
interface MemoRow {
  label: string;
  kind: string;
  /** Node flags of a memo-hit server (baselines run on plain `node`). */
  flags?: string[];
}

/**
 * The memo-hit servers: one with `SERVER_NODE_FLAGS` (`npm start`'s), or one per set of
 * `flagSets`, sets separated by `;`, flags by spaces, `none` for none.
 */
function memoRows(flagSets: string | undefined): MemoRow[] {
  const sets = flagSets === undefined ? [SERVER_NODE_FLAGS] : flagSets.split(';').map(parseFlags);
  return sets.map((flags, i) => ({
    label: `memo hit${flagSets === undefined ? ", npm start's server" : ''}, flags: ${flags.join(' ') || 'none'}`,
    kind: `memo-${i}`,
    flags,
  }));
}

/** Response headers a baseline does not copy: the connection's own, and the length it computes. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length']);

/** The status-200 headers and body of `url`, as a baseline replays them. */
async function record(url: string): Promise<RecordedResponse> {
  // What autocannon asks for: no Accept-Encoding, so the identity bytes (fetch would ask for gzip).
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (res.status !== 200 || res.headers.has('content-encoding')) {
    throw new Error(`${url}: ${res.status} ${res.headers.get('content-encoding') ?? ''}`);
  }
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) headers[name] = value;
  });
  return { headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
}

/**
 * Starts the memo-hit servers of `memo` (each with its flags; the first one profiled when
 * `cpuProfDir` is given) and the baselines (plain `node`, no flags) in `dir`: row kind → base
 * URL; the processes go in `children`.
 */
async function startMemoServers(
  dir: string,
  memo: MemoRow[],
  cpuProfDir: string | undefined,
  children: Map<string, ChildProcess>,
) {
  const [main, baselines] = [
    await bundle('server/main.ts', 'main'),
    await bundle('bench/memo-baselines.ts', 'memo-baselines'),
  ];
  const urls = new Map<string, string>();
  for (const [i, row] of memo.entries()) {
    const url = `http://127.0.0.1:${await freePort()}`;
    const profile = cpuProfDir && i === 0 ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
    const args = ['--db', ':memory:', '--port', new URL(url).port, '--now', NOW];
    const flags = [...row.flags!, ...profile];
    children.set(row.kind, await spawnQuiet(main, args, `${url}/healthz`, flags));
    urls.set(row.kind, url);
  }
  const recorded = join(dir, 'page-1.json');
  const first = urls.get(memo[0]!.kind)!;
  writeFileSync(recorded, JSON.stringify(await record(`${first}/t/${DEMO_SLUG}/api/events`)));
  for (const { kind } of BASELINE_ROWS) {
    const p = await freePort();
    urls.set(kind, `http://127.0.0.1:${p}`);
    children.set(
      kind,
      await spawnQuiet(baselines, [kind, String(p), recorded], urls.get(kind)!, []),
    );
  }
  return urls;
}

/** Prints where the memo-hit server's time went, from its CPU profile in `dir`. */
function printProfile(dir: string): void {
  const { functions, packages } = profileSummary(dir);
  const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
  console.log('\nmemo-hit server, self time as a share of non-idle CPU time:');
  console.log(`| function | self |\n|---|---:|`);
  for (const f of functions) console.log(`| ${f.name} | ${pct(f.share)} |`);
  console.log(`\n| package | self |\n|---|---:|`);
  for (const p of packages) console.log(`| ${p.name} | ${pct(p.share)} |`);
}

/** What one round measured of one server: req/s and CPU µs per request (main thread, all). */
interface RoundFigure {
  start: number;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  main?: number;
  total?: number;
}

/** Every round of every start, by row kind. */
type MemoResults = Map<string, RoundFigure[]>;

/** Appends `figure` to `results`' list at `kind`. */
const push = (results: MemoResults, kind: string, figure: RoundFigure) =>
  (results.get(kind) ?? results.set(kind, []).get(kind)!).push(figure);

/** The 1-minute load average, as `uptime` prints it. */
const load = () => loadavg()[0]!.toFixed(2);

/**
 * One turn of a warmed-up server (`pid`): TURN_S seconds of load on `url`, its req/s, latency and
 * CPU time per request (µs). Throws if any response is not 2xx.
 */
async function turn(name: string, url: string, pid: number | undefined): Promise<Figure> {
  return loadUrl(name, url, {}, pid, TURN_S);
}

/**
 * Turn `round` of start `start`: every row measured in turn, starting at another row each turn
 * and each start (no row always runs first, or always after the same one).
 */
async function memoRound(
  rows: MemoRow[],
  servers: Map<string, { url: string; child: ChildProcess }>,
  start: number,
  round: number,
  results: MemoResults,
): Promise<void> {
  for (let i = 0; i < rows.length; i++) {
    const { label, kind } = rows[(i + round + start) % rows.length]!;
    const { url, child } = servers.get(kind)!;
    const f = await turn(label, `${url}/t/${DEMO_SLUG}/api/events`, child.pid);
    const cpu = { main: f.cpuUs?.main, total: f.cpuUs?.total };
    push(results, kind, { start, round, rps: f.rps, p50: f.p50, p99: f.p99, ...cpu });
  }
}

/** The table of start `start`: each row's medians of its turns, ratios to Express + pino-http. */
function printStart(rows: MemoRow[], results: MemoResults, start: number): void {
  const printed = [RATIO_TO, ...rows.map((r) => r.kind).filter((k) => k !== RATIO_TO)];
  const figures = printed.map((kind): Figure => {
    const turns = results.get(kind)!.filter((f) => f.start === start);
    const [main, total] = [medianOf(turns, (f) => f.main), medianOf(turns, (f) => f.total)];
    return {
      name: rows.find((r) => r.kind === kind)!.label,
      rps: median(turns.map((f) => f.rps)),
      p50: median(turns.map((f) => f.p50)),
      p99: median(turns.map((f) => f.p99)),
      ...(main !== undefined && total !== undefined && { cpuUs: { main, total } }),
    };
  });
  printTable(
    `memo hit vs the same bytes, start ${start + 1}: medians of ${TURNS} turns of ${TURN_S} s, ${CONNECTIONS} connections; load average ${load()}`,
    figures,
    'Express + pino-http',
  );
}

/** `figures`' `of`, the median, or undefined when a figure lacks it (no /proc). */
function medianOf(figures: RoundFigure[], of: (f: RoundFigure) => number | undefined) {
  const xs = figures.map(of);
  return xs.every((x) => x !== undefined) && xs.length > 0 ? median(xs as number[]) : undefined;
}

/**
 * Each round's ratio of `row` to `base`, taken within the round (the two ran side by side, under
 * the same load): `base`'s figure over `row`'s for a cost (lower is better), `row`'s over `base`'s
 * for req/s. Undefined where a figure lacks it (no /proc).
 */
function roundRatios(
  row: RoundFigure[],
  base: RoundFigure[],
  of: (f: RoundFigure) => number | undefined,
  higherIsBetter: boolean,
): { start: number; ratio: number }[] | undefined {
  const out: { start: number; ratio: number }[] = [];
  for (const f of row) {
    const b = base.find((x) => x.start === f.start && x.round === f.round);
    const [r, o] = [of(f), b && of(b)];
    if (r === undefined || o === undefined) return undefined;
    out.push({ start: f.start, ratio: higherIsBetter ? r / o : o / r });
  }
  return out;
}

/** The median of the rounds' ratios, then each start's in brackets. */
function ratios(
  row: RoundFigure[],
  base: RoundFigure[],
  of: (f: RoundFigure) => number | undefined,
  higherIsBetter = false,
): string {
  const all = roundRatios(row, base, of, higherIsBetter);
  if (!all?.length) return '?';
  const byStart = [...new Set(all.map((r) => r.start))].map((start) =>
    median(all.filter((r) => r.start === start).map((r) => r.ratio)).toFixed(2),
  );
  return `**${median(all.map((r) => r.ratio)).toFixed(2)}** [${byStart.join(', ')}]`;
}

/**
 * The summary of the memo-hit comparison: each server's cost per request in each start (main
 * thread / whole process, µs, median of the start's rounds) and req/s; then each memo-hit
 * server's ratios to Express + pino-http and its peak RSS.
 */
function printMemoSummary(
  rows: MemoRow[],
  results: MemoResults,
  peaks: Map<string, number | undefined>,
  loads: string[],
): void {
  const starts = [...new Set(results.get(RATIO_TO)!.map((f) => f.start))];
  const µs = (x: number | undefined) => (x === undefined ? '?' : x.toFixed(0));
  console.log(
    `\n${starts.length} starts × ${TURNS} turns of ${TURN_S} s, ${CONNECTIONS} connections; load average (1 min) at each start and at the end: ${loads.join(' → ')}`,
  );
  console.log(
    "\nCPU per request, µs: main thread / whole process (every thread), median of each start's turns; req/s, median of all turns:",
  );
  console.log(
    `| server | ${starts.map((s) => `start ${s + 1}`).join(' | ')} | all starts | req/s |\n|---|${starts.map(() => '---:|').join('')}---:|---:|`,
  );
  for (const { label, kind } of rows) {
    const figures = results.get(kind)!;
    const cost = (fs: RoundFigure[]) =>
      `${µs(medianOf(fs, (f) => f.main))} / ${µs(medianOf(fs, (f) => f.total))}`;
    const cells = starts.map((s) => cost(figures.filter((f) => f.start === s)));
    console.log(
      `| ${label} | ${cells.join(' | ')} | ${cost(figures)} | ${Math.round(median(figures.map((f) => f.rps)))} |`,
    );
  }
  const base = results.get(RATIO_TO)!;
  console.log(
    "\n| memo-hit server | × Express + pino-http by whole-process CPU per request: median of the turns [of each start's] | by main-thread CPU per request | by req/s | peak RSS |",
  );
  console.log('|---|---|---|---|---:|');
  for (const { label, kind } of rows.filter((r) => r.flags)) {
    const row = results.get(kind)!;
    const peak = peaks.get(kind);
    console.log(
      `| ${label} | ${ratios(row, base, (f) => f.total)} | ${ratios(row, base, (f) => f.main)} | ${ratios(row, base, (f) => f.rps, true)} | ${peak === undefined ? '?' : `${peak.toFixed(0)} MB`} |`,
    );
  }
  console.log('(target ≥ 0.9 by whole-process CPU per request, peak RSS < 200 MB)');
}

/** Resolves once every process of `children` has exited. */
const exited = (children: Iterable<ChildProcess>) =>
  Promise.all(
    [...children].map((child) =>
      child.exitCode === null && child.signalCode === null ? once(child, 'exit') : undefined,
    ),
  );

/**
 * The memo-hit comparison of the module comment, in `dir`: STARTS times, the baselines and the
 * memo-hit servers (one per set of `flagSets`, else `npm start`'s) are started afresh, warmed up
 * and take TURNS turns; then the medians and ratios.
 */
async function memoComparison(
  dir: string,
  cpuProf: boolean,
  flagSets: string | undefined,
): Promise<void> {
  const profDir = cpuProf ? join(dir, 'cpu-prof') : undefined;
  const memo = memoRows(flagSets);
  const rows: MemoRow[] = [...BASELINE_ROWS, ...memo];
  const results: MemoResults = new Map();
  const peaks = new Map<string, number | undefined>();
  const loads = [load()];
  for (let start = 0; start < STARTS; start++) {
    const children = new Map<string, ChildProcess>();
    try {
      const urls = await startMemoServers(dir, memo, start === 0 ? profDir : undefined, children);
      const servers = new Map(
        rows.map(({ kind }) => [kind, { url: urls.get(kind)!, child: children.get(kind)! }]),
      );
      for (const { url } of servers.values()) {
        await autocannon({
          url: `${url}/t/${DEMO_SLUG}/api/events`,
          connections: CONNECTIONS,
          duration: 2,
        });
      }
      for (let round = 0; round < TURNS; round++) {
        await memoRound(rows, servers, start, round, results);
      }
      printStart(rows, results, start);
      for (const { kind } of memo) {
        const peak = peakRssMb(children.get(kind)!.pid);
        if (peak !== undefined) peaks.set(kind, Math.max(peaks.get(kind) ?? 0, peak));
      }
    } finally {
      for (const child of children.values()) child.kill('SIGTERM');
    }
    // The next start's servers start once these are gone (and the profile is written as the
    // profiled server exits: SIGTERM is main.ts's graceful shutdown).
    await exited(children.values());
    loads.push(load());
  }
  printMemoSummary(rows, results, peaks, loads);
  if (profDir) printProfile(profDir);
}

const HELP = `npm run bench:api -- [--store sqlite|postgres] [--filters-only] [--past-only] [--locale-only] [--memo-only] [--cpu-prof] [--flag-sets 'A;B;…']
See the header of bench/api.ts for what each measures.`;

async function main() {
  const { values } = parseArgs({
    options: {
      store: { type: 'string', default: 'sqlite' },
      'filters-only': { type: 'boolean', default: false },
      'past-only': { type: 'boolean', default: false },
      'locale-only': { type: 'boolean', default: false },
      'memo-only': { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      'flag-sets': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const { store: storeKind, 'filters-only': filtersOnly, 'past-only': pastOnly } = values;
  const rows: Rows = filtersOnly
    ? 'filters'
    : pastOnly
      ? 'past'
      : values['locale-only']
        ? 'locale'
        : 'all';
  if (values.help) return void console.log(HELP);
  if (rows === 'all') {
    const dir = mkdtempSync(join(tmpdir(), 've-bench-'));
    try {
      await memoComparison(dir, values['cpu-prof'], values['flag-sets']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (values['memo-only']) return;
  }
  if (storeKind !== 'sqlite' && storeKind !== 'postgres') {
    throw new Error(`--store must be sqlite or postgres, got "${storeKind}"`);
  }
  const dir = mkdtempSync(join(tmpdir(), 've-bench-'));
  const children: ChildProcess[] = [];
  let cluster: PostgresCluster | undefined;
  try {
    const serveBundle = await bundle('bench/serve.ts', 'serve');
    const built = await buildStores(dir, storeKind);
    const { small, stores } = built;
    cluster = built.cluster;

    // The baseline body is a real page-1 response, so (a) sends the same bytes (b) does.
    const baselinePath = join(dir, 'baseline.json');
    {
      const s = await startServer(serveBundle, small, '/dev/null', true);
      writeFileSync(baselinePath, await (await fetch(`${s.url}/t/venue-0/api/events`)).text());
      s.child.kill();
    }

    const rss: string[] = [];
    const results: Record<string, Figure[][]> = {};
    // PostgreSQL and SQLite take turns, ROUNDS times, and each ratio is the median of the rounds':
    // on a shared 2-core machine one run's drift is as large as the differences measured.
    const rounds = storeKind === 'postgres' ? ROUNDS : 1;
    for (const cache of [true, false]) {
      for (let round = 1; round <= rounds; round++) {
        for (const [label, db] of Object.entries(stores)) {
          const { child, url } = await startServer(serveBundle, db, baselinePath, cache);
          children.push(child);
          const idle =
            ((await (await fetch(`${url}/__rss`)).json()) as { rss: number }).rss / 2 ** 20;
          const figures = await measureServer(url, label, rows);
          const title = `${label}, response cache ${cache ? 'on (default)' : 'off'}`;
          (results[title] ??= []).push(figures);
          printTable(
            `${title}${rounds > 1 ? ` (round ${round} of ${rounds})` : ''} — ${CONNECTIONS} connections, ${DURATION_S} s each`,
            figures,
            'baseline',
          );
          printRatios(figures);
          const mem = (await (await fetch(`${url}/__rss`)).json()) as NodeJS.MemoryUsage;
          const mb = mem.rss / 2 ** 20;
          if (process.env.BENCH_DEBUG) console.log(mem);
          rss.push(
            `${title}: server RSS ${idle.toFixed(0)} MB idle, ${mb.toFixed(0)} MB after the runs`,
          );
          child.kill();
        }
      }
    }
    console.log(`\n${rss.join('\n')}`);
    if (storeKind === 'postgres') printPostgresRatios(results, rounds);
  } finally {
    for (const child of children) child.kill();
    cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
