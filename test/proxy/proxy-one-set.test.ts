/**
 * What one set of listing routes over the proxy's backend (issue 31) must answer, from outside:
 * an unknown venue among several is a 404 naming it, whatever words the platform's own 404 has;
 * `OPTIONS` on a path that does not exist is the 404 `GET` gets; `widget.html` and the per-venue
 * script are one request each (one access-log line); and a venue's calendar file reads the list
 * pages every built answer reads, with categories or without. The platform is this project's
 * origin behind a front (`startPassThrough`) that counts what the proxy asks it and words its 404
 * as the platform does ("No such event.").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, SEVERAL_VENUES, VENUE_ZONES } from '../fixtures/several-venues.js';
import {
  describeDrawnInTheMemo,
  describeOneLogLine,
  describeOptionsNotFound,
  expectUnknownVenueNamed,
  UNKNOWN_AMONG_SEVERAL,
} from '../support/one-set.js';
import { startPassThrough, type Forwarding } from '../support/forwarder.js';
import { manyEvents, startServer, venueFile, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

const clock = () => new Date(NOW);
/** The platform's own 404, which names nothing. */
const PLATFORM_404 = 'No such event.';

/** `six-pages`: 70 events, six list pages of 12, alternately `music` and `talk`. */
const sixPages = (
  venueFile(
    manyEvents(70, '2026-12-06').map((e, i) => ({
      ...e,
      id: 1001 + i,
      category: i % 2 ? 'talk' : 'music',
    })),
    { slug: 'six-pages' },
  ) as { venues: unknown[] }
).venues[0];

let origin: TestServer;
let platform: Forwarding;
let proxy: Running;
beforeAll(async () => {
  origin = await startServer({ venues: [...SEVERAL_VENUES.venues, sixPages] }, NOW);
  platform = await startPassThrough(origin.url, {
    notFound: {
      contentType: 'application/json',
      body: JSON.stringify({
        errors: [{ status: '404', title: 'Not Found', detail: PLATFORM_404 }],
      }),
    },
  });
  proxy = await startProxy({ upstream: platform.url, clock, venueZones: VENUE_ZONES });
});
afterAll(async () => {
  await Promise.all([proxy.close(), platform.close()]);
  await origin.close();
});

describe('an unknown venue among several', () => {
  it.each(UNKNOWN_AMONG_SEVERAL)(
    '%s is a JSON:API 404 naming it, not the platform’s own words',
    async (path) => {
      const body = await expectUnknownVenueNamed(await fetch(proxy.url + path));
      expect(body.errors[0]!.detail).not.toContain(PLATFORM_404);
    },
  );
});

describeOptionsNotFound(() => proxy.url);

describeOneLogLine((logger) =>
  startProxy({ upstream: platform.url, clock, venueZones: VENUE_ZONES, logger }),
);

describeDrawnInTheMemo(() =>
  startProxy({ upstream: platform.url, clock, venueZones: VENUE_ZONES, metrics: true }),
);

describe('the venue feed gathers as every built answer does', () => {
  /** The list pages of `six-pages` the platform was asked for since `from`, in page order. */
  const pagesAskedSince = (from: number) =>
    platform.seen
      .slice(from)
      .filter((url) => url.startsWith('/t/six-pages/api/events?'))
      .map((url) => Number(new URL(url, 'http://x').searchParams.get('page')))
      .sort((a, b) => a - b);

  it.each([
    ['every list page', undefined, [1, 2, 3, 4, 5, 6]],
    ['the pages maxFilterPages allows', 2, [1, 2]],
  ])('with categories or without, the feed reads %s', async (_, maxFilterPages, pages) => {
    // Without its cache the proxy asks the platform for every page it reads.
    const uncached = await startProxy({
      upstream: platform.url,
      clock,
      cache: false,
      ...(maxFilterPages && { maxFilterPages }),
    });
    try {
      for (const query of ['', '?categories=music']) {
        const from = platform.seen.length;
        const res = await fetch(`${uncached.url}/t/six-pages/events.ics${query}`);
        expect(res.status, query).toBe(200);
        expect(await res.text(), query).toContain('BEGIN:VEVENT');
        expect(pagesAskedSince(from), query).toEqual(pages);
      }
    } finally {
      await uncached.close();
    }
  });
});
