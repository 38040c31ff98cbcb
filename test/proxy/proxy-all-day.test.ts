/**
 * All-day dates (docs/api.md §10.22) through the proxy: `all_day` and `end_date` pass through byte
 * for byte, in the API and in the lists the proxy builds itself (a filter), its pages say "All
 * day"; an upstream's malformed member is dropped from what the proxy builds, its event kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { listedEvents, startProxy, startTamperer, type Running } from './support.js';

const NOW = '2026-12-05T12:00:00Z';
const clock = () => new Date(NOW);
const API = '/t/test-venue/api/events';

const EVENTS: Record<string, unknown>[] = [
  { title: 'Winter Fair', date: '2026-12-12', all_day: true, end_date: '2026-12-14' },
  {
    title: 'Craft Tour',
    occurrences: [
      { date: '2026-12-08', all_day: true },
      { date: '2026-12-10', time: '19:30' },
    ],
  },
  { title: 'Plain Gig', date: '2026-12-11', time: '20:00' },
];

let origin: TestServer;
let proxy: Running;
let tamperer: Running;
let tamperedProxy: Running;

beforeAll(async () => {
  origin = await startServer(venueFile(EVENTS), NOW);
  proxy = await startProxy({ upstream: origin.url, clock });
  tamperer = await startTamperer(origin.url, { '1': { all_day: 'yes', end_date: '14/12' } });
  tamperedProxy = await startProxy({ upstream: tamperer.url, clock });
});
afterAll(async () => {
  await Promise.all([proxy.close(), tamperedProxy.close()]);
  await tamperer.close();
  await origin.close();
});

const listed = (base: string, query: string) => listedEvents(base, API, query);

/** The attributes of a list, as JSON: what the proxy passes on (its links are its own). */
const attributesOf = async (base: string, query: string) =>
  JSON.stringify((await listed(base, query)).map((e) => e.attributes));

describe('all-day dates through the proxy', () => {
  it('pass through byte for byte, in the API and in the lists the proxy builds itself', async () => {
    const direct = await attributesOf(origin.url, 'page=1');
    expect(direct).toContain('"all_day":true,"end_date":"2026-12-14"');
    expect(await attributesOf(proxy.url, 'page=1')).toBe(direct);
    // A filter makes the proxy build the list from the upstream's pages (docs/api.md §10.12).
    expect(await attributesOf(proxy.url, 'start_date=2026-12-01')).toBe(direct);
  });

  it('its pages say "All day"', async () => {
    const res = await fetch(`${proxy.url}/t/test-venue/events`);
    const html = await res.text();
    expect(html).toContain('<time datetime="2026-12-08">Tue, 8 Dec 2026</time>, All day');
  });

  it('a malformed member is dropped from what the proxy builds, its event kept', async () => {
    const fair = (await listed(tamperedProxy.url, 'start_date=2026-12-01')).find(
      (e) => e.id === '1',
    )!;
    expect(fair.attributes).not.toHaveProperty('all_day');
    expect(fair.attributes).not.toHaveProperty('end_date');
  });
});
