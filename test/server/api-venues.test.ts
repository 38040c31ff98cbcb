/**
 * Several venues in one listing (docs/api.md §10.16) at the origin, over a real store: the merged
 * order across IANA zones, each venue's today, the envelope and its links, filters, the venue
 * named on each event, the categories, bad input and caching.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse, expectListResponse } from '../support/contract.js';
import { NOW, SEVERAL_VENUES as file, VENUE_ZONES as ZONES } from '../fixtures/several-venues.js';
import { startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(file, NOW);
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);
const json = async (path: string) => {
  const res = await get(path);
  expect(res.status).toBe(200);
  const body = await res.json();
  expectListResponse(body);
  return body;
};
type Listed = { id: string; attributes: Record<string, string> & { venue: { slug: string } } };
const VENUES = 'venues=harbour-hall,blue-cellar,night-owl';

/** UTC ms of the date an event shows, in its own venue's zone. */
const instantOf = (e: Listed) =>
  DateTime.fromISO(`${e.attributes.event_date!.slice(0, 10)}T${e.attributes.event_time}`, {
    zone: ZONES[e.attributes.venue.slug],
  }).toMillis();

/** Every page of `query`, in order. */
async function allPages(query: string): Promise<Listed[]> {
  const first = await json(`/api/events?${query}`);
  const rest = [];
  for (let page = 2; page <= first.meta.last_page; page++) {
    rest.push(await json(`/api/events?${query}&page=${page}`));
  }
  return [first, ...rest].flatMap((body) => body.data);
}

describe('GET /api/events?venues=… (docs/api.md §10.16)', () => {
  it('merges the venues by the instant each event shows, in its own venue’s zone', async () => {
    const events = await allPages(VENUES);
    expect(events).toHaveLength(9 + 9 + 8);
    const instants = events.map(instantOf);
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    // London 20:00 (20:00Z) before New York 19:00 (00:00Z next day) on the 5th; Auckland's 6th
    // at 21:00 (08:00Z on the 6th) between New York's 5th and London's 6th.
    expect(events.slice(0, 4).map((e) => e.attributes.slug)).toEqual([
      'harbour-hall-night-1',
      'blue-cellar-night-1',
      'night-owl-night-2',
      'harbour-hall-night-2',
    ]);
  });

  it('lists from each venue’s own today', async () => {
    const events = await allPages(VENUES);
    const slugs = events.map((e) => e.attributes.slug);
    expect(slugs).not.toContain('night-owl-night-1'); // the 5th, over in Auckland
    expect(slugs).toContain('harbour-hall-night-1'); // the 5th, tonight in London
  });

  it('names each event’s venue; a venue’s own list stays without it', async () => {
    const body = await json(`/api/events?${VENUES}`);
    expect(body.data[0].attributes.venue).toEqual({
      slug: 'harbour-hall',
      name: 'Harbour Hall',
      timezone: 'Europe/London',
    });
    expect(body.data[0].links.self).toBe(`${server.url}/t/harbour-hall/api/events/100`);
    const own = await (await get('/t/harbour-hall/api/events')).text();
    expect(own).not.toContain('"venue"');
  });

  it('pages 12 at a time; every link carries the venues and the filters', async () => {
    const body = await json(`/api/events?${VENUES}&categories=Jazz&page=2`);
    expect(body.meta).toMatchObject({ current_page: 2, per_page: 12, total: 14, last_page: 2 });
    expect(body.meta.path).toBe(`${server.url}/api/events`);
    expect(body.links.first).toBe(
      `${server.url}/api/events?venues=harbour-hall,blue-cellar,night-owl&categories=jazz&page=1`,
    );
    expect(body.data).toHaveLength(2);
    expect(body.data.every((e: Listed) => e.attributes.category === 'Jazz')).toBe(true);
  });

  it('filters combine with AND across venues', async () => {
    const body = await json(
      `/api/events?${VENUES}&categories=Folk&start_date=2026-12-07&end_date=2026-12-08`,
    );
    const got = body.data.map((e: Listed) => e.attributes.slug).sort();
    expect(got).toEqual([
      'blue-cellar-night-4',
      'harbour-hall-night-4',
      'night-owl-night-3', // the 7th: nights() from the 6th, index 1 is Folk
    ]);
  });

  it('one venue named is its own list with the venue on each event', async () => {
    const merged = await json('/api/events?venues=blue-cellar');
    const own = await json('/t/blue-cellar/api/events');
    expect(merged.data.map((e: Listed) => e.id)).toEqual(own.data.map((e: Listed) => e.id));
    expect(merged.meta.total).toBe(own.meta.total);
  });

  it('the categories of the venues, merged', async () => {
    const res = await get(`/api/categories?${VENUES}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.map((c: { attributes: unknown }) => c.attributes)).toEqual([
      { name: 'Folk', count: 12 },
      { name: 'Jazz', count: 14 },
    ]);
  });
});

describe('GET /api/calendar?venues=… (docs/api.md §10.14, §10.16)', () => {
  const FEED = `/api/calendar?${'venues=harbour-hall,blue-cellar,night-owl'}&start=2026-12-05T00:00:00Z&end=2026-12-07T00:00:00Z`;
  type Item = { start: string; url: string; extendedProps: { venue: { slug: string } } };

  it('merges the venues’ feeds by start, each date in its venue’s zone and naming it', async () => {
    const res = await get(FEED);
    expect(res.status).toBe(200);
    const items: Item[] = await res.json();
    const starts = items.map((item) => Date.parse(item.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(items.map((item) => [item.extendedProps.venue.slug, item.start])).toEqual([
      ['harbour-hall', '2026-12-05T20:00:00+00:00'],
      ['blue-cellar', '2026-12-05T19:00:00-05:00'],
      // Auckland's 5th is over; its 6th at 21:00 (+13:00) is 08:00Z on the 6th.
      ['night-owl', '2026-12-06T21:00:00+13:00'],
      ['harbour-hall', '2026-12-06T20:00:00+00:00'],
    ]);
    expect(items[0]!.url).toBe(`${server.url}/t/harbour-hall/events/harbour-hall-night-1`);
    expect(items[2]!.extendedProps.venue).toEqual({
      slug: 'night-owl',
      name: 'Night Owl',
      timezone: 'Pacific/Auckland',
    });
  });

  it('a bad range is a 400 naming it', async () => {
    const res = await get('/api/calendar?venues=blue-cellar&start=2026-12-05');
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].source).toEqual({ parameter: 'end' });
  });
});

describe('GET /api/access?venues=… (docs/api.md §10.15, §10.16)', () => {
  it('sums the venues’ provisions, in vocabulary order', async () => {
    const server2 = await startServer(
      {
        venues: [
          {
            ...file.venues[0]!,
            events: [{ ...file.venues[0]!.events[0]!, access: ['captioned', 'wheelchair'] }],
          },
          {
            ...file.venues[1]!,
            events: [{ ...file.venues[1]!.events[0]!, access: ['wheelchair'] }],
          },
        ],
      },
      NOW,
    );
    try {
      const res = await fetch(`${server2.url}/api/access?venues=harbour-hall,blue-cellar`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(
        body.data.map((a: { id: string; attributes: { count: number } }) => [
          a.id,
          a.attributes.count,
        ]),
      ).toEqual([
        ['wheelchair', 2],
        ['captioned', 1],
      ]);
    } finally {
      await server2.close();
    }
  });
});

describe('bad input (docs/api.md §10.16)', () => {
  it.each([
    ['no venues', '/api/events'],
    ['an empty list', '/api/events?venues='],
    ['a malformed slug', '/api/events?venues=blue-cellar,Night_Owl'],
    [
      'more than 20',
      `/api/events?venues=${Array.from({ length: 21 }, (_, i) => `v${i}`).join(',')}`,
    ],
  ])('%s → 400 naming venues, with CORS', async (_, path) => {
    const res = await get(path, { headers: { Origin: 'https://guide.example' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = await res.json();
    expectErrorResponse(body);
    expect(body.errors[0].source).toEqual({ parameter: 'venues' });
  });

  it('an unknown venue → 404 naming it, with CORS', async () => {
    const res = await get('/api/events?venues=blue-cellar,nigth-owl', {
      headers: { Origin: 'https://guide.example' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = await res.json();
    expectErrorResponse(body);
    expect(body.errors[0].detail).toContain('"nigth-owl"');
  });

  it('a bad filter → 400 naming it', async () => {
    const res = await get(`/api/events?${VENUES}&start_date=2026-13-01`);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].source).toEqual({ parameter: 'start_date' });
  });
});

describe('caching', () => {
  it('ETag and 304, as a venue’s list', async () => {
    const res = await get(`/api/events?${VENUES}`);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await get(`/api/events?${VENUES}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('max-age never past the earliest next change of any venue named', async () => {
    // 10:59:30Z is 23:59:30 in Auckland: its midnight, 30 s away, changes what it lists.
    server.setNow('2026-12-05T10:59:30Z');
    try {
      const res = await get(`/api/events?${VENUES}&page=1`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    } finally {
      server.setNow(NOW);
    }
  });
});
