/**
 * The pages of several venues' listing in proxy mode (docs/api.md §10.16), whose platform (here our
 * origin on loopback) has no such pages: the calendar file `/events.ics?venues=…`, built from each
 * venue's list pages with the zones the proxy is given, answering what the origin answers.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, SEVERAL_VENUES, VENUE_ZONES } from '../fixtures/several-venues.js';
import { expectErrorResponse } from '../support/contract.js';
import { startServer, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

const VENUES = 'venues=harbour-hall,blue-cellar,night-owl';
let origin: TestServer;
let proxy: Running;
let zoneless: Running;
let allowing: Running;
beforeAll(async () => {
  origin = await startServer(SEVERAL_VENUES, NOW);
  const clock = () => new Date(NOW);
  proxy = await startProxy({ upstream: origin.url, clock, venueZones: VENUE_ZONES });
  const { 'night-owl': _, ...twoZones } = VENUE_ZONES;
  zoneless = await startProxy({ upstream: origin.url, clock, venueZones: twoZones });
  allowing = await startProxy({
    upstream: origin.url,
    clock,
    venueZones: VENUE_ZONES,
    allowSlugs: ['harbour-hall', 'blue-cellar'],
  });
});
afterAll(async () => {
  await Promise.all([proxy.close(), zoneless.close(), allowing.close()]);
  await origin.close();
});

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

describe('GET /events.ics?venues=… through the proxy', () => {
  it.each(['', '&categories=Jazz'])(
    'the origin’s events at the origin’s instants, each in its own zone (%s)',
    async (extra) => {
      const path = `/events.ics?${VENUES}${extra}`;
      const direct = vevents(await (await fetch(origin.url + path)).text());
      const res = await fetch(proxy.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const file = vevents(await res.text());
      expect(file.events.length).toBeGreaterThan(9);
      expect(file.events).toEqual(
        direct.events.map((e) => ({ ...e, url: e.url.replace(origin.url, proxy.url) })),
      );
      // The platform gives no venue names: the proxy names a venue by its slug.
      expect(file.name).toMatch(/^harbour-hall, blue-cellar and night-owl/);
    },
  );

  it('a second request is answered from the cache, with 304 on its ETag', async () => {
    const path = `${proxy.url}/events.ics?${VENUES}`;
    await (await fetch(path)).text();
    const again = await fetch(path);
    expect(again.headers.get('x-cache')).toBe('HIT');
    const revalidated = await fetch(path, {
      headers: { 'If-None-Match': again.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
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
    ['a parameter it does not read, encoded', 404, `/events.ics?${VENUES}&ids=1%2C2`],
  ])('%s → %i', async (_, status, path) => {
    await expectError(await fetch(proxy.url + path), status);
  });

  it('a POST is a 405', async () => {
    const res = await fetch(`${proxy.url}/events.ics?${VENUES}`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
