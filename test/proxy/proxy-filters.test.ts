/**
 * What the proxy answers itself because the upstream platform has no such endpoints: the list's
 * filters (docs/api.md §10.12), the categories (§10.13) and the calendar feed (§10.14), built
 * from the upstream's list pages. The upstream is this project's origin server on a loopback
 * port, serving a venue of 30 events over 3 list pages: several categories (one spelled two
 * ways), accented text, a tour with a past and a cancelled stop, an event without a category.
 * Expectations come from the venue file and the upstream's own unfiltered pages, never from the
 * proxy's code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerOptions } from '../../server/cli-options.js';
import { importVenueFile } from '../../server/import/importer.js';
import { createProxyApp } from '../../server/proxy/app.js';
import { checkTarget } from '../../server/proxy/routes.js';
import type { EventResource, ListResponse } from '../../shared/contract.js';
import { expectErrorResponse, expectListResponse } from '../support/contract.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

const SLUG = 'filter-hall';
const ZONE = 'America/New_York';
const NOW = '2026-12-01T17:00:00Z'; // 12:00 in New York: today is 2026-12-01 there and in UTC
const CATEGORIES = ['Jazz', 'Rock', 'Folk', 'Live music'];

/** One event of the venue file (a type alias, so it is a plain record for `venueFile`). */
type Fixture = {
  id: number;
  title: string;
  slug: string;
  category: string;
  description: string;
  location: string;
  date?: string;
  time?: string;
  occurrences?: { date: string; time: string; location: string; status?: string }[];
};

const day = (n: number) =>
  new Date(Date.parse('2026-12-02T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);

/** 29 single events on consecutive days from 2026-12-02 and a tour: 3 list pages. */
const EVENTS: Fixture[] = [
  ...Array.from({ length: 29 }, (_, i): Fixture => {
    const id = i + 1;
    return {
      id,
      title: `Evening ${id}`,
      slug: `evening-${id}`,
      // id 4 spells Jazz in lower case; id 29 has no category.
      category: id === 29 ? '' : id === 4 ? 'jazz' : CATEGORIES[id % CATEGORIES.length]!,
      description: `<p>Night number ${id}.</p>`,
      location: 'Main Room',
      date: day(i),
      time: '20:00',
    };
  }),
  {
    id: 30,
    title: 'Winter Tour',
    slug: 'winter-tour',
    category: 'Folk',
    description: '<p>On the road.</p>',
    location: '',
    occurrences: [
      { date: '2026-11-28', time: '19:00', location: 'York' },
      { date: '2026-12-10', time: '19:00', location: 'Leeds' },
      { date: '2026-12-20', time: '19:30', location: 'Bristol', status: 'cancelled' },
      { date: '2027-01-15', time: '20:00', location: 'Malmö' },
    ],
  },
];
// Accented and searchable text, on pages 1 and 3 of the upstream's list.
Object.assign(EVENTS[4]!, { title: 'Björk Songbook' });
Object.assign(EVENTS[12]!, { title: 'Late Night Jazz', category: 'Rock' });
Object.assign(EVENTS[26]!, { description: '<p>Covers of <em>Bj&ouml;rk</em> &amp; friends.</p>' });
// Letters NFKD does not decompose (docs/api.md §10.12 "search"), on pages 1, 2 and 3.
Object.assign(EVENTS[7]!, { title: 'Łódź meets Bjørn' });
Object.assign(EVENTS[15]!, { location: 'Ærø Straße' });
Object.assign(EVENTS[24]!, { description: '<p>With Đorđe &amp; band.</p>' });

const byId = new Map(EVENTS.map((e) => [String(e.id), e]));
const clock = () => new Date(NOW);

let origin: TestServer;
let zoned: Running;
let floating: Running;
let bounded: Running;
/** The upstream's whole list (pages 1–3), in its order, links on the origin's base. */
let upstreamEvents: EventResource[];

beforeAll(async () => {
  origin = await startServer(venueFile([...EVENTS], { slug: SLUG, timezone: ZONE }), NOW);
  zoned = await startProxy({ upstream: origin.url, clock, venueZones: { [SLUG]: ZONE } });
  floating = await startProxy({ upstream: origin.url, clock });
  bounded = await startProxy({ upstream: origin.url, clock, maxFilterPages: 2 });
  upstreamEvents = [];
  for (let page = 1; page <= 3; page++) {
    const res = await fetch(`${origin.url}/t/${SLUG}/api/events?page=${page}`);
    upstreamEvents.push(...((await res.json()) as ListResponse).data);
  }
});
afterAll(async () => {
  await Promise.all([zoned.close(), floating.close(), bounded.close()]);
  await origin.close();
});

const api = (proxy: Running, rest: string) => `${proxy.url}/t/${SLUG}/api/${rest}`;
const rebase = (text: string, proxy: Running) => text.split(origin.url).join(proxy.url);

/** Ids of the upstream's listed events whose venue-file entry passes `keep`, in list order. */
const expectedIds = (keep: (e: Fixture) => boolean) =>
  upstreamEvents.map((e) => e.id).filter((id) => keep(byId.get(id)!));

/** Every page of a filtered list, following `links.next` from `first`; checks each page. */
async function allPages(proxy: Running, first: string) {
  const pages: ListResponse[] = [];
  for (let url: string | null = first; url;) {
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    const body = (await res.json()) as ListResponse;
    expectListResponse(body);
    pages.push(body);
    url = body.links.next;
  }
  return { pages, events: pages.flatMap((p) => p.data) };
}

/** Every URL of a list's `links` and `meta.links`. */
const linksOf = (body: ListResponse) =>
  [...Object.values(body.links), ...body.meta.links.map((l) => l.url)].filter(
    (url): url is string => url !== null,
  );

describe('the filtered list, built from the upstream’s pages', () => {
  it('a category filter gives exactly the matching events across pages, the filter in every link', async () => {
    const { pages, events } = await allPages(zoned, api(zoned, 'events?categories=Rock,JAZZ'));
    const want = expectedIds((e) => ['jazz', 'rock'].includes(e.category.toLowerCase()));
    expect(want.length).toBeGreaterThan(12);
    expect(events.map((e) => e.id)).toEqual(want);
    expect(pages.map((p) => p.meta.current_page)).toEqual([1, 2]);
    for (const page of pages) {
      expect(page.meta.total).toBe(want.length);
      expect(page.meta.path).toBe(`${zoned.url}/t/${SLUG}/api/events`);
      for (const url of linksOf(page)) {
        expect(url).toMatch(
          new RegExp(`^${zoned.url}/t/${SLUG}/api/events\\?categories=jazz%2Crock&page=\\d+$`),
        );
      }
    }
    // Each event exactly as the upstream sent it, its links on the proxy's base.
    const upstream = new Map(upstreamEvents.map((e) => [e.id, e]));
    for (const event of events) {
      expect(event).toEqual(JSON.parse(rebase(JSON.stringify(upstream.get(event.id)), zoned)));
    }
  });

  it.each([
    ['jaz', (e: Fixture) => /jazz/i.test(`${e.category} ${e.title}`)],
    ['bjork', (e: Fixture) => /björk|bj&ouml;rk/i.test(`${e.title} ${e.description}`)],
    ['BJÖRK', (e: Fixture) => /björk|bj&ouml;rk/i.test(`${e.title} ${e.description}`)],
    ['malmo', (e: Fixture) => e.id === 30],
    ['late jaz', (e: Fixture) => e.title === 'Late Night Jazz'],
  ])(
    'search "%s" matches title, category, stops and description, ignoring accents',
    async (search, keep) => {
      const url = api(zoned, `events?search=${encodeURIComponent(search)}`);
      const { events, pages } = await allPages(zoned, url);
      const want = expectedIds(keep);
      expect(want.length).toBeGreaterThan(0);
      expect(events.map((e) => e.id)).toEqual(want);
      const folded = search.toLowerCase().replace('ö', 'o');
      expect(pages[0]!.links.first).toBe(
        api(zoned, `events?search=${encodeURIComponent(folded)}&page=1`),
      );
    },
  );

  it.each([
    ['lodz bjorn', 'lodz bjorn', 8],
    ['Łódź Bjørn', 'lodz bjorn', 8],
    ['aero', 'aero', 16],
    ['Ærø', 'aero', 16],
    ['strasse', 'strasse', 16],
    ['Straße', 'strasse', 16],
    ['dorde', 'dorde', 25],
    ['Đorđe', 'dorde', 25],
  ])(
    'search "%s" finds letters NFKD leaves whole, as their Latin spelling "%s"',
    async (search, folded, id) => {
      const url = api(zoned, `events?search=${encodeURIComponent(search)}`);
      const { events, pages } = await allPages(zoned, url);
      expect(events.map((e) => e.id)).toEqual([String(id)]);
      expect(pages[0]!.links.first).toBe(
        api(zoned, `events?search=${encodeURIComponent(folded)}&page=1`),
      );
    },
  );

  it('a date range keeps events with a listed date inside it (a tour’s cancelled stop counts)', async () => {
    const from = '2026-12-18';
    const to = '2026-12-22';
    const { events, pages } = await allPages(
      zoned,
      api(zoned, `events?end_date=${to}&start_date=${from}`),
    );
    const inRange = (d: string) => d >= from && d <= to;
    const want = expectedIds((e) =>
      e.occurrences ? e.occurrences.some((o) => inRange(o.date)) : inRange(e.date!),
    );
    expect(want).toContain('30');
    expect(events.map((e) => e.id)).toEqual(want);
    expect(pages[0]!.links.first).toBe(
      api(zoned, `events?start_date=${from}&end_date=${to}&page=1`),
    );
  });

  it('filters combine with AND', async () => {
    const { events } = await allPages(
      zoned,
      api(zoned, 'events?categories=folk&search=road&start_date=2027-01-01'),
    );
    expect(events.map((e) => e.id)).toEqual(['30']);
    const none = await (await fetch(api(zoned, 'events?categories=jazz&search=bjork'))).json();
    expect(none.data).toEqual([]);
    expect(none.meta).toMatchObject({ total: 0, last_page: 1, from: null, to: null });
  });
});

describe('bad values and caching', () => {
  it.each([
    ['events?end_date=2026-13-01', 'end_date'],
    ['events?start_date=2026-12-10&end_date=2026-12-01', 'end_date'],
    ['events?categories=jazz&categories=rock', 'categories'],
    [`events?search=${'a'.repeat(101)}`, 'search'],
    ['calendar?start=2026-12-01', 'end'],
    ['calendar?start=2026-12-01&end=2026-12-31&timeZone=Mars%2FBase', 'timeZone'],
    ['calendar?start=2026-12-01&end=2027-06-01', 'end'],
  ])('a bad value (%s) is a 400 naming the parameter', async (rest, parameter) => {
    const res = await fetch(api(zoned, rest));
    expect(res.status).toBe(400);
    const body = await res.json();
    expectErrorResponse(body);
    expect(body.errors[0].source).toEqual({ parameter });
  });

  it('is cached as the list: ETag, 304, a max-age, the same answer again', async () => {
    const url = api(zoned, 'events?search=evening&page=2');
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(first.headers.get('cache-control')!)![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60);
    const again = await fetch(url);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(await first.text());
    expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    // A request spelling the same filter differently gets the same answer.
    const same = await fetch(api(zoned, 'events?page=2&search=EVENING'));
    expect(same.headers.get('etag')).toBe(etag);
  });
});

describe('the proxy agrees with the origin, which filters from its own store', () => {
  it.each([
    'events?categories=rock,jazz&page=2',
    'events?search=bjork',
    'events?search=late+jaz',
    'events?search=%C5%81%C3%B3d%C5%BA+bj%C3%B8rn',
    'events?search=strasse',
    'events?start_date=2026-12-18&end_date=2026-12-22&categories=Folk',
    'categories',
    'calendar?start=2026-12-05&end=2027-01-20&search=tour',
    'calendar?start=2026-12-01T05:00:00Z&end=2026-12-08T05:00:00Z&timeZone=UTC&categories=jazz',
  ])('%s: the origin’s answer but for the base', async (rest) => {
    const direct = await (await fetch(`${origin.url}/t/${SLUG}/api/${rest}`)).text();
    const res = await fetch(api(zoned, rest));
    expect(res.status).toBe(200);
    expect(JSON.parse(await res.text())).toEqual(JSON.parse(rebase(direct, zoned)));
  });
});

describe('the unfiltered list stays the upstream’s', () => {
  it.each(['events', 'events?page=2', 'events?search=&categories=', 'events?search=%21%21'])(
    '%s is the upstream’s page, byte for byte but for the base',
    async (rest) => {
      const page = /page=(\d)/.exec(rest)?.[1] ?? '1';
      const direct = await (await fetch(`${origin.url}/t/${SLUG}/api/events?page=${page}`)).text();
      const res = await fetch(api(zoned, rest));
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toMatch(/^(HIT|MISS)$/);
      expect(res.headers.get('x-filter-truncated')).toBeNull();
      expect(await res.text()).toBe(rebase(direct, zoned));
    },
  );
});

describe('categories', () => {
  it('counts the listed events of each category, spellings merged, sorted by name', async () => {
    const res = await fetch(api(zoned, 'categories'));
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const counts = new Map<string, number>();
    for (const event of EVENTS) {
      const key = event.category.toLowerCase();
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const want = [...counts]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, count]) => {
        const name = CATEGORIES.find((c) => c.toLowerCase() === key)!;
        const id = key.replace(/ /g, '-');
        return { type: 'categories', id, attributes: { name, count } };
      });
    expect(await res.json()).toEqual({ data: want });
  });
});

describe('the calendar feed', () => {
  /** The tour's stops the feed must give from today on: past stop left out, cancelled one marked. */
  const tourStops = [
    { date: '2026-12-10', time: '19:00:00', location: 'Leeds', cancelled: false },
    { date: '2026-12-20', time: '19:30:00', location: 'Bristol', cancelled: true },
    { date: '2027-01-15', time: '20:00:00', location: 'Malmö', cancelled: false },
  ];

  it('one object per listed date in the range, tour stops included, with the zone’s offset', async () => {
    const res = await fetch(api(zoned, 'calendar?start=2026-11-25&end=2027-01-31'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const feed = await res.json();
    expect(feed).toHaveLength(29 + 3);
    const starts = feed.map((item: { start: string }) => item.start);
    expect(starts).toEqual([...starts].sort());
    const tour = feed.filter((item: { groupId: string }) => item.groupId === '30');
    expect(tour).toEqual(
      tourStops.map((stop) => ({
        id: `30-${stop.date}-${stop.time.slice(0, 2)}${stop.time.slice(3, 5)}`,
        groupId: '30',
        title: 'Winter Tour',
        start: `${stop.date}T${stop.time}-05:00`,
        url: `${zoned.url}/t/${SLUG}/events/winter-tour`,
        allDay: false,
        extendedProps: {
          category: 'Folk',
          location: stop.location,
          cancelled: stop.cancelled,
          ticket_office: expect.any(Object),
        },
      })),
    );
    const single = feed.find((item: { groupId: string }) => item.groupId === '5');
    expect(single).toMatchObject({ title: 'Björk Songbook', start: `${day(4)}T20:00:00-05:00` });
  });

  it('the range and categories/search narrow it; without a zone, starts have no offset', async () => {
    const query = 'calendar?start=2026-12-15T00:00:00Z&end=2026-12-25T00:00:00Z&categories=folk';
    const feed = await (await fetch(api(floating, query))).json();
    const inRange = (e: Fixture) => e.date! >= '2026-12-15' && e.date! < '2026-12-25';
    const singles = EVENTS.filter((e) => e.date && e.category === 'Folk' && inRange(e));
    expect(feed.map((item: { id: string }) => item.id).sort()).toEqual(
      [...singles.map((e) => `${e.id}-${e.date}-2000`), '30-2026-12-20-1930'].sort(),
    );
    const stop = feed.find((item: { groupId: string }) => item.groupId === '30');
    expect(stop.start).toBe('2026-12-20T19:30:00');
    const searched = await (await fetch(api(zoned, `${query}&search=bristol`))).json();
    expect(searched.map((item: { id: string }) => item.id)).toEqual(['30-2026-12-20-1930']);
  });
});

describe('a memoised answer lasts as long as the upstream pages it was built from', () => {
  it('an upstream change shows once the cached pages are stale, not before', async () => {
    const upstream = await startServer(venueFile([...EVENTS], { slug: SLUG, timezone: ZONE }), NOW);
    let nowMs = Date.parse(NOW);
    const proxy = await startProxy({ upstream: upstream.url, clock: () => new Date(nowMs) });
    try {
      const ids = async () => {
        const body = await (await fetch(api(proxy, 'events?search=bjork'))).json();
        return body.data.map((e: EventResource) => e.id);
      };
      expect(await ids()).toEqual(['5', '27']);
      const renamed = EVENTS.map((e) => (e.id === 9 ? { ...e, title: 'Björk Again' } : e));
      await importVenueFile(upstream.store, venueFile(renamed, { slug: SLUG, timezone: ZONE }));
      expect(await ids()).toEqual(['5', '27']); // the pages are still fresh here
      nowMs += 61_000; // past every page's max-age (60 s at most)
      expect(await ids()).toEqual(['5', '9', '27']);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});

describe('the bound on pages read', () => {
  it('with maxFilterPages 2 only the first 24 events are searched, and the answer says so', async () => {
    const res = await fetch(api(bounded, 'events?categories=jazz,rock,folk,live%20music'));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-filter-truncated')).toBe('2');
    const { events } = await allPages(bounded, res.url);
    const firstTwoPages = new Set(upstreamEvents.slice(0, 24).map((e) => e.id));
    expect(events.map((e) => e.id)).toEqual(
      expectedIds((e) => firstTwoPages.has(String(e.id)) && e.category !== ''),
    );
    // Event 27's description is on page 3: not searched.
    const bjork = await fetch(api(bounded, 'events?search=bjork'));
    expect((await bjork.json()).data.map((e: EventResource) => e.id)).toEqual(['5']);
    const categories = await fetch(api(bounded, 'categories'), {
      headers: { Origin: 'https://venue.example' },
    });
    expect(categories.headers.get('x-filter-truncated')).toBe('2');
    // A widget on the venue's site can read it.
    expect(categories.headers.get('access-control-expose-headers')).toMatch(/X-Filter-Truncated/);
    // Within the bound, no header.
    const all = await fetch(api(zoned, 'events?search=bjork'));
    expect(all.headers.get('x-filter-truncated')).toBeNull();
    expect((await all.json()).data.map((e: EventResource) => e.id)).toEqual(['5', '27']);
  });

  it('is an option: --max-filter-pages or VENUE_EVENTS_MAX_FILTER_PAGES, 50 by default', () => {
    expect(parseServerOptions([], {}).maxFilterPages).toBe(50);
    expect(parseServerOptions(['--max-filter-pages', '7'], {}).maxFilterPages).toBe(7);
    expect(parseServerOptions([], { VENUE_EVENTS_MAX_FILTER_PAGES: '3' }).maxFilterPages).toBe(3);
    expect(() => parseServerOptions(['--max-filter-pages', '0'], {})).toThrow(/1 to 1000/);
    expect(() => createProxyApp({ upstream: origin.url, maxFilterPages: 0 })).toThrow(
      /maxFilterPages/,
    );
  });
});

describe('only the exact new paths, GET and HEAD', () => {
  it.each([
    '/api/Categories',
    '/api/categories/x',
    '/api/calendar/x',
    '/api/Calendar?start=2026-12-01&end=2026-12-31',
    '/api/events?search=%ff',
    '/api/events?search=x&utm=%20',
    '/api/events?search=x&page=%32',
    '/api/events?sea%72ch=x',
    '/api/categories?x=%20',
  ])('%s is a 404', async (path) => {
    const res = await fetch(`${zoned.url}/t/${SLUG}${path}`);
    expect(res.status).toBe(404);
    expectErrorResponse(await res.json());
  });

  it.each(['events?search=jazz', 'categories', 'calendar?start=2026-12-01&end=2026-12-31'])(
    'POST %s is a 405; HEAD has the headers only',
    async (rest) => {
      expect((await fetch(api(zoned, rest), { method: 'POST' })).status).toBe(405);
      const head = await fetch(api(zoned, rest), { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toMatch(/^"/);
      expect(await head.text()).toBe('');
    },
  );

  it('the guard passes filter values percent-encoded, and only those', () => {
    for (const target of [
      '/t/v/api/events?search=bj%C3%B6rk+trio&page=2&utm=x',
      '/t/v/api/events?page=2&utm=x',
      '/t/v/api/calendar?start=2026-12-01T00%3A00%3A00%2B01%3A00',
    ]) {
      expect(checkTarget(target, 'GET'), target).toBe('pass');
    }
    expect(checkTarget('/t/v/api/categories/', 'HEAD')).toBe('pass');
    expect(checkTarget('/t/v/api/calendar', 'DELETE')).toMatchObject({
      status: 405,
      message: 'The method DELETE is not allowed here; use GET or HEAD.',
    });
    expect(checkTarget('/t/v/events?utm=%20', 'GET')).toMatchObject({
      status: 404,
      message: 'No resource exists at this path.',
    });
  });
});
