/**
 * Access information in proxy mode (docs/api.md §10.15, docs/proxy.md): the upstream platform
 * has no access data, so the proxy offers none — `/api/access` is `{"data":[]}` and an `access`
 * filter matches nothing — even when, as here, the upstream is this project's origin serving a
 * venue whose events declare access provisions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../shared/contract.js';
import { expectErrorResponse, expectListResponse } from '../support/contract.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

const NOW = '2026-12-05T12:00:00Z';

let origin: TestServer;
let proxy: Running;

beforeAll(async () => {
  origin = await startServer(
    venueFile([
      { title: 'Captioned Play', date: '2026-12-10', time: '19:30', access: ['captioned'] },
      { title: 'Plain Gig', date: '2026-12-11', time: '20:00' },
    ]),
    NOW,
  );
  proxy = await startProxy({ upstream: origin.url, clock: () => new Date(NOW) });
});
afterAll(async () => {
  await proxy.close();
  await origin.close();
});

const api = (rest: string) => `${proxy.url}/t/test-venue/api/${rest}`;

describe('access in proxy mode (docs/api.md §10.15)', () => {
  it('/api/access is {"data":[]}, cached like the categories; the origin’s has data', async () => {
    const direct = await fetch(`${origin.url}/t/test-venue/api/access`);
    expect(((await direct.json()) as { data: unknown[] }).data).toHaveLength(1);
    const res = await fetch(api('access'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"data":[]}');
    expect(res.headers.get('etag')).toMatch(/^"/);
    expect((await fetch(api('access'), { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${proxy.url}/t/nowhere/api/access`)).status).toBe(404);
  });

  it('an access filter matches nothing; a bad one is the API’s 400', async () => {
    const res = await fetch(api('events?access=captioned'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as ListResponse;
    expectListResponse(body);
    expect(body.meta.total).toBe(0);
    expect(body.links.first).toBe(`${proxy.url}/t/test-venue/api/events?access=captioned&page=1`);
    const bad = await fetch(api('events?access=teleport'));
    expect(bad.status).toBe(400);
    const error = (await bad.json()) as { errors: { source?: { parameter: string } }[] };
    expectErrorResponse(error);
    expect(error.errors[0]!.source?.parameter).toBe('access');
    const feed = await fetch(api('calendar?start=2026-12-01&end=2027-01-01&access=captioned'));
    expect(await feed.json()).toEqual([]);
  });

  it('the listing page offers no access filter', async () => {
    const text = await (await fetch(`${proxy.url}/t/test-venue/events?search=play`)).text();
    expect(text).toContain('Captioned Play');
    expect(text).not.toContain('<legend>Access</legend>');
  });
});
