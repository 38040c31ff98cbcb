/**
 * `npm run bench:proxy`: list page 1 of a 1,000-event venue, on loopback with
 * autocannon — the origin server direct, the proxy with a warm cache, and the proxy with caching
 * off (every request goes upstream). Each server runs in its own process (bundled with esbuild,
 * plain Node), so the load generator and the servers do not share an event loop.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../server/store/store.js';
import {
  bundle,
  CONNECTIONS,
  DURATION_S,
  measure,
  NOW,
  printTable,
  spawnServer,
} from './support.js';

/** A server of `npm start`'s bundle with `args`, on a free port. */
async function start(entry: string, args: string[], children: ChildProcess[]): Promise<string> {
  const { child, url } = await spawnServer(
    entry,
    ['--port', '0', ...args],
    /listening on (http:\/\/\S+?)\/\s/,
  );
  children.push(child);
  return url;
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
    const start0 = Date.parse('2026-12-06T00:00:00Z');
    const venue = {
      slug: 'bench-venue',
      timezone: 'Europe/London',
      events: Array.from({ length: 1000 }, (_, i) => ({
        id: i + 1,
        title: `Event ${i + 1}`,
        slug: `event-${i + 1}`,
        status: 'published',
        tickets_enabled: true,
        description: `<p>Event ${i + 1}</p>`,
        date: new Date(start0 + (i % 300) * 86_400_000).toISOString().slice(0, 10),
        time: '20:00',
      })),
    };
    const db = join(dir, 'bench.db');
    const file = join(dir, 'venue.json');
    writeFileSync(file, JSON.stringify({ venues: [venue] }));
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
  } finally {
    for (const child of children) child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
