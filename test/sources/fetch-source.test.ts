/**
 * Fetching a venue's events source (server/sources/fetch-source.ts, docs/sources.md "Fetching
 * safely") against real HTTP servers on loopback, no fetch mocks: what the sync gets (body,
 * validators, "unchanged"), what the source sees (headers, and no request at all where the fetch
 * must be refused), and the one line an operator reads when it fails.
 */
import { readFileSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type RequestListener,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fetchSource,
  SourceFetchError,
  type SourceFetch,
  type SourceFetchOptions,
} from '../../server/sources/fetch-source.js';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const allowed: SourceFetchOptions = { allowHosts: ['127.0.0.1'] };

/** A source on loopback and what reached it. */
interface Source {
  port: number;
  url: (path: string) => string;
  requests: { url: string; headers: IncomingHttpHeaders }[];
  /** TCP connections accepted: 0 means nothing at all reached the server. */
  connections: number;
}

const servers: Server[] = [];

async function serve(handler: RequestListener): Promise<Source> {
  const server = createServer(handler);
  const source: Source = {
    port: 0,
    url: (path) => `http://127.0.0.1:${source.port}${path}`,
    requests: [],
    connections: 0,
  };
  server.on('connection', () => (source.connections += 1));
  server.on('request', (req) => source.requests.push({ url: req.url!, headers: req.headers }));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  source.port = (server.address() as AddressInfo).port;
  return source;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    }),
  );
});

/** The fetch's body and the rest (fails the test on `unchanged`). */
function fetched(result: SourceFetch) {
  if (result.status !== 'fetched') return expect.unreachable('the source was unchanged');
  return result;
}

/** The one-line message the fetch fails with (fails the test when it succeeds). */
async function failure(fetching: Promise<SourceFetch>): Promise<string> {
  const error = await fetching.then(
    () => expect.unreachable('the fetch succeeded'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SourceFetchError);
  const { message } = error as SourceFetchError;
  expect(message).not.toMatch(/\n/);
  return message;
}

describe('a source that answers', () => {
  it('hands over body, type and validators, and sends them back to get "unchanged" on a 304', async () => {
    const source = await serve((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
      res.writeHead(200, {
        'content-type': 'text/calendar; charset=utf-8',
        etag: '"v1"',
        'last-modified': 'Wed, 03 Mar 2027 10:00:00 GMT',
      });
      res.end(ICS);
    });

    const first = fetched(await fetchSource(source.url('/feed.ics'), {}, allowed));
    expect(first).toEqual({
      status: 'fetched',
      body: Buffer.from(ICS),
      contentType: 'text/calendar; charset=utf-8',
      finalUrl: source.url('/feed.ics'),
      validators: { etag: '"v1"', lastModified: 'Wed, 03 Mar 2027 10:00:00 GMT' },
    });
    expect(source.requests[0]!.headers).toMatchObject({
      'user-agent': `venue-events-source-sync/${version} (+https://github.com/venue-events)`,
      accept: 'text/calendar, text/csv, text/plain;q=0.9, */*;q=0.5',
      'accept-encoding': 'gzip',
    });
    expect(source.requests[0]!.headers['if-none-match']).toBeUndefined();
    expect(source.requests[0]!.headers['if-modified-since']).toBeUndefined();

    expect(await fetchSource(source.url('/feed.ics'), first.validators, allowed)).toEqual({
      status: 'unchanged',
    });
    expect(source.requests[1]!.headers).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Wed, 03 Mar 2027 10:00:00 GMT',
    });
  });

  it('decodes a gzip-encoded body', async () => {
    const sheet = 'uid,title,date\r\n' + 'a1,Jazz Brunch,2027-03-07\r\n'.repeat(200);
    const source = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-encoding': 'gzip' });
      res.end(gzipSync(sheet));
    });

    const result = fetched(await fetchSource(source.url('/sheet.csv'), {}, allowed));
    expect(result.body.toString('utf8')).toBe(sheet);
    expect(result.contentType).toBe('text/csv');
  });

  it.each([500, 404])('fails naming the status when the source answers %i', async (status) => {
    const source = await serve((_req, res) => res.writeHead(status).end('<html>oops</html>'));

    const message = await failure(fetchSource(source.url('/feed.ics'), {}, allowed));
    expect(message).toContain(`the source answered ${status}`);
    expect(message).not.toContain('oops');
  });
});

describe('addresses', () => {
  it('refuses a loopback source whose host is not allowed, before any request', async () => {
    const source = await serve((_req, res) => res.end(ICS));

    const message = await failure(
      fetchSource(source.url('/x.ics'), {}, { ...allowed, allowHosts: [] }),
    );
    expect(message).toContain('127.0.0.1 resolves to a private/loopback address');
    expect(message).toContain('--allow-source-host 127.0.0.1');
    expect(source.connections).toBe(0);
    expect(source.requests).toEqual([]);
  });

  it.each(['169.254.169.254', '10.1.2.3', '[::1]'])(
    'refuses %s (metadata, private, IPv6 loopback) without connecting',
    async (host) => {
      const message = await failure(
        fetchSource(`http://${host}/latest/meta-data/`, {}, { allowHosts: [], timeoutMs: 2000 }),
      );
      expect(message).toContain(`${host} resolves to a private/loopback address`);
      expect(message).toContain(`--allow-source-host ${host}`);
    },
  );

  it('refuses a redirect from an allowed host to a private address of a host not allowed', async () => {
    const inner = await serve((_req, res) => res.end(ICS));
    const outer = await serve((_req, res) =>
      res.writeHead(302, { location: `http://localhost:${inner.port}/admin.ics` }).end(),
    );

    const message = await failure(fetchSource(outer.url('/feed.ics'), {}, allowed));
    expect(message).toContain('localhost resolves to a private/loopback address');
    expect(message).toContain('--allow-source-host localhost');
    expect(outer.requests).toHaveLength(1);
    expect(inner.connections).toBe(0);
  });

  it('names the host when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const message = await failure(fetchSource(`http://127.0.0.1:${port}/x.ics`, {}, allowed));
    expect(message).toBe(`127.0.0.1:${port} refused the connection`);
  });
});

describe('schemes', () => {
  it.each(['ftp://127.0.0.1:{port}/x.ics', 'file:///etc/passwd'])(
    'refuses %s without any request',
    async (template) => {
      const source = await serve((_req, res) => res.end(ICS));
      const url = template.replace('{port}', String(source.port));

      const message = await failure(fetchSource(url, {}, allowed));
      expect(message).toContain('only http and https sources are fetched');
      expect(source.connections).toBe(0);
    },
  );

  it('refuses a redirect to file:', async () => {
    const source = await serve((_req, res) =>
      res.writeHead(301, { location: 'file:///etc/passwd' }).end(),
    );

    const message = await failure(fetchSource(source.url('/feed.ics'), {}, allowed));
    expect(message).toContain('only http and https sources are fetched');
  });
});

describe('redirects', () => {
  /** A source where each path of `hops` redirects (`[status, Location]`) and the rest answer. */
  async function chain(hops: (port: number) => Record<string, [number, string]>) {
    const source: Source = await serve((req, res) => {
      const hop = hops(source.port)[req.url!];
      if (!hop) return void res.writeHead(200).end(ICS);
      res.writeHead(hop[0], { location: hop[1] }).end();
    });
    return source;
  }

  it('follows a chain of 3, each resolved against the one before', async () => {
    const source = await chain((port) => ({
      '/a': [301, `http://127.0.0.1:${port}/b`],
      '/b': [302, '/dir/c'],
      '/dir/c': [303, 'd.ics'],
    }));

    const result = fetched(await fetchSource(source.url('/a'), {}, allowed));
    expect(result.body.toString()).toBe(ICS);
    expect(result.finalUrl).toBe(source.url('/dir/d.ics'));
    expect(source.requests.map(({ url }) => url)).toEqual(['/a', '/b', '/dir/c', '/dir/d.ics']);
  });

  it('fails on the 4th redirect without following it', async () => {
    const source = await chain(() => ({
      '/1': [307, '/2'],
      '/2': [308, '/3'],
      '/3': [307, '/4'],
      '/4': [308, '/5'],
    }));

    const message = await failure(fetchSource(source.url('/1'), {}, allowed));
    expect(message).toBe('more than 3 redirects');
    expect(source.requests.map(({ url }) => url)).toEqual(['/1', '/2', '/3', '/4']);
  });
});

describe('limits', () => {
  const small = { ...allowed, maxBytes: 1000 };

  it('refuses a body over maxBytes by its Content-Length', async () => {
    const source = await serve((_req, res) =>
      res.writeHead(200, { 'content-length': 2000 }).end('x'.repeat(2000)),
    );

    expect(await failure(fetchSource(source.url('/x.ics'), {}, small))).toBe(
      'the source is over 1000 bytes',
    );
  });

  it('stops reading a body without Content-Length once it passes maxBytes', async () => {
    let closed = false;
    // Never ends by itself: only the fetch giving up closes it.
    const source = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      const drip = setInterval(() => res.write('x'.repeat(300)), 5);
      res.on('close', () => {
        closed = true;
        clearInterval(drip);
      });
    });

    expect(await failure(fetchSource(source.url('/x.ics'), {}, small))).toBe(
      'the source is over 1000 bytes',
    );
    await expect.poll(() => closed).toBe(true);
  });

  it('counts the decoded bytes of a gzip body against maxBytes', async () => {
    const bomb = gzipSync('x'.repeat(100_000));
    expect(bomb.length).toBeLessThan(1000);
    const source = await serve((_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': bomb.length }).end(bomb),
    );

    expect(await failure(fetchSource(source.url('/x.ics'), {}, small))).toBe(
      'the source is over 1000 bytes',
    );
  });

  it('names the default limit in MB', async () => {
    const source = await serve((_req, res) =>
      res.writeHead(200, { 'content-length': 11 * 1024 * 1024 }).end(),
    );

    expect(await failure(fetchSource(source.url('/x.ics'), {}, allowed))).toBe(
      'the source is over 10 MB',
    );
  });

  it('gives up on a source that sends its headers and stalls, and closes the socket', async () => {
    let socketClosed: Promise<void> | undefined;
    const source = await serve((req, res) => {
      socketClosed = new Promise((resolve) => req.socket.once('close', () => resolve()));
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.write('BEGIN:VCALENDAR\r\n');
    });

    const message = await failure(
      fetchSource(source.url('/x.ics'), {}, { ...allowed, timeoutMs: 300 }),
    );
    expect(message).toBe('no complete answer within 0.3 s');
    await expect(socketClosed).resolves.toBeUndefined();
  });

  it('gives up on a source that never answers', async () => {
    const source = await serve(() => {});

    expect(
      await failure(fetchSource(source.url('/x.ics'), {}, { ...allowed, timeoutMs: 300 })),
    ).toBe('no complete answer within 0.3 s');
  });
});
