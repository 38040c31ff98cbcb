/**
 * The pages of several venues' listing at the origin (docs/api.md §10.16), on a real store, three
 * venues in London, New York and Auckland: the listing page `/events?venues=…` as a person uses
 * it with JavaScript off (its events, links, filter form, JSON-LD, bad values) and the calendar
 * file `/events.ics?venues=…` (parsed with ical.js, which resolves each `TZID` through the file's
 * own `VTIMEZONE`).
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, SEVERAL_VENUES, VENUE_ZONES } from '../fixtures/several-venues.js';
import { expectErrorResponse } from '../support/contract.js';
import {
  headLink,
  listedItems,
  monthCells,
  monthLinks,
  pageLinks,
  submitForm,
  type ListedItem,
} from '../support/listing-html.js';
import { jsonLdOf, richResultProblems } from '../support/rich-results.js';
import { startServer, type TestServer } from '../support/server.js';

const ADDRESSES: Record<string, Record<string, string>> = {
  'harbour-hall': {
    streetAddress: '1 Quay Street',
    addressLocality: 'London',
    addressCountry: 'GB',
  },
  'blue-cellar': {
    streetAddress: '20 Bleecker Street',
    addressLocality: 'New York',
    addressCountry: 'US',
  },
  'night-owl': {
    streetAddress: '3 Karangahape Road',
    addressLocality: 'Auckland',
    addressCountry: 'NZ',
  },
};
/** The fixture's venues, each with its website and postal address. */
const FILE = {
  venues: SEVERAL_VENUES.venues.map((venue) => ({
    ...venue,
    url: `https://${venue.slug}.example/`,
    address: ADDRESSES[venue.slug],
  })),
};
const VENUES = 'venues=harbour-hall,blue-cellar,night-owl';
const NAMES = 'Harbour Hall, Blue Cellar and Night Owl';

/** Each fixture event by its slug: its venue's slug and name, date and time. */
const EVENTS = new Map(
  FILE.venues.flatMap((venue) =>
    venue.events.map((event) => [
      event.slug,
      { venue: venue.slug, name: venue.name, date: event.date, time: event.time },
    ]),
  ),
);

/** Each venue's UTC offset in December 2026, as `startDate`s carry it. */
const OFFSETS: Record<string, string> = {
  'harbour-hall': '+00:00',
  'blue-cellar': '-05:00',
  'night-owl': '+13:00',
};

/** UTC epoch ms of fixture event `slug`, read in its own venue's zone. */
const instantOf = (slug: string) => {
  const event = EVENTS.get(slug)!;
  return DateTime.fromISO(`${event.date}T${event.time}`, {
    zone: VENUE_ZONES[event.venue],
  }).toMillis();
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer(FILE, NOW);
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);

/** The event slugs of every page of `/api/events?{query}`, in order: the merged order. */
async function apiOrder(query: string): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1, last = 1; page <= last; page++) {
    const body = await (await get(`/api/events?${query}&page=${page}`)).json();
    last = body.meta.last_page;
    slugs.push(...body.data.map((e: { attributes: { slug: string } }) => e.attributes.slug));
  }
  return slugs;
}

const page = async (path: string) => {
  const res = await get(path);
  return { res, html: await res.text() };
};

/** The event slug an item links to, and the venue it names: what every listed item must agree on. */
function expectOwnVenue(item: ListedItem) {
  const slug = item.href.slice(item.href.lastIndexOf('/') + 1);
  const event = EVENTS.get(slug)!;
  expect(item.href).toBe(`/t/${event.venue}/events/${slug}`);
  expect(item.details.split(' · ')[0], slug).toBe(event.name);
  return slug;
}

describe('GET /events?venues=… (docs/api.md §10.16)', () => {
  const LIST = `/events?${VENUES}`;

  it('lists the venues’ events 12 a page in the merged order, each naming and linking to its venue', async () => {
    const order = await apiOrder(VENUES);
    const first = await page(LIST);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.html).toContain(`<title>What&#39;s on at ${NAMES}</title>`);
    expect(first.html).toContain(`<h1>What's on at ${NAMES}</h1>`);
    expect(first.html).toContain('26 upcoming events · page 1 of 3');
    const listed: string[] = [];
    for (const n of [1, 2, 3]) {
      const { html } = n === 1 ? first : await page(pageLinks(first.html)[String(n)]!);
      listed.push(...listedItems(html).map(expectOwnVenue));
    }
    expect(listed).toEqual(order);
  });

  it('every link carries the venues first, then the canonical filter query', async () => {
    const { html } = await page(`${LIST}&search=Night&categories=Jazz`);
    const links = pageLinks(html);
    expect(links['2']).toBe(`${LIST}&categories=jazz&search=night&page=2`);
    expect(links['1']).toBe(`${LIST}&categories=jazz&search=night`);
    expect(headLink(html, 'canonical')).toBe(`${server.url}${LIST}&categories=jazz&search=night`);
    expect(headLink(html, 'next')).toBe(`${server.url}${LIST}&categories=jazz&search=night&page=2`);
    expect(headLink(html, 'alternate')).toBe(`${server.url}/events.ics?${VENUES}`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`<a href="${LIST.replace(/&/g, '&#38;')}">Clear filters</a>`);
    expect(html).toContain(
      `href="webcal://${server.url.slice(7)}/events.ics?${VENUES}&#38;categories=jazz">Subscribe to jazz only`,
    );
    const unfiltered = await page(LIST);
    expect(unfiltered.html).not.toContain('noindex');
    expect(headLink(unfiltered.html, 'canonical')).toBe(`${server.url}${LIST}`);
  });

  it('the filter form keeps the venues: submitting it lists the filtered events of the same venues', async () => {
    const { html } = await page(LIST);
    expect(html).toMatch(/<form class="filters" method="get" action="\/events"/);
    const asked = submitForm(html, { categories: 'Folk', start_date: '2026-12-07' });
    expect(asked).toMatch(
      /^\/events\?venues=harbour-hall%2Cblue-cellar%2Cnight-owl&categories=Folk&/,
    );
    const filtered = await page(asked);
    expect(filtered.res.status).toBe(200);
    const items = listedItems(filtered.html);
    expect(items.map(expectOwnVenue)).toEqual(
      (await apiOrder(`${VENUES}&categories=Folk&start_date=2026-12-07`)).slice(0, 12),
    );
    expect(new Set(items.map((item) => item.details.split(' · ')[0]))).toEqual(
      new Set(['Harbour Hall', 'Blue Cellar', 'Night Owl']),
    );
    // The form shows what was asked, and submitting it again asks the same.
    expect(submitForm(filtered.html, {})).toBe(asked);
  });

  it('the JSON-LD of each event is its own venue’s: place, address, website and zone offset', async () => {
    const { html } = await page(LIST);
    const events = jsonLdOf(html);
    expect(events).toHaveLength(12);
    for (const event of events) {
      const slug = event.url.slice(event.url.lastIndexOf('/') + 1);
      const { venue, name } = EVENTS.get(slug)!;
      // The fixture's events have no description; everything else Google wants is there.
      const problems = richResultProblems(event).filter((p) => !p.startsWith('description:'));
      expect(problems, slug).toEqual([]);
      expect(event.location).toEqual({
        '@type': 'Place',
        name,
        address: { '@type': 'PostalAddress', ...ADDRESSES[venue] },
        url: `https://${venue}.example/`,
      });
      expect(event.organizer).toEqual({
        '@type': 'Organization',
        name,
        url: `https://${venue}.example/`,
      });
      expect(event.startDate.endsWith(OFFSETS[venue]!), event.startDate).toBe(true);
      expect(Date.parse(event.startDate)).toBe(instantOf(slug));
    }
  });

  it('a bad filter value is the page again with its message, as a 400', async () => {
    const { res, html } = await page(`${LIST}&categories=jazz&start_date=2026-13-01`);
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('Enter a real date for “From”: “2026-13-01” is not one.');
    expect(html).toContain(
      `<input type="hidden" name="venues" value="harbour-hall,blue-cellar,night-owl">`,
    );
    expect(listedItems(html)).toEqual([]);
  });

  it.each([
    ['no venues', 400, '/events'],
    ['a malformed slug', 400, '/events?venues=harbour-hall,Night_Owl'],
    ['an unknown venue', 404, '/events?venues=harbour-hall,nigth-owl'],
  ])('%s → the API’s JSON %i', async (_, status, path) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expectErrorResponse(await res.json());
  });

  it('answers If-None-Match with 304, compressed as the pages are', async () => {
    const res = await get(LIST, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const etag = res.headers.get('etag')!;
    const again = await get(LIST, {
      headers: { 'If-None-Match': etag, 'Accept-Encoding': 'gzip' },
    });
    expect(again.status).toBe(304);
  });

  it('is fresh at most until the earliest next change of any venue named', async () => {
    // 10:59:30Z is 23:59:30 in Auckland: its midnight, 30 s away, changes what it lists.
    server.setNow('2026-12-05T10:59:30Z');
    try {
      expect((await get(LIST)).headers.get('cache-control')).toBe('public, max-age=30');
    } finally {
      server.setNow(NOW);
    }
  });
});

describe('GET /events?venues=…&view=calendar (docs/api.md §10.5, §10.16)', () => {
  const MONTH = `/events?${VENUES}&view=calendar&month=2026-12`;

  it('names each entry’s venue beside it, at its venue’s offset, linking to its venue’s event page', async () => {
    const { res, html } = await page(MONTH);
    expect(res.status).toBe(200);
    expect(html).toContain(`<title>What&#39;s on at ${NAMES} · December 2026</title>`);
    const cells = monthCells(html);
    expect(cells.get('2026-12-06')).toEqual({
      entries: [
        '19:00 Blue Cellar night 2 · Blue Cellar',
        '20:00 Harbour Hall night 2 · Harbour Hall',
        '21:00 Night Owl night 2 · Night Owl',
      ],
      hrefs: [
        '/t/blue-cellar/events/blue-cellar-night-2',
        '/t/harbour-hall/events/harbour-hall-night-2',
        '/t/night-owl/events/night-owl-night-2',
      ],
      times: [
        '2026-12-06T19:00:00-05:00',
        '2026-12-06T20:00:00+00:00',
        '2026-12-06T21:00:00+13:00',
      ],
    });
    // The 5th is over in Auckland: Night Owl's night of the 5th is not listed.
    expect(cells.get('2026-12-05')!.entries).toEqual([
      '19:00 Blue Cellar night 1 · Blue Cellar',
      '20:00 Harbour Hall night 1 · Harbour Hall',
    ]);
  });

  it('its links and form keep the venues', async () => {
    const { html } = await page(`${MONTH}&categories=Jazz`);
    expect(monthLinks(html).next).toBe(
      `/events?${VENUES}&categories=jazz&view=calendar&month=2027-01`,
    );
    expect(headLink(html, 'canonical')).toBe(
      `${server.url}/events?${VENUES}&categories=jazz&view=calendar&month=2026-12`,
    );
    expect(html).toContain(`<a href="/events?${VENUES}&#38;categories=jazz">Show as a list</a>`);
    const asked = submitForm(html, { month: '2027-01' });
    const next = await page(asked);
    expect(next.res.status).toBe(200);
    expect(next.html).toContain('<caption>January 2027</caption>');
    expect(headLink(next.html, 'canonical')).toBe(
      `${server.url}/events?${VENUES}&categories=jazz&view=calendar&month=2027-01`,
    );
  });

  it('a bad month is the page again with its message, as a 400', async () => {
    const { res, html } = await page(`/events?${VENUES}&view=calendar&month=2026-13`);
    expect(res.status).toBe(400);
    expect(html).toContain('not “2026-13”');
    expect(monthCells(html).size).toBe(0);
  });
});

interface Vevent {
  start: string;
  tzid: string | null;
  url: string;
  location: string;
}

/** Parses an iCalendar text with ical.js, its VTIMEZONEs registered. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events: Vevent[] = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      start: event.startDate.toJSDate().toISOString(),
      tzid: (vevent.getFirstProperty('dtstart')!.getParameter('tzid') as string) ?? null,
      url: String(vevent.getFirstPropertyValue('url')),
      location: event.location,
    };
  });
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    zones: zones.map((zone) => String(zone.getFirstPropertyValue('tzid'))),
    events,
  };
}

/** The event slug of an event page URL on the server. */
const slugOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('GET /events.ics?venues=… (docs/api.md §10.16)', () => {
  it('one calendar of the venues’ events in the merged order, each at its instant in its own zone', async () => {
    const res = await get(`/events.ics?${VENUES}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const file = parse(await res.text());
    expect(file.name).toBe(NAMES);
    expect(file.events.map((e) => slugOf(e.url))).toEqual(await apiOrder(VENUES));
    for (const event of file.events) {
      const slug = slugOf(event.url);
      const { venue } = EVENTS.get(slug)!;
      expect(event.url).toBe(`${server.url}/t/${venue}/events/${slug}`);
      expect(event.tzid, slug).toBe(VENUE_ZONES[venue]);
      expect(Date.parse(event.start), slug).toBe(instantOf(slug));
    }
    expect([...file.zones].sort()).toEqual(Object.values(VENUE_ZONES).sort());
  });

  it('places each event at its own venue, with that venue’s address', async () => {
    const { events } = parse(await (await get(`/events.ics?${VENUES}`)).text());
    const bySlug = new Map(events.map((e) => [slugOf(e.url), e.location]));
    expect(bySlug.get('harbour-hall-night-1')).toBe('Harbour Hall, 1 Quay Street, London, GB');
    expect(bySlug.get('night-owl-night-2')).toBe('Night Owl, 3 Karangahape Road, Auckland, NZ');
  });

  it('takes categories, naming the calendar after them', async () => {
    const file = parse(await (await get(`/events.ics?${VENUES}&categories=Folk`)).text());
    expect(file.name).toBe(`${NAMES} (folk)`);
    expect(file.events.map((e) => slugOf(e.url))).toEqual(
      await apiOrder(`${VENUES}&categories=Folk`),
    );
    expect(file.events).toHaveLength(12);
  });

  it('with ids, a visitor’s saved nights across venues as one download', async () => {
    // Harbour Hall's first night (id 100) and Night Owl's second (id 301), and an id no longer listed.
    const res = await get(`/events.ics?${VENUES}&ids=301,100,999`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="venues-saved.ics"');
    const file = parse(await res.text());
    expect(file.name).toBe(`${NAMES} (saved events)`);
    expect(file.events.map((e) => [slugOf(e.url), e.tzid])).toEqual([
      ['harbour-hall-night-1', 'Europe/London'],
      ['night-owl-night-2', 'Pacific/Auckland'],
    ]);
  });

  it('answers If-None-Match with 304', async () => {
    const res = await get(`/events.ics?${VENUES}`);
    const etag = res.headers.get('etag')!;
    const again = await get(`/events.ics?${VENUES}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it.each([
    ['no venues', 400, '/events.ics'],
    ['a malformed slug', 400, '/events.ics?venues=harbour-hall,Night_Owl'],
    ['a bad category list', 400, `/events.ics?${VENUES}&categories=a&categories=b`],
    ['an unknown venue', 404, '/events.ics?venues=harbour-hall,nigth-owl'],
  ])('%s → the API’s JSON %i', async (_, status, path) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expectErrorResponse(await res.json());
  });
});
