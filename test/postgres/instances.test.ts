/**
 * Many instances on one PostgreSQL database: real server processes, the real import
 * CLI, a real PostgreSQL server; an outage is a real `pg_ctl stop`.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCliArgs, startMain, type MainProcess } from '../support/main-process.js';
import { createDatabase, startCluster, type PostgresCluster } from '../support/postgres.js';
import { scratchDir } from '../support/scratch.js';
import { venueFile } from '../support/server.js';
import { emptyStoreLocation } from '../support/store.js';

const NOW = '2026-12-05T12:00:00Z';
const run = promisify(execFile);
const dir = scratchDir('ve-pg-instances-');
const write = (name: string, doc: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(doc));
  return file;
};
const importCli = (db: string, ...files: string[]) =>
  run(process.execPath, importCliArgs('--db', db, ...files));
const titled = (title: string) => venueFile([{ title, date: '2026-12-10', time: '20:00' }]);

const children: MainProcess[] = [];
async function serve(args: string[]): Promise<string> {
  const main = startMain([...args, '--port', '0', '--now', NOW]);
  children.push(main);
  const { url, code, err } = await main.ready;
  if (!url) throw new Error(`server exited ${code}: ${err}`);
  return url;
}
afterAll(() => children.forEach((c) => c.child.kill()));

/** Polls `url` until `done(body)` holds; resolves with the milliseconds it took. */
async function until(url: string, done: (body: string) => boolean, limitMs = 5000) {
  const t0 = performance.now();
  for (;;) {
    const res = await fetch(url).catch(() => undefined);
    if (res && done(await res.text())) return performance.now() - t0;
    if (performance.now() - t0 > limitMs) throw new Error(`not within ${limitMs} ms: ${url}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('two server processes on one database', () => {
  let db: string;
  let a: string;
  let b: string;
  const list = '/t/test-venue/api/events';

  beforeAll(async () => {
    db = await emptyStoreLocation();
    a = await serve(['--db', db, '--data', write('first.json', titled('First'))]);
    b = await serve(['--db', db]);
  });

  it('both serve the same body with the same ETag', async () => {
    const [ra, rb] = await Promise.all([fetch(a + list), fetch(b + list)]);
    const [ta, tb] = await Promise.all([ra.text(), rb.text()]);
    expect(JSON.parse(ta).data[0].attributes.title).toBe('First');
    // Links differ only by each instance's own origin; the same base gives the same bytes.
    expect(ta.replaceAll(a, 'X')).toBe(tb.replaceAll(b, 'X'));
    expect(ra.headers.get('etag')).toMatch(/^"/);
  });

  it('an import by the CLI is served by every instance within 1 s', async () => {
    // Warm both memos first, so a stale cached page would show.
    await Promise.all([fetch(a + list), fetch(b + list)]);
    const { stdout } = await importCli(db, write('second.json', titled('Second')));
    expect(stdout).toMatch(/Imported 1 venue/);
    const seen = await Promise.all(
      [a, b].map((url) => until(url + list, (body) => body.includes('"title":"Second"'))),
    );
    for (const ms of seen) expect(ms).toBeLessThan(1000);
  });

  it('an invalid import changes nothing on either instance', async () => {
    const before = await Promise.all([a, b].map(async (url) => (await fetch(url + list)).text()));
    const bad = write('bad.json', venueFile([{ title: 'Bad', date: '2026-13-40', time: '20:00' }]));
    const failure = await importCli(db, bad).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('venues[0].events[0].date');
    await new Promise((r) => setTimeout(r, 300));
    const after = await Promise.all([a, b].map(async (url) => (await fetch(url + list)).text()));
    expect(after).toEqual(before);
  });
});

describe('database outages', () => {
  let cluster: PostgresCluster;
  let url: string;
  const list = '/t/test-venue/api/events';

  beforeAll(async () => {
    // A cluster of its own: stopping the shared one would break the other files.
    cluster = await startCluster();
    const db = await createDatabase(cluster.url);
    url = await serve(['--db', db, '--data', write('outage.json', titled('Still here'))]);
  });
  afterAll(() => cluster?.destroy());

  it('unreachable at start: one line and exit code 1', async () => {
    const main = startMain(['--db', 'postgres://postgres@127.0.0.1:9/none', '--port', '0']);
    const { code, err, url: started } = await main.ready;
    expect(started).toBeUndefined();
    expect(code).toBe(1);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(
      /cannot open PostgreSQL database postgres:\/\/postgres@127\.0\.0\.1:9\/none/,
    );
  });

  it('503 with Retry-After while down, the process lives, and it serves again when back', async () => {
    expect((await fetch(url + list)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    cluster.stop();
    const t0 = performance.now();
    let res: Response;
    do {
      res = await fetch(url + list);
    } while (res.status === 200 && performance.now() - t0 < 5000);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      errors: [
        {
          status: '503',
          title: 'Service Unavailable',
          detail: 'The event store is unavailable; try again shortly.',
        },
      ],
    });
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    cluster.start();
    const back = await until(url + list, (body) => body.includes('"title":"Still here"'));
    expect(back).toBeLessThan(5000);
    // Ready again once it listens for other instances' imports too.
    expect(await until(`${url}/readyz`, (body) => body.includes('"ready"'))).toBeLessThan(5000);
  });
});
