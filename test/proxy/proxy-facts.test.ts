/**
 * The facts of docs/api.md §10.18 in proxy mode (docs/proxy.md): from an upstream that sends them
 * (this project's origin) they pass through, the proxy's own lists and pages included; a malformed
 * one is dropped and its event still listed. Our origin never sends a malformed fact, so a small
 * rewriting server between the origin and the proxy makes them (a fault that cannot be caused
 * for real).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAttributes } from '../../shared/contract.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { listedEvents, startProxy, startTamperer, type Running } from './support.js';

const NOW = '2026-12-05T12:00:00Z';
const clock = () => new Date(NOW);

const EVENTS: Record<string, unknown>[] = [
  {
    title: 'Club Night',
    date: '2026-12-10',
    time: '23:00',
    end_time: '04:00',
    price: { currency: 'GBP', min: '12', max: '18' },
    performers: ['DJ Alice', 'Bob'],
    few_tickets_left: true,
  },
  {
    title: 'Tokyo Tour',
    end_time: '21:30',
    price: { currency: 'JPY', min: '1500' },
    occurrences: [
      { date: '2026-12-08', time: '19:00', location: 'Kyoto', end_time: '21:00' },
      { date: '2026-12-12', time: '19:00', location: 'Tokyo' },
    ],
  },
  { title: 'Plain Gig', date: '2026-12-11', time: '20:00' },
];

/** What the rewriting upstream does to event 1's and event 2's attributes. */
const TAMPERED: Record<string, Record<string, unknown>> = {
  '1': {
    price: { currency: 'GBP', min: '-1' },
    performers: 'x',
    end_time: '4am',
    few_tickets_left: 'yes',
  },
  '2': {
    price: { currency: 'JPY', min: '1500.5' },
    performers: ['', 'Bob'],
  },
};

let origin: TestServer;
let proxy: Running;
let tamperer: Running;
let tamperedProxy: Running;

beforeAll(async () => {
  origin = await startServer(venueFile(EVENTS), NOW);
  proxy = await startProxy({ upstream: origin.url, clock });
  tamperer = await startTamperer(origin.url, TAMPERED);
  tamperedProxy = await startProxy({ upstream: tamperer.url, clock });
});
afterAll(async () => {
  await Promise.all([proxy.close(), tamperedProxy.close()]);
  await tamperer.close();
  await origin.close();
});

const API = '/t/test-venue/api/events';

const attributes = async (base: string, query: string): Promise<EventAttributes[]> =>
  (await listedEvents(base, API, query)).map((e) => e.attributes as EventAttributes);

describe('the facts of docs/api.md §10.18 through the proxy', () => {
  it('pass through byte for byte, in the API and in the lists the proxy builds itself', async () => {
    const direct = JSON.stringify(await attributes(origin.url, 'page=1'));
    expect(direct).toContain('"few_tickets_left":true');
    expect(JSON.stringify(await attributes(proxy.url, 'page=1'))).toBe(direct);
    // A filter makes the proxy build the list from the upstream's pages (docs/api.md §10.12).
    expect(JSON.stringify(await attributes(proxy.url, 'start_date=2026-12-01'))).toBe(direct);
  });

  it('the proxy’s search matches performers’ names as the origin’s does', async () => {
    const titles = async (base: string) =>
      (await attributes(base, 'search=alice')).map((a) => a.title);
    expect(await titles(proxy.url)).toEqual(['Club Night']);
    expect(await titles(origin.url)).toEqual(['Club Night']);
  });

  it('a malformed fact is dropped, its event still listed with its good facts', async () => {
    const listed = await attributes(tamperedProxy.url, 'start_date=2026-12-01');
    expect(listed.map((a) => a.title)).toEqual(['Tokyo Tour', 'Club Night', 'Plain Gig']);
    const [tour, club] = listed as [EventAttributes, EventAttributes];
    for (const member of ['price', 'performers', 'end_time', 'few_tickets_left']) {
      expect(club).not.toHaveProperty(member);
    }
    // The tour's own end and its stops' ends were good: kept.
    expect(tour.end_time).toBe('21:00:00');
    expect(tour.occurrences.map((o) => o.end_time)).toEqual(['21:00:00', '21:30:00']);
    expect(tour).not.toHaveProperty('price');
    expect(tour).not.toHaveProperty('performers');
    const page = await (await fetch(`${tamperedProxy.url}/t/test-venue/events`)).text();
    expect(page).toContain('Club Night');
    expect(page).toContain('Tokyo Tour');
  });
});
