/**
 * Venues the proxy can name (docs/api.md §10.16 "Proxy mode", `--venues FILE`): the proxy started
 * with the venues of the origin's own venue file (events left out, read as `--venues` reads it)
 * answers, for the same venues and the same data, byte for byte what the origin answers but for
 * the base URL: the merged list's `attributes.venue` (which the widget's venue select and cards
 * read), the listing pages' headings and `<title>`, the calendar files' name and `LOCATION`, the
 * JSON-LD `location` with its name and address, and `widget.html`. Without `venues` it names each
 * venue by its slug, as before.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVenueDirectory } from '../../server/proxy/venue-directory.js';
import { NOW, SEVERAL_VENUES, VENUE_ZONES } from '../fixtures/several-venues.js';
import { jsonLdOf } from '../support/rich-results.js';
import { scratchDir } from '../support/scratch.js';
import { startServer, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

/**
 * The several-venues fixture with what only a venue file says of its venues: websites (one to be
 * written as the WHATWG parser writes it), addresses (untrimmed, an empty member), and a name the
 * pages must escape.
 */
const DETAILS: Record<string, Record<string, unknown>> = {
  'harbour-hall': {
    url: 'https://Harbour-Hall.example',
    address: {
      streetAddress: ' 1 Quay Street ',
      addressLocality: 'Bristol',
      postalCode: 'BS1 4DB',
      addressRegion: '',
      addressCountry: 'GB',
    },
  },
  'blue-cellar': {
    name: 'Blue Cellar & <Co>',
    url: 'https://blue-cellar.example/nyc?from=list',
    address: { addressLocality: 'New York', addressRegion: 'NY', addressCountry: 'US' },
  },
  'night-owl': { address: { addressLocality: 'Auckland', addressCountry: 'NZ' } },
};
const FILE = {
  venues: SEVERAL_VENUES.venues.map((venue) => ({ ...venue, ...DETAILS[venue.slug] })),
};
const SLUGS = FILE.venues.map((venue) => venue.slug);
const VENUES = `venues=${SLUGS.join(',')}`;

/** The venue file the proxy is given: the origin's, its venues without their events. */
function venuesFile(): string {
  const path = join(scratchDir('ve-venue-names-'), 'venues.json');
  const venues = FILE.venues.map(({ events: _events, ...venue }) => venue);
  writeFileSync(path, JSON.stringify({ venues }));
  return path;
}

let origin: TestServer;
/** The proxy given the venues (`--venues`). */
let named: Running;
/** The proxy given only their zones (`--venue-zone`), as before. */
let zoned: Running;
beforeAll(async () => {
  origin = await startServer(FILE, NOW);
  const clock = () => new Date(NOW);
  const upstream = origin.url;
  named = await startProxy({ upstream, clock, venues: readVenueDirectory(venuesFile()) });
  zoned = await startProxy({ upstream, clock, venueZones: VENUE_ZONES });
});
afterAll(async () => {
  await Promise.all([named.close(), zoned.close()]);
  await origin.close();
});

/** The status, content type and body of `path` from `server`. */
async function get(server: { url: string }, path: string) {
  const res = await fetch(server.url + path);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/**
 * `path` from the origin and the named proxy: the proxy's body is the origin's but for the base
 * URL (its host, so that the `webcal://` links are rebased too).
 */
async function expectSameBytes(path: string): Promise<string> {
  const direct = await get(origin, path);
  const proxied = await get(named, path);
  expect(direct.status, path).toBe(200);
  expect(proxied.status, path).toBe(200);
  expect(proxied.type, path).toBe(direct.type);
  const host = (server: { url: string }) => server.url.slice('http://'.length);
  // But one thing: several venues have no past page in proxy mode, so no link to it
  // (docs/api.md §10.20).
  const pastLink = /<p class="other-listing"><a href="\/events\/past\?[^"]*">[^<]*<\/a><\/p>/;
  const expected = path.startsWith('/events?') ? direct.body.replace(pastLink, '') : direct.body;
  expect(proxied.body, path).toBe(expected.split(host(origin)).join(host(named)));
  return proxied.body;
}

/** The fixture venues as a page or the API names them. */
const NAMES: Record<string, string> = {
  'harbour-hall': 'Harbour Hall',
  'blue-cellar': 'Blue Cellar & <Co>',
  'night-owl': 'Night Owl',
};
/** The same names as the pages write them (`escapeHtml`). */
const HTML_NAMES: Record<string, string> = {
  ...NAMES,
  'blue-cellar': 'Blue Cellar &#38; &#60;Co&#62;',
};

type Listed = { attributes: { venue: { slug: string; name: string; timezone: string } } };

describe('the API of several venues through a proxy given --venues', () => {
  it.each(['', '&page=2', '&page=3', '&categories=Jazz', '&search=night%202&page=1'])(
    'the merged list is the origin’s, byte for byte, each event naming its venue (%s)',
    async (extra) => {
      const body = await expectSameBytes(`/api/events?${VENUES}${extra}`);
      const data: Listed[] = JSON.parse(body).data;
      expect(data.length).toBeGreaterThan(0);
      for (const { attributes } of data) {
        expect(attributes.venue).toEqual({
          slug: attributes.venue.slug,
          name: NAMES[attributes.venue.slug],
          timezone: VENUE_ZONES[attributes.venue.slug],
        });
      }
    },
  );

  it('what the widget’s venue select reads (each venue’s slug and name, in the order named) is the origin’s', async () => {
    // The select lists the venues of the element's `venue` attribute, named from the merged
    // list's `attributes.venue` (widget/venue-events.ts); so does each card.
    const path = `/api/events?${VENUES}`;
    const names = async (server: { url: string }) =>
      Object.fromEntries(
        (JSON.parse((await get(server, path)).body).data as Listed[]).map(
          ({ attributes: { venue } }) => [venue.slug, venue.name],
        ),
      );
    expect(await names(named)).toEqual(NAMES);
    expect(await names(named)).toEqual(await names(origin));
  });

  it.each([
    `/api/calendar?${VENUES}&start=2026-12-05T00:00:00Z&end=2026-12-09T00:00:00Z`,
    `/api/categories?${VENUES}`,
    '/t/blue-cellar/api/events?categories=Jazz',
    '/t/night-owl/api/calendar?start=2026-12-05T00:00:00Z&end=2026-12-09T00:00:00Z',
  ])('%s is the origin’s, byte for byte', async (path) => {
    await expectSameBytes(path);
  });
});

describe('the pages through a proxy given --venues', () => {
  const pages = [
    ...SLUGS.map((slug) => `/t/${slug}/events`),
    '/t/harbour-hall/events?page=2',
    '/t/blue-cellar/events?categories=Jazz',
    '/t/night-owl/events?view=calendar&month=2026-12',
    `/events?${VENUES}`,
    `/events?${VENUES}&page=2`,
    `/events?${VENUES}&categories=Folk`,
    `/events?${VENUES}&view=calendar&month=2026-12`,
  ];
  it.each(pages)('%s is the origin’s page, byte for byte', async (path) => {
    await expectSameBytes(path);
  });

  it.each(SLUGS)(
    'the listing of %s is headed and titled with the venue’s name, its JSON-LD locations with its address',
    async (slug) => {
      const html = await expectSameBytes(`/t/${slug}/events`);
      const name = NAMES[slug]!;
      expect(html).toContain(`<h1>What's on at ${HTML_NAMES[slug]}</h1>`);
      expect(html).toContain(`<title>What&#39;s on at ${HTML_NAMES[slug]}</title>`);
      const events = jsonLdOf(html);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        expect(event.location.name).toBe(name);
        expect(event.location.address).toMatchObject({ '@type': 'PostalAddress' });
        expect(event.organizer.name).toBe(name);
      }
    },
  );

  it('the listing of several venues is headed with their names, each event’s JSON-LD at its own venue', async () => {
    const html = await expectSameBytes(`/events?${VENUES}`);
    const names = `Harbour Hall, ${HTML_NAMES['blue-cellar']} and Night Owl`;
    expect(html).toContain(`<h1>What's on at ${names}</h1>`);
    expect(html).toContain(`<title>What&#39;s on at ${names}</title>`);
    const events = jsonLdOf(html);
    const bySlug = (url: string) => url.split('/')[4]!;
    expect(new Set(events.map((e) => bySlug(e.url)))).toEqual(new Set(SLUGS));
    for (const event of events) {
      expect(event.location.name).toBe(NAMES[bySlug(event.url)]);
      expect(event.location.address).toMatchObject({ '@type': 'PostalAddress' });
    }
    const harbour = events.find((e) => bySlug(e.url) === 'harbour-hall')!;
    expect(harbour.location).toEqual({
      '@type': 'Place',
      name: 'Harbour Hall',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Quay Street',
        addressLocality: 'Bristol',
        postalCode: 'BS1 4DB',
        addressCountry: 'GB',
      },
      url: 'https://harbour-hall.example/',
    });
  });
});

describe('the calendar files through a proxy given --venues', () => {
  it.each([
    ...SLUGS.map((slug) => `/t/${slug}/events.ics`),
    '/t/harbour-hall/events.ics?categories=Jazz',
    '/t/blue-cellar/events.ics?ids=201%2C202',
    `/events.ics?${VENUES}`,
    `/events.ics?${VENUES}&categories=Folk`,
    `/events.ics?${VENUES}&ids=301%2C100`,
    '/t/harbour-hall/events/harbour-hall-night-2.ics',
    '/t/blue-cellar/events/blue-cellar-night-3.ics',
  ])('%s is the origin’s, byte for byte', async (path) => {
    await expectSameBytes(path);
  });

  it('names the calendar after the venues and places each event at its venue’s name and address', async () => {
    // Lines folded at 75 octets (RFC 5545 §3.1) are unfolded first.
    const ics = (await expectSameBytes(`/events.ics?${VENUES}`)).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('\r\nX-WR-CALNAME:Harbour Hall, Blue Cellar & <Co> and Night Owl\r\n');
    expect(ics).toContain('\r\nNAME:Harbour Hall, Blue Cellar & <Co> and Night Owl\r\n');
    const locations = new Set(ics.match(/\r\nLOCATION:[^\r]*/g));
    expect(locations).toEqual(
      new Set([
        '\r\nLOCATION:Harbour Hall\\, 1 Quay Street\\, Bristol BS1 4DB\\, GB',
        '\r\nLOCATION:Blue Cellar & <Co>\\, New York\\, NY\\, US',
        '\r\nLOCATION:Night Owl\\, Auckland\\, NZ',
      ]),
    );
  });
});

describe('widget.html through a proxy given --venues', () => {
  it.each([
    ...SLUGS.map((slug) => `/t/${slug}/widget.html`),
    `/widget.html?${VENUES}`,
    `/widget.html?${VENUES}&category=Jazz&page=2`,
  ])('%s is the origin’s, byte for byte', async (path) => {
    await expectSameBytes(path);
  });

  it('its cards and JSON-LD name each event’s venue (from the merged list’s `attributes.venue`)', async () => {
    const html = await expectSameBytes(`/widget.html?${VENUES}`);
    const cardVenues = new Set([...html.matchAll(/part="venue">([^<]*)</g)].map((m) => m[1]));
    expect(cardVenues).toEqual(new Set(Object.values(HTML_NAMES)));
    const block = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)!;
    const events = JSON.parse(block[1]!) as ReturnType<typeof jsonLdOf>;
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.location.name).toBe(NAMES[event.url.split('/')[4]!]);
    }
  });

  it.each([
    ...SLUGS.map((slug) => [`/t/${slug}/widget.html`, `/t/${slug}/events`]),
    [`/widget.html?${VENUES}`, `/events?${VENUES}`],
  ])(
    '%s places and dates its events as the listing page %s does: venue name, postal address, website, organizer, offset',
    async (drawnPath, pagePath) => {
      const html = await expectSameBytes(drawnPath);
      const block = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)!;
      const drawn = JSON.parse(block[1]!) as ReturnType<typeof jsonLdOf>;
      const listed = new Map(jsonLdOf(await expectSameBytes(pagePath)).map((e) => [e['@id'], e]));
      expect(drawn.length).toBeGreaterThan(0);
      for (const event of drawn) {
        const same = listed.get(event['@id']);
        expect(same, event['@id']).toBeDefined();
        expect(event.location).toEqual(same!.location);
        expect(event.location.address).toMatchObject({ '@type': 'PostalAddress' });
        expect(event.organizer).toEqual(same!.organizer);
        expect(event.startDate).toBe(same!.startDate);
        expect(event.startDate).toMatch(/[+-]\d{2}:\d{2}$/);
      }
    },
  );
});

describe('a proxy given no --venues names each venue by its slug, as before', () => {
  it('in the merged list', async () => {
    const { body } = await get(zoned, `/api/events?${VENUES}`);
    const data: Listed[] = JSON.parse(body).data;
    expect(data.length).toBeGreaterThan(0);
    for (const { attributes } of data) {
      expect(attributes.venue.name).toBe(attributes.venue.slug);
      expect(attributes.venue.timezone).toBe(VENUE_ZONES[attributes.venue.slug]);
    }
  });

  it('in the pages’ headings and titles, and the JSON-LD has no postal address', async () => {
    const { body: own } = await get(zoned, '/t/blue-cellar/events');
    expect(own).toContain("<h1>What's on at blue-cellar</h1>");
    expect(own).toMatch(/<title>[^<]*blue-cellar[^<]*<\/title>/);
    expect(own).not.toContain('Blue Cellar &amp;');
    const { body: several } = await get(zoned, `/events?${VENUES}`);
    expect(several).toContain("<h1>What's on at harbour-hall, blue-cellar and night-owl</h1>");
    for (const event of jsonLdOf(several)) {
      expect(event.location.name).toBe(event.url.split('/')[4]);
      expect(event.location.address).toBeUndefined();
    }
  });

  it('in the calendar files', async () => {
    const { body } = await get(zoned, `/events.ics?${VENUES}`);
    const ics = body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('\r\nX-WR-CALNAME:harbour-hall, blue-cellar and night-owl\r\n');
    expect(new Set(ics.match(/\r\nLOCATION:[^\r]*/g))).toEqual(
      new Set(['\r\nLOCATION:harbour-hall', '\r\nLOCATION:blue-cellar', '\r\nLOCATION:night-owl']),
    );
  });
});
