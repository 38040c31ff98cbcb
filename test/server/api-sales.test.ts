/**
 * Sold out and the waiting list (docs/api.md §10.23), on either store: a venue file's
 * `sold_out` and `waitlist_url` per event and per stop, a CSV sheet's columns and a source's
 * `event_extras`, through the import and the sync to the API (the office closed `manual`, its
 * `closed_at` the import that first held the sales, kept by the next), the event page and its
 * JSON-LD, and `widget.html`.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { createProxyApp } from '../../server/proxy/app.js';
import { createApp } from '../../server/origin/app.js';
import ICAL from 'ical.js';
import {
  FAR_ON_SALE_AT,
  NOW,
  ON_SALE_AT,
  STOP_WAITLIST_URL,
  WAITLIST_URL,
  widgetVenueFile,
} from '../fixtures/widget-venues.js';
import { serveFeeds } from '../support/hostile-sources.js';
import { listen, type Running } from '../support/listen.js';
import { readWithPythonIcalendar } from '../support/python-icalendar.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { openTestStore } from '../support/store.js';
import { withSyncedApp } from '../support/synced-app.js';

interface Office {
  status: string;
  reason: string | null;
  closed_at: string | null;
}
interface Attributes {
  title: string;
  sold_out?: true;
  waitlist_url?: string;
  on_sale_at?: string;
  on_sale_local?: string;
  ticket_office: Office;
  occurrences: { occurrence_date: string; sold_out?: true; waitlist_url?: string }[];
}
type Listed = { data: { id: string; attributes: Attributes }[] };

const list = async (base: string, slug: string): Promise<Listed> =>
  (await fetch(`${base}/t/${slug}/api/events?page=1`)).json() as Promise<Listed>;
const byTitle = (body: Listed, title: string) =>
  body.data.find((e) => e.attributes.title === title)!.attributes;
const jsonLd = (
  html: string,
): { offers: { availability: string; availabilityStarts?: string } }[] =>
  [JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!)].flat();
/** Attribute text as written (`&#38;`, `&amp;`) read back. */
const decoded = (text: string) => text.replaceAll('&#38;', '&').replaceAll('&amp;', '&');

let origin: TestServer;
beforeAll(async () => {
  origin = await startServer(widgetVenueFile, NOW);
});
afterAll(() => origin.close());

describe('sold out (docs/api.md §10.23)', () => {
  it('closes the office by hand, says sold_out and the waiting list; others have neither member', async () => {
    const body = await list(origin.url, 'box-office');
    const full = byTitle(body, 'Full House');
    expect(full.sold_out).toBe(true);
    expect(full.waitlist_url).toBe(WAITLIST_URL);
    expect(full.ticket_office).toMatchObject({ status: 'closed', reason: 'manual', message: null });
    expect(full.ticket_office.closed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const packed = byTitle(body, 'Packed Out');
    expect(packed.sold_out).toBe(true);
    expect(packed).not.toHaveProperty('waitlist_url');
    const open = byTitle(await list(origin.url, 'shop'), 'Shop Night');
    expect(open).not.toHaveProperty('sold_out');
    expect(open).not.toHaveProperty('waitlist_url');
  });

  it('a tour: each stop’s own; the event’s is its current stop’s, and so is its office', async () => {
    const tour = byTitle(await list(origin.url, 'box-office'), 'Half Full Tour');
    expect(tour.occurrences.map((o) => [o.sold_out, o.waitlist_url])).toEqual([
      [undefined, WAITLIST_URL],
      [true, STOP_WAITLIST_URL],
    ]);
    expect(tour).not.toHaveProperty('sold_out');
    expect(tour.ticket_office.status).toBe('open');
    // Once Leeds has passed, Bristol is the current stop: sold out, with its own waiting list.
    origin.setNow('2026-12-16T09:00:00Z');
    try {
      const later = byTitle(await list(origin.url, 'box-office'), 'Half Full Tour');
      expect(later.sold_out).toBe(true);
      expect(later.waitlist_url).toBe(STOP_WAITLIST_URL);
      expect(later.ticket_office).toMatchObject({ status: 'closed', reason: 'manual' });
    } finally {
      origin.setNow(NOW);
    }
  });

  it('a re-import keeps when the sales were first held; the earlier shape has no member', async () => {
    const store = await openTestStore();
    try {
      const doc = venueFile([{ date: '2026-12-10', time: '20:00', sold_out: true }]);
      await importVenueFile(store, doc);
      const app = await listen(createServer(createApp({ store, logger: false })));
      try {
        const first = byTitle(await list(app.url, 'test-venue'), 'Event 1');
        await new Promise((resolve) => setTimeout(resolve, 5));
        await importVenueFile(store, doc);
        const again = byTitle(await list(app.url, 'test-venue'), 'Event 1');
        expect(again.ticket_office.closed_at).toBe(first.ticket_office.closed_at);
        await importVenueFile(
          store,
          venueFile([{ date: '2026-12-10', time: '20:00', sold_out: true }], {
            api_shape: 'earlier',
          }),
        );
        const text = await (await fetch(`${app.url}/t/test-venue/api/events?page=1`)).text();
        expect(text).not.toContain('sold_out');
      } finally {
        await app.close();
      }
    } finally {
      await store.close();
    }
  });

  it('the import refuses a waiting list that is not https, naming its path', async () => {
    const store = await openTestStore();
    try {
      const doc = venueFile([
        {
          date: '2026-12-10',
          time: '20:00',
          sold_out: true,
          waitlist_url: 'http://tickets.example/wait',
        },
      ]);
      const problems = await importVenueFile(store, doc).catch((e: unknown) => {
        expect(e).toBeInstanceOf(VenueFileError);
        return (e as VenueFileError).problems;
      });
      expect(problems).toEqual([
        expect.objectContaining({ path: 'venues[0].events[0].waitlist_url' }),
      ]);
    } finally {
      await store.close();
    }
  });

  it('the event page says "Sold out" and links the waiting list; JSON-LD SoldOut', async () => {
    const html = await (await fetch(`${origin.url}/t/box-office/events/event-1500`)).text();
    expect(html).toContain('Sold out');
    expect(decoded(html)).toContain(`<a href="${WAITLIST_URL}">Join the waitlist</a>`);
    expect(html).not.toContain('Buy tickets</a>');
    expect(jsonLd(html)[0]!.offers.availability).toBe('https://schema.org/SoldOut');
    const tour = await (await fetch(`${origin.url}/t/box-office/events/event-1502`)).text();
    expect(jsonLd(tour).map((e) => e.offers.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/SoldOut',
    ]);
  });

  it('widget.html says "Sold out"; the waiting list is the sold-out card’s control', async () => {
    const widget = decoded(await (await fetch(`${origin.url}/t/box-office/widget.html`)).text());
    expect(widget.match(/data-reason="sold_out">Sold out</g)).toHaveLength(2);
    expect(widget).toContain(
      `<a class="buy-button" part="buy-button" href="${WAITLIST_URL}">Join the waitlist</a>`,
    );
  });

  it('the listing page says "Sold out" of the sold-out nights only', async () => {
    const page = await (await fetch(`${origin.url}/t/box-office/events`)).text();
    expect(page.match(/<p class="sold-out">Sold out<\/p>/g)).toHaveLength(2);
  });
});

describe('on sale later (docs/api.md §10.23)', () => {
  it('closes the office by hand until on_sale_at (venue-local), which opens it by itself', async () => {
    const soon = byTitle(await list(origin.url, 'box-office'), 'Coming Soon');
    expect(soon.on_sale_at).toBe(ON_SALE_AT);
    expect(soon.ticket_office).toMatchObject({ status: 'closed', reason: 'manual' });
    expect(soon).not.toHaveProperty('sold_out');
    origin.setNow(ON_SALE_AT);
    try {
      const open = byTitle(await list(origin.url, 'box-office'), 'Coming Soon');
      expect(open.ticket_office).toMatchObject({ status: 'open', reason: null, closed_at: null });
      expect(open).not.toHaveProperty('on_sale_at');
      expect(open).not.toHaveProperty('on_sale_local');
    } finally {
      origin.setNow(NOW);
    }
  });

  it('says the opening on the venue’s clock too (on_sale_local), as widget.html writes it', async () => {
    const tokyo = byTitle(await list(origin.url, 'far-office'), 'Tokyo Opening');
    expect([tokyo.on_sale_at, tokyo.on_sale_local]).toEqual([
      FAR_ON_SALE_AT,
      '2026-12-12T10:00:00',
    ]);
    const widget = await (
      await fetch(`${origin.url}/t/far-office/widget.html?locale=en-GB`)
    ).text();
    expect(widget).toContain('>On sale Sat 12 Dec, 10:00</p>');
    const london = byTitle(await list(origin.url, 'box-office'), 'Coming Soon');
    expect(london.on_sale_local).toBe('2026-12-12T10:00:00');
  });

  it('the event page says when on the venue’s clock, offers a reminder; JSON-LD PreOrder from then', async () => {
    const html = await (await fetch(`${origin.url}/t/box-office/events/event-1503`)).text();
    expect(html).toContain('<p class="tickets">On sale Sat, 12 Dec 2026, 10:00</p>');
    expect(html).toContain(
      'href="/t/box-office/events/event-1503/reminder.ics" download>Remind me</a>',
    );
    expect(decoded(html)).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    const [offer] = jsonLd(html).map((e) => e.offers);
    expect(offer).toMatchObject({
      availability: 'https://schema.org/PreOrder',
      availabilityStarts: ON_SALE_AT,
    });
  });

  it('the reminder is an .ics with a VALARM at the instant sales open', async () => {
    const res = await fetch(`${origin.url}/t/box-office/events/event-1503/reminder.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.toJSDate().toISOString()).toBe('2026-12-12T10:00:00.000Z');
    const alarm = vevent.getFirstSubcomponent('valarm')!;
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarm.getFirstPropertyValue('trigger'))).toBe('PT0S');
    expect(vevent.getFirstPropertyValue('summary')).toContain('Coming Soon');
    // An implementation of its own reads it the same: python-icalendar.
    const read = readWithPythonIcalendar(text);
    const event = read.components.find((c) => c.name === 'VEVENT')!;
    expect(event.decoded.DTSTART).toBe('2026-12-12T10:00:00+00:00');
    const itsAlarm = event.components.find((c) => c.name === 'VALARM')!;
    expect(itsAlarm.properties.ACTION).toEqual(['DISPLAY']);
    expect(itsAlarm.decoded.TRIGGER).toBe('0');
    expect(itsAlarm.properties.DESCRIPTION?.[0]).toContain('Coming Soon');
    const none = await fetch(`${origin.url}/t/box-office/events/event-1500/reminder.ics`);
    expect(none.status).toBe(404);
  });
});

describe('sold out from a sheet and from event_extras', () => {
  let feed: Running;
  beforeAll(async () => {
    const csv = [
      'uid,title,date,time,sold_out,waitlist_url,on_sale_at',
      'a,Sheet Full,2026-12-10,20:00,yes,https://tickets.example/wait/a,',
      'b,Sheet Open,2026-12-11,20:00,,,',
      't,Sheet Tour,2026-12-12,20:00,no,,',
      't,Sheet Tour,2026-12-13,20:00,yes,https://tickets.example/wait/t2,',
      'l,Sheet Later,2026-12-20,20:00,,,2026-12-12 10:00',
      '',
    ].join('\r\n');
    feed = await serveFeeds({ 'events.csv': { body: csv, type: 'text/csv; charset=utf-8' } });
  });
  afterAll(() => feed.close());

  it('the columns sold_out and waitlist_url, and an extra, reach the API', async () => {
    const file = {
      venues: [
        {
          slug: 'sheet-hall',
          timezone: 'Europe/London',
          source: { url: `${feed.url}/events.csv`, format: 'csv' },
          event_extras: { b: { sold_out: true, waitlist_url: 'https://tickets.example/wait/b' } },
        },
      ],
    };
    await withSyncedApp(file, NOW, async (url) => {
      const body = await list(url, 'sheet-hall');
      const full = byTitle(body, 'Sheet Full');
      expect([full.sold_out, full.waitlist_url, full.ticket_office.reason]).toEqual([
        true,
        'https://tickets.example/wait/a',
        'manual',
      ]);
      const extra = byTitle(body, 'Sheet Open');
      expect([extra.sold_out, extra.waitlist_url]).toEqual([
        true,
        'https://tickets.example/wait/b',
      ]);
      const tour = byTitle(body, 'Sheet Tour');
      expect(tour.occurrences.map((o) => [o.sold_out, o.waitlist_url])).toEqual([
        [undefined, undefined],
        [true, 'https://tickets.example/wait/t2'],
      ]);
      expect(tour.ticket_office.status).toBe('open');
      const later = byTitle(body, 'Sheet Later');
      expect([later.on_sale_at, later.ticket_office.reason]).toEqual([ON_SALE_AT, 'manual']);
    });
  });
});

describe('through the proxy, the origin its real upstream on loopback', () => {
  let proxy: Running;
  beforeAll(async () => {
    proxy = await listen(
      createServer(
        createProxyApp({
          upstream: origin.url,
          logger: false,
          venueZones: { 'box-office': 'Europe/London' },
          clock: () => new Date(NOW),
        }),
      ),
    );
  });
  afterAll(() => proxy.close());

  it('passes sold_out, waitlist_url and on_sale_at through; its widget.html says Sold out', async () => {
    const body = await list(proxy.url, 'box-office');
    const full = byTitle(body, 'Full House');
    expect([full.sold_out, full.waitlist_url]).toEqual([true, WAITLIST_URL]);
    expect(byTitle(body, 'Coming Soon')).toMatchObject({
      on_sale_at: ON_SALE_AT,
      on_sale_local: '2026-12-12T10:00:00',
    });
    const widget = decoded(await (await fetch(`${proxy.url}/t/box-office/widget.html`)).text());
    expect(widget).toContain('data-reason="sold_out">Sold out<');
    expect(widget).toContain(`href="${WAITLIST_URL}">Join the waitlist</a>`);
  });
});
