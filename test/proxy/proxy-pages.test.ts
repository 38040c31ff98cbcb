/**
 * The pages the proxy builds itself from the upstream's list responses: the listing page and the
 * calendar files, against this project's origin server as the upstream (the origin builds the
 * same pages from its store, so the two must agree but for the base URL and what only the origin
 * knows: the venue's name, website and address). With a configured zone the calendar files carry
 * the origin's TZID instants; without one, floating local times. The "add to calendar" redirects
 * and the feed of saved `ids` (docs/api.md §10.6) agree with the origin's likewise, in UTC when
 * no zone is configured.
 */
import { createServer } from 'node:http';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../server/pages/page-shell.js';
import { createProxyApp } from '../../server/proxy/app.js';
import { readListPage } from '../../server/proxy/pages.js';
import { checkTarget } from '../../server/proxy/routes.js';
import { venueToday } from '../../shared/rules/venue-today.js';
import { LISTED, SCENARIOS } from '../fixtures/reach-venues.js';
import { manyEvents, startServer, venueFile, type TestServer } from '../support/server.js';
import { startFaultServer, startProxy, type Running } from './support.js';

interface LdEvent {
  name: string;
  startDate: string;
  eventStatus: string;
  url: string;
  offers?: { url: string; availability: string };
}

/** The page's one JSON-LD block, parsed. */
function jsonLd(html: string): LdEvent[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!);
}

/** A redirect's status, headers and `Location`'s decoded parameters (not followed). */
async function redirectOf(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  return {
    status: res.status,
    headers: res.headers,
    location,
    params: location ? Object.fromEntries(new URL(location).searchParams) : {},
  };
}

/** The page's `<main>`: the events and the pagination, built from the resources alone. */
const mainOf = (html: string) => /<main>[\s\S]*<\/main>/.exec(html)![0];

interface VEvent {
  uid: string;
  summary: string;
  /** DTSTART as written: its TZID (null for none) and its value (`Z` for UTC). */
  tzid: string | null;
  raw: string;
  /** The wall time as written, `YYYY-MM-DDTHH:MM:SS`. */
  local: string;
  /** The instant, for TZID-qualified and UTC times. */
  instant: string;
  status: string;
  url: string;
}

/** Parses an iCalendar text with ical.js (its VTIMEZONEs registered) into VEVENT facts. */
function parseIcs(text: string): { name: unknown; zones: unknown[]; events: VEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    zones: zones.map((z) => z.getFirstPropertyValue('tzid')),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      const dtstart = vevent.getFirstProperty('dtstart')!;
      return {
        uid: event.uid,
        summary: event.summary,
        tzid: (dtstart.getParameter('tzid') as string | undefined) ?? null,
        raw: /^DTSTART[^:]*:(.*)$/m.exec(text.slice(text.indexOf(`UID:${event.uid}`)))![1]!,
        local: event.startDate.toString(),
        instant: event.startDate.toJSDate().toISOString(),
        status: String(vevent.getFirstPropertyValue('status')),
        url: String(vevent.getFirstPropertyValue('url')),
      };
    }),
  };
}

describe.each(SCENARIOS)('pages through the proxy, $zone', (scenario) => {
  let origin: TestServer;
  let zoned: Running;
  let floating: Running;
  const clock = () => new Date(scenario.now);
  const get = (server: { url: string }, path: string, init?: RequestInit) =>
    fetch(`${server.url}/t/${scenario.slug}${path}`, init);
  const text = async (server: { url: string }, path: string) => {
    const res = await get(server, path);
    expect(res.status, `${server.url}${path}`).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    origin = await startServer(scenario.venueFile, scenario.now);
    zoned = await startProxy({
      upstream: origin.url,
      clock,
      venueZones: { [scenario.slug]: scenario.zone },
    });
    floating = await startProxy({ upstream: origin.url, clock });
  });
  afterAll(async () => {
    await zoned.close();
    await floating.close();
    await origin.close();
  });

  /** The origin's text with its base swapped for the proxy's. */
  const rebase = (body: string, proxy: Running) => body.split(origin.url).join(proxy.url);

  it('the listing page is HTML under the pages CSP, its events and pagination the origin’s', async () => {
    const res = await get(zoned, '/events');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(Number(/max-age=(\d+)/.exec(res.headers.get('cache-control')!)![1])).toBeLessThanOrEqual(
      60,
    );
    const html = await res.text();
    const direct = await text(origin, '/events');
    expect(mainOf(html)).toBe(rebase(mainOf(direct), zoned));
    expect(html).not.toContain(origin.url);
    expect(html).toContain(`<link rel="canonical" href="${zoned.url}/t/${scenario.slug}/events">`);
    expect(html).toContain(
      `href="webcal://${zoned.url.slice('http://'.length)}/t/${scenario.slug}/events.ics"`,
    );
    // Every listed event, in the API's order, linking to its page through the proxy.
    const links = [...html.matchAll(/<h2><a href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(LISTED.map((slug) => `/t/${scenario.slug}/events/${slug}`));
  });

  it('its JSON-LD describes the same events as the origin’s, with the venue’s offset when zoned', async () => {
    const proxied = jsonLd(await text(zoned, '/events'));
    const direct = jsonLd(rebase(await text(origin, '/events'), zoned));
    const facts = (e: LdEvent) => [
      e.name,
      e.startDate,
      e.eventStatus,
      e.url,
      e.offers?.availability,
    ];
    expect(proxied.map(facts)).toEqual(direct.map(facts));
    expect(proxied.length).toBeGreaterThan(LISTED.length); // the tour: one per upcoming stop
    for (const e of proxied) expect(e.url.startsWith(`${zoned.url}/`)).toBe(true);
  });

  it('without a zone its JSON-LD start dates are the same wall times with no offset', async () => {
    const proxied = jsonLd(await text(floating, '/events'));
    const direct = jsonLd(await text(origin, '/events'));
    expect(proxied.map((e) => e.name)).toEqual(direct.map((e) => e.name));
    expect(proxied.map((e) => e.startDate)).toEqual(direct.map((e) => e.startDate.slice(0, 19)));
    for (const e of proxied) expect(e.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });

  it('the listing page answers If-None-Match with 304, HEAD without a body, and is cached', async () => {
    const first = await get(zoned, '/events');
    await first.text();
    const again = await get(zoned, '/events');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const revalidated = await get(zoned, '/events', {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    const head = await get(zoned, '/events', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await head.text()).toBe('');
    expect((await get(zoned, '/events', { method: 'POST' })).status).toBe(405);
  });

  it('the calendar feed has the origin’s VEVENTs at the origin’s instants when zoned', async () => {
    const res = await get(zoned, '/events.ics');
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBeNull();
    const proxied = parseIcs(await res.text());
    const direct = parseIcs(await text(origin, '/events.ics'));
    const facts = (e: VEvent) => [e.uid, e.summary, e.tzid, e.raw, e.instant, e.status];
    expect(proxied.events.map(facts)).toEqual(direct.events.map(facts));
    expect(proxied.zones).toEqual([scenario.zone]);
    expect(proxied.events.map((e) => e.url)).toEqual(
      direct.events.map((e) => e.url.replace(origin.url, zoned.url)),
    );
    expect(proxied.name).toBe(scenario.slug);
  });

  it('without a zone the feed has the same VEVENTs in floating local time', async () => {
    const proxied = parseIcs(await text(floating, '/events.ics'));
    const direct = parseIcs(await text(origin, '/events.ics'));
    expect(proxied.zones).toEqual([]);
    expect(proxied.events.map((e) => [e.uid, e.summary, e.status])).toEqual(
      direct.events.map((e) => [e.uid, e.summary, e.status]),
    );
    for (const e of proxied.events) {
      expect(e.tzid).toBeNull();
      expect(e.raw).toMatch(/^\d{8}T\d{6}$/); // no Z: floating
    }
    // The same wall times (the origin writes DST-ambiguous times in UTC; none in this listing).
    expect(proxied.events.map((e) => e.local)).toEqual(direct.events.map((e) => e.local));
  });

  it('an event’s calendar file: every stop of the tour, as the origin writes it', async () => {
    const res = await get(zoned, '/events/tour.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tour.ics"');
    const proxied = parseIcs(await res.text());
    const direct = parseIcs(await text(origin, '/events/tour.ics'));
    expect(proxied.events.map((e) => [e.uid, e.summary, e.instant, e.status])).toEqual(
      direct.events.map((e) => [e.uid, e.summary, e.instant, e.status]),
    );
    expect(proxied.events.map((e) => e.instant)).toEqual(scenario.instants.tour);
    expect(proxied.name).toBe('The Tour');
  });

  it('an event not in the listing has no calendar file: a JSON 404', async () => {
    for (const slug of ['no-such-event', 'ended']) {
      const res = await get(zoned, `/events/${slug}.ics`);
      expect(res.status, slug).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await res.json()).errors[0].status).toBe('404');
    }
  });

  it('the calendar redirects: the origin’s dates and instants in the configured zone', async () => {
    for (const service of ['google', 'outlook']) {
      for (const path of ['/events/open-night', '/events/tour']) {
        const url = (server: { url: string }) =>
          `${server.url}/t/${scenario.slug}${path}/calendar/${service}`;
        const proxied = await redirectOf(url(zoned));
        const direct = await redirectOf(url(origin));
        expect(proxied.status, path).toBe(302);
        expect(proxied.headers.get('x-cache')).toMatch(/^(HIT|MISS)$/);
        expect(proxied.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
        expect(proxied.location!.split('?')[0]).toBe(direct.location!.split('?')[0]);
        // The same date and instants; the page through the proxy; the place without the
        // venue's name and address, which only the origin knows.
        const { details, body, location, ...when } = proxied.params;
        const { details: d, body: b, location: l, ...directWhen } = direct.params;
        expect(when).toEqual(directWhen);
        expect(details ?? body).toBe((d ?? b)!.replace(origin.url, zoned.url));
        expect(l!.startsWith(location!.split(', ')[0]!)).toBe(true);
      }
    }
    const later = scenario.starts.tour![2]!.slice(0, 10);
    const stop = await redirectOf(
      `${zoned.url}/t/${scenario.slug}/events/tour/calendar/outlook?date=${later}`,
    );
    expect(stop.params.startdt).toBe(scenario.instants.tour![3]!.replace('.000Z', 'Z'));
    expect(stop.params.location).toBe('Fourth Port Theatre');
  });

  it('without a zone the redirects read the wall times in UTC', async () => {
    const day = scenario.starts['open-night']![0]!.slice(0, 10);
    const base = `${floating.url}/t/${scenario.slug}/events/open-night/calendar`;
    const google = await redirectOf(`${base}/google`);
    expect(google.params).toMatchObject({
      text: 'Open Night',
      dates: `${day.replaceAll('-', '')}T193000/${day.replaceAll('-', '')}T213000`,
      ctz: 'UTC',
      details: `Event page: ${floating.url}/t/${scenario.slug}/events/open-night`,
    });
    const outlook = await redirectOf(`${base}/outlook`);
    expect([outlook.params.startdt, outlook.params.enddt]).toEqual([
      `${day}T19:30:00Z`,
      `${day}T21:30:00Z`,
    ]);
  });

  it('the redirects: 404 for an event not listed, cancelled or with no such stop; 400 for a bad date', async () => {
    const cancelledStop = scenario.starts.tour![1]!.slice(0, 10);
    for (const path of [
      '/events/no-such-event/calendar/google',
      '/events/ended/calendar/google',
      '/events/cancelled/calendar/outlook',
      `/events/tour/calendar/google?date=${cancelledStop}`,
      '/events/tour/calendar/google?date=2030-01-01',
      '/events/tour/calendar/yahoo',
    ]) {
      const res = await get(zoned, path, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
      expect((await res.json()).errors[0].status).toBe('404');
    }
    const bad = await get(zoned, '/events/tour/calendar/google?date=2026-02-30');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].source).toEqual({ parameter: 'date' });
  });

  it('the feed with ids: the origin’s VEVENTs of those listed events, as a download', async () => {
    const query = '/events.ics?ids=1,7,8,999';
    const res = await get(zoned, query);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${scenario.slug}-saved.ics"`,
    );
    const proxied = parseIcs(await res.text());
    const direct = parseIcs(await text(origin, query));
    const facts = (e: VEvent) => [e.uid, e.summary, e.instant, e.status];
    expect(proxied.events.map(facts)).toEqual(direct.events.map(facts));
    expect(new Set(proxied.events.map((e) => e.summary))).toEqual(
      new Set(['Open Night', 'The Tour']),
    );
    expect(proxied.name).toBe(`${scenario.slug} (saved events)`);
    const jazz = parseIcs(await text(zoned, '/events.ics?ids=1%2C7&categories=Jazz'));
    expect(jazz.events.map((e) => e.summary)).toEqual(['Open Night']);
    for (const ids of ['abc', '', '1,1.5']) {
      const bad = await get(zoned, `/events.ics?ids=${ids}`);
      expect(bad.status, ids).toBe(400);
      expect((await bad.json()).errors[0].source).toEqual({ parameter: 'ids' });
    }
  });

  it('the event page still redirects to the platform', async () => {
    const res = await get(zoned, '/events/tour', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${origin.url}/t/${scenario.slug}/events/tour`);
  });
});

describe('listing pages and feeds across list pages', () => {
  // 14 events (two list pages) and 70 (six: more than the feed reads).
  const file = {
    venues: [
      (venueFile(manyEvents(14, '2026-12-06'), { slug: 'two-pages' }) as { venues: unknown[] })
        .venues[0],
      (
        venueFile(
          manyEvents(70, '2026-12-06').map((e, i) => ({ ...e, id: 101 + i })),
          { slug: 'six-pages' },
        ) as { venues: unknown[] }
      ).venues[0],
    ],
  };
  let origin: TestServer;
  let proxy: Running;
  beforeAll(async () => {
    origin = await startServer(file, '2026-12-05T12:00:00Z');
    proxy = await startProxy({
      upstream: origin.url,
      clock: () => new Date('2026-12-05T12:00:00Z'),
      venueZones: { 'two-pages': 'Europe/London', 'six-pages': 'Europe/London' },
    });
  });
  afterAll(async () => {
    await proxy.close();
    await origin.close();
  });

  it.each(['?page=2', '?page=2&utm_source=x', '?page=1', '?page=abc', '?page=9'])(
    'page %s equals the origin’s but for the base URL',
    async (query) => {
      const direct = await (await fetch(`${origin.url}/t/two-pages/events${query}`)).text();
      const res = await fetch(`${proxy.url}/t/two-pages/events${query}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      // The header names the venue (the proxy knows its slug only); the rest is the same.
      const body = (page: string) => page.replace(/<header>[\s\S]*<\/header>/, '');
      const withoutVenue = (page: string) =>
        body(page)
          .replaceAll('Test Venue', 'two-pages')
          .replace(/<title>.*<\/title>/, '');
      expect(withoutVenue(html)).toBe(withoutVenue(direct.split(origin.url).join(proxy.url)));
    },
  );

  it('page 2 links back through the proxy', async () => {
    const html = await (await fetch(`${proxy.url}/t/two-pages/events?page=2`)).text();
    expect(html).toContain(`<link rel="prev" href="${proxy.url}/t/two-pages/events">`);
    expect(html).toContain('<a href="/t/two-pages/events" rel="prev">');
    expect(html).toContain('<a href="/t/two-pages/events?page=2" aria-current="page">2</a>');
    expect(jsonLd(html).map((e) => e.name)).toEqual(['Event 13', 'Event 14']);
  });

  it('the feed reads every list page', async () => {
    const feed = parseIcs(await (await fetch(`${proxy.url}/t/two-pages/events.ics`)).text());
    const direct = parseIcs(await (await fetch(`${origin.url}/t/two-pages/events.ics`)).text());
    expect(feed.events).toHaveLength(14);
    expect(feed.events.map((e) => e.uid)).toEqual(direct.events.map((e) => e.uid));
    const last = await fetch(`${proxy.url}/t/two-pages/events/event-14.ics`);
    expect(last.status).toBe(200);
  });

  it('the feed gathers the list pages as every built answer does, with or without categories', async () => {
    const feed = parseIcs(await (await fetch(`${proxy.url}/t/six-pages/events.ics`)).text());
    expect(feed.events).toHaveLength(70);
    expect(feed.events.at(-1)!.summary).toBe('Event 70');
    expect((await fetch(`${proxy.url}/t/six-pages/events/event-70.ics`)).status).toBe(200);
    const bounded = await startProxy({ upstream: origin.url, maxFilterPages: 2 });
    try {
      for (const query of ['', '?categories=music']) {
        const res = await fetch(`${bounded.url}/t/six-pages/events.ics${query}`);
        expect(res.headers.get('x-filter-truncated'), query).toBe('2');
        const events = parseIcs(await res.text()).events;
        expect(events.length, query).toBeLessThanOrEqual(24);
        if (!query) expect(events.at(-1)!.summary).toBe('Event 24');
      }
      expect((await fetch(`${bounded.url}/t/six-pages/events/event-25.ics`)).status).toBe(404);
    } finally {
      await bounded.close();
    }
  });

  it('an unknown venue is the upstream’s 404 for the page and the feed', async () => {
    for (const path of ['/t/nowhere/events', '/t/nowhere/events.ics', '/t/nowhere/events/x.ics']) {
      const res = await fetch(proxy.url + path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).errors[0].status).toBe('404');
    }
  });

  it('serves the embed builder and its files', async () => {
    const page = await fetch(`${proxy.url}/embed?venue=two-pages`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('value="two-pages"');
    for (const file of ['/embed/embed.js', '/embed/embed.css']) {
      expect((await fetch(proxy.url + file)).status, file).toBe(200);
    }
  });
});

describe('pages from an upstream the proxy must not trust', () => {
  let origin: TestServer;
  let upstream: Running;
  let proxy: Running;
  let served = '';
  beforeAll(async () => {
    origin = await startServer(
      venueFile(manyEvents(3, '2026-12-06'), { slug: 'odd' }),
      '2026-12-05T12:00:00Z',
    );
    // The origin's own list, with its second event broken, from a server of ours.
    const list = await (await fetch(`${origin.url}/t/odd/api/events`)).json();
    list.data[1].attributes.event_date = 'TBA';
    list.data[2].attributes.ticket_office = null;
    served = JSON.stringify(list).split(origin.url).join('{base}');
    const server = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=30' });
      res.end(served.split('{base}').join(`http://${req.headers.host}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    upstream = {
      url: `http://127.0.0.1:${port}`,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
    proxy = await startProxy({ upstream: upstream.url });
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
    await origin.close();
  });

  it('events without the contract’s members are left out of the page and the feed', async () => {
    const html = await (await fetch(`${proxy.url}/t/odd/events`)).text();
    expect(jsonLd(html).map((e) => e.name)).toEqual(['Event 1']);
    const feed = parseIcs(await (await fetch(`${proxy.url}/t/odd/events.ics`)).text());
    expect(feed.events.map((e) => e.summary)).toEqual(['Event 1']);
    // The API itself passes the list through as it came.
    const api = await (await fetch(`${proxy.url}/t/odd/api/events`)).json();
    expect(api.data).toHaveLength(3);
  });

  it('a list without a readable meta is a 502, and the fault server’s pages reach it as API requests only', async () => {
    const faults = await startFaultServer();
    const behind = await startProxy({ upstream: faults.url });
    try {
      const res = await fetch(`${behind.url}/t/ok/events?page=2&x=1`);
      expect(res.status).toBe(502);
      expect((await res.json()).errors[0].detail).not.toContain(faults.url);
      await fetch(`${behind.url}/t/ok/events.ics`);
      await fetch(`${behind.url}/t/ok/events/a.ics`);
      // Every built page gathers from page 1: the unreadable list is asked once, as an API request,
      // in the pages' language (docs/api.md §10.24: English without Accept-Language).
      expect(faults.seen.map((s) => s.url)).toEqual(['/t/ok/api/events?locale=en&page=1']);
    } finally {
      await behind.close();
      await faults.close();
    }
  });

  it('readListPage: a claimed last page beyond the bound is unreadable', () => {
    const meta = { current_page: 1, last_page: 5000, total: 60_000, from: 1 };
    expect(() => readListPage({ data: [], meta })).toThrow(/cannot read/);
    expect(
      readListPage({ data: [], meta: { ...meta, last_page: 1, total: 0, from: null } }),
    ).toEqual({
      events: [],
      position: { currentPage: 1, lastPage: 1, total: 0, from: null },
      dropped: 0,
    });
  });
});

const NO_SUCH_PATH = { status: 404, message: 'No resource exists at this path.' };
const notAllowed = (method: string) => ({
  status: 405,
  message: `The method ${method} is not allowed here; use GET or HEAD.`,
});

describe('routes and options of the pages', () => {
  it('the guard: the listing page, the calendar files and the event page pass', () => {
    for (const target of [
      '/t/v/events?page=3&utm=x',
      '/t/v/events/',
      '/t/v/events.ics?x=1',
      '/t/v/events/gig-1.ics',
      '/t/v/events/gig-1',
    ]) {
      expect(checkTarget(target, 'GET'), target).toBe('pass');
    }
    expect(checkTarget('/t/v/events/', 'HEAD')).toBe('pass');
    for (const target of [
      '/t/v/events.ics/',
      '/t/v/events/.ics',
      '/t/v/events/gig.ics.ics',
      '/t/v/events/gig.ICS',
      '/t/v/events/gig.ics/',
      '/t/v/events/Gig.ics',
      '/t/v/events.json',
      '/t/v/events%2eics',
      '/t/v/events/../events.ics',
    ]) {
      expect(checkTarget(target, 'GET'), target).toMatchObject(NO_SUCH_PATH);
    }
    expect(checkTarget('/t/v/events.ics', 'POST')).toMatchObject(notAllowed('POST'));
  });

  it('the guard: the saved feed and the calendar redirects', () => {
    expect(checkTarget('/t/v/events.ics?ids=1%2C2&categories=jazz&x=1', 'GET')).toBe('pass');
    expect(checkTarget('/t/v/events/gig-1/calendar/google?date=2026-12-10', 'HEAD')).toBe('pass');
    expect(checkTarget('/t/v/events/gig-1/calendar/outlook/', 'GET')).toBe('pass');
    for (const target of [
      '/t/v/events/gig-1/calendar/yahoo',
      '/t/v/events/gig-1/calendar',
      '/t/v/events/gig-1/calendar/Google',
      '/t/v/events/gig-1.ics/calendar/google',
      '/t/v/events/gig-1/calendar/google?x=%41',
    ]) {
      expect(checkTarget(target, 'GET'), target).toMatchObject(NO_SUCH_PATH);
    }
    expect(checkTarget('/t/v/events/gig/calendar/google', 'POST')).toMatchObject(
      notAllowed('POST'),
    );
    // 100 ids of 16 digits fit the feed's longer bound, and only the feed's.
    const ids = Array.from({ length: 100 }, (_, i) => String(1e15 + i)).join('%2C');
    const tooLong = { status: 404, message: 'The request path is too long.' };
    expect(checkTarget(`/t/v/events.ics?ids=${ids}`, 'GET')).toBe('pass');
    expect(checkTarget(`/t/v/events?ids=${ids}`, 'GET')).toMatchObject(tooLong);
    expect(checkTarget(`/t/v/events.ics?ids=${ids}${'1'.repeat(3000)}`, 'GET')).toMatchObject(
      tooLong,
    );
    expect(checkTarget('/t/v/events', 'GET', ['w'])).toMatchObject({
      status: 404,
      message: 'No venue is published under the slug "v".',
    });
  });

  it('today is the venue-local date with a zone, else the UTC date', () => {
    const late = Date.parse('2026-09-25T13:00:00Z'); // 01:00 on the 26th in Auckland
    expect(venueToday({ slug: 'v', name: 'v', timezone: 'Pacific/Auckland' }, late)).toBe(
      '2026-09-26',
    );
    expect(venueToday({ slug: 'v', name: 'v' }, late)).toBe('2026-09-25');
  });

  it('venueZones must name venue slugs and IANA zones', () => {
    const make = (venueZones: Record<string, string>) => () =>
      createProxyApp({ upstream: 'http://127.0.0.1:9', logger: false, venueZones });
    expect(make({ v: 'Europe/London' })).not.toThrow();
    expect(make({ v: 'Mars/Olympus_Mons' })).toThrow(/unknown IANA time zone/);
    expect(make({ 'Not A Slug': 'Europe/London' })).toThrow(/not a venue slug/);
  });
});

describe('calendar files through the proxy: an end in the hour a DST change repeats', () => {
  // 00:30 on a fall-back night ends at a wall time read twice (01:30 New York, 02:30 Auckland);
  // the proxy writes its own files, so it too must give both ends in UTC (RFC 5545 §3.3.5).
  const nights = [
    { id: 1, slug: 'new-york', zone: 'America/New_York', date: '2026-11-01', utc: '20261101T0430' },
    { id: 2, slug: 'auckland', zone: 'Pacific/Auckland', date: '2027-04-04', utc: '20270403T1130' },
  ];
  const file = {
    venues: nights.map(
      (n) =>
        (
          venueFile([{ id: n.id, slug: 'late', date: n.date, time: '00:30' }], {
            slug: n.slug,
            timezone: n.zone,
          }) as { venues: unknown[] }
        ).venues[0],
    ),
  };
  let origin: TestServer;
  let proxy: Running;
  beforeAll(async () => {
    origin = await startServer(file, '2026-01-01T00:00:00Z');
    proxy = await startProxy({
      upstream: origin.url,
      clock: () => new Date('2026-01-01T00:00:00Z'),
      venueZones: Object.fromEntries(nights.map((n) => [n.slug, n.zone])),
    });
  });
  afterAll(async () => {
    await proxy.close();
    await origin.close();
  });

  it.each(nights)('$zone $date 00:30 lasts two hours in every file', async (night) => {
    for (const path of ['/events.ics', '/events/late.ics', `/events.ics?ids=${night.id}`]) {
      const res = await fetch(`${proxy.url}/t/${night.slug}${path}`);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      const written = (name: string) => new RegExp(`^${name}[^:]*:(.*)$`, 'm').exec(text)?.[1];
      const end = night.utc.replace(
        /T(\d\d)/,
        (_, h: string) => `T${String(+h + 2).padStart(2, '0')}`,
      );
      expect([written('DTSTART'), written('DTEND')], path).toEqual([
        `${night.utc}00Z`,
        `${end}00Z`,
      ]);
      const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
      const event = new ICAL.Event(vevent);
      const minutes =
        (event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()) / 60_000;
      expect(minutes, path).toBe(120);
    }
  });
});
