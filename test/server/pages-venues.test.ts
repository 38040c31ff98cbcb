/**
 * The pages of several venues' listing at the origin (docs/api.md §10.16): the calendar file
 * `/events.ics?venues=…` (parsed with ical.js, which resolves each `TZID` through the file's own
 * `VTIMEZONE`), on a real store, three venues in London, New York and Auckland.
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, SEVERAL_VENUES, VENUE_ZONES } from '../fixtures/several-venues.js';
import { expectErrorResponse } from '../support/contract.js';
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
    url: `https://${venue.slug}.example`,
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
