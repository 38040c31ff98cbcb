/**
 * The pages of several venues' listing in proxy mode (docs/api.md §10.16), whose platform (here our
 * origin on loopback) has no such pages: the listing page `/events?venues=…` and the calendar file
 * `/events.ics?venues=…`, built from each venue's list pages with the zones the proxy is given,
 * answering what the origin answers.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/contract.js';
import {
  headLink,
  listedItems,
  monthCells,
  monthLinks,
  pageLinks,
  submitForm,
} from '../support/listing-html.js';
import { jsonLdOf } from '../support/rich-results.js';
import type { TestServer } from '../support/server.js';
import {
  expectKeptAndRevalidated,
  startVenuesProxies,
  type Running,
  type VenuesProxies,
} from './support.js';

const VENUES = 'venues=harbour-hall,blue-cellar,night-owl';
let origin: TestServer;
let proxy: Running;
let zoneless: Running;
let allowing: Running;
let servers: VenuesProxies;
beforeAll(async () => {
  servers = await startVenuesProxies({ metrics: true, counted: true });
  ({ origin, proxy, zoneless, allowing } = servers);
});
afterAll(() => servers.close());

/** Each VEVENT of an iCalendar text (ical.js, its VTIMEZONEs registered): instant, zone, page. */
function vevents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => ({
      start: new ICAL.Event(vevent).startDate.toJSDate().toISOString(),
      tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
      url: String(vevent.getFirstPropertyValue('url')),
    })),
  };
}

const LIST = `/events?${VENUES}`;
const html = async (url: string) => {
  const res = await fetch(url);
  return { res, html: await res.text() };
};

describe('GET /events?venues=… through the proxy', () => {
  it.each(['', '&page=2', '&page=3', '&categories=Jazz', '&search=night%202'])(
    'lists what the origin lists, each event linking to its own venue (%s)',
    async (extra) => {
      const direct = await html(`${origin.url}${LIST}${extra}`);
      const proxied = await html(`${proxy.url}${LIST}${extra}`);
      expect(proxied.res.status).toBe(200);
      expect(proxied.res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const items = listedItems(proxied.html);
      expect(items.map((i) => i.href)).toEqual(listedItems(direct.html).map((i) => i.href));
      expect(items.length).toBeGreaterThan(0);
      // The platform gives no venue names: the proxy names a venue by its slug.
      for (const item of items) expect(item.href).toContain(`/t/${item.details.split(' · ')[0]}/`);
      expect(pageLinks(proxied.html)).toEqual(pageLinks(direct.html));
      expect(headLink(proxied.html, 'canonical')).toBe(
        headLink(direct.html, 'canonical')!.replace(origin.url, proxy.url),
      );
    },
  );

  it('the JSON-LD gives each event its own venue and its zone’s offset, as the origin does', async () => {
    const direct = jsonLdOf((await html(`${origin.url}${LIST}`)).html);
    const proxied = jsonLdOf((await html(`${proxy.url}${LIST}`)).html);
    const facts = (events: typeof direct, base: string) =>
      events.map((e) => [e.url.replace(base, ''), e.startDate, e.organizer.name]);
    // The same pages and instants; the organizer named by its slug, the platform giving no names.
    expect(facts(proxied, proxy.url)).toEqual(
      facts(direct, origin.url).map(([url, start]) => [url, start, url!.split('/')[2]]),
    );
    expect(direct.map((e) => e.organizer.name)).toContain('Night Owl');
  });

  it('the month view places the origin’s entries, each naming its venue (by its slug)', async () => {
    const path = `${LIST}&view=calendar&month=2026-12`;
    const direct = monthCells((await html(origin.url + path)).html);
    const proxied = await html(proxy.url + path);
    expect(proxied.res.status).toBe(200);
    const cells = monthCells(proxied.html);
    expect([...cells.keys()]).toEqual([...direct.keys()]);
    for (const [date, cell] of cells) {
      expect(cell.hrefs, date).toEqual(direct.get(date)!.hrefs);
      expect(cell.times, date).toEqual(direct.get(date)!.times);
      cell.hrefs.forEach((href, i) =>
        expect(cell.entries[i]).toMatch(new RegExp(` · ${href.split('/')[2]}$`)),
      );
    }
    expect(cells.get('2026-12-06')!.entries).toHaveLength(3);
    expect(monthLinks(proxied.html).next).toBe(`${LIST}&view=calendar&month=2027-01`);
  });

  it('the filter form round-trips: submitting it lists the filtered events of the same venues', async () => {
    const { html: page } = await html(`${proxy.url}${LIST}`);
    const asked = submitForm(page, { categories: 'Folk' });
    expect(asked).toMatch(
      /^\/events\?venues=harbour-hall%2Cblue-cellar%2Cnight-owl&categories=Folk/,
    );
    const proxied = await html(proxy.url + asked);
    const direct = await html(origin.url + asked);
    expect(proxied.res.status).toBe(200);
    expect(listedItems(proxied.html).map((i) => i.href)).toEqual(
      listedItems(direct.html).map((i) => i.href),
    );
  });

  it('links to no past page, which several venues do not have in proxy mode; the origin’s does', async () => {
    const direct = await html(`${origin.url}${LIST}`);
    expect(direct.html).toContain(`href="/events/past?${VENUES}"`);
    const proxied = await html(`${proxy.url}${LIST}`);
    expect(listedItems(proxied.html).length).toBeGreaterThan(0);
    expect(proxied.html).not.toContain('/events/past');
    // The link would have led nowhere (docs/api.md §10.20).
    const past = await fetch(`${proxy.url}/events/past?${VENUES}`);
    expect(past.ok).toBe(false);
  });

  it('a second request is answered from the memo, asking the platform nothing, with 304 on its ETag', async () => {
    // A page that lists events: one past the last (`&categories=Folk&page=2`) is never kept.
    const page = await expectKeptAndRevalidated(`${proxy.url}${LIST}&categories=Jazz`, servers);
    expect(listedItems(page).length).toBeGreaterThan(0);
  });

  it('a bad filter value is the page again with its message, as a 400', async () => {
    const { res, html: page } = await html(`${proxy.url}${LIST}&start_date=2026-13-01`);
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-cache')).toMatch(/^(HIT|MISS)$/);
    expect(page).toContain('Enter a real date for “From”: “2026-13-01” is not one.');
  });

  it.each([
    ['a venue without a zone', 400, () => `${zoneless.url}${LIST}`],
    ['a venue --allow-slug leaves out', 404, () => `${allowing.url}${LIST}`],
    ['an unknown venue', 404, () => `${proxy.url}/events?venues=harbour-hall,nigth-owl`],
    ['no venues', 400, () => `${proxy.url}/events/`],
    ['a parameter it does not read, encoded', 404, () => `${proxy.url}${LIST}&ids=1%2C2`],
    ['a path beside it', 404, () => `${proxy.url}/events/x?${VENUES}`],
  ])('%s → the API’s JSON %i', async (_, status, url) => {
    const res = await fetch(url());
    expect(res.status).toBe(status);
    expectErrorResponse(await res.json());
  });
});

describe('GET /events.ics?venues=… through the proxy', () => {
  it.each(['', '&categories=Jazz', '&ids=301%2C100'])(
    'the origin’s events at the origin’s instants, each in its own zone (%s)',
    async (extra) => {
      const path = `/events.ics?${VENUES}${extra}`;
      const direct = vevents(await (await fetch(origin.url + path)).text());
      const res = await fetch(proxy.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const file = vevents(await res.text());
      expect(file.events.length).toBeGreaterThan(extra.startsWith('&ids') ? 1 : 9);
      expect(file.events).toEqual(
        direct.events.map((e) => ({ ...e, url: e.url.replace(origin.url, proxy.url) })),
      );
      // The platform gives no venue names: the proxy names a venue by its slug.
      expect(file.name).toMatch(/^harbour-hall, blue-cellar and night-owl/);
    },
  );

  it('with ids, the saved nights of several venues as one download', async () => {
    const res = await fetch(`${proxy.url}/events.ics?${VENUES}&ids=301,100`);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="venues-saved.ics"');
    const file = vevents(await res.text());
    expect(file.events).toHaveLength(2);
    expect(file.name).toMatch(/\(saved events\)$/);
  });

  it('a second request is answered from the memo, asking the platform nothing, with 304 on its ETag', async () => {
    const file = await expectKeptAndRevalidated(`${proxy.url}/events.ics?${VENUES}`, servers);
    expect(vevents(file).events.length).toBeGreaterThan(9);
  });

  const expectError = async (res: Response, status: number) => {
    expect(res.status).toBe(status);
    const body = await res.json();
    expectErrorResponse(body);
    return body.errors[0];
  };

  it('a venue without a configured zone is a 400 naming it', async () => {
    const error = await expectError(await fetch(`${zoneless.url}/events.ics?${VENUES}`), 400);
    expect(error.detail).toContain('"night-owl"');
  });

  it('--allow-slug applies to every venue named', async () => {
    const error = await expectError(await fetch(`${allowing.url}/events.ics?${VENUES}`), 404);
    expect(error.detail).toContain('"night-owl"');
  });

  it.each([
    ['no venues', 400, '/events.ics'],
    ['an unknown venue', 404, '/events.ics?venues=harbour-hall,nigth-owl'],
    ['an encoded name', 404, `/events.ics?${VENUES}&%63ategories=jazz`],
    ['a parameter it does not read, encoded', 404, `/events.ics?${VENUES}&month=1%2C2`],
  ])('%s → %i', async (_, status, path) => {
    await expectError(await fetch(proxy.url + path), status);
  });

  it('a POST is a 405', async () => {
    const res = await fetch(`${proxy.url}/events.ics?${VENUES}`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
