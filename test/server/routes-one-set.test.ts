/**
 * What one set of listing routes over the origin's backend (issue 31) must answer, from outside:
 * a repeated merged list or listing page is the render cache's hit, not a rebuild (its memo counter
 * at `/metrics` says which); an unknown venue among several is a 404 naming it; `OPTIONS` on a
 * path that does not exist is the 404 `GET` gets; and `widget.html` and the per-venue script are
 * one request each (one access-log line). The proxy's side: test/proxy/proxy-one-set.test.ts.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, SEVERAL_VENUES } from '../fixtures/several-venues.js';
import { expectErrorResponse } from '../support/contract.js';
import { startServer, type TestServer } from '../support/server.js';

const VENUES = 'venues=harbour-hall,blue-cellar,night-owl';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(SEVERAL_VENUES, NOW, { metrics: true });
});
afterAll(() => server.close());

/** The memo counter at `/metrics`: its hits and misses so far. */
async function memoLookups(): Promise<{ hit: number; miss: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const count = (result: string) =>
    Number(
      new RegExp(`^venue_events_response_memo_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(
        text,
      )?.[1] ?? 0,
    );
  return { hit: count('hit'), miss: count('miss') };
}

describe('a repeated answer is the memo’s, not a rebuild', () => {
  it.each([
    ['the merged list', `/api/events?${VENUES}&categories=Jazz`],
    ['a page of the merged list', `/api/events?${VENUES}&page=2`],
    ['the listing page of several venues', `/events?${VENUES}&categories=Folk`],
    ['their month view', `/events?${VENUES}&view=calendar&month=2026-12`],
    ['a venue’s listing page', '/t/night-owl/events?categories=Jazz'],
  ])('%s: built once, then a memo hit, with 304 on its ETag', async (_, path) => {
    const start = await memoLookups();
    const first = await fetch(server.url + path);
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(await memoLookups()).toEqual({ hit: start.hit, miss: start.miss + 1 });
    const again = await fetch(server.url + path);
    expect(await again.text()).toBe(body);
    const revalidated = await fetch(server.url + path, {
      headers: { 'If-None-Match': again.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    expect(await memoLookups()).toEqual({ hit: start.hit + 2, miss: start.miss + 1 });
  });
});

describe('an unknown venue among several', () => {
  it.each([
    '/api/events?venues=night-owl,no-such-venue',
    '/api/events?venues=no-such-venue,night-owl&categories=Jazz',
    '/api/categories?venues=night-owl,no-such-venue',
    '/events?venues=night-owl,no-such-venue',
    '/events.ics?venues=night-owl,no-such-venue',
    '/widget.html?venues=night-owl,no-such-venue',
  ])('%s is a JSON:API 404 naming it', async (path) => {
    const res = await fetch(server.url + path);
    expect(res.status).toBe(404);
    const body = await res.json();
    expectErrorResponse(body);
    expect(body.errors[0].detail).toContain('"no-such-venue"');
  });
});

describe('OPTIONS on a path that does not exist', () => {
  it.each(['/t/000/-', '/t/42/05543/', '/t/night-owl/nothing-here'])(
    '%s is the JSON 404 GET gets',
    async (path) => {
      const get = await fetch(server.url + path);
      const options = await fetch(server.url + path, { method: 'OPTIONS' });
      expect(get.status).toBe(404);
      expect(options.status).toBe(404);
      expect(options.headers.get('content-type')).toBe(get.headers.get('content-type'));
      const body = await options.json();
      expectErrorResponse(body);
      expect(body).toEqual(await get.json());
    },
  );

  it('while a preflight of a real path is still answered', async () => {
    const res = await fetch(`${server.url}/t/night-owl/api/events`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://guide.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the drawn widget and the per-venue script are one request each', () => {
  const lines: string[] = [];
  let logged: TestServer;
  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    logged = await startServer(SEVERAL_VENUES, NOW, { logger });
  });
  afterAll(() => logged.close());

  it.each([
    '/t/night-owl/widget.html',
    '/widget.html?venues=harbour-hall,night-owl',
    '/t/night-owl/venue-events.js',
  ])('%s writes one access-log line', async (path) => {
    lines.length = 0;
    const res = await fetch(logged.url + path);
    expect(res.status).toBe(200);
    await res.text();
    const urls = () => lines.map((line) => JSON.parse(line).req?.url as string);
    // A line is written when its response has finished, which the client may see first.
    await expect.poll(urls).toContain(path);
    expect(urls()).toEqual([path]);
  });
});
