import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectListResponse, expectSingleResponse } from '../support/contract.js';
import { manyEvents, startServer, venueFile, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

// Upstream = this project's origin server with a test venue file and a frozen clock.
const file = {
  venues: [
    (venueFile(manyEvents(14, '2026-12-06'), { slug: 'blue-room' }) as { venues: unknown[] })
      .venues[0],
    (
      venueFile([{ id: 500, date: '2026-12-10', time: '20:00' }], {
        slug: 'old-shape',
        api_shape: 'earlier',
      }) as { venues: unknown[] }
    ).venues[0],
  ],
};

let origin: TestServer;
let proxy: Running;
beforeAll(async () => {
  origin = await startServer(file, '2026-12-05T12:00:00Z');
  proxy = await startProxy({ upstream: origin.url, clock: () => new Date('2026-12-05T12:00:00Z') });
});
afterAll(async () => {
  await proxy.close();
  await origin.close();
});

const rebase = (text: string) => text.split(origin.url).join(proxy.url);

describe('proxy in front of the origin server', () => {
  it.each([
    '/t/blue-room/api/events',
    '/t/blue-room/api/events?page=2',
    '/t/blue-room/api/events/3',
    '/t/old-shape/api/events',
  ])('%s equals the direct response but for the base URL', async (path) => {
    const direct = await fetch(origin.url + path);
    const proxied = await fetch(proxy.url + path);
    expect(proxied.status).toBe(200);
    const body = await proxied.text();
    expect(JSON.parse(body)).toEqual(JSON.parse(rebase(await direct.text())));
    const parsed = JSON.parse(body);
    const shape = path.includes('old-shape') ? 'earlier' : 'current';
    if (path.endsWith('/3')) expectSingleResponse(parsed, shape);
    else expectListResponse(parsed, shape);
    expect(body).not.toContain(origin.url);
  });

  it('the earlier shape passes through unchanged (no ticket_office)', async () => {
    const body = await (await fetch(`${proxy.url}/t/old-shape/api/events`)).json();
    expect('ticket_office' in body.data[0].attributes).toBe(false);
  });

  it('rewritten links can be followed through the proxy', async () => {
    const list = await (await fetch(`${proxy.url}/t/blue-room/api/events`)).json();
    const next = await fetch(list.links.next);
    expect((await next.json()).meta.current_page).toBe(2);
    const one = await (await fetch(list.data[0].links.self)).json();
    expect(one.data.id).toBe(list.data[0].id);
    expect(
      list.meta.links.every(
        (l: { url: string | null }) => l.url === null || l.url.startsWith(proxy.url),
      ),
    ).toBe(true);
  });

  it('a second request is a cache HIT with the same ETag; If-None-Match gives 304', async () => {
    const first = await fetch(`${proxy.url}/t/blue-room/api/events/5`);
    const second = await fetch(`${proxy.url}/t/blue-room/api/events/5`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(
      Number(/max-age=(\d+)/.exec(second.headers.get('cache-control')!)![1]),
    ).toBeLessThanOrEqual(60);
    const revalidated = await fetch(`${proxy.url}/t/blue-room/api/events/5`, {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
  });

  it('the event page redirects to the platform', async () => {
    const res = await fetch(`${proxy.url}/t/blue-room/events/event-1`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${origin.url}/t/blue-room/events/event-1`);
  });

  it('an unknown venue upstream is a 404 JSON error', async () => {
    const res = await fetch(`${proxy.url}/t/nowhere/api/events`);
    expect(res.status).toBe(404);
    expect((await res.json()).errors[0].status).toBe('404');
  });

  // A widget on the venue's own site reads these only with the CORS headers: without them a
  // mistyped slug is a network failure to it, and it offers "Try again" (docs/api.md §10.3).
  it.each([
    ['an unknown venue', '/t/nigth-owl/api/events', 404],
    ['a malformed slug', '/t/Blue_Room/api/events', 404],
    ['an unknown event', '/t/blue-room/api/events/9999', 404],
    ['an unknown API path', '/t/blue-room/api/nope', 404],
    ['a bad filter', '/t/blue-room/api/events?start_date=2026-13-01', 400],
  ])(
    '%s: the error carries the CORS headers, direct and through the proxy',
    async (_, path, status) => {
      for (const base of [origin.url, proxy.url]) {
        const res = await fetch(base + path, { headers: { Origin: 'https://venue.example' } });
        expect([base, res.status]).toEqual([base, status]);
        expect([base, res.headers.get('access-control-allow-origin')]).toEqual([base, '*']);
        expect((await res.json()).errors[0].status).toBe(String(status));
      }
    },
  );

  it('serves the widget demo page', async () => {
    const res = await fetch(`${proxy.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<venue-events venue="blue-room">');
  });
});
