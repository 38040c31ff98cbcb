/**
 * Several venues in one listing (docs/api.md §10.16) in proxy mode, whose platform (here our
 * origin on loopback) has no such endpoint: the proxy reads each venue's list pages through its
 * cache and merges them with the zones it is given, as the origin merges its store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse, expectListResponse } from '../support/contract.js';
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

type Listed = { id: string; attributes: { venue: { slug: string; name: string } } };

describe('GET /api/events?venues=… through the proxy', () => {
  it.each(['', '&page=2', '&page=3', '&categories=Jazz', '&search=night%202&page=1'])(
    'lists what the origin lists, in its order (%s)',
    async (extra) => {
      const direct = await (await fetch(`${origin.url}/api/events?${VENUES}${extra}`)).json();
      const res = await fetch(`${proxy.url}/api/events?${VENUES}${extra}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expectListResponse(body);
      expect(body.data.map((e: Listed) => e.id)).toEqual(direct.data.map((e: Listed) => e.id));
      expect(body.meta.total).toBe(direct.meta.total);
      expect(body.links.next).toBe(direct.links.next?.replace(origin.url, proxy.url) ?? null);
      // The platform gives no venue names: the proxy names a venue by its slug.
      for (const e of body.data as Listed[]) {
        expect(e.attributes.venue.name).toBe(e.attributes.venue.slug);
      }
    },
  );

  it('a second request is answered from the memo, asking the platform nothing, with 304 on its ETag', async () => {
    const url = `${proxy.url}/api/events?${VENUES}&categories=Folk`;
    const body = await expectKeptAndRevalidated(url, servers);
    expectListResponse(JSON.parse(body));
  });

  it('the categories of the venues, merged', async () => {
    const direct = await (await fetch(`${origin.url}/api/categories?${VENUES}`)).json();
    const res = await fetch(`${proxy.url}/api/categories?${VENUES}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(direct);
  });
});

describe('GET /api/calendar?venues=… through the proxy', () => {
  it('merges the venues’ feeds as the origin does', async () => {
    const path = `/api/calendar?${VENUES}&start=2026-12-05T00:00:00Z&end=2026-12-09T00:00:00Z`;
    const direct = await (await fetch(origin.url + path)).json();
    const res = await fetch(proxy.url + path);
    expect(res.status).toBe(200);
    type Item = { id: string; start: string; extendedProps: { venue: { slug: string } } };
    const items: Item[] = await res.json();
    const strip = (list: Item[]) => list.map((i) => [i.id, i.start, i.extendedProps.venue.slug]);
    expect(strip(items)).toEqual(strip(direct));
    expect(items.length).toBeGreaterThan(9);
  });
});

describe('bad input through the proxy', () => {
  const expectError = async (res: Response, status: number) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = await res.json();
    expectErrorResponse(body);
    return body.errors[0];
  };
  const headers = { Origin: 'https://guide.example' };

  it('a venue without a configured zone is a 400 naming it, not a UTC guess', async () => {
    const error = await expectError(
      await fetch(`${zoneless.url}/api/events?${VENUES}`, { headers }),
      400,
    );
    expect(error.source).toEqual({ parameter: 'venues' });
    expect(error.detail).toContain('"night-owl"');
    expect(error.detail).toContain('--venue-zone');
  });

  it('--allow-slug applies to every venue named', async () => {
    const error = await expectError(
      await fetch(`${allowing.url}/api/events?${VENUES}`, { headers }),
      404,
    );
    expect(error.detail).toContain('"night-owl"');
  });

  it('an unknown venue is a 404 naming it', async () => {
    const error = await expectError(
      await fetch(`${proxy.url}/api/events?venues=harbour-hall,nigth-owl`, { headers }),
      404,
    );
    expect(error.detail).toContain('"nigth-owl"');
  });

  it.each([
    ['an empty list', 400, '/api/events?venues='],
    [
      'more than 20',
      400,
      `/api/events?venues=${Array.from({ length: 21 }, (_, i) => `v${i}`).join(',')}`,
    ],
    ['another path', 404, '/api/eventz?venues=harbour-hall'],
    ['an encoded path', 404, '/api/events%2F..?venues=harbour-hall'],
  ])('%s → %i', async (_, status, path) => {
    await expectError(await fetch(proxy.url + path, { headers }), status);
  });

  it('a POST is a 405', async () => {
    const res = await fetch(`${proxy.url}/api/events?${VENUES}`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
