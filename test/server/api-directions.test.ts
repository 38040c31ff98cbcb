/**
 * Directions (docs/api.md §10.25), on either store: the venue file's venue `geo` and a stop's own
 * `address` and `geo`, checked with their JSON paths; the API's `directions_url` (a tour's is its
 * current stop's own place, else the venue's); the event page's "Directions" links and its
 * JSON-LD `geo`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { serveFeeds } from '../support/hostile-sources.js';
import type { Running } from '../support/listen.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { withSyncedApp } from '../support/synced-app.js';
import { openTestStore } from '../support/store.js';

const NOW = '2026-12-05T12:00:00Z';
const VENUE_GEO = { lat: 51.5226, lon: -0.0754 };
const ADDRESS = {
  streetAddress: '1 Shoreditch High St',
  addressLocality: 'London',
  postalCode: 'E1 6JE',
};
const VENUE_WAY = 'https://www.openstreetmap.org/directions?to=51.5226%2C-0.0754';
const STOP_WAY = 'https://www.openstreetmap.org/directions?to=53.4808%2C-2.2426';

/** A venue with an address and a point; a single night, and a tour whose first stop is away. */
function file(venue: Record<string, unknown> = { address: ADDRESS, geo: VENUE_GEO }): unknown {
  const doc = venueFile([
    { title: 'Home Night', date: '2026-12-10', time: '20:00', location: 'Main room' },
    {
      title: 'Away Tour',
      occurrences: [
        {
          date: '2026-12-08',
          time: '19:30',
          location: 'Albert Hall, Manchester',
          geo: { lat: 53.4808, lon: -2.2426 },
        },
        { date: '2026-12-12', time: '19:30' },
        {
          date: '2026-12-14',
          time: '19:30',
          location: 'Corn Exchange',
          address: { streetAddress: ' Wheeler St ', addressLocality: 'Cambridge', postalCode: '' },
        },
      ],
    },
  ]) as { venues: Record<string, unknown>[] };
  Object.assign(doc.venues[0]!, venue);
  return doc;
}

interface Attributes {
  title: string;
  directions_url?: string;
  occurrences: { occurrence_date: string; directions_url?: string }[];
}
type Listed = { data: { attributes: Attributes }[] };

const listed = async (base: string, slug = 'test-venue', query = '') =>
  ((await (await fetch(`${base}/t/${slug}/api/events?page=1${query}`)).json()) as Listed).data.map(
    (e) => e.attributes,
  );
const byTitle = (list: Attributes[], title: string) => list.find((a) => a.title === title)!;
const jsonLd = (html: string): { location: Record<string, unknown> }[] =>
  [JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!)].flat();
const decoded = (text: string) => text.replaceAll('&#38;', '&').replaceAll('&amp;', '&');

/** The problems an import of `doc` is refused with. */
async function refused(doc: unknown) {
  const store = await openTestStore();
  try {
    return await importVenueFile(store, doc).then(
      () => [],
      (e: unknown) => {
        expect(e).toBeInstanceOf(VenueFileError);
        return (e as VenueFileError).problems;
      },
    );
  } finally {
    await store.close();
  }
}

let origin: TestServer;
beforeAll(async () => {
  origin = await startServer(file(), NOW);
});
afterAll(() => origin.close());

describe('directions in the API (docs/api.md §10.25)', () => {
  it('a single event goes to the venue’s point; a tour to its current stop’s own place', async () => {
    const events = await listed(origin.url);
    expect(byTitle(events, 'Home Night').directions_url).toBe(VENUE_WAY);
    const tour = byTitle(events, 'Away Tour');
    // On 5 December the current stop is the first, in Manchester.
    expect(tour.directions_url).toBe(STOP_WAY);
    expect(tour.occurrences.map((o) => o.directions_url)).toEqual([
      STOP_WAY,
      undefined,
      'https://www.openstreetmap.org/search?query=Wheeler+St%2C+Cambridge',
    ]);
  });

  it('when the current stop has no place of its own, the tour’s is the venue’s', async () => {
    origin.setNow('2026-12-10T12:00:00Z');
    try {
      expect(byTitle(await listed(origin.url), 'Away Tour').directions_url).toBe(VENUE_WAY);
    } finally {
      origin.setNow(NOW);
    }
  });

  it('an address alone is searched for; no address and no point: no member', async () => {
    const server = await startServer(file({ address: { ...ADDRESS, addressCountry: 'GB' } }), NOW);
    const bare = await startServer(file({}), NOW);
    try {
      expect(byTitle(await listed(server.url), 'Home Night').directions_url).toBe(
        'https://www.openstreetmap.org/search?query=1+Shoreditch+High+St%2C+E1+6JE+London%2C+GB',
      );
      const home = byTitle(await listed(bare.url), 'Home Night');
      expect(home).not.toHaveProperty('directions_url');
    } finally {
      await Promise.all([server.close(), bare.close()]);
    }
  });
});

describe('the venue file’s geo and a stop’s place', () => {
  it('refuses a point off the map and a stop’s bad address, naming their paths', async () => {
    const doc = file({ geo: { lat: 91, lon: 0 } }) as {
      venues: { events: { occurrences?: Record<string, unknown>[] }[] }[];
    };
    const stops = doc.venues[0]!.events[1]!.occurrences!;
    stops[0]!.geo = { lat: 53.4, lon: -181 };
    stops[1]!.address = { streetAddress: 'Somewhere', addressCountry: 'England' };
    stops[2]!.geo = { lat: 52.2 };
    const paths = (await refused(doc)).map((p) => p.path).sort();
    expect(paths).toEqual([
      'venues[0].events[1].occurrences[0].geo.lon',
      'venues[0].events[1].occurrences[1].address.addressCountry',
      'venues[0].events[1].occurrences[2].geo.lon',
      'venues[0].geo.lat',
    ]);
  });
});

describe('the event page', () => {
  it('links Directions by the place, and its JSON-LD gives the venue’s geo', async () => {
    const html = await (await fetch(`${origin.url}/t/test-venue/events/event-1`)).text();
    expect(decoded(html)).toContain(
      `<p>Main room, Test Venue · <a class="directions" href="${VENUE_WAY}">Directions</a></p>`,
    );
    expect(jsonLd(html)[0]!.location.geo).toEqual({
      '@type': 'GeoCoordinates',
      latitude: 51.5226,
      longitude: -0.0754,
    });
  });

  it('a tour: each stop with its own place links there, the venue’s for the others', async () => {
    const html = decoded(
      await (await fetch(`${origin.url}/t/test-venue/events/event-2?locale=de`)).text(),
    );
    const stop = /<li id="stop-2026-12-08-1930">(.*?)<\/li>/s.exec(html)![1]!;
    expect(stop).toContain(`<a class="directions" href="${STOP_WAY}">Anfahrt</a>`);
    const plain = /<li id="stop-2026-12-12-1930">(.*?)<\/li>/s.exec(html)![1]!;
    expect(plain).not.toContain('directions');
    expect(html).toContain(`<p><a class="directions" href="${VENUE_WAY}">Anfahrt</a></p>`);
    const places = jsonLd(html).map((e) => e.location);
    expect(places[0]!.geo).toEqual({
      '@type': 'GeoCoordinates',
      latitude: 53.4808,
      longitude: -2.2426,
    });
    expect(places[0]!.name).toBe('Albert Hall, Manchester');
    // The stop at the venue is the venue's place, with its point.
    expect(places[1]!.geo).toMatchObject({ latitude: 51.5226 });
  });

  it('without an address or a point, the page says what it always said', async () => {
    const bare = await startServer(file({}), NOW);
    try {
      const html = await (await fetch(`${bare.url}/t/test-venue/events/event-1`)).text();
      expect(html).toContain('<p>Main room, Test Venue</p>');
      expect(html).not.toContain('Directions');
      expect(jsonLd(html)[0]!.location).not.toHaveProperty('geo');
    } finally {
      await bare.close();
    }
  });
});

describe('a stop’s own point from a sheet and a calendar feed (docs/sources.md)', () => {
  let feeds: Running;
  beforeAll(async () => {
    const csv = [
      'uid,title,date,time,location,geo',
      't,Sheet Tour,2026-12-08,19:30,"Albert Hall, Manchester","53.4808, -2.2426"',
      't,Sheet Tour,2026-12-12,19:30,,',
      '',
    ].join('\r\n');
    // A stop with an address and no point: its directions are a search for the address.
    const addressed = [
      'uid,title,date,time,location,street_address,address_locality,address_country',
      'a,Address Tour,2026-12-08,19:30,Albert Hall,Peter St,Manchester,GB',
      'a,Address Tour,2026-12-12,19:30,,,,',
      '',
    ].join('\r\n');
    // A weekly series whose second night is moved to Manchester, with its point (RFC 5545 GEO).
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VEVENT',
      'UID:feed-tour',
      'DTSTAMP:20261201T000000Z',
      'DTSTART:20261208T193000Z',
      'RRULE:FREQ=WEEKLY;COUNT=2',
      'SUMMARY:Feed Tour',
      'GEO:51.5226;-0.0754',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:feed-tour',
      'DTSTAMP:20261201T000000Z',
      'RECURRENCE-ID:20261215T193000Z',
      'DTSTART:20261215T193000Z',
      'SUMMARY:Feed Tour',
      'LOCATION:Albert Hall\\, Manchester',
      'GEO:53.4808;-2.2426',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    feeds = await serveFeeds({
      'events.csv': { body: csv, type: 'text/csv; charset=utf-8' },
      'addressed.csv': { body: addressed, type: 'text/csv; charset=utf-8' },
      'events.ics': { body: ics, type: 'text/calendar; charset=utf-8' },
    });
  });
  afterAll(() => feeds.close());

  const venue = (slug: string, name: string, format: 'csv' | 'ics') => ({
    slug,
    timezone: 'Europe/London',
    geo: VENUE_GEO,
    ticket_link_params: { utm_source: 'our-site' },
    source: { url: `${feeds.url}/${name}`, format },
  });

  it('a sheet’s geo column gives its row’s stop directions there', async () => {
    const file = { venues: [venue('sheet-hall', 'events.csv', 'csv')] };
    await withSyncedApp(file, NOW, async (url) => {
      const tour = byTitle(await listed(url, 'sheet-hall'), 'Sheet Tour');
      expect(tour.occurrences.map((o) => o.directions_url)).toEqual([STOP_WAY, undefined]);
      expect(tour.directions_url).toBe(STOP_WAY);
    });
  });

  it('a sheet’s address columns give their row’s stop a search for that address', async () => {
    const file = { venues: [venue('address-hall', 'addressed.csv', 'csv')] };
    await withSyncedApp(file, NOW, async (url) => {
      const tour = byTitle(await listed(url, 'address-hall'), 'Address Tour');
      expect(tour.occurrences.map((o) => o.directions_url)).toEqual([
        'https://www.openstreetmap.org/search?query=Peter+St%2C+Manchester%2C+GB',
        undefined,
      ]);
    });
  });

  it('a feed’s moved night with a place and GEO of its own gives its stop directions there', async () => {
    const file = { venues: [venue('feed-hall', 'events.ics', 'ics')] };
    await withSyncedApp(file, NOW, async (url) => {
      const tour = byTitle(await listed(url, 'feed-hall'), 'Feed Tour');
      // The series' own GEO is the venue's: its nights are at the venue, without a place of their own.
      expect(tour.occurrences.map((o) => o.directions_url)).toEqual([undefined, STOP_WAY]);
      expect(tour.directions_url).toBe(VENUE_WAY);
    });
  });

  // The venue's point is kept too: the feed's tour links the venue's directions (above).
  it('a sync keeps the venue’s ticket link parameters', async () => {
    const file = { venues: [venue('feed-hall', 'events.ics', 'ics')] };
    await withSyncedApp(file, NOW, async (url) => {
      const body = (await (await fetch(`${url}/t/feed-hall/api/events?page=1`)).json()) as {
        meta: { ticket_link_params?: unknown };
      };
      expect(body.meta.ticket_link_params).toEqual({ utm_source: 'our-site' });
    });
  });
});
