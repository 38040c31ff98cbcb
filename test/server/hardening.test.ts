/**
 * Server hardening, origin side: untrusted Host headers, undecodable paths, instants a
 * Date cannot hold, files that are not UTF-8, operator mistakes, a database deleted under a
 * running server, and the byte-bounded response memo.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { firstInvalidUtf8 } from '../../server/lib/json-file.js';
import { encodedBody, forBase } from '../../server/http/conditional.js';
import { createApp } from '../../server/origin/app.js';
import { RenderCache } from '../../server/origin/render-cache.js';
import { openStore } from '../../server/store/open-store.js';
import { expectErrorResponse, expectListResponse } from '../support/contract.js';
import { importCliArgs, startMain } from '../support/main-process.js';
import { scratchDir } from '../support/scratch.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';

const NOW = '2026-12-05T12:00:00Z';
const dir = scratchDir('ve-hardening-');
const write = (name: string, content: string | Buffer) => {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
};
const run = promisify(execFile);
const importCli = (...args: string[]) =>
  run(process.execPath, importCliArgs(...args)).then(
    (ok) => ({ code: 0, ...ok }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
const file = venueFile([{ title: 'Open', date: '2026-12-10', time: '20:00' }]);

/** One raw HTTP exchange (fetch cannot send a bad or missing Host). */
function raw(url: string, request: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

describe('Host header', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(file, NOW);
  });
  afterAll(() => server.close());

  it.each([
    ['missing (HTTP/1.0)', 'GET /t/test-venue/api/events HTTP/1.0\r\n\r\n'],
    [
      'with a space',
      'GET /t/test-venue/api/events HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n',
    ],
    [
      'with a port no URL can hold (found by bench:fuzz: it broke calendar files)',
      'GET /t/test-venue/events.ics HTTP/1.1\r\nHost: x:99999\r\nConnection: close\r\n\r\n',
    ],
    [
      'with a path',
      'GET /t/test-venue/api/events HTTP/1.1\r\nHost: evil.example/#\r\nConnection: close\r\n\r\n',
    ],
  ])('%s → 400 JSON error, no link built from it', async (_kind, request) => {
    const res = await raw(server.url, request);
    expect(res.status).toBe(400);
    expectErrorResponse(JSON.parse(res.body));
    expect(res.body).not.toContain('undefined');
  });

  it('links follow each valid Host, from one memo entry per page', async () => {
    const links = async (host: string) => {
      const res = await raw(
        server.url,
        `GET /t/test-venue/api/events HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      const body = JSON.parse(res.body);
      expectListResponse(body);
      return body.data[0].links.self as string;
    };
    expect(await links('a.example')).toBe('http://a.example/t/test-venue/api/events/1');
    expect(await links('b.example:8080')).toBe('http://b.example:8080/t/test-venue/api/events/1');
    expect(await links('a.example')).toBe('http://a.example/t/test-venue/api/events/1');
  });

  it('--allowed-host limits the accepted hosts; probes answer any', async () => {
    const limited = await startServer(file, NOW, { allowedHosts: ['events.example'] });
    try {
      const ask = (host: string, path = '/t/test-venue/api/events') =>
        raw(limited.url, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect((await ask('events.example')).status).toBe(200);
      expect((await ask('events.example:443')).status).toBe(200);
      const other = await ask('evil.example');
      expect(other.status).toBe(400);
      expect(JSON.parse(other.body).errors[0].detail).toContain('evil.example');
      // Right after an accepted Host (which is not checked again), another is still checked.
      expect((await ask('events.example')).status).toBe(200);
      expect((await ask('evil.example')).status).toBe(400);
      expect((await ask('a b')).status).toBe(400);
      expect((await ask('10.0.0.1', '/healthz')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('undecodable path segments are 404 (decisions.md "Errors")', async () => {
    for (const path of ['/t/test-venue/api/events/%ff', '/t/%ff/api/events']) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(404);
      expectErrorResponse(await res.json());
    }
  });
});

describe('importer input', () => {
  const withSales = (sales: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    venueFile([{ date: '2026-12-10', time: '20:00', sales, ...extra }]);

  it.each([
    ['sales.closed_manually_at', withSales({ closed_manually_at: '2026-12-09T23:59:60Z' })],
    ['sales.close_at', withSales({ close_at: '2026-12-31T23:59:60Z' })],
    [
      'cancelled_at',
      withSales(
        {},
        {
          status: 'cancelled',
          cancellation_reason: 'Ill.',
          cancelled_at: '2026-12-09T23:59:60Z',
        },
      ),
    ],
  ])('rejects a leap second in %s with its path', async (member, doc) => {
    const store = await openStore(':memory:');
    const error = await importVenueFile(store, doc).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueFileError);
    expect((error as VenueFileError).problems).toContainEqual({
      path: `venues[0].events[0].${member}`,
      message: 'expected an instant that exists (no leap second :60)',
    });
    expect(await store.venueCount()).toBe(0);
    await store.close();
  });

  it('every accepted instant round-trips to the API', async () => {
    const server = await startServer(
      withSales({
        closed_manually_at: '2026-12-04T19:30:05+01:00',
        close_at: '2026-12-09T17:00:00Z',
      }),
      NOW,
    );
    try {
      const body = await (await fetch(`${server.url}/t/test-venue/api/events/1`)).json();
      expect(body.data.attributes.ticket_office).toMatchObject({
        reason: 'manual',
        closed_at: '2026-12-04T18:30:05.000000Z',
        closes_at: '2026-12-09T17:00:00.000000Z',
      });
    } finally {
      await server.close();
    }
  });

  it.each([
    ['a UTF-16 byte order mark', Buffer.from([0xff, 0xfe, 0x7b, 0x00]), 0],
    ['an overlong slash', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc0, 0xaf])]), 6],
    ['a Latin-1 é', Buffer.from('{"venues":[{"name":"Caf\xe9"}]}', 'latin1'), 23],
  ])('a file with %s is rejected with its byte offset; nothing imported', async (_k, bytes, at) => {
    expect(firstInvalidUtf8(bytes)).toBe(at);
    const path = write(`bad-${at}.json`, bytes);
    const result = await importCli('--db', join(dir, 'utf8.db'), path);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path}: not valid UTF-8 at byte ${at}`);
    expect(result.stderr).toContain('Nothing was imported.');
  });

  it('accepts valid multi-byte UTF-8', () => {
    expect(firstInvalidUtf8(Buffer.from('Café 🎷 日本', 'utf8'))).toBe(-1);
  });
});

describe('operator errors: one line naming the cause, exit 1', () => {
  it('port in use', async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const { port } = busy.address() as { port: number };
    try {
      const main = startMain(['--db', ':memory:', '--port', String(port)]);
      const { code, err } = await main.ready;
      expect(code).toBe(1);
      expect(err.trim()).toBe(`venue-events: port ${port} is in use (EADDRINUSE)`);
    } finally {
      busy.close();
    }
  });

  it.each([
    [
      'a missing --data file',
      ['--data', join(dir, 'nope.json')],
      /nope\.json: cannot read the file \(ENOENT\)/,
    ],
    [
      'an invalid --data file',
      ['--data', write('broken.json', '{"venues": [')],
      /broken\.json: not JSON/,
    ],
    ['a directory as --db', ['--db', dir], /cannot open SQLite database/],
    [
      'a non-SQLite --db',
      ['--db', write('text.db', 'hello, this is not SQLite '.repeat(20))],
      /text\.db: .*not a database/,
    ],
  ])('server start with %s', async (_kind, args, message) => {
    const main = startMain([
      '--port',
      '0',
      ...(args.includes('--db') ? [] : ['--db', ':memory:']),
      ...args,
    ]);
    const { code, err } = await main.ready;
    expect(code).toBe(1);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(message);
  });

  it.each([
    ['a directory', () => dir, /cannot open SQLite database/],
    [
      'a parent folder it cannot create (a file is in the way)',
      () => join(write('in-the-way', 'a file'), 'sub', 'x.db'),
      /cannot open SQLite database .*in-the-way\/sub\/x\.db: ENOTDIR/,
    ],
    [
      'a non-SQLite file',
      () => write('plain.db', 'not sqlite at all '.repeat(40)),
      /not a database/,
    ],
  ])('import CLI on %s', async (_kind, db, message) => {
    const good = write('good.json', JSON.stringify(file));
    const result = await importCli('--db', db(), good);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('Nothing was imported.');
  });
});

describe('the database file deleted while running', () => {
  it('readiness says so; liveness stays ok', async () => {
    const folder = join(dir, 'deleted');
    mkdirSync(folder);
    const db = join(folder, 'store.db');
    const store = await openStore(db);
    await importVenueFile(store, file);
    const app = createApp({ store, clock: () => new Date(NOW), logger: false });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      rmSync(folder, { recursive: true });
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).errors[0].detail).toMatch(/unavailable/);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      server.close();
      await store.close();
    }
  });
});

describe('response memo', () => {
  it('is bounded by bytes, whatever the number of keys', async () => {
    const cache = new RenderCache({ maxBytes: 1_000_000 });
    const body = 'x'.repeat(10_000);
    for (let page = 1; page <= 1000; page++) {
      await cache.get(`list|v|${page}`, '1', 0, async () => ({ body, untilMs: 1000 }));
    }
    expect(cache.size).toBeLessThanOrEqual(1_000_000);
    expect(cache.size).toBeGreaterThan(900_000);
  });

  it('counts the copies made as an entry is sent, after it was stored', async () => {
    const cache = new RenderCache({ maxBytes: 1_000_000 });
    const body = JSON.stringify({ data: 'été '.repeat(2_000) });
    const rendered = (await cache.get('list|v|1', '1', 0, async () => ({ body, untilMs: 1 })))!;
    const stored = cache.size;
    // With a configured base: its own bytes and a brotli copy; without: a copy per request base.
    const br = encodedBody(rendered, 'br');
    const copy = forBase(rendered, 'http://a.example', () => Buffer.from(body.replace('é', 'e')));
    const gzip = encodedBody(copy, 'gzip');
    const copies = rendered.body.length + br.length + copy.body.length + gzip.length;
    expect(cache.size).toBe(stored + copies);
    // Another base replaces the copy: the memo counts the new one, not both.
    const other = forBase(rendered, 'http://b.example', () => Buffer.from(body));
    expect(cache.size).toBe(stored + copies - copy.body.length - gzip.length + other.body.length);
  });

  it('keeps nothing for a rendering marked not worth keeping (out-of-range pages)', async () => {
    const cache = new RenderCache();
    for (let page = 1000; page < 1100; page++) {
      await cache.get(`list|v|${page}`, '1', 0, async () => ({
        body: '{}',
        untilMs: 1,
        keep: false,
      }));
    }
    expect(cache.size).toBe(0);
  });
});
