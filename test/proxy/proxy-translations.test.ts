/**
 * The venue's own words in other languages through the proxy (docs/api.md §10.24, docs/proxy.md):
 * `locale` is passed on to the upstream, whose answer is served — the list passed through, the
 * lists, feeds and pages the proxy builds from upstream pages asked in that language, one event —
 * and a request without it asks the upstream without it. The upstream is this project's origin on
 * loopback, behind a front that notes each request the proxy makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAttributes, ListResponse, SingleResponse } from '../../shared/contract.js';
import { translatedStops } from '../fixtures/translated-tour.js';
import { startPassThrough, type Forwarding } from '../support/forwarder.js';
import { expectListResponse } from '../support/contract.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

const NOW = '2026-12-05T12:00:00Z';
const clock = () => new Date(NOW);

const EVENTS: Record<string, unknown>[] = [
  {
    title: 'Late Jazz',
    date: '2026-12-10',
    time: '20:00',
    translations: { de: { title: 'Später Jazz' }, fr: { title: 'Jazz tardif' } },
  },
  { title: 'Quiz', date: '2026-12-11', time: '19:00' },
  {
    title: 'Garden Tour',
    occurrences: translatedStops('fr', 'Roseraie'),
  },
];

let origin: TestServer;
let platform: Forwarding;
let proxy: Running;

beforeAll(async () => {
  origin = await startServer(venueFile(EVENTS), NOW);
  platform = await startPassThrough(origin.url);
  proxy = await startProxy({ upstream: platform.url, clock });
});
afterAll(async () => {
  await proxy.close();
  await platform.close();
  await origin.close();
});

const API = '/t/test-venue/api/events';

async function attributes(base: string, query: string): Promise<EventAttributes[]> {
  const res = await fetch(`${base}${API}?${query}`);
  const body = (await res.json()) as ListResponse;
  expect(res.status).toBe(200);
  expectListResponse(body);
  return body.data.map((e) => e.attributes as EventAttributes);
}

/** What the proxy asked its upstream while `act` ran. */
async function asked(act: () => Promise<unknown>): Promise<string[]> {
  const before = platform.seen.length;
  await act();
  return platform.seen.slice(before);
}

describe('locale through the proxy (docs/api.md §10.24)', () => {
  it('passes the list’s locale upstream and serves its answer', async () => {
    let listed: EventAttributes[] = [];
    const paths = await asked(async () => (listed = await attributes(proxy.url, 'locale=de-AT')));
    expect(paths).toEqual([`${API}?locale=de&page=1`]);
    expect(listed).toEqual(await attributes(origin.url, 'locale=de'));
    expect(listed[0]).toMatchObject({ title: 'Später Jazz', language: 'de' });
  });

  it('asks the upstream pages it builds a filtered list from in that language', async () => {
    let listed: EventAttributes[] = [];
    const paths = await asked(
      async () => (listed = await attributes(proxy.url, 'start_date=2026-12-01&locale=fr')),
    );
    expect(paths).toEqual([`${API}?locale=fr&page=1`]);
    expect(listed.map((a) => [a.title, a.language])).toEqual([
      ['Jazz tardif', 'fr'],
      ['Quiz', 'en'],
      ['Garden Tour', 'fr'],
    ]);
    // Its search reads the pages it was given: the title in the language asked.
    expect((await attributes(proxy.url, 'search=tardif&locale=fr')).map((a) => a.title)).toEqual([
      'Jazz tardif',
    ]);
  });

  it('passes one event’s and the calendar feed’s locale upstream', async () => {
    let one: SingleResponse | undefined;
    const paths = await asked(async () => {
      one = (await (await fetch(`${proxy.url}${API}/1?locale=fr`)).json()) as SingleResponse;
    });
    expect(paths).toEqual([`${API}/1?locale=fr`]);
    expect(one?.data.attributes).toMatchObject({ title: 'Jazz tardif', language: 'fr' });
    const feed = await fetch(
      `${proxy.url}/t/test-venue/api/calendar?start=2026-12-01&end=2026-12-31&locale=de`,
    );
    expect(feed.status).toBe(200);
    const titles = ((await feed.json()) as { title: string }[]).map((item) => item.title);
    expect(titles).toEqual(['Später Jazz', 'Quiz', 'Garden Tour', 'Garden Tour']);
  });

  it('asks without it when none is given, and refuses a malformed one itself', async () => {
    const paths = await asked(() => attributes(proxy.url, 'page=1'));
    expect(paths.every((path) => !path.includes('locale'))).toBe(true);
    expect((await attributes(proxy.url, 'page=1'))[0]).not.toHaveProperty('language');
    const bad = await asked(async () => {
      const res = await fetch(`${proxy.url}${API}?locale=--`);
      expect(res.status).toBe(400);
    });
    expect(bad).toEqual([]);
  });

  it('serves the stops’ untranslated as the upstream gives them', async () => {
    const listed = await attributes(proxy.url, 'locale=fr');
    expect(listed).toEqual(await attributes(origin.url, 'locale=fr'));
    const tour = listed.find((a) => a.title === 'Garden Tour')!;
    expect(tour.occurrences.map((o) => [o.location_label, o.untranslated])).toEqual([
      ['Roseraie', undefined],
      ['Orchard', ['location_label']],
    ]);
  });
});
