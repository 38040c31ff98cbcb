/**
 * The listing page's filters and month view, and the venue feed of some categories, through the
 * proxy (docs/api.md §10.5, §10.12): built from the upstream's list pages by the origin's
 * renderers, so each must equal the origin's own page but for the base URL and what only the
 * origin knows (the venue's name, in the header). The upstream is this project's origin server on
 * a loopback port; expectations are the origin's answers, never the proxy's code.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../server/pages/page-shell.js';
import { checkTarget } from '../../server/proxy/routes.js';
import { FIND_EVENTS } from '../fixtures/find-venue.js';
import { startPassThrough, type Forwarding } from '../support/forwarder.js';
import { manyEvents, startServer, venueFile, type TestServer } from '../support/server.js';
import { expectKeptAndRevalidated, startProxy, type Running } from './support.js';

const NOW = '2026-11-30T12:00:00Z';
const ZONE = 'Europe/London';
const clock = () => new Date(NOW);

/** The first venue of a one-venue file. */
const venueOf = (file: unknown) => (file as { venues: unknown[] }).venues[0];

/** `find-hall` (the events above) and `many` (14 events: two list pages, 'Event n'). */
const FILE = {
  venues: [
    venueOf(venueFile(FIND_EVENTS, { slug: 'find-hall', timezone: ZONE })),
    venueOf(
      venueFile(
        manyEvents(14, '2026-12-02').map((e, i) => ({
          ...e,
          id: 101 + i,
          category: i % 2 ? 'Odd' : 'Even',
        })),
        { slug: 'many', timezone: ZONE },
      ),
    ),
  ],
};

let origin: TestServer;
/** The origin's front, counting the requests `proxy` makes upstream. */
let platform: Forwarding;
/** Serves `/metrics`: its memo counter tells a memo hit from a rebuild. */
let proxy: Running;
/** Reads one list page only: every gathered answer is past its bound. */
let bounded: Running;

beforeAll(async () => {
  origin = await startServer(FILE, NOW);
  platform = await startPassThrough(origin.url);
  const venueZones = { 'find-hall': ZONE, many: ZONE };
  proxy = await startProxy({ upstream: platform.url, clock, venueZones, metrics: true });
  bounded = await startProxy({ upstream: origin.url, clock, venueZones, maxFilterPages: 1 });
});
afterAll(async () => {
  await Promise.all([proxy.close(), bounded.close(), platform.close()]);
  await origin.close();
});

/**
 * A page as both modes must agree on it: the origin's base swapped for the proxy's, the header
 * (it names the venue and its website, which only the origin knows) left out, and the venue's
 * name (in the title and description) replaced by its slug, which is how the proxy names it.
 */
function comparable(html: string, slug: string, server: { url: string }): string {
  return html
    .split(server.url)
    .join('{base}')
    .replace(/<header>[\s\S]*<\/header>/, '')
    .replaceAll('Test Venue', slug);
}

/** The origin's and the proxy's answers to the same path, with their statuses. */
async function both(slug: string, path: string, through: Running = proxy) {
  const direct = await fetch(`${origin.url}/t/${slug}/events${path}`);
  const proxied = await fetch(`${through.url}/t/${slug}/events${path}`);
  return {
    direct,
    proxied,
    directText: comparable(await direct.text(), slug, origin),
    proxiedText: comparable(await proxied.text(), slug, through),
  };
}

describe('the filtered listing page', () => {
  it.each([
    ['find-hall', '?categories=jazz'],
    ['find-hall', '?categories=Rock,JAZZ'],
    ['find-hall', '?categories=folk'],
    ['find-hall', '?search=jazz'],
    ['find-hall', '?search=caf%C3%A9'],
    ['find-hall', '?search=pancakes+quartet'],
    ['find-hall', '?categories=nothing'],
    ['find-hall', '?start_date=2026-12-05&end_date=2026-12-07'],
    ['find-hall', '?start_date=2026-12-12'],
    ['find-hall', '?categories=jazz&page=2'],
    ['many', '?search=event'],
    ['many', '?search=event&page=2'],
    ['many', '?categories=odd&start_date=2026-12-03&page=1&utm_source=x'],
  ])('%s%s equals the origin’s but for the base and the header', async (slug, path) => {
    const { direct, proxied, directText, proxiedText } = await both(slug, path);
    expect(direct.status).toBe(200);
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(proxied.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(proxied.headers.get('x-filter-truncated')).toBeNull();
    expect(proxiedText).toBe(directText);
    expect(proxiedText).toContain('<form class="filters"');
  });

  it('pages links carry the canonical query, through the proxy', async () => {
    const res = await fetch(`${proxy.url}/t/many/events?search=EVENT&page=2`);
    const html = await res.text();
    expect(html).toContain(
      `<link rel="canonical" href="${proxy.url}/t/many/events?search=event&#38;page=2">`,
    );
    expect(html).toContain('<a href="/t/many/events?search=event" rel="prev">');
    expect(html).not.toMatch(/venue-events-[\w-]+\.invalid/);
  });

  it('is sent with an ETag, answered from the memo the second time, asking the platform nothing', async () => {
    const path = `${proxy.url}/t/find-hall/events?categories=jazz`;
    const first = await fetch(path);
    expect(await first.text()).toContain('Jazz Trio');
    expect(await expectKeptAndRevalidated(path, { proxy, platform })).toContain('Jazz Trio');
    expect((await fetch(path, { method: 'HEAD' })).headers.get('etag')).toBe(
      first.headers.get('etag'),
    );
  });

  it('the plain page’s form lists the categories and counts of /api/categories', async () => {
    const html = await (await fetch(`${proxy.url}/t/find-hall/events`)).text();
    const api = (await (await fetch(`${proxy.url}/t/find-hall/api/categories`)).json()) as {
      data: { attributes: { name: string; count: number } }[];
    };
    const options = [...html.matchAll(/<option value="([^"]*)">([^<]*)<\/option>/g)].map(
      (m) => m[2],
    );
    expect(options).toEqual(api.data.map((c) => `${c.attributes.name} (${c.attributes.count})`));
  });
});

describe('the month view', () => {
  it.each([
    ['find-hall', '?view=calendar'],
    ['find-hall', '?view=calendar&month=2026-12'],
    ['find-hall', '?view=calendar&month=2027-01&categories=folk'],
    ['find-hall', '?view=calendar&month=2026-12&search=jazz'],
    ['find-hall', '?view=calendar&month=2026-10'],
    ['many', '?view=calendar&month=2026-12&categories=even'],
  ])('%s%s equals the origin’s but for the base and the header', async (slug, path) => {
    const { direct, proxied, directText, proxiedText } = await both(slug, path);
    expect(direct.status).toBe(200);
    expect(proxied.status).toBe(200);
    expect(proxiedText).toBe(directText);
    expect(proxiedText).toContain('<table class="month">');
  });

  it('places the tour on each of its listed stop days', async () => {
    const html = await (
      await fetch(`${proxy.url}/t/find-hall/events?view=calendar&month=2026-12`)
    ).text();
    const stops = [...html.matchAll(/href="(\/t\/find-hall\/events\/folk-tour#[^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(stops).toEqual([
      '/t/find-hall/events/folk-tour#stop-2026-12-05-1930',
      '/t/find-hall/events/folk-tour#stop-2026-12-12-2000',
    ]);
  });
});

describe('a bad value', () => {
  it.each([
    '?start_date=2026-02-30',
    '?start_date=2026-12-10&end_date=2026-12-01',
    '?categories=a&categories=b',
    '?view=calendar&month=2026-13',
  ])('%s is the origin’s 400 page', async (path) => {
    const { direct, proxied, directText, proxiedText } = await both('find-hall', path);
    expect(direct.status).toBe(400);
    expect(proxied.status).toBe(400);
    expect(proxied.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(proxied.headers.get('cache-control')).toBe('no-store');
    expect(proxied.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(proxiedText).toBe(directText);
    expect(proxiedText).toContain('role="alert"');
  });
});

/** The VEVENTs of an iCalendar text: uid and summary, and the calendar's name. */
function vevents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar
      .getAllSubcomponents('vevent')
      .map((v) => [
        String(v.getFirstPropertyValue('uid')),
        String(v.getFirstPropertyValue('summary')),
      ]),
  };
}

describe('the venue feed of some categories', () => {
  it('lists only those categories, as the origin’s', async () => {
    const path = '/t/find-hall/events.ics?categories=jazz,folk';
    const res = await fetch(proxy.url + path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const proxied = vevents(await res.text());
    const direct = vevents(await (await fetch(origin.url + path)).text());
    expect(proxied.events).toEqual(direct.events);
    expect(new Set(proxied.events.map(([, summary]) => summary))).toEqual(
      new Set(['Jazz Trio', 'Jazz Brunch', 'Folk Tour', 'New Year Jazz']),
    );
    expect(proxied.name).toBe('find-hall (folk, jazz)');
  });

  it('across list pages; empty categories give the whole feed', async () => {
    const odd = vevents(
      await (await fetch(`${proxy.url}/t/many/events.ics?categories=Odd`)).text(),
    );
    expect(odd.events.map(([, summary]) => summary)).toEqual(
      [2, 4, 6, 8, 10, 12, 14].map((n) => `Event ${n}`),
    );
    const all = vevents(await (await fetch(`${proxy.url}/t/many/events.ics?categories=`)).text());
    expect(all.events).toHaveLength(14);
    expect(all.name).toBe('many');
  });

  it('a bad categories value is the API’s JSON 400', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `c${i}`).join(',');
    const res = await fetch(`${proxy.url}/t/find-hall/events.ics?categories=${many}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await res.json()).errors[0].source.parameter).toBe('categories');
  });
});

describe('past the bound of list pages', () => {
  it('the filtered page, the month view, the plain page and the feed say so', async () => {
    for (const path of [
      '/events?search=event',
      '/events?view=calendar&month=2026-12',
      '/events',
      '/events.ics?categories=odd',
    ]) {
      const res = await fetch(`${bounded.url}/t/many${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-filter-truncated'), path).toBe('1');
    }
    const html = await (await fetch(`${bounded.url}/t/many/events?search=event`)).text();
    expect(html).toContain('12 events match these filters');
  });
});

describe('the guard: the listing page and the feed take their parameters percent-encoded', () => {
  it('passes the listing page’s filters, view and month, and the feed’s categories', () => {
    expect(
      checkTarget(
        '/t/v/events?categories=jazz%2Crock&search=caf%C3%A9+bar&view=calendar&month=2026-12&page=2&utm=x',
        'GET',
      ),
    ).toBe('pass');
    expect(checkTarget('/t/v/events.ics?categories=folk%20rock', 'GET')).toBe('pass');
    // Nothing else is decoded: a `%` in another parameter, or a bad escape, is still a 404.
    for (const target of [
      '/t/v/events?utm=%20',
      '/t/v/events?page=%32',
      '/t/v/events?search=%ff',
      '/t/v/events.ics?search=%20',
    ]) {
      expect(checkTarget(target, 'GET'), target).toMatchObject({
        status: 404,
        message: 'No resource exists at this path.',
      });
    }
  });
});
