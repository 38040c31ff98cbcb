/**
 * The byte bounds of the response memos, checked against what the process holds (heap and
 * buffers after a full garbage collection), not against the memos' own counters
 * (docs/decisions.md "Response memo"): each entry holds its text, the copy with the request's
 * base in its links and a brotli and a gzip copy, all made after the memo stored it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { DEFAULT_MEMO_BYTES } from '../../server/origin/render-cache.js';
import { openStore } from '../../server/store/open-store.js';

const NOW = '2026-12-05T12:00:00Z';
/** How far above its bound a memo may take the process: what no entry count explains. */
const MARGIN = 1.1;
const MiB = 2 ** 20;
const CHILD_FLAGS = { execArgv: ['--expose-gc', '--import', 'tsx'] };

let seed = 7;
/** The next number of a fixed pseudo-random sequence (Park–Miller), below `n`. */
const next = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n;
/** `n` made-up words of 3–9 letters: descriptions compress about as real ones do, not to nothing. */
function words(n: number): string {
  const word = () => Array.from({ length: 3 + next(7) }, () => 'etaoinshrdlucmfw'[next(16)]);
  return Array.from({ length: n }, () => word().join('')).join(' ');
}

/** The venue of the origin test: 2 events a day for 300 days, about 1,000 characters each. */
const venue = {
  slug: 'memo-venue',
  name: 'Memo Venue',
  timezone: 'Europe/London',
  events: Array.from({ length: 600 }, (_, i) => ({
    id: i + 1,
    title: `Event ${i + 1}`,
    slug: `event-${i + 1}`,
    status: 'published',
    tickets_enabled: true,
    date: day(Math.floor(i / 2)),
    time: '20:00',
    description: `<p>${words(150)}</p>`,
  })),
};

/** The venue-local date `n` days after 2026-12-06. */
function day(n: number): string {
  return new Date(Date.parse('2026-12-06T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);
}

/** Distinct list pages of 12 events: 200 start dates × spans of 40 days and more. */
const listPath = (k: number) =>
  `/t/memo-venue/api/events?start_date=${day(k % 200)}&end_date=${day((k % 200) + 40 + Math.floor(k / 200))}`;

/** The next message of `child`; rejects if it exits first (a crash fails the test at once). */
function reply<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) =>
      reject(new Error(`the child process exited (${code}) before answering`));
    child.once('exit', exited);
    child.once('message', (message) => {
      child.off('exit', exited);
      resolve(message as T);
    });
  });
}

/** GET `path` with `Accept-Encoding: coding`; resolves with the body's byte count (a 200). */
function get(port: number, path: string, coding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': coding };
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${path}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe("the origin's response memo, in the real app on a real port", () => {
  const dir = mkdtempSync(join(tmpdir(), 've-memo-memory-'));
  let child: ChildProcess;
  let port: number;

  beforeAll(async () => {
    const db = join(dir, 'memo.db');
    const store = await openStore(db);
    await importVenueFile(store, { venues: [venue] });
    await store.close();
    child = fork('test/support/memo-server.ts', [db, NOW], CHILD_FLAGS);
    ({ port } = await reply<{ port: number }>(child));
  });
  afterAll(() => {
    child?.disconnect();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The child's heap and buffers after a full garbage collection, in bytes. */
  async function held(): Promise<number> {
    child.send('measure');
    const usage = await reply<NodeJS.MemoryUsage>(child);
    return usage.heapUsed + usage.external;
  }

  /** The memo's misses so far (its `/metrics`). */
  async function misses(): Promise<number> {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    return Number(/venue_events_response_memo_total\{result="miss"\} (\d+)/.exec(text)?.[1] ?? 0);
  }

  it(`holds at most its ${DEFAULT_MEMO_BYTES / MiB} MiB bound (+10 %), compressed and per-Host copies included`, async () => {
    // The routes compiled and the store's statements prepared before the first measure.
    for (const coding of ['br, gzip', 'gzip'])
      await get(port, '/t/memo-venue/api/events/1', coding);
    const before = await held();
    // 2,000 distinct pages of 12 events: more than the bound holds. Each asked for as a browser
    // asks (brotli) and as an older client asks (gzip), so each keeps both copies.
    let next = 0;
    let bytes = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let k = next++; k < 2000; k = next++) {
          bytes += await get(port, listPath(k), 'br, gzip');
          await get(port, listPath(k), 'gzip');
        }
      }),
    );
    const grown = (await held()) - before;
    console.log(
      `memo: ${(grown / MiB).toFixed(1)} MiB held for a ${DEFAULT_MEMO_BYTES / MiB} MiB bound ` +
        `(pages ${Math.round(bytes / 2000)} B brotli on average)`,
    );
    // The memo is full: its first page was evicted, its last one kept.
    const missed = await misses();
    await get(port, listPath(1999), 'gzip');
    expect(await misses()).toBe(missed);
    await get(port, listPath(0), 'gzip');
    expect(await misses()).toBe(missed + 1);
    expect(grown).toBeLessThanOrEqual(MARGIN * DEFAULT_MEMO_BYTES);
    expect(grown).toBeGreaterThan(0.75 * DEFAULT_MEMO_BYTES);
  }, 120_000);
});

describe("the proxy's memo of built answers", () => {
  it('holds at most its byte bound (+10 %), compressed copies included, for small and large answers', async () => {
    const bound = 8 * MiB;
    // Answers of about 2 KB, whose compressed copies are small, and of about 25 KB.
    for (const [count, chars] of [
      [6000, 40],
      [1000, 2000],
    ] as const) {
      const child = fork('test/support/built-memo-fill.ts', [bound, count, chars].map(String), {
        ...CHILD_FLAGS,
      });
      const result = await reply<{ grownBytes: number; firstEvicted: boolean; lastKept: boolean }>(
        child,
      );
      console.log(
        `built memo, ${count} answers of ${chars}-character descriptions: ` +
          `${(result.grownBytes / MiB).toFixed(1)} MiB held for a ${bound / MiB} MiB bound`,
      );
      expect(result).toMatchObject({ firstEvicted: true, lastKept: true });
      expect(result.grownBytes).toBeLessThanOrEqual(MARGIN * bound);
      expect(result.grownBytes).toBeGreaterThan(0.75 * bound);
    }
  }, 120_000);
});
