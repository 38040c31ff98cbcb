/**
 * Access information (docs/api.md §10.15) over the real app and a real store (SQLite here,
 * PostgreSQL in the `postgres` project): what a client sees of a venue whose events declare
 * access provisions — the `access` members of events and stops, the `access` list filter, the
 * `/api/access` resource, the calendar feed, the pages and their JSON-LD — and that a venue
 * without any access data is served exactly as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { openStore } from '../../server/store/open-store.js';
import type { ErrorResponse, EventResource, ListResponse } from '../../shared/contract.js';
import type { FeedEvent } from '../../shared/rules/calendar-feed.js';
import { parseListFilter } from '../../shared/rules/filters.js';
import { expectErrorResponse, expectListResponse } from '../support/contract.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { openTestStore, storeMadeBefore } from '../support/store.js';

const NOW = '2026-12-05T12:00:00Z'; // venue-local today: 2026-12-05 (Europe/London)

const EVENTS: Record<string, unknown>[] = [
  {
    title: 'Captioned Play',
    slug: 'captioned-play',
    category: 'Theatre',
    date: '2026-12-10',
    time: '19:30',
    // Given out of order: served in vocabulary order.
    access: ['captioned', 'wheelchair'],
  },
  { title: 'Plain Gig', slug: 'plain-gig', date: '2026-12-11', time: '20:00' },
  {
    title: 'Access Tour',
    slug: 'access-tour',
    category: 'Theatre',
    access: ['step_free'],
    occurrences: [
      { date: '2026-12-01', time: '19:00', location: 'Durham', access: ['hearing_loop'] },
      { date: '2026-12-08', time: '19:00', location: 'Leeds' },
      {
        date: '2026-12-18',
        time: '19:30',
        location: 'York',
        access: ['sign_language', 'captioned', 'step_free'],
      },
      { date: '2027-01-10', time: '19:30', location: 'Bath', access: [] },
    ],
  },
  { title: 'Relaxed Matinee', date: '2026-12-20', time: '14:00', access: ['relaxed'] },
  {
    title: 'Draft Loop',
    date: '2026-12-12',
    time: '20:00',
    status: 'draft',
    access: ['hearing_loop'],
  },
  { title: 'Past Loop', date: '2026-12-01', time: '20:00', access: ['hearing_loop'] },
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer(venueFile(EVENTS), NOW);
});
afterAll(() => server.close());

const API = '/t/test-venue/api';

async function get(path: string, init?: RequestInit) {
  const res = await fetch(`${server.url}${path}`, init);
  return { res, text: await res.text() };
}

async function list(query = ''): Promise<ListResponse> {
  const { res, text } = await get(`${API}/events${query ? `?${query}` : ''}`);
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as ListResponse;
  expectListResponse(body);
  return body;
}

const titles = async (query: string) => (await list(query)).data.map((e) => e.attributes.title);

async function badParameter(path: string): Promise<string | undefined> {
  const { res, text } = await get(path);
  expect(res.status, text).toBe(400);
  const body = JSON.parse(text) as ErrorResponse;
  expectErrorResponse(body);
  return body.errors[0]!.source?.parameter;
}

const byTitle = (events: EventResource[], title: string) =>
  events.find((e) => e.attributes.title === title)!;

describe('access members of events and stops (docs/api.md §10.15)', () => {
  it('a single event carries its list last, after ticket_office, in vocabulary order', async () => {
    const play = byTitle((await list()).data, 'Captioned Play');
    expect(Object.keys(play.attributes).slice(-2)).toEqual(['ticket_office', 'access']);
    expect(play.attributes.access).toEqual(['wheelchair', 'captioned']);
    expect(play.attributes.occurrences).toEqual([]);
  });

  it('a tour: the current stop’s effective list; each stop its own, else the event’s', async () => {
    const tour = byTitle((await list()).data, 'Access Tour');
    const a = tour.attributes;
    expect(a.access).toEqual(['step_free']); // 2026-12-08, Leeds: no list of its own
    expect(a.next_occurrence?.access).toEqual(['step_free']);
    expect(a.occurrences.map((o) => [o.location_label, o.access])).toEqual([
      ['Durham', ['hearing_loop']],
      ['Leeds', ['step_free']],
      ['York', ['step_free', 'captioned', 'sign_language']],
      ['Bath', []],
    ]);
    for (const o of a.occurrences) expect(Object.keys(o).at(-1)).toBe('access');
    // When the current stop moves on to York, the event's list follows it.
    server.setNow('2026-12-15T12:00:00Z');
    try {
      const { text } = await get(`${API}/events/${tour.id}`);
      const moved = (JSON.parse(text) as { data: EventResource }).data.attributes;
      expect(moved.access).toEqual(['step_free', 'captioned', 'sign_language']);
    } finally {
      server.setNow(NOW);
    }
  });

  it('an event without access data anywhere gets no member, nor do its stops', async () => {
    const { text } = await get(`${API}/events/2`);
    expect(text).not.toContain('"access"');
    expect(Object.keys((JSON.parse(text) as { data: EventResource }).data.attributes).at(-1)).toBe(
      'ticket_office',
    );
  });

  it('a venue without access data is served byte for byte as before', async () => {
    const plain = await startServer(
      venueFile([
        { title: 'Gig', slug: 'gig', date: '2026-12-10', time: '20:00' },
        {
          title: 'Tour',
          slug: 'tour',
          occurrences: [{ date: '2026-12-12', time: '19:00', location: 'Leeds' }],
        },
      ]),
      NOW,
    );
    try {
      const res = await fetch(`${plain.url}/t/test-venue/api/events/2`);
      const office =
        '{"status":"open","reason":null,"closes_at":null,"closed_at":null,"message":null}';
      const stop =
        '{"occurrence_date":"2026-12-12","time_label":"7:00 PM","location_label":"Leeds","status":"scheduled"}';
      expect(await res.text()).toBe(
        `{"data":{"type":"events","id":"2","attributes":{"title":"Tour","slug":"tour","category":"",` +
          `"event_date":"2026-12-12T00:00:00.000000Z","event_time":"19:00:00","date_mode":"multiple",` +
          `"occurrence_count":1,"next_occurrence":${stop},"occurrences":[${stop}],"description":"",` +
          `"location":"","over_18":false,"publish_status":"published","tickets_enabled":true,` +
          `"show_images":false,"small_image_path":null,"cancellation_reason":null,"cancelled_at":null,` +
          `"ticket_office":${office}},"links":{"self":"${plain.url}/t/test-venue/api/events/2"}}}`,
      );
      const listText = await (await fetch(`${plain.url}/t/test-venue/api/events`)).text();
      expect(listText).not.toContain('access');
      const access = await fetch(`${plain.url}/t/test-venue/api/access`);
      expect(await access.json()).toEqual({ data: [] });
    } finally {
      await plain.close();
    }
  });

  it('the earlier shape carries access last too', async () => {
    const earlier = await startServer(venueFile(EVENTS.slice(0, 1), { api_shape: 'earlier' }), NOW);
    try {
      const res = await fetch(`${earlier.url}/t/test-venue/api/events/1`);
      const a = ((await res.json()) as { data: EventResource }).data.attributes;
      expect('ticket_office' in a).toBe(false);
      expect(Object.keys(a).at(-1)).toBe('access');
    } finally {
      await earlier.close();
    }
  });
});

describe('the access filter (docs/api.md §10.15)', () => {
  it('needs every id on one listed date: a past stop does not count, a draft never', async () => {
    expect(await titles('access=captioned')).toEqual(['Access Tour', 'Captioned Play']);
    expect(await titles('access=captioned,wheelchair')).toEqual(['Captioned Play']);
    expect(await titles('access=sign_language,captioned')).toEqual(['Access Tour']);
    // Leeds is step-free and York captioned, but no one date is wheelchair and step-free.
    expect(await titles('access=wheelchair,step_free')).toEqual([]);
    expect(await titles('access=hearing_loop')).toEqual([]);
    expect(await titles('access=relaxed')).toEqual(['Relaxed Matinee']);
  });

  it('with a date range, the date having them must be inside it', async () => {
    expect(await titles('access=captioned&start_date=2026-12-12')).toEqual(['Access Tour']);
    expect(await titles('access=step_free&end_date=2026-12-09')).toEqual(['Access Tour']);
    // Bath (2027-01-10) declares an empty list, replacing the tour's step-free access.
    expect(await titles('access=step_free&start_date=2026-12-19&end_date=2027-01-31')).toEqual([]);
    expect(await titles('access=captioned&categories=theatre')).toEqual([
      'Access Tour',
      'Captioned Play',
    ]);
  });

  it('links carry access canonically, right after categories', async () => {
    const body = await list('search=play&access=captioned,wheelchair&categories=Theatre');
    expect(body.data.map((e) => e.attributes.title)).toEqual(['Captioned Play']);
    expect(body.links.first).toBe(
      `${server.url}${API}/events?categories=theatre&access=wheelchair%2Ccaptioned&search=play&page=1`,
    );
    expect(body.meta.total).toBe(1);
  });

  it('an unknown id, an id given twice or the parameter twice is a 400 naming access', async () => {
    expect(await badParameter(`${API}/events?access=teleport`)).toBe('access');
    expect(await badParameter(`${API}/events?access=captioned,captioned`)).toBe('access');
    expect(await badParameter(`${API}/events?access=captioned&access=relaxed`)).toBe('access');
    expect(await badParameter(`${API}/events?access=Captioned`)).toBe('access');
  });

  it('an empty value is no filter', async () => {
    expect((await list('access=')).meta.total).toBe((await list()).meta.total);
  });
});

describe('GET /t/{slug}/api/access (docs/api.md §10.15)', () => {
  it('counts listed events per id on any listed date, in vocabulary order, only ids present', async () => {
    const { res, text } = await get(`${API}/access`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const entry = (id: string, name: string, count: number) => ({
      type: 'access',
      id,
      attributes: { name, count },
    });
    expect(JSON.parse(text)).toEqual({
      data: [
        entry('wheelchair', 'Wheelchair accessible', 1),
        entry('step_free', 'Step-free access', 1),
        entry('captioned', 'Captioned', 2),
        entry('sign_language', 'Sign language interpreted', 1),
        entry('relaxed', 'Relaxed performance', 1),
      ],
    });
  });

  it('is cached as the list: ETag and 304, HEAD, CORS, 405 for other methods', async () => {
    const { res } = await get(`${API}/access`);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect((await get(`${API}/access`, { headers: { 'If-None-Match': etag } })).res.status).toBe(
      304,
    );
    const head = await get(`${API}/access`, { method: 'HEAD' });
    expect([head.res.status, head.text]).toEqual([200, '']);
    expect((await get(`${API}/access`, { method: 'POST' })).res.status).toBe(405);
    expect((await get(`${API}/Access`)).res.status).toBe(404);
  });
});

describe('the calendar feed with access (docs/api.md §10.14, §10.15)', () => {
  const feed = async (query: string) => {
    const { res, text } = await get(`${API}/calendar?start=2026-12-01&end=2027-02-01&${query}`);
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as FeedEvent[];
  };

  it('each date carries its effective list when the event has access data', async () => {
    const all = await feed('');
    const props = (id: string) => all.find((e) => e.id === id)!.extendedProps;
    expect(props('1-2026-12-10-1930').access).toEqual(['wheelchair', 'captioned']);
    expect(props('3-2026-12-08-1900').access).toEqual(['step_free']);
    expect(props('3-2027-01-10-1930').access).toEqual([]);
    expect('access' in props('2-2026-12-11-2000')).toBe(false);
  });

  it('access keeps only the dates having every id; a bad one is a 400', async () => {
    expect((await feed('access=captioned')).map((e) => e.id)).toEqual([
      '1-2026-12-10-1930',
      '3-2026-12-18-1930',
    ]);
    expect(await badParameter(`${API}/calendar?start=2026-12-01&end=2027-01-01&access=x`)).toBe(
      'access',
    );
  });
});

describe('the pages (docs/api.md §10.5, §10.15)', () => {
  it('the listing page offers an Access fieldset and reads the checkboxes it sends', async () => {
    const { text } = await get('/t/test-venue/events');
    expect(text).toContain('<legend>Access</legend>');
    expect(text).toContain('<input type="checkbox" name="access" value="captioned"> Captioned (2)');
    expect(text).toContain('<p class="access">Access: Wheelchair accessible, Captioned</p>');
    const filtered = await get('/t/test-venue/events?access=captioned&access=wheelchair');
    expect(filtered.res.status).toBe(200);
    expect(filtered.text).toContain('value="captioned" checked');
    expect(filtered.text).toContain('1 event matches these filters');
    expect(filtered.text).toContain('href="/t/test-venue/events/captioned-play"');
    expect(filtered.text).not.toContain('href="/t/test-venue/events/access-tour"');
    const bad = await get('/t/test-venue/events?access=teleport');
    expect(bad.res.status).toBe(400);
    expect(bad.text).toContain('id="filter-access-error"');
  });

  it('a venue without access data has no Access fieldset', async () => {
    const plain = await startServer(venueFile([{ date: '2026-12-10', time: '20:00' }]), NOW);
    try {
      const text = await (await fetch(`${plain.url}/t/test-venue/events`)).text();
      expect(text).not.toContain('Access');
    } finally {
      await plain.close();
    }
  });

  it('the month view filters the days by access too', async () => {
    const { text } = await get('/t/test-venue/events?view=calendar&month=2026-12&access=captioned');
    expect(text).toContain('<legend>Access</legend>');
    expect(text).toContain('href="/t/test-venue/events/access-tour#stop-2026-12-18-1930"');
    expect(text).not.toContain('href="/t/test-venue/events/access-tour#stop-2026-12-08-1900"');
  });

  it('the event page lists the provisions under "Access", per stop when stops differ', async () => {
    const play = await get('/t/test-venue/events/captioned-play');
    expect(play.text).toContain(
      '<h2>Access</h2>\n<ul class="access">\n<li>Wheelchair accessible</li>\n<li>Captioned</li>\n</ul>',
    );
    const tour = await get('/t/test-venue/events/access-tour');
    expect(tour.text).toContain('<h2>Access</h2>');
    expect(tour.text).toMatch(/Leeds: Step-free access<\/li>/);
    expect(tour.text).toMatch(/York: Step-free access, Captioned, Sign language interpreted<\/li>/);
    expect(tour.text).toMatch(/Bath: none listed<\/li>/);
    const gig = await get('/t/test-venue/events/plain-gig');
    expect(gig.text).not.toContain('Access');
  });

  it('JSON-LD: place features as amenityFeature, performance features on workPerformed', async () => {
    const { text } = await get('/t/test-venue/events/captioned-play');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(text)![1]!;
    const [event] = JSON.parse(json) as Record<string, unknown>[];
    expect((event!.location as Record<string, unknown>).amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Wheelchair accessible', value: true },
    ]);
    expect(event!.workPerformed).toEqual({
      '@type': 'CreativeWork',
      name: 'Captioned Play',
      accessibilityFeature: ['captions'],
    });
  });
});

describe('the venue file (docs/venue-file.md)', () => {
  it('rejects unknown and duplicate ids with their JSON paths, the whole file unchanged', async () => {
    const store = await openTestStore();
    try {
      const bad = venueFile([
        { date: '2026-12-10', time: '20:00', access: ['wheelchair', 'ramp'] },
        {
          access: ['captioned'],
          occurrences: [{ date: '2026-12-12', time: '19:00', access: ['relaxed', 'relaxed'] }],
        },
      ]);
      const error = await importVenueFile(store, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VenueFileError);
      const paths = (error as VenueFileError).problems.map((p) => p.path);
      expect(paths).toContain('venues[0].events[0].access[1]');
      expect(paths).toContain('venues[0].events[1].occurrences[0].access[1]');
      expect(await store.venue('test-venue')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

/** Undoes the access migration (4): the schema of the version before, per store. */
const BEFORE_ACCESS = {
  sqlite: 'DROP TABLE event_access;',
  postgres: 'DROP TABLE event_access',
};

describe('a database made before access information', () => {
  it('migrates on opening, its stored access data filterable without a re-import', async () => {
    const location = await storeMadeBefore(3, BEFORE_ACCESS, venueFile(EVENTS));

    const store = await openStore(location);
    try {
      const listed = async (access: string) =>
        (await store.listed('test-venue', '2026-12-05', 0, 50, parseListFilter({ access }))).map(
          (e) => e.title,
        );
      expect(await listed('captioned')).toEqual(['Access Tour', 'Captioned Play']);
      const counts = await store.access('test-venue', '2026-12-05');
      expect(counts.find((c) => c.id === 'captioned')?.count).toBe(2);
    } finally {
      await store.close();
    }
  });
});
