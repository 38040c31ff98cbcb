/**
 * The facts of docs/api.md §10.18 — end time, price, performers, few tickets left — over the
 * real app and a real store (SQLite here, PostgreSQL in the `postgres` project): each served as
 * decided (docs/decisions.md "Price, performers, end time, few tickets left"), none in the earlier
 * shape, search finding performers, and an event without them served exactly as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAttributes, EventResource, ListResponse } from '../../shared/contract.js';
import { expectListResponse, expectSingleResponse } from '../support/contract.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';

const NOW = '2026-12-05T12:00:00Z'; // venue-local today: 2026-12-05 (Europe/London)

const EVENTS: Record<string, unknown>[] = [
  {
    title: 'Club Night',
    slug: 'club-night',
    date: '2026-12-10',
    time: '23:00',
    end_time: '04:00',
    price: { currency: 'GBP', min: '12', max: '18.5' },
    performers: ['  DJ Alice ', 'Bob', 'Carol Ng'],
    few_tickets_left: true,
  },
  {
    title: 'Tokyo Strings',
    slug: 'tokyo-strings',
    end_time: '21:30',
    price: { currency: 'JPY', min: '1500' },
    occurrences: [
      { date: '2026-12-01', time: '19:00', location: 'Osaka', end_time: '21:00' },
      { date: '2026-12-08', time: '19:00', location: 'Kyoto' },
      { date: '2026-12-12', time: '19:30', location: 'Tokyo', end_time: '22:45' },
    ],
  },
  {
    title: 'Free Gig',
    slug: 'free-gig',
    date: '2026-12-11',
    time: '20:00',
    price: { currency: 'GBP', min: '0' },
  },
  {
    title: 'Sold By Hand',
    slug: 'sold-by-hand',
    date: '2026-12-13',
    time: '20:00',
    few_tickets_left: true,
    sales: { closed_manually_at: '2026-12-04T10:00:00Z' },
  },
  {
    title: 'Closing Soon',
    slug: 'closing-soon',
    date: '2026-12-14',
    time: '20:00',
    few_tickets_left: true,
    sales: { close_at: '2026-12-06T18:00:00Z' },
  },
  {
    title: 'Ended Rush',
    slug: 'ended-rush',
    date: '2026-12-01',
    time: '20:00',
    few_tickets_left: true,
  },
  { title: 'Plain Gig', slug: 'plain-gig', date: '2026-12-15', time: '20:00', performers: [] },
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer(venueFile(EVENTS), NOW);
});
afterAll(() => server.close());

const API = '/t/test-venue/api';

async function list(query = ''): Promise<ListResponse> {
  const res = await fetch(`${server.url}${API}/events${query ? `?${query}` : ''}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as ListResponse;
  expectListResponse(body);
  return body;
}

async function one(
  id: number,
  base = server.url,
  shape: 'current' | 'earlier' = 'current',
): Promise<EventAttributes> {
  const body = (await (await fetch(`${base}${API}/events/${id}`)).json()) as {
    data: EventResource;
  };
  expectSingleResponse(body, shape);
  return body.data.attributes as EventAttributes;
}

const byTitle = (events: EventResource[], title: string) =>
  events.find((e) => e.attributes.title === title)!.attributes as EventAttributes;

describe('the facts of docs/api.md §10.18', () => {
  it('come after ticket_office in the contract’s order, amounts normalised, names trimmed', async () => {
    const club = byTitle((await list()).data, 'Club Night');
    expect(Object.keys(club).slice(-5)).toEqual([
      'ticket_office',
      'end_time',
      'price',
      'performers',
      'few_tickets_left',
    ]);
    expect(club.end_time).toBe('04:00:00'); // before the start: the next day
    expect(club.price).toEqual({ currency: 'GBP', min: '12.00', max: '18.50' });
    expect(club.performers).toEqual(['DJ Alice', 'Bob', 'Carol Ng']);
    expect(club.few_tickets_left).toBe(true);
  });

  it('a price without max is one price, in the currency’s own digits (JPY, free)', async () => {
    const { data } = await list();
    expect(byTitle(data, 'Tokyo Strings').price).toEqual({ currency: 'JPY', min: '1500' });
    expect(byTitle(data, 'Free Gig').price).toEqual({ currency: 'GBP', min: '0.00' });
  });

  it('a tour: its end_time is the current stop’s; each compact occurrence carries its own', async () => {
    const tour = await one(2);
    // Current stop: Kyoto (2026-12-08), without an end of its own: the event's.
    expect(tour.end_time).toBe('21:30:00');
    expect(tour.next_occurrence?.end_time).toBe('21:30:00');
    expect(tour.occurrences.map((o) => [o.location_label, o.end_time])).toEqual([
      ['Osaka', '21:00:00'],
      ['Kyoto', '21:30:00'],
      ['Tokyo', '22:45:00'],
    ]);
    for (const o of tour.occurrences) expect(Object.keys(o).at(-1)).toBe('end_time');
    server.setNow('2026-12-10T12:00:00Z');
    try {
      expect((await one(2)).end_time).toBe('22:45:00');
    } finally {
      server.setNow(NOW);
    }
  });

  it('few_tickets_left only while the office is open: a closed office wins', async () => {
    const { data } = await list();
    expect(byTitle(data, 'Closing Soon').few_tickets_left).toBe(true);
    const byHand = byTitle(data, 'Sold By Hand');
    expect(byHand.ticket_office.reason).toBe('manual');
    expect(byHand).not.toHaveProperty('few_tickets_left');
    const ended = await one(6);
    expect(ended.ticket_office.reason).toBe('event_ended');
    expect(ended).not.toHaveProperty('few_tickets_left');
    // Once the scheduled closure passes, the flag goes with the open office.
    server.setNow('2026-12-06T18:00:01Z');
    try {
      const closed = await one(5);
      expect(closed.ticket_office.reason).toBe('scheduled');
      expect(closed).not.toHaveProperty('few_tickets_left');
    } finally {
      server.setNow(NOW);
    }
  });

  it('an event without them (an empty performers list included) is served byte for byte as before', async () => {
    const res = await fetch(`${server.url}${API}/events/7`);
    const office =
      '{"status":"open","reason":null,"closes_at":null,"closed_at":null,"message":null}';
    expect(await res.text()).toBe(
      `{"data":{"type":"events","id":"7","attributes":{"title":"Plain Gig","slug":"plain-gig","category":"",` +
        `"event_date":"2026-12-15T00:00:00.000000Z","event_time":"20:00:00","date_mode":"single",` +
        `"occurrence_count":0,"next_occurrence":null,"occurrences":[],"description":"",` +
        `"location":"","over_18":false,"publish_status":"published","tickets_enabled":true,` +
        `"show_images":false,"small_image_path":null,"cancellation_reason":null,"cancelled_at":null,` +
        `"ticket_office":${office}},"links":{"self":"${server.url}/t/test-venue/api/events/7"}}}`,
    );
  });

  it('the earlier shape carries none of them, nor do its occurrences', async () => {
    const earlier = await startServer(venueFile(EVENTS, { api_shape: 'earlier' }), NOW);
    try {
      const text = await (await fetch(`${earlier.url}${API}/events?page=1`)).text();
      expectListResponse(JSON.parse(text), 'earlier');
      for (const member of ['end_time', 'price', 'performers', 'few_tickets_left']) {
        expect(text).not.toContain(`"${member}"`);
      }
      expect(Object.keys(await one(1, earlier.url, 'earlier')).at(-1)).toBe('cancelled_at');
    } finally {
      await earlier.close();
    }
  });
});

describe('search (docs/api.md §10.12) matches performers’ names', () => {
  const titles = async (search: string) =>
    (await list(`search=${encodeURIComponent(search)}`)).data.map((e) => e.attributes.title);

  it('by a whole name, a word of it, or its start, folded like titles', async () => {
    expect(await titles('carol ng')).toEqual(['Club Night']);
    expect(await titles('ALICE')).toEqual(['Club Night']);
    expect(await titles('car')).toEqual(['Club Night']);
    expect(await titles('bob club')).toEqual(['Club Night']);
    expect(await titles('zed')).toEqual([]);
  });
});
