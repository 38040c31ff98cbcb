/**
 * `npm run bench:proxy`: list page 1 of a 1,000-event venue, on loopback with
 * autocannon — the origin server direct, the proxy with a warm cache, and the proxy with caching
 * off (every request goes upstream). Then a filtered list (docs/api.md §10.12), which the proxy
 * builds from every list page of a 600-event venue (50 pages, the default `--max-filter-pages`):
 * the first request on a cold proxy (how many upstream pages, how long), then the memoised
 * answer under load. Each server runs in its own process (bundled with esbuild, with `npm start`'s
 * Node flags), so the load generator and the servers do not share an event loop.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../server/store/open-store.js';
import {
  bundle,
  CONNECTIONS,
  DURATION_S,
  measure,
  NOW,
  printTable,
  spawnServer,
} from './support.js';

/** A server of `npm start`'s bundle with `args`, on a free port, and its process. */
async function spawn(entry: string, args: string[], children: ChildProcess[]) {
  const spawned = await spawnServer(
    entry,
    ['--port', '0', ...args],
    /listening on (http:\/\/\S+?)\/\s/,
  );
  children.push(spawned.child);
  return spawned;
}

/** A server of `npm start`'s bundle with `args`, on a free port. */
async function start(entry: string, args: string[], children: ChildProcess[]): Promise<string> {
  return (await spawn(entry, args, children)).url;
}

/** Venue `slug` with `count` events from id `firstId`, one a day from 2026-12-06, plus `extra(i)`. */
function benchVenue(
  slug: string,
  count: number,
  firstId: number,
  extra: (i: number) => Record<string, unknown> = () => ({}),
) {
  const start0 = Date.parse('2026-12-06T00:00:00Z');
  return {
    slug,
    timezone: 'Europe/London',
    events: Array.from({ length: count }, (_, i) => ({
      id: firstId + i,
      title: `Event ${i + 1}`,
      slug: `event-${i + 1}`,
      status: 'published',
      tickets_enabled: true,
      description: `<p>Event ${i + 1}</p>`,
      date: new Date(start0 + (i % 300) * 86_400_000).toISOString().slice(0, 10),
      time: '20:00',
      ...extra(i),
    })),
  };
}

/** Five categories, and "late night" in every seventh description: something to filter. */
const FILTERABLE = (i: number) => ({
  category: ['Jazz', 'Rock', 'Folk', 'Classical', 'Comedy'][i % 5],
  description: `<p>Event ${i + 1}: ${i % 7 === 0 ? 'a late night session' : 'an evening'}.</p>`,
});

/** The `proxy` member of the next request log line `child` writes whose URL contains `path`. */
function nextLogLine(child: ChildProcess, path: string): Promise<{ pages?: number }> {
  return new Promise((resolve) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.includes(path) && l.includes('"proxy"'));
      if (!line) return;
      child.stdout!.off('data', onData);
      resolve((JSON.parse(line) as { proxy: { pages?: number } }).proxy);
    };
    child.stdout!.on('data', onData);
  });
}

/**
 * A filtered list of the 600-event venue through a fresh proxy (cold cache): the first request
 * (upstream pages read, ms), then the memoised answer under autocannon, beside the plain list.
 */
async function filterFigures(entry: string, origin: string, children: ChildProcess[]) {
  const { child, url } = await spawn(entry, ['--upstream', origin, '--now', NOW], children);
  const path = '/t/bench-filters/api/events?categories=jazz&search=late';
  const logged = nextLogLine(child, path);
  const t = performance.now();
  const first = await fetch(url + path);
  const body = (await first.json()) as { meta: { total: number } };
  const ms = performance.now() - t;
  const { pages } = await logged;
  console.log(
    `\nfirst filtered request (600-event venue, cold proxy): ${pages} upstream pages read, ` +
      `${ms.toFixed(0)} ms, ${body.meta.total} matches, X-Cache ${first.headers.get('x-cache')}`,
  );
  const figures = [
    await measure('proxy, plain list (warm)', `${url}/t/bench-filters/api/events`),
    await measure('proxy, filtered list (memoised)', url + path),
  ];
  printTable(
    `filtered list of a 600-event venue — ${CONNECTIONS} connections, ${DURATION_S} s each`,
    figures,
    'plain list',
  );
}

/** One request at a time: p50 of single-request latency, ms, over `n` requests. */
async function serialP50(url: string, n = 400): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)]!;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 've-bench-proxy-'));
  const children: ChildProcess[] = [];
  try {
    const venues = [
      benchVenue('bench-venue', 1000, 1),
      benchVenue('bench-filters', 600, 1001, FILTERABLE),
    ];
    const db = join(dir, 'bench.db');
    const file = join(dir, 'venue.json');
    writeFileSync(file, JSON.stringify({ venues }));
    await (await openStore(db)).close();
    const entry = await bundle('server/main.ts', 'main');
    const origin = await start(entry, ['--db', db, '--data', file, '--now', NOW], children);
    const warm = await start(entry, ['--upstream', origin, '--now', NOW], children);
    const cold = await start(entry, ['--upstream', origin, '--no-cache', '--now', NOW], children);
    const path = '/t/bench-venue/api/events';

    const figures = [
      await measure('origin direct', origin + path),
      await measure('proxy, warm cache', warm + path),
      await measure('proxy, caching off', cold + path),
    ];
    printTable(
      `list page 1 of a 1,000-event venue — ${CONNECTIONS} connections, ${DURATION_S} s each`,
      figures,
      'origin',
    );
    const direct = await serialP50(origin + path);
    const through = await serialP50(cold + path);
    console.log(
      `\nsingle-request p50: origin ${direct.toFixed(2)} ms, proxy with caching off ${through.toFixed(2)} ms ` +
        `(adds ${(through - direct).toFixed(2)} ms; target < 2 ms)`,
    );
    await filterFigures(entry, origin, children);
  } finally {
    for (const child of children) child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
