import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/contract.js';
import { startFaultServer, startProxy, type Running } from './support.js';

let upstream: Awaited<ReturnType<typeof startFaultServer>>;
let proxy: Running;
let nowMs = Date.parse('2026-12-05T12:00:00Z');
beforeAll(async () => {
  upstream = await startFaultServer();
  proxy = await startProxy({
    upstream: upstream.url,
    timeoutMs: 300,
    staleMs: 120_000,
    maxBodyBytes: 10_000,
    clock: () => new Date(nowMs),
  });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

async function expectError(path: string, status: number) {
  const res = await fetch(proxy.url + path);
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await res.json();
  expectErrorResponse(body);
  return body;
}

describe('upstream faults', () => {
  it('slow upstream → 504 after the timeout', async () => {
    const started = Date.now();
    await expectError('/t/slow/api/events', 504);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('connection refused → 502', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const refused = await startProxy({ upstream: `http://127.0.0.1:${port}` });
    try {
      const res = await fetch(`${refused.url}/t/v/api/events`);
      expect(res.status).toBe(502);
      expectErrorResponse(await res.json());
    } finally {
      await refused.close();
    }
  });

  it('reset mid-body → 502', () => expectError('/t/reset/api/events', 502));
  it('HTML 500 → 502', () => expectError('/t/html500/api/events', 502));
  it('invalid JSON → 502', () => expectError('/t/badjson/api/events', 502));
  it('body over the size cap → 502', () => expectError('/t/oversize/api/events', 502));

  it('upstream 404 passes through as a 404 JSON error', async () => {
    const body = await expectError('/t/gone/api/events/7', 404);
    expect(body.errors[0].detail).toBe('Upstream: no such venue.');
  });

  it('flapping upstream: a stale copy is served while young enough, then 502', async () => {
    const ok = await fetch(`${proxy.url}/t/flap/api/events`);
    expect(ok.headers.get('x-cache')).toBe('MISS');
    nowMs += 61_000; // past freshness; upstream now fails
    const stale = await fetch(`${proxy.url}/t/flap/api/events`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect((await stale.json()).data[0].attributes.title).toBe('Gig');
    await fetch(`${proxy.url}/t/flap/api/events`); // flap: 200 again, re-cached
    nowMs += 200_000; // older than staleMs
    await expectError('/t/flap/api/events', 502);
  });

  it('a request on a kept-alive connection the upstream dropped is retried once, on a new one', async () => {
    expect((await fetch(`${proxy.url}/t/dropreused/api/events`)).status).toBe(200);
    nowMs += 61_000;
    const again = await fetch(`${proxy.url}/t/dropreused/api/events`);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-cache')).toBe('MISS');
    expect(upstream.seen.filter((s) => s.url.startsWith('/t/dropreused/'))).toHaveLength(3);
  });

  it('revalidates with If-None-Match and keeps serving on 304', async () => {
    await fetch(`${proxy.url}/t/etag/api/events`);
    nowMs += 61_000;
    const before = upstream.seen.length;
    const again = await fetch(`${proxy.url}/t/etag/api/events`);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(upstream.seen.at(-1)!.headers['if-none-match']).toBe('"v1"');
    expect(upstream.seen.length).toBe(before + 1);
  });
});

describe('headers in both directions', () => {
  it('strips cookies and credentials, adds X-Forwarded-* and Via', async () => {
    const res = await fetch(`${proxy.url}/t/cookie/api/events?page=1&token=abc`, {
      headers: {
        Cookie: 'sid=1',
        Authorization: 'Bearer secret',
        'Proxy-Authorization': 'Basic x',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('via')).toContain('venue-events');
    const seen = upstream.seen.at(-1)!;
    expect(seen.url).toBe('/t/cookie/api/events?page=1');
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers['proxy-authorization']).toBeUndefined();
    expect(seen.headers['x-forwarded-for']).toBeDefined();
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers.via).toContain('venue-events');
  });
});

describe('coalescing', () => {
  it('100 concurrent identical cold requests make exactly 1 upstream request', async () => {
    const slowUpstream = await startFaultServer({ delayMs: 150 });
    const p = await startProxy({ upstream: slowUpstream.url });
    try {
      const responses = await Promise.all(
        Array.from({ length: 100 }, () => fetch(`${p.url}/t/v/api/events?page=1`)),
      );
      expect(responses.every((r) => r.status === 200)).toBe(true);
      expect(slowUpstream.seen.length).toBe(1);
    } finally {
      await p.close();
      await slowUpstream.close();
    }
  });

  it('with caching off every request goes upstream (still coalesced while in flight)', async () => {
    const up = await startFaultServer();
    const p = await startProxy({ upstream: up.url, cache: false });
    try {
      await fetch(`${p.url}/t/v/api/events`);
      await fetch(`${p.url}/t/v/api/events`);
      expect(up.seen.length).toBe(2);
    } finally {
      await p.close();
      await up.close();
    }
  });
});
