/**
 * `npm run bench:memory`: the origin's resident memory under request patterns an
 * attacker can choose, and under normal traffic at 100 connections for 60 s (BENCH_MEMORY_SECONDS).
 * Peak RSS is sampled every 250 ms from the server process (`/__rss` of bench/serve.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { importVenueFile } from '../server/import/importer.js';
import { openStore } from '../server/store/open-store.js';
import { bundle, NOW, spawnServer } from './support.js';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);

function venue(slug: string, count: number, firstId: number) {
  const start = Date.parse('2026-12-06T00:00:00Z');
  return {
    slug,
    name: slug,
    timezone: 'Europe/London',
    events: Array.from({ length: count }, (_, i) => ({
      id: firstId + i,
      title: `Event ${firstId + i}`,
      slug: `event-${firstId + i}`,
      description: `<p>Description of event ${firstId + i}, with <strong>some</strong> HTML.</p>`,
      location: 'Main Room',
      status: 'published',
      tickets_enabled: true,
      date: new Date(start + (i % 400) * 86_400_000).toISOString().slice(0, 10),
      time: '20:00',
    })),
  };
}

/** GET `path` with a `Host` header of our choosing (fetch would not send it). */
function get(port: number, path: string, host = `127.0.0.1:${port}`): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Runs `work` while sampling the server's RSS; returns the peak in MB. */
async function peakRss(url: string, work: () => Promise<unknown>): Promise<number> {
  let peak = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const { rss } = (await (await fetch(`${url}/__rss`)).json()) as { rss: number };
      peak = Math.max(peak, rss / 2 ** 20);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await work();
  running = false;
  await sampler;
  return peak;
}

/** A random integer in [0, n). */
const below = (n: number) => Math.floor(Math.random() * n);

/** A random word of 1–12 letters; one time in four an event's word ("event", "description" …). */
function randomWord(): string {
  const real = [
    'event',
    'description',
    'some',
    'html',
    'main',
    'room',
    String(1_000_000 + below(5000)),
  ];
  if (below(4) === 0) return real[below(real.length)]!.slice(0, 1 + below(8));
  return Array.from({ length: 1 + below(12) }, () => String.fromCharCode(97 + below(26))).join('');
}

/** A random venue-local date within 400 days of the bench's today. */
const randomDate = () =>
  new Date(Date.parse('2026-12-05T00:00:00Z') + below(400) * 86_400_000).toISOString().slice(0, 10);

/**
 * A list or calendar-feed path of the 5,000-event venue with random filters (docs/api.md
 * §10.12, §10.14): random search words, up to 20 categories of up to 200 characters, date ranges;
 * every fourth a feed of up to 100 days. Each is a new memo key and a new count.
 */
function randomFilterPath(i: number): string {
  const q = new URLSearchParams();
  if (i % 2 === 0) q.set('search', Array.from({ length: 1 + below(3) }, randomWord).join(' '));
  if (i % 3 === 0) {
    const names = Array.from({ length: 1 + below(20) }, () => randomWord().repeat(1 + below(20)));
    q.set('categories', names.map((n) => n.slice(0, 200)).join(','));
  }
  if (i % 4 === 3) {
    const start = randomDate();
    const end = new Date(Date.parse(start) + (1 + below(100)) * 86_400_000);
    q.set('start', start);
    q.set('end', end.toISOString().slice(0, 10));
    return `/t/big-venue/api/calendar?${q}`;
  }
  if (i % 5 < 3) {
    const start = randomDate();
    q.set('start_date', start);
    const end = new Date(Date.parse(start) + below(366) * 86_400_000);
    q.set('end_date', end.toISOString().slice(0, 10));
  }
  q.set('page', String(1 + below(3)));
  return `/t/big-venue/api/events?${q}`;
}

/** `count` requests made by `make(i)`, `parallel` at a time. */
async function many(count: number, parallel: number, make: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await make(next++);
    }),
  );
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 've-bench-memory-'));
  const children: ChildProcess[] = [];
  try {
    const db = join(dir, 'memory.db');
    const store = await openStore(db);
    const venues = Array.from({ length: 1_000 }, (_, v) => venue(`venue-${v}`, 200, 1 + v * 200));
    for (let i = 0; i < venues.length; i += 100) {
      await importVenueFile(store, { venues: venues.slice(i, i + 100) });
    }
    await importVenueFile(store, {
      venues: [venue('big-venue', 5_000, 1_000_000), venue('two-thousand', 2_000, 2_000_000)],
    });
    await store.close();
    const serve = await bundle('bench/serve.ts', 'serve');
    const { child, url } = await spawnServer(serve, [db, '/dev/null', NOW], /READY (\d+)/);
    children.push(child);
    const port = Number(new URL(url).port);
    const rssNow = async () =>
      (((await (await fetch(`${url}/__rss`)).json()) as { rss: number }).rss / 2 ** 20).toFixed(0);
    console.log(`idle: ${await rssNow()} MB`);

    const rows: [string, number][] = [];
    rows.push([
      'pages 1000…5999 of a 5,000-event venue (out of range)',
      await peakRss(url, () =>
        many(5_000, 20, (i) => get(port, `/t/big-venue/api/events?page=${1000 + i}`)),
      ),
    ]);
    rows.push([
      'every page 1…417 of the 5,000-event venue, three times',
      await peakRss(url, () =>
        many(1_251, 20, (i) => get(port, `/t/big-venue/api/events?page=${1 + (i % 417)}`)),
      ),
    ]);
    rows.push([
      '10,000 different Host values, page 1 of a 2,000-event venue',
      await peakRss(url, () =>
        many(10_000, 20, (i) => get(port, '/t/two-thousand/api/events', `h${i}.example:${port}`)),
      ),
    ]);
    rows.push([
      '10,000 random filters and calendar ranges of the 5,000-event venue',
      await peakRss(url, () =>
        many(10_000, 20, async (i) => {
          const path = randomFilterPath(i);
          const status = await get(port, path);
          if (status !== 200) throw new Error(`${path}: ${status}`);
        }),
      ),
    ]);
    rows.push([
      '10,000 unknown venue slugs',
      await peakRss(url, () => many(10_000, 20, (i) => get(port, `/t/nobody-${i}/api/events`))),
    ]);
    const requests = Array.from({ length: 200 }, (_, i) => ({
      method: 'GET' as const,
      path:
        i % 4 === 3
          ? `/t/venue-${i}/api/events/${i * 200 + 7}`
          : `/t/venue-${i}/api/events?page=${1 + (i % 3)}`,
    }));
    rows.push([
      `normal traffic: 200 venues' pages and events, 100 connections × ${SECONDS} s`,
      await peakRss(url, () => autocannon({ url, connections: 100, duration: SECONDS, requests })),
    ]);
    console.log('\n| request pattern | peak RSS |\n|---|---:|');
    for (const [name, mb] of rows) console.log(`| ${name} | ${mb.toFixed(0)} MB |`);
    console.log(`\nafter all: ${await rssNow()} MB`);
  } finally {
    for (const child of children) child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
