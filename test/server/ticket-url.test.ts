/**
 * Where buyers go (docs/api.md §10.19): a venue file's `ticket_url`, per event and per stop,
 * through the API (both stores), the event page, `widget.html`'s buy controls and the JSON-LD's
 * `offers.url`; the office of an event sold on a ticket shop closes at its start unless its
 * `sales` say otherwise; the import refuses a link a browser should not open; the proxy drops a
 * malformed link from what it builds and keeps the event.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { createProxyApp } from '../../server/proxy/app.js';
import { NOW, SHOP_URL, STOP_SHOP_URL, widgetVenueFile } from '../fixtures/widget-venues.js';
import { listen, type Running } from '../support/listen.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { openTestStore } from '../support/store.js';

interface Attributes {
  title: string;
  ticket_url?: string;
  ticket_office?: { status: string; closes_at: string | null };
  occurrences: { occurrence_date: string; ticket_url?: string }[];
}
type Listed = { data: { id: string; attributes: Attributes }[] };

let origin: TestServer;
beforeAll(async () => {
  origin = await startServer(widgetVenueFile, NOW);
});
afterAll(() => origin.close());

const list = async (base: string): Promise<Listed> =>
  (await fetch(`${base}/t/shop/api/events?page=1`)).json() as Promise<Listed>;
/** Attribute text as written (`&#38;`, `&amp;`) read back. */
const decoded = (text: string) => text.replaceAll('&#38;', '&').replaceAll('&amp;', '&');
/** The hrefs of the buy controls of a drawn element. */
const buyHrefs = (html: string) =>
  [...html.matchAll(/<a class="buy-button" part="buy-button" href="([^"]+)"/g)].map((m) =>
    decoded(m[1]!),
  );
const byTitle = (body: Listed, title: string) =>
  body.data.find((e) => e.attributes.title === title)!.attributes;

describe('ticket_url (docs/api.md §10.19)', () => {
  it('is the event’s shop in the API, and its office is open until the start (19:30 London)', async () => {
    const night = byTitle(await list(origin.url), 'Shop Night');
    expect(night.ticket_url).toBe(SHOP_URL);
    expect(night.ticket_office).toMatchObject({
      status: 'open',
      closes_at: '2026-12-08T19:30:00.000000Z',
    });
    const house = byTitle(await list(origin.url), 'House Night');
    expect(house).not.toHaveProperty('ticket_url');
    expect(house.ticket_office).toMatchObject({ status: 'open', closes_at: null });
  });

  it('a tour: each stop’s own link, else the event’s; the event’s is its current stop’s', async () => {
    const tour = byTitle(await list(origin.url), 'Shop Tour');
    expect(tour.occurrences.map((o) => o.ticket_url)).toEqual([SHOP_URL, STOP_SHOP_URL]);
    expect(tour.ticket_url).toBe(SHOP_URL);
    // Once Leeds has passed, Bristol is the current stop: its shop is the event's link.
    origin.setNow('2026-12-16T09:00:00Z');
    try {
      expect(byTitle(await list(origin.url), 'Shop Tour').ticket_url).toBe(STOP_SHOP_URL);
    } finally {
      origin.setNow(NOW);
    }
  });

  it('is absent in the earlier shape', async () => {
    const res = await fetch(`${origin.url}/t/shop/api/events?page=1`, {
      headers: { Accept: 'application/json' },
    });
    expect(await res.text()).toContain('ticket_url');
    const file = {
      venues: [{ ...widgetVenueFile.venues.find((v) => v.slug === 'shop')!, api_shape: 'earlier' }],
    };
    const earlier = await startServer(file, NOW);
    try {
      expect(await (await fetch(`${earlier.url}/t/shop/api/events?page=1`)).text()).not.toContain(
        'ticket_url',
      );
    } finally {
      await earlier.close();
    }
  });

  it('the event page links to the shop while sales are open, and its JSON-LD offer is the shop', async () => {
    const html = await (await fetch(`${origin.url}/t/shop/events/event-1300`)).text();
    expect(decoded(html)).toContain(`<a href="${SHOP_URL}">Buy tickets</a>`);
    expect(html).toContain('sells tickets for this event at tickets.example');
    expect(html).not.toContain('--upstream');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect([ld].flat()[0].offers.url).toBe(SHOP_URL);
    const tour = await (await fetch(`${origin.url}/t/shop/events/event-1301`)).text();
    expect(tour).toContain(`<a href="${STOP_SHOP_URL}">Tickets</a>`);
    const offers = [
      JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(tour)![1]!),
    ]
      .flat()
      .map((e: { offers: { url: string } }) => e.offers.url);
    expect(offers).toEqual([SHOP_URL, STOP_SHOP_URL]);
    // After the start the office is closed: no buy link.
    origin.setNow('2026-12-08T19:31:00Z');
    try {
      const later = await (await fetch(`${origin.url}/t/shop/events/event-1300`)).text();
      expect(later).not.toContain('Buy tickets</a>');
    } finally {
      origin.setNow(NOW);
    }
  });

  it('widget.html’s buy controls go to the shop, the others to the event page', async () => {
    const html = await (await fetch(`${origin.url}/t/shop/widget.html`)).text();
    const hrefs = buyHrefs(html);
    expect(hrefs).toEqual([SHOP_URL, SHOP_URL, `${origin.url}/t/shop/events/event-1302`]);
  });

  it('the import refuses a link that is not https, naming its JSON path; nothing is written', async () => {
    const store = await openTestStore();
    try {
      const doc = venueFile([
        {
          date: '2026-12-10',
          time: '20:00',
          ticket_url: 'http://tickets.example/x',
          occurrences: undefined,
        },
      ]);
      await expect(importVenueFile(store, doc)).rejects.toBeInstanceOf(VenueFileError);
      const problems = await importVenueFile(store, doc).catch((e: VenueFileError) => e.problems);
      expect(problems).toEqual([
        expect.objectContaining({ path: 'venues[0].events[0].ticket_url' }),
      ]);
      expect(await store.venue('test-venue')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

describe('ticket_url through the proxy', () => {
  let upstream: Running;
  let proxy: Running;
  beforeAll(async () => {
    // A platform whose first event links to a script: the proxy's own pages drop the link.
    const attributes = (await list(origin.url)).data[0]!.attributes;
    upstream = await listen(
      createServer((_req, res) => {
        const event = (id: string, ticket_url: string) => ({
          type: 'events',
          id,
          attributes: { ...attributes, slug: `event-${id}`, ticket_url },
          links: { self: `${upstream.url}/t/shop/api/events/${id}` },
        });
        const body = {
          data: [event('1300', 'javascript:alert(1)'), event('1303', SHOP_URL)],
          meta: {
            current_page: 1,
            last_page: 1,
            per_page: 12,
            total: 2,
            from: 1,
            to: 2,
            links: [],
          },
          links: { first: null, last: null, prev: null, next: null },
        };
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=30' });
        res.end(JSON.stringify(body));
      }),
    );
    proxy = await listen(
      createServer(
        createProxyApp({
          upstream: upstream.url,
          logger: false,
          venueZones: { shop: 'Europe/London' },
          clock: () => new Date(NOW),
        }),
      ),
    );
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('keeps the event whose link is malformed, without the link, in the pages it builds', async () => {
    const html = await (await fetch(`${proxy.url}/t/shop/widget.html`)).text();
    // The page's data block is the platform's answer as sent; the widget's reader drops the link.
    const hrefs = buyHrefs(html);
    expect(hrefs).toHaveLength(2);
    expect(hrefs[1]).toBe(SHOP_URL);
    expect(hrefs[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\/shop\/events\//);
  });
});
