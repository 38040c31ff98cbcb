/**
 * What one set of listing routes over the origin's backend (issue 31) must answer, from outside:
 * a repeated merged list or listing page is the render cache's hit, not a rebuild (its memo counter
 * at `/metrics` says which); an unknown venue among several is a 404 naming it; `OPTIONS` on a
 * path that does not exist is the 404 `GET` gets; and `widget.html` and the per-venue script are
 * one request each (one access-log line). The proxy's side: test/proxy/proxy-one-set.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, SEVERAL_VENUES } from '../fixtures/several-venues.js';
import {
  describeDrawnInTheMemo,
  describeOneLogLine,
  describeOptionsNotFound,
  expectUnknownVenueNamed,
  memoLookups,
  UNKNOWN_AMONG_SEVERAL,
} from '../support/one-set.js';
import { startServer, type TestServer } from '../support/server.js';

const VENUES = 'venues=harbour-hall,blue-cellar,night-owl';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(SEVERAL_VENUES, NOW, { metrics: true });
});
afterAll(() => server.close());

describe('a repeated answer is the memo’s, not a rebuild', () => {
  it.each([
    ['the merged list', `/api/events?${VENUES}&categories=Jazz`],
    ['a page of the merged list', `/api/events?${VENUES}&page=2`],
    ['the listing page of several venues', `/events?${VENUES}&categories=Folk`],
    ['their month view', `/events?${VENUES}&view=calendar&month=2026-12`],
    ['a venue’s listing page', '/t/night-owl/events?categories=Jazz'],
  ])('%s: built once, then a memo hit, with 304 on its ETag', async (_, path) => {
    const start = await memoLookups(server.url);
    const first = await fetch(server.url + path);
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(await memoLookups(server.url)).toEqual({ hit: start.hit, miss: start.miss + 1 });
    const again = await fetch(server.url + path);
    expect(await again.text()).toBe(body);
    const revalidated = await fetch(server.url + path, {
      headers: { 'If-None-Match': again.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    expect(await memoLookups(server.url)).toEqual({ hit: start.hit + 2, miss: start.miss + 1 });
  });
});

describe('an unknown venue among several', () => {
  it.each(UNKNOWN_AMONG_SEVERAL)('%s is a JSON:API 404 naming it', async (path) => {
    await expectUnknownVenueNamed(await fetch(server.url + path));
  });
});

describeOptionsNotFound(() => server.url);

describeOneLogLine((logger) => startServer(SEVERAL_VENUES, NOW, { logger }));

describeDrawnInTheMemo(() => startServer(SEVERAL_VENUES, NOW, { metrics: true }));
