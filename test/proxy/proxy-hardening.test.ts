/**
 * The proxy as an attacker would try it, against a real upstream on loopback: client headers
 * that must not be trusted (Host, X-Forwarded-*, arbitrary headers, GET bodies), an upstream
 * address that must not leak, upstream bodies that break serialisation, undecodable paths.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/contract.js';
import { rawRequest, startFaultServer, startProxy, type Running } from './support.js';

let upstream: Awaited<ReturnType<typeof startFaultServer>>;
let proxy: Running;
let port: string;
let nowMs = Date.parse('2026-12-05T12:00:00Z');
beforeAll(async () => {
  upstream = await startFaultServer();
  proxy = await startProxy({ upstream: upstream.url, clock: () => new Date(nowMs) });
  port = new URL(proxy.url).port;
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

/** `GET target` with exactly `headers` (one `Name: value` per line) and `Connection: close`. */
const get = (target: string, headers: string[], version = '1.1') =>
  rawRequest(
    proxy.url,
    `GET ${target} HTTP/${version}\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n`,
  );

/** Requests to `slug` the upstream has seen so far. */
const seenFor = (slug: string) => upstream.seen.filter((s) => s.url.startsWith(`/t/${slug}/`));

function expectJsonError(res: { status: number; head: string; body: string }, status: number) {
  expect(res.status).toBe(status);
  expect(res.head).toMatch(/^content-type: application\/json/im);
  expectErrorResponse(JSON.parse(res.body));
}

describe('Host: checked, never a cache key', () => {
  it('an HTTP/1.0 request without Host is a 400 JSON error, not a link to "undefined"', async () => {
    const res = await get('/t/v/api/events', [], '1.0');
    expectJsonError(res, 400);
    expect(res.body).not.toContain('undefined');
  });

  it.each(['a b', 'evil.example/#', 'evil.example/path', 'user@evil.example', ''])(
    'Host: %j is a 400 JSON error and never reaches the upstream',
    async (host) => {
      const before = upstream.seen.length;
      const res = await get('/t/hostcheck/api/events', [`Host: ${host}`]);
      expectJsonError(res, 400);
      expect(upstream.seen.length).toBe(before);
    },
  );

  it('50 Hosts for one path make one upstream request, each answered with its own links', async () => {
    const hosts = Array.from({ length: 50 }, (_, i) => `h${i}.example:${port}`);
    for (const host of hosts) {
      const res = await get('/t/hosts/api/events', [`Host: ${host}`]);
      expect(res.status).toBe(200);
      const body = JSON.parse(res.body);
      expect(body.links.first).toBe(`http://${host}/t/v/api/events?page=1`);
      expect(body.data[0].links.self).toBe(`http://${host}/t/v/api/events/1`);
    }
    expect(seenFor('hosts')).toHaveLength(1);
  });

  it('127.0.0.1 and 127.0.0.1:PORT share one entry, fresh and stale', async () => {
    const first = await get('/t/flap/api/events', [`Host: 127.0.0.1:${port}`]);
    expect(first.head).toMatch(/^x-cache: MISS/im);
    const second = await get('/t/flap/api/events', ['Host: 127.0.0.1']);
    expect(second.head).toMatch(/^x-cache: HIT/im);
    expect(JSON.parse(second.body).links.first).toBe('http://127.0.0.1/t/v/api/events?page=1');
    nowMs += 61_000; // past freshness; the flapping upstream fails now
    const stale = await get('/t/flap/api/events', ['Host: 127.0.0.1']);
    expect(stale.status).toBe(200);
    expect(stale.head).toMatch(/^x-cache: STALE/im);
    expect(JSON.parse(stale.body).links.first).toBe('http://127.0.0.1/t/v/api/events?page=1');
    expect(seenFor('flap')).toHaveLength(2);
  });

  it('the ETag follows the links a client gets', async () => {
    const a = await fetch(`${proxy.url}/t/etags/api/events`);
    const b = await get('/t/etags/api/events', ['Host: 127.0.0.1']);
    const tagB = /^etag: (.*)$/im.exec(b.head)![1]!.trim();
    expect(tagB).not.toBe(a.headers.get('etag'));
    const again = await get('/t/etags/api/events', ['Host: 127.0.0.1', `If-None-Match: ${tagB}`]);
    expect(again.status).toBe(304);
  });

  it('with allowedHosts, other hosts are a 400', async () => {
    const strict = await startProxy({ upstream: upstream.url, allowedHosts: ['events.example'] });
    try {
      const ok = await rawRequest(
        strict.url,
        'GET /t/v/api/events HTTP/1.1\r\nHost: events.example:8080\r\nConnection: close\r\n\r\n',
      );
      expect(ok.status).toBe(200);
      const other = await rawRequest(
        strict.url,
        'GET /t/v/api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      );
      expectJsonError(other, 400);
    } finally {
      await strict.close();
    }
  });

  it('with a configured base URL, links use it whatever the Host', async () => {
    const based = await startProxy({
      upstream: upstream.url,
      baseUrl: 'https://events.example/',
    });
    try {
      const res = await rawRequest(
        based.url,
        'GET /t/v/api/events HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n',
      );
      expect(JSON.parse(res.body).links.first).toBe('https://events.example/t/v/api/events?page=1');
    } finally {
      await based.close();
    }
  });
});

describe('forwarding headers are ours', () => {
  it("a client's X-Forwarded-* and Forwarded never reach the upstream or the cache", async () => {
    const poisoned = await get('/t/trusting/api/events', [
      `Host: 127.0.0.1:${port}`,
      'X-Forwarded-Host: evil.example',
      'X-Forwarded-Proto: https',
      'X-Forwarded-For: 6.6.6.6',
      'X-Forwarded-Port: 443',
      'Forwarded: for=6.6.6.6;host=evil.example;proto=https',
    ]);
    expect(poisoned.status).toBe(200);
    expect(poisoned.body).not.toContain('evil.example');
    const seen = seenFor('trusting').at(-1)!.headers;
    expect(seen['x-forwarded-host']).not.toBe('evil.example');
    expect(seen['x-forwarded-proto']).toBe('http');
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen['x-forwarded-port']).toBeUndefined();
    expect(seen.forwarded).toBe('for=127.0.0.1;proto=http');
    const next = await fetch(`${proxy.url}/t/trusting/api/events`);
    expect(next.headers.get('x-cache')).toBe('HIT');
    expect(await next.text()).not.toContain('evil.example');
  });
});

describe('request headers: an allow-list, never a body', () => {
  it('only Accept, Accept-Language and User-Agent are forwarded, with our own validators', async () => {
    const res = await get('/t/allowlist/api/events', [
      `Host: 127.0.0.1:${port}`,
      'Accept: text/html',
      'Accept-Language: de-CH',
      'User-Agent: test-agent/1',
      'If-None-Match: "client-tag"',
      'If-Modified-Since: Thu, 01 Jan 2026 00:00:00 GMT',
      'X-Api-Key: secret',
      'Cookie2: $Version=1',
      'X-Custom: 1',
      'Origin: https://venue.example',
      'Referer: https://venue.example/page',
      'Range: bytes=0-10',
    ]);
    expect(res.status).toBe(200);
    const seen = seenFor('allowlist').at(-1)!.headers;
    expect(seen['accept-language']).toBe('de-CH');
    expect(seen['user-agent']).toBe('test-agent/1');
    expect(seen.accept).toBe('application/json');
    for (const name of [
      'if-none-match',
      'if-modified-since',
      'x-api-key',
      'cookie2',
      'x-custom',
      'origin',
      'referer',
      'range',
    ]) {
      expect(seen[name], name).toBeUndefined();
    }
  });

  it.each([
    ['Content-Length', ['Content-Length: 5'], 'hello'],
    ['chunked', ['Transfer-Encoding: chunked'], '5\r\nhello\r\n0\r\n\r\n'],
  ])('a GET body (%s) is never forwarded', async (_name, framing, body) => {
    const slug = `body${framing[0]!.length}`;
    const res = await rawRequest(
      proxy.url,
      `GET /t/${slug}/api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${framing.join('\r\n')}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const seen = seenFor(slug);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['content-length']).toBeUndefined();
    expect(seen[0]!.headers['transfer-encoding']).toBeUndefined();
    expect(seen[0]!.bodyBytes).toBe(0);
  });
});

describe('the upstream address stays private', () => {
  it('a refused connection is a 502 that names no address (the log does); /healthz names none', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const gone = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const refused = await startProxy({ upstream: `http://127.0.0.1:${gone}`, logger });
    try {
      const res = await fetch(`${refused.url}/t/v/api/events`);
      expect(res.status).toBe(502);
      const text = await res.text();
      expectErrorResponse(JSON.parse(text));
      expect(text).not.toContain(String(gone));
      expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      const health = await (await fetch(`${refused.url}/healthz`)).text();
      expect(health).not.toContain(String(gone));
      expect(health).not.toContain('127.0.0.1');
      // … but the operator's log has it, on the request's one line.
      const line = lines.map((l) => JSON.parse(l)).find((l) => l.res?.statusCode === 502);
      expect(JSON.stringify(line.err)).toContain(`ECONNREFUSED 127.0.0.1:${gone}`);
      expect(line.proxy).toMatchObject({ cache: 'MISS' });
    } finally {
      await refused.close();
    }
  });
});

describe('bodies that cannot be re-serialised', () => {
  it('JSON nested 300,000 deep is a 502, not a 500', async () => {
    const res = await fetch(`${proxy.url}/t/deep/api/events`);
    expect(res.status).toBe(502);
    expectErrorResponse(await res.json());
  });

  it('… and a cached copy is served stale instead', async () => {
    const ok = await fetch(`${proxy.url}/t/deepflap/api/events`);
    expect(ok.status).toBe(200);
    nowMs += 61_000;
    const stale = await fetch(`${proxy.url}/t/deepflap/api/events`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
  });
});

describe('undecodable paths', () => {
  it.each(['/t/w3/api/events/%ff', '/t/%ff/api/events', '/t/w3/events/%ff'])(
    '%s is a JSON 404, never forwarded',
    async (target) => {
      const before = upstream.seen.length;
      const res = await get(target, [`Host: 127.0.0.1:${port}`]);
      expectJsonError(res, 404);
      expect(upstream.seen.length).toBe(before);
    },
  );
});

describe('memory', () => {
  it('the cache is bounded in bytes: old pages are evicted, recent ones kept', async () => {
    const up = await startFaultServer();
    const small = await startProxy({ upstream: up.url, maxCacheBytes: 12_000 });
    try {
      const xCache = async (page: number) =>
        (await fetch(`${small.url}/t/bytes/api/events?page=${page}`)).headers.get('x-cache');
      for (let page = 1; page <= 20; page++) expect(await xCache(page)).toBe('MISS');
      expect(await xCache(20)).toBe('HIT');
      expect(await xCache(1)).toBe('MISS');
    } finally {
      await small.close();
      await up.close();
    }
  });
});
