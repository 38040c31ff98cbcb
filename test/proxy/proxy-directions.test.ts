/**
 * Directions (docs/api.md §10.25) through the proxy: `directions_url` passes through byte for byte,
 * in the API and in the lists the proxy builds itself (a filter); an upstream's that is not https
 * is dropped from what the proxy builds, its event kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { listedEvents, startProxy, startTamperer, type Running } from './support.js';

const NOW = '2026-12-05T12:00:00Z';
const clock = () => new Date(NOW);
const API = '/t/test-venue/api/events';
const WAY = 'https://www.openstreetmap.org/directions?to=51.5226%2C-0.0754';
const AWAY = 'https://www.openstreetmap.org/directions?to=53.4808%2C-2.2426';

const FILE = venueFile([
  { title: 'Home Night', date: '2026-12-10', time: '20:00' },
  {
    title: 'Away Tour',
    occurrences: [
      { date: '2026-12-08', time: '19:30', geo: { lat: 53.4808, lon: -2.2426 } },
      { date: '2026-12-12', time: '19:30' },
    ],
  },
]) as { venues: Record<string, unknown>[] };
FILE.venues[0]!.geo = { lat: 51.5226, lon: -0.0754 };

let origin: TestServer;
let proxy: Running;
let tamperer: Running;
let tamperedProxy: Running;

beforeAll(async () => {
  origin = await startServer(FILE, NOW);
  proxy = await startProxy({ upstream: origin.url, clock });
  tamperer = await startTamperer(origin.url, {
    '1': { directions_url: 'http://maps.example/to/venue' },
  });
  tamperedProxy = await startProxy({ upstream: tamperer.url, clock });
});
afterAll(async () => {
  await Promise.all([proxy.close(), tamperedProxy.close()]);
  await tamperer.close();
  await origin.close();
});

const listed = (base: string, query: string) => listedEvents(base, API, query);

const attributesOf = async (base: string, query: string) =>
  JSON.stringify((await listed(base, query)).map((e) => e.attributes));

describe('directions through the proxy', () => {
  it('pass through byte for byte, in the API and in the lists the proxy builds itself', async () => {
    const direct = await attributesOf(origin.url, 'page=1');
    expect(direct).toContain(`"directions_url":"${WAY}"`);
    expect(direct).toContain(`"directions_url":"${AWAY}"`);
    expect(await attributesOf(proxy.url, 'page=1')).toBe(direct);
    // A filter makes the proxy build the list from the upstream's pages (docs/api.md §10.12).
    expect(await attributesOf(proxy.url, 'start_date=2026-12-01')).toBe(direct);
  });

  it('one that is not https is dropped from what the proxy builds, its event kept', async () => {
    const events = await listed(tamperedProxy.url, 'start_date=2026-12-01');
    const home = events.find((e) => e.id === '1')!;
    expect(home.attributes.title).toBe('Home Night');
    expect(home.attributes).not.toHaveProperty('directions_url');
    const tour = events.find((e) => e.id === '2')!;
    expect((tour.attributes as { directions_url?: string }).directions_url).toBe(AWAY);
  });
});
