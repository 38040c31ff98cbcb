/**
 * The JSON-LD of the server's HTML pages (listing page and event pages), parsed and checked
 * against Google's event rich results for each state — open, a pending closure, closed by hand,
 * closed by schedule, not ticketed, cancelled, a tour with a cancelled stop, ended — in
 * Pacific/Auckland and America/Los_Angeles across a DST change, on a real store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVenueFile } from '../../server/demo/venue.js';
import type { EventResource, ListResponse } from '../../shared/contract.js';
import type { JsonLdEvent } from '../../shared/rules/structured-data.js';
import { LISTED, SCENARIOS } from '../fixtures/reach-venues.js';
import { jsonLdOf, richResultProblems } from '../support/rich-results.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';

const S = 'https://schema.org/';

describe.each(SCENARIOS)('structured data in $zone', (scenario) => {
  let server: TestServer;
  let listing: JsonLdEvent[];
  const page = (path: string) => fetch(`${server.url}${path}`).then((r) => r.text());
  const eventUrl = (slug: string) => `${server.url}/t/${scenario.slug}/events/${slug}`;

  beforeAll(async () => {
    server = await startServer(scenario.venueFile, scenario.now);
    listing = jsonLdOf(await page(`/t/${scenario.slug}/events`));
  });
  afterAll(() => server.close());

  const ofEvent = (events: JsonLdEvent[], slug: string) =>
    events.filter(
      (e) => e.url.startsWith(eventUrl(slug)) && /^(#|$)/.test(e.url.slice(eventUrl(slug).length)),
    );

  it('the listing page describes every listed event (a tour once per upcoming stop), soonest first', () => {
    const slugs = listing.map((e) => new URL(e.url).pathname.split('/').pop());
    expect([...new Set(slugs)]).toEqual(LISTED);
    expect(listing).toHaveLength(LISTED.length - 1 + 3);
  });

  it("every Event has Google's required and recommended properties", () => {
    for (const event of listing) {
      const slug = new URL(event.url).pathname.split('/').pop();
      expect(
        richResultProblems(event, { offers: slug !== 'free', image: slug === 'open-night' }),
        `${event['@id']}`,
      ).toEqual([]);
    }
  });

  it('startDate is the venue-local date and time with the offset in force then', () => {
    for (const [slug, starts] of Object.entries(scenario.starts)) {
      if (slug === 'ended') continue;
      expect(
        ofEvent(listing, slug).map((e) => e.startDate),
        slug,
      ).toEqual(starts);
    }
  });

  it('availability follows the ticket office by the documented table', () => {
    const offer = (slug: string) => ofEvent(listing, slug).map((e) => e.offers);
    expect(offer('open-night')).toEqual([
      { '@type': 'Offer', url: eventUrl('open-night'), availability: `${S}InStock` },
    ]);
    const [pending] = offer('pending');
    expect(pending?.availability).toBe(`${S}InStock`);
    expect(Date.parse(pending!.validThrough!)).toBe(
      Date.parse(
        (
          scenario.venueFile as {
            venues: { events: { slug: string; sales?: { close_at?: string } }[] }[];
          }
        ).venues[0]!.events.find((e) => e.slug === 'pending')!.sales!.close_at!,
      ),
    );
    expect(offer('manual').map((o) => o?.availability)).toEqual([`${S}SoldOut`]);
    expect(offer('scheduled').map((o) => o?.availability)).toEqual([`${S}SoldOut`]);
    expect(offer('scheduled')[0]?.validThrough).toMatch(/Z$/);
    expect(offer('free')).toEqual([undefined]);
    expect(offer('cancelled').map((o) => o?.availability)).toEqual([`${S}Discontinued`]);
  });

  it('a cancelled event is EventCancelled; others EventScheduled', () => {
    for (const event of listing) {
      const cancelled = event.url === eventUrl('cancelled');
      expect(event.eventStatus, event['@id']).toBe(
        cancelled || event.location.name === 'Third Town Club'
          ? `${S}EventCancelled`
          : `${S}EventScheduled`,
      );
    }
  });

  it('a tour gives one Event per upcoming stop, each with its own date, place and status', () => {
    const stops = ofEvent(listing, 'tour');
    expect(stops.map((s) => s.location)).toEqual([
      { '@type': 'Place', name: 'Second City Arena', address: 'Second City Arena' },
      { '@type': 'Place', name: 'Third Town Club', address: 'Third Town Club' },
      { '@type': 'Place', name: 'Fourth Port Theatre', address: 'Fourth Port Theatre' },
    ]);
    expect(stops.map((s) => s.eventStatus)).toEqual([
      `${S}EventScheduled`,
      `${S}EventCancelled`,
      `${S}EventScheduled`,
    ]);
    expect(stops.map((s) => s.offers?.availability)).toEqual([
      `${S}InStock`,
      `${S}Discontinued`,
      `${S}InStock`,
    ]);
    expect(new Set(stops.map((s) => s['@id'])).size).toBe(3);
    expect(stops.every((s) => s.offers?.url === eventUrl('tour'))).toBe(true);
  });

  it('single events are at the venue: its PostalAddress and website; the organizer is the venue', () => {
    const [event] = ofEvent(listing, 'open-night');
    expect(event!.location).toEqual({
      '@type': 'Place',
      name: 'Main Hall',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Test Street',
        addressLocality: scenario.zone.split('/')[1]!.replace('_', ' '),
        postalCode: '1010',
        addressCountry: scenario.zone.startsWith('Pacific') ? 'NZ' : 'US',
      },
      url: `https://${scenario.slug}.example/`,
    });
    expect(event!.organizer).toEqual({
      '@type': 'Organization',
      name: `Venue in ${scenario.zone}`,
      url: `https://${scenario.slug}.example/`,
    });
    expect(event!.image).toEqual([`${server.url}/storage/open-night.jpg`]);
    expect(event!.description).toBe('Doors & bar at 7pm.');
    expect(ofEvent(listing, 'pending')[0]!.image).toBeUndefined();
  });

  it('each event page carries the same Events as the listing page, and its URLs resolve', async () => {
    for (const slug of LISTED) {
      const html = await page(`/t/${scenario.slug}/events/${slug}`);
      const own = jsonLdOf(html);
      expect(own, slug).toEqual(ofEvent(listing, slug));
      for (const event of own) {
        const anchor = new URL(event.url).hash.slice(1);
        if (anchor) expect(html).toContain(`id="${anchor}"`);
      }
    }
  });

  it('the ended event (reachable by its page) says so: Discontinued, and the page tells why', async () => {
    const html = await page(`/t/${scenario.slug}/events/ended`);
    const [event] = jsonLdOf(html);
    expect(event!.startDate).toBe(scenario.starts.ended![0]);
    expect(event!.offers?.availability).toBe(`${S}Discontinued`);
    expect(richResultProblems(event!)).toEqual([]);
    expect(html).toContain('This event has ended.');
  });

  it('the event pages say what the ticket office says', async () => {
    const expectations: Record<string, string> = {
      'open-night': 'Tickets are on sale online.',
      pending: 'Tickets are on sale online until',
      manual: 'Online sales are closed. Tickets on the door.',
      scheduled: 'Online sales have ended. Pay at the door.',
      free: 'No tickets are sold online for this event.',
      cancelled: 'This event is cancelled; no tickets are sold.',
    };
    for (const [slug, text] of Object.entries(expectations)) {
      expect(await page(`/t/${scenario.slug}/events/${slug}`), slug).toContain(text);
    }
    expect(await page(`/t/${scenario.slug}/events/cancelled`)).toContain(
      'Cancelled. The band is ill.',
    );
  });
});

describe('structured data edge cases', () => {
  it('hostile text cannot leave the JSON-LD block, and the page has no other script', async () => {
    const title = '</script><script>alert(1)</script><!--';
    const server = await startServer(
      venueFile([
        {
          title,
          slug: 'x',
          date: '2026-12-10',
          time: '20:00',
          description: '<b>&lt;/script&gt;</b>',
        },
      ]),
      '2026-12-05T12:00:00Z',
    );
    try {
      for (const path of ['/t/test-venue/events', '/t/test-venue/events/x']) {
        const html = await fetch(`${server.url}${path}`).then((r) => r.text());
        expect(html.match(/<script/g)).toHaveLength(1);
        const [event] = jsonLdOf(html);
        expect(event!.name).toBe(title);
        expect(event!.description).toBe('</script>');
      }
    } finally {
      await server.close();
    }
  });

  it('a venue without url and address: the Place has its location label as address (Google requires one), the organizer no url', async () => {
    const server = await startServer(
      venueFile([{ slug: 'x', date: '2026-12-10', time: '20:00', location: 'Upstairs' }]),
      '2026-12-05T12:00:00Z',
    );
    try {
      const [event] = jsonLdOf(
        await fetch(`${server.url}/t/test-venue/events`).then((r) => r.text()),
      );
      expect(event!.location).toEqual({ '@type': 'Place', name: 'Upstairs', address: 'Upstairs' });
      expect(event!.organizer).toEqual({ '@type': 'Organization', name: 'Test Venue' });
      expect(event!.startDate).toBe('2026-12-10T20:00:00+00:00');
    } finally {
      await server.close();
    }
  });

  it('the earlier shape (no ticket_office) gets the derived availability', async () => {
    const server = await startServer(
      venueFile(
        [
          { slug: 'on', date: '2026-12-10', time: '20:00' },
          {
            slug: 'off',
            date: '2026-12-11',
            time: '20:00',
            status: 'cancelled',
            cancellation_reason: 'Off.',
            cancelled_at: '2026-12-01T00:00:00Z',
          },
        ],
        { api_shape: 'earlier' },
      ),
      '2026-12-05T12:00:00Z',
    );
    try {
      const events = jsonLdOf(
        await fetch(`${server.url}/t/test-venue/events`).then((r) => r.text()),
      );
      expect(events.map((e) => e.offers?.availability)).toEqual([
        `${S}InStock`,
        `${S}Discontinued`,
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('the demo venue: the facts of docs/api.md §10.18 where it gives them, nothing where not', () => {
  const NOW = '2026-12-05T12:00:00Z';
  let server: TestServer;
  let events: EventResource[];
  beforeAll(async () => {
    server = await startServer(demoVenueFile(new Date(NOW)), NOW);
    events = [];
    for (let page = 1; ; page++) {
      const url = `${server.url}/t/blue-room/api/events?page=${page}`;
      const body = (await fetch(url).then((r) => r.json())) as ListResponse;
      events.push(...body.data);
      if (!body.links.next) break;
    }
  });
  afterAll(() => server.close());

  it("each event page's Events: endDate, performer, price and LimitedAvailability as its API resource says", async () => {
    const seen = { endDate: 0, performer: 0, price: 0, range: 0, limited: 0 };
    for (const { attributes: a } of events) {
      if (!('ticket_office' in a)) throw new Error('the demo venue serves the current shape');
      const html = await fetch(`${server.url}/t/blue-room/events/${a.slug}`).then((r) => r.text());
      for (const event of jsonLdOf(html)) {
        const stop = a.occurrences.find((o) => event['@id'].includes(o.occurrence_date));
        const ends = a.date_mode === 'single' ? a.end_time : stop?.end_time;
        expect(event.endDate !== undefined, `${a.slug} endDate`).toBe(ends !== undefined);
        expect(
          event.performer?.map((p) => p.name),
          a.slug,
        ).toEqual(a.performers);
        const offers = event.offers;
        if (offers && a.price) {
          const range = a.price.max !== undefined && Number(a.price.max) > Number(a.price.min);
          expect(offers, a.slug).toMatchObject(
            range
              ? { '@type': 'AggregateOffer', lowPrice: a.price.min, highPrice: a.price.max }
              : { '@type': 'Offer', price: a.price.min },
          );
          expect(offers.priceCurrency).toBe(a.price.currency);
          seen[range ? 'range' : 'price']++;
        } else {
          expect(offers?.price ?? offers?.lowPrice, a.slug).toBeUndefined();
        }
        const limited = offers?.availability === `${S}LimitedAvailability`;
        expect(limited, `${a.slug} availability`).toBe(a.few_tickets_left === true);
        if (limited) seen.limited++;
        if (event.endDate) seen.endDate++;
        if (event.performer) seen.performer++;
      }
    }
    // The demo shows every case (docs/api.md §10.18): none of these is zero.
    expect(
      Object.values(seen).every((n) => n > 0),
      JSON.stringify(seen),
    ).toBe(true);
  });

  it('the listing page and widget.html describe an event alike, its description with a list too (one plainText)', async () => {
    const text = (path: string) => fetch(`${server.url}${path}`).then((r) => r.text());
    const listed = jsonLdOf(await text('/t/blue-room/events'));
    const drawn = jsonLdOf(await text('/t/blue-room/widget.html?locale=en'));
    const byId = new Map(listed.map((event) => [event['@id'], event]));
    const both = drawn.filter((event) => byId.has(event['@id']));
    expect(both.length).toBeGreaterThan(1);
    for (const event of both) {
      expect(event.description, event['@id']).toBe(byId.get(event['@id'])!.description);
    }
    // The demo's jazz night: a paragraph and a list of two items, each item a line of its own.
    const jazz = both.find((event) => event.name === 'Late Night Jazz')!;
    expect(jazz.description).toBe('Trio set with special guests.\n\n• Doors 7pm\n• Bar open late');
    expect(jazz).toEqual(byId.get(jazz['@id']));
  });
});
