/**
 * `npm run bench:hostile`: the server as `npm start` starts it (the built bundle, its Node flags)
 * with venues whose sources sync at start (docs/api.md §10.21 "Bounded sources"), in three cases:
 * one venue for each hostile source of test/support/hostile-sources.ts (a rule that never
 * matches, minutely series since 1970, 40,000 blanks, RDATE periods, script, 250,000 bad rows, a
 * feed that outgrows the worker's heap); `BENCH_VENUES` venues (default 1,000) with a plain
 * 50-event programme each; and as many with the hostile sources among them. Not a test; prints
 * figures for docs/benchmarks.md.
 *
 * While every venue syncs once, two probe loops ask `/healthz` and a memoised listing of a plain
 * venue back to back: their latencies (p50, p99, max, ms) and failures, the process's resident
 * memory (most seen, and VmHWM), and the time until every venue has synced. Then the same after
 * a restart on the same database. `BENCH_CASES=hostile,plain,mixed` picks the cases.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostileFeeds, serveFeeds, sourceVenues } from '../test/support/hostile-sources.js';
import { startBuilt, type MainProcess } from '../test/support/main-process.js';

const VENUES = Number(process.env.BENCH_VENUES ?? 1000);
/** `BENCH_CASES`: which cases to run, of `hostile,plain,mixed` (default all three). */
const CASES = new Set((process.env.BENCH_CASES ?? 'hostile,plain,mixed').split(','));
const PROGRAMME_EVENTS = 50;

/** A plain feed of `PROGRAMME_EVENTS` nights, one a week from `now`. */
function programme(now: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN'];
  for (let i = 0; i < PROGRAMME_EVENTS; i++) {
    const day = new Date(now.getTime() + (i * 7 + 1) * 86_400_000).toISOString().slice(0, 10);
    lines.push(
      'BEGIN:VEVENT',
      `UID:night-${i}@bench`,
      `SUMMARY:Night ${i}`,
      `DTSTART:${day.replaceAll('-', '')}T190000Z`,
      'DESCRIPTION:An evening of music.',
      'END:VEVENT',
    );
  }
  return [...lines, 'END:VCALENDAR', ''].join('\r\n');
}

/** `/proc/{pid}/status` field in MB (`VmRSS`, `VmHWM`). */
function statusMb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
}

/** Venues with a last success or a failure on `/metrics`. */
async function settledVenues(url: string, took: number[]): Promise<number> {
  const t0 = performance.now();
  const metrics = await (await fetch(`${url}/metrics`)).text();
  took.push(performance.now() - t0);
  const settled = new Set<string>();
  for (const line of metrics.split('\n')) {
    const m =
      /^venue_events_source_(?:last_success_seconds|failures)\{venue="(src-\d+)"\} [1-9]/.exec(
        line,
      );
    if (m) settled.add(m[1]!);
  }
  return settled.size;
}

interface Round {
  syncedMs: number;
  latencies: number[];
  failures: string[];
  maxRssMb: number;
  /** Most anonymous (heap, stacks, malloc) and file-backed (code, mapped files) resident MB seen. */
  maxAnonMb: number;
  maxFileMb: number;
  hwmMb: number;
  /** How long each `/metrics` took, ms. */
  metricsMs: number[];
}

/** Probes `url` until every venue has synced; what it saw. */
async function measure(url: string, pid: number, started: number, venues: number): Promise<Round> {
  const round: Round = {
    syncedMs: 0,
    latencies: [],
    failures: [],
    maxRssMb: 0,
    maxAnonMb: 0,
    maxFileMb: 0,
    hwmMb: 0,
    metricsMs: [],
  };
  let done = false;
  const probe = async (path: string) => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(5000) }).catch(
        (error: Error) => error,
      );
      if (res instanceof Response) await res.arrayBuffer();
      if (res instanceof Response && res.status === 200)
        round.latencies.push(performance.now() - t0);
      else round.failures.push(`${path}: ${res instanceof Response ? res.status : res.message}`);
    }
  };
  const memory = setInterval(() => {
    round.maxRssMb = Math.max(round.maxRssMb, statusMb(pid, 'VmRSS'));
    round.maxAnonMb = Math.max(round.maxAnonMb, statusMb(pid, 'RssAnon'));
    round.maxFileMb = Math.max(round.maxFileMb, statusMb(pid, 'RssFile'));
  }, 50);
  const probes = [probe('/healthz'), probe('/t/plain/api/events')];
  // `/metrics` names every venue's gauges (a page of its own for a thousand venues): asked every
  // 5 s, as a scraper would, so the probes measure the server, not this loop.
  while ((await settledVenues(url, round.metricsMs)) < venues)
    await new Promise((r) => setTimeout(r, 5000));
  round.syncedMs = performance.now() - started;
  const metrics = await (await fetch(`${url}/metrics`)).text();
  const gauge = (name: string) =>
    Number(new RegExp(`^${name} (\\d+)`, 'm').exec(metrics)?.[1]) / 2 ** 20;
  console.log(
    `  at the end: heap ${gauge('nodejs_heap_size_used_bytes').toFixed(0)} of ${gauge('nodejs_heap_size_total_bytes').toFixed(0)} MB, external ${gauge('nodejs_external_memory_bytes').toFixed(0)} MB`,
  );
  done = true;
  await Promise.all(probes);
  clearInterval(memory);
  round.hwmMb = statusMb(pid, 'VmHWM');
  return round;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function run(db: string, file: string, name: string, venues: number): Promise<void> {
  const started = performance.now();
  const main: MainProcess = startBuilt([
    ...['--db', db, '--data', file, '--port', '0', '--metrics'],
    ...['--allow-source-host', '127.0.0.1'],
  ]);
  const ready = await main.ready;
  if (!ready.url) throw new Error(`the server did not start: ${ready.err}`);
  const round = await measure(ready.url, main.child.pid!, started, venues);
  const exited = new Promise((resolve) => main.child.once('exit', resolve));
  main.child.kill('SIGTERM');
  await exited;
  const sorted = [...round.latencies].sort((a, b) => a - b);
  const ms = (n: number) => n.toFixed(1);
  console.log(
    `| ${name} | ${(round.syncedMs / 1000).toFixed(0)} s | ${sorted.length} | ${round.failures.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1) ?? 0)} | ${round.maxRssMb.toFixed(0)} MB | ${round.hwmMb.toFixed(0)} MB |`,
  );
  for (const failure of round.failures.slice(0, 5)) console.log(`  failed: ${failure}`);
  console.log(`  /metrics took up to ${ms(Math.max(...round.metricsMs))} ms`);
  console.log(
    `  most seen: ${round.maxAnonMb.toFixed(0)} MB anonymous, ${round.maxFileMb.toFixed(0)} MB file-backed`,
  );
}

/** One case: `count` venues, the first fed by `hostile` in turn, the rest by the programme. */
async function scenario(
  title: string,
  feedsUrl: string,
  hostile: readonly string[],
  count: number,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 've-bench-hostile-'));
  const file = join(dir, 'venues.json');
  const sources = sourceVenues(feedsUrl, hostile.length ? hostile : ['programme.ics'], count).map(
    (venue, i) =>
      i < hostile.length ? venue : { ...venue, source: { url: `${feedsUrl}/programme.ics` } },
  );
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const plain = {
    slug: 'plain',
    name: 'Plain Hall',
    timezone: 'Europe/London',
    events: [{ id: 1, slug: 'quiz', title: 'Quiz', status: 'published', date: day, time: '20:00' }],
  };
  writeFileSync(file, JSON.stringify({ venues: [plain, ...sources] }));
  console.log(`\n${title}\n`);
  console.log(
    '| run | all synced | probes | failed | p50 ms | p99 ms | max ms | most RSS seen | VmHWM |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const db = join(dir, 'events.db');
  await run(db, file, 'first start', count);
  await run(db, file, 'restart', count);
  rmSync(dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const now = new Date();
  const hostile = hostileFeeds(now);
  const names = Object.keys(hostile);
  const feeds = await serveFeeds({
    ...hostile,
    'programme.ics': { body: programme(now), type: 'text/calendar' },
  });
  if (CASES.has('hostile'))
    await scenario(
      `The ${names.length} hostile sources, a venue each`,
      feeds.url,
      names,
      names.length,
    );
  if (CASES.has('plain'))
    await scenario(
      `${VENUES} venues, a ${PROGRAMME_EVENTS}-event programme each`,
      feeds.url,
      [],
      VENUES,
    );
  if (CASES.has('mixed'))
    await scenario(
      `${VENUES} venues, the ${names.length} hostile sources among them`,
      feeds.url,
      names,
      VENUES,
    );
  await feeds.close();
}

await main();
