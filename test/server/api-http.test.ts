import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectErrorResponse, expectSingleResponse } from '../support/contract.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { STORE_KIND } from '../support/store.js';

const cancelled = {
  status: 'cancelled',
  cancellation_reason: 'Ill.',
  cancelled_at: '2026-12-01T10:00:00Z',
};
const file = venueFile([
  { title: 'Open', date: '2026-12-10', time: '20:00' },
  { title: 'Draft', date: '2026-12-10', time: '20:00', status: 'draft' },
  { title: 'Private', date: '2026-12-10', time: '20:00', visibility: 'private' },
  {
    title: 'Hidden cancelled',
    date: '2026-12-10',
    time: '20:00',
    ...cancelled,
    cancelled_visibility: 'hidden',
  },
  { title: 'Listed cancelled', date: '2026-12-10', time: '20:00', ...cancelled },
  {
    title: 'Closing soon',
    date: '2026-12-05',
    time: '20:00',
    sales: { close_at: '2026-12-05T12:00:30Z' },
  },
  { title: 'Past', date: '2026-11-01', time: '20:00' },
]);

let server: TestServer;
beforeAll(async () => {
  server = await startServer(file, '2026-12-05T12:00:00Z');
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

describe('GET /t/{slug}/api/events/{id} (spec §4.2)', () => {
  it.each([
    ['1', 'Open', 'open'],
    ['5', 'Listed cancelled', 'closed'],
    ['7', 'Past', 'closed'],
  ])('id %s → 200 %s', async (id, title, status) => {
    const res = await get(`/t/test-venue/api/events/${id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expectSingleResponse(body);
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toMatchObject({ id, attributes: { title, ticket_office: { status } } });
    expect(body.data.links.self).toBe(`${server.url}/t/test-venue/api/events/${id}`);
  });

  it('links.self can be followed directly', async () => {
    const list = await (await get('/t/test-venue/api/events')).json();
    const self = list.data[0].links.self as string;
    const one = await (await fetch(self)).json();
    expect(one.data).toEqual(list.data[0]);
  });

  it.each([
    ['draft', '2'],
    ['private', '3'],
    ['hidden-cancelled', '4'],
    ['unknown id', '999'],
    ['non-numeric id', 'abc'],
    ['zero', '0'],
    ['leading zero', '01'],
    ['negative', '-1'],
    ['decimal', '1.5'],
    ['huge', '99999999999999999999'],
  ])('404 for %s', async (_kind, id) => {
    const res = await get(`/t/test-venue/api/events/${id}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expectErrorResponse(await res.json());
  });

  it('404 for an event of another venue', async () => {
    const res = await get('/t/other-venue/api/events/1');
    expect(res.status).toBe(404);
  });
});

describe('HTTP semantics (decisions.md "Errors", "Caching and CORS")', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s → 405 with Allow', async (method) => {
    for (const path of ['/t/test-venue/api/events', '/t/test-venue/api/events/1']) {
      const res = await get(path, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expectErrorResponse(await res.json());
    }
  });

  it.each([
    '/t/test-venue/api/venues',
    '/t/test-venue/api/events/1/tickets',
    '/t/test-venue/api',
    '/nope',
  ])('unknown path %s → 404 JSON', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expectErrorResponse(await res.json());
  });

  it('HEAD gives the GET headers without a body', async () => {
    const [head, full] = await Promise.all([
      get('/t/test-venue/api/events', { method: 'HEAD' }),
      get('/t/test-venue/api/events'),
    ]);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    expect(head.headers.get('content-type')).toBe(full.headers.get('content-type'));
  });

  it('strong ETag; If-None-Match answers 304 with no body', async () => {
    const first = await get('/t/test-venue/api/events/1');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/t/test-venue/api/events/1', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await get('/t/test-venue/api/events/1', {
      headers: { 'If-None-Match': '"other"' },
    });
    expect(other.status).toBe(200);
  });

  it('the ETag changes when the response does', async () => {
    const before = (await get('/t/test-venue/api/events')).headers.get('etag');
    server.setNow('2026-12-05T12:00:31Z'); // the scheduled closure of "Closing soon" has fired
    const after = await get('/t/test-venue/api/events');
    expect(after.headers.get('etag')).not.toBe(before);
    const body = await after.json();
    expect(body.data[0].attributes.ticket_office).toMatchObject({
      status: 'closed',
      reason: 'scheduled',
    });
    server.setNow('2026-12-05T12:00:00Z');
  });

  it('Cache-Control max-age never passes a pending closure, and is at most 60 s', async () => {
    expect((await get('/t/test-venue/api/events')).headers.get('cache-control')).toBe(
      'public, max-age=30',
    );
    expect((await get('/t/test-venue/api/events/1')).headers.get('cache-control')).toBe(
      'public, max-age=60',
    );
    server.setNow('2026-12-05T23:59:20Z'); // venue midnight (London, GMT) in 40 s
    expect((await get('/t/test-venue/api/events/1')).headers.get('cache-control')).toBe(
      'public, max-age=40',
    );
    server.setNow('2026-12-05T12:00:00Z');
  });

  it('CORS: any origin by default, preflight answered with 204', async () => {
    const res = await get('/t/test-venue/api/events', {
      headers: { Origin: 'https://venue.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const pre = await get('/t/test-venue/api/events', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://venue.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'if-none-match',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('GET /healthz', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers while the store answers', async () => {
    const res = await get('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', store: STORE_KIND });
  });
});

describe('API paths match exactly (decisions.md "Errors")', () => {
  it.each(['/t/test-venue/API/events', '/t/test-venue/api/EVENTS/1'])(
    '%s → 404 JSON',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expectErrorResponse(await res.json());
    },
  );
});

describe('venue slugs (spec §4)', () => {
  it.each([
    ['not a slug', 'Blue_Room'],
    ['upper case', 'Test-Venue'],
    ['longer than a venue file allows', 'a'.repeat(300)],
  ])('%s → the unknown-venue 404, without a store read', async (_kind, slug) => {
    const unknown = await (await get('/t/no-such-venue/api/events')).json();
    const venue = vi.spyOn(server.store, 'venue');
    try {
      const res = await get(`/t/${slug}/api/events`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await res.json();
      expectErrorResponse(body);
      expect(JSON.stringify(body)).toBe(JSON.stringify(unknown).replace('no-such-venue', slug));
      expect(venue).not.toHaveBeenCalled();
    } finally {
      venue.mockRestore();
    }
  });
});

describe('CORS allow-list', () => {
  it('answers only the listed origins', async () => {
    const listed = await startServer(file, '2026-12-05T12:00:00Z', {
      corsOrigins: ['https://venue.example'],
    });
    try {
      const ok = await fetch(`${listed.url}/t/test-venue/api/events`, {
        headers: { Origin: 'https://venue.example' },
      });
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://venue.example');
      expect(ok.headers.get('vary')).toMatch(/Origin/);
      const no = await fetch(`${listed.url}/t/test-venue/api/events`, {
        headers: { Origin: 'https://evil.example' },
      });
      expect(no.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await listed.close();
    }
  });
});

describe('event page (where buy links point)', () => {
  it('names the event, escaped, with its venue-local date', async () => {
    const page = await startServer(
      venueFile([
        {
          title: '<b>Jazz</b> & Blues',
          slug: 'jazz',
          date: '2026-12-07',
          time: '19:30',
          location: 'Main Room',
        },
      ]),
      '2026-12-05T12:00:00Z',
    );
    try {
      const res = await fetch(`${page.url}/t/test-venue/events/jazz`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('<h1>&#60;b&#62;Jazz&#60;/b&#62; &#38; Blues</h1>');
      expect(html).toMatch(/Mon,? 7 Dec 2026,? 19:30/);
      expect(html).not.toContain('<b>Jazz');
      const missing = await fetch(`${page.url}/t/test-venue/events/nope`);
      expect(missing.status).toBe(404);
      expectErrorResponse(await missing.json());
    } finally {
      await page.close();
    }
  });
});
