/** Proxy mode operations: metrics, compression, and links behind a trusted TLS proxy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyEvents, startServer, venueFile, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

const NOW = '2026-12-05T12:00:00Z';
let origin: TestServer;
let proxy: Running;
let trusting: Running;
beforeAll(async () => {
  origin = await startServer(venueFile(manyEvents(14, '2026-12-06'), { slug: 'blue-room' }), NOW);
  const clock = () => new Date(NOW);
  proxy = await startProxy({ upstream: origin.url, clock, metrics: true });
  trusting = await startProxy({ upstream: origin.url, clock, trustProxy: ['loopback'] });
});
afterAll(async () => {
  await Promise.all([proxy.close(), trusting.close()]);
  await origin.close();
});

describe('proxy mode operations', () => {
  it('--metrics counts cache results and upstream latency', async () => {
    await fetch(`${proxy.url}/t/blue-room/api/events`);
    await fetch(`${proxy.url}/t/blue-room/api/events`);
    const text = await (await fetch(`${proxy.url}/metrics`)).text();
    expect(text).toMatch(/venue_events_proxy_cache_total\{result="MISS"\} 1/);
    expect(text).toMatch(/venue_events_proxy_cache_total\{result="HIT"\} 1/);
    expect(text).toMatch(/venue_events_upstream_duration_seconds_count\{status="200"\} 1/);
  });

  it('answers in brotli when asked, with its own ETag', async () => {
    const res = await fetch(`${proxy.url}/t/blue-room/api/events`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('etag')).toMatch(/-br"$/);
    expect((await res.json()).data).toHaveLength(12);
  });

  it('behind a trusted TLS proxy, links are https', async () => {
    const body = await (
      await fetch(`${trusting.url}/t/blue-room/api/events`, {
        headers: { 'X-Forwarded-Proto': 'https' },
      })
    ).json();
    expect(body.data[0].links.self).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/t\/blue-room\//);
  });
});
