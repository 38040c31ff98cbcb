import { afterEach, describe, expect, it } from 'vitest';
import type { ListResponse, SingleResponse } from '../../shared/contract.js';
import { expectErrorResponse, expectListResponse } from '../support/contract.js';
import { manyEvents, startServer, venueFile, type TestServer } from '../support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function list(path: string, shape: 'current' | 'earlier' = 'current') {
  const res = await fetch(`${server!.url}${path}`);
  const body = (await res.json()) as ListResponse;
  expect(res.status).toBe(200);
  expectListResponse(body, shape);
  return { res, body };
}

const titles = (body: ListResponse) => body.data.map((e) => e.attributes.title);

describe('GET /t/{slug}/api/events — selection (spec §4.1)', () => {
  it('lists published and listed-cancelled events, hides drafts, private and hidden-cancelled', async () => {
    const cancelled = {
      status: 'cancelled',
      cancellation_reason: 'Ill.',
      cancelled_at: '2026-12-01T10:00:00Z',
    };
    server = await startServer(
      venueFile([
        { title: 'Published', date: '2026-12-10', time: '20:00' },
        { title: 'Draft', date: '2026-12-10', time: '20:00', status: 'draft' },
        { title: 'Private', date: '2026-12-10', time: '20:00', visibility: 'private' },
        { title: 'Listed cancelled', date: '2026-12-11', time: '20:00', ...cancelled },
        {
          title: 'Hidden cancelled',
          date: '2026-12-11',
          time: '20:00',
          ...cancelled,
          cancelled_visibility: 'hidden',
        },
        { title: 'Yesterday', date: '2026-12-04', time: '20:00' },
        { title: 'Today', date: '2026-12-05', time: '08:00' },
      ]),
      '2026-12-05T21:00:00Z',
    );
    const { body } = await list('/t/test-venue/api/events');
    expect(titles(body)).toEqual(['Today', 'Published', 'Listed cancelled']);
    const gone = body.data[2]!.attributes;
    expect(gone).toMatchObject({
      publish_status: 'cancelled',
      cancellation_reason: 'Ill.',
      cancelled_at: '2026-12-01T10:00:00.000000Z',
    });
    expect('ticket_office' in gone && gone.ticket_office).toMatchObject({
      status: 'closed',
      reason: 'cancelled',
    });
  });

  it('orders by date, then time, then id', async () => {
    server = await startServer(
      venueFile([
        { title: 'C', date: '2026-12-07', time: '19:00' },
        { title: 'B2', date: '2026-12-06', time: '21:00' },
        { title: 'B1', date: '2026-12-06', time: '09:30' },
        { title: 'B3', date: '2026-12-06', time: '21:00' },
      ]),
      '2026-12-05T12:00:00Z',
    );
    expect(titles((await list('/t/test-venue/api/events')).body)).toEqual(['B1', 'B2', 'B3', 'C']);
  });

  it('renders every attribute in the spec format', async () => {
    server = await startServer(
      venueFile([
        {
          title: 'Late Night Jazz',
          slug: 'late-night-jazz',
          category: 'Jazz',
          description: '<p>Trio</p>',
          location: 'Main Room',
          over_18: true,
          show_images: true,
          small_image_path: '/img/1.jpg',
          date: '2026-12-05',
          time: '19:30',
          sales: { close_at: '2026-12-05T17:00:00Z', message: 'On the door.' },
        },
      ]),
      '2026-12-05T12:00:00Z',
      { baseUrl: 'https://events.example.org' },
    );
    const { body } = await list('/t/test-venue/api/events');
    expect(body.data[0]).toEqual({
      type: 'events',
      id: '1',
      attributes: {
        title: 'Late Night Jazz',
        slug: 'late-night-jazz',
        category: 'Jazz',
        event_date: '2026-12-05T00:00:00.000000Z',
        event_time: '19:30:00',
        date_mode: 'single',
        occurrence_count: 0,
        next_occurrence: null,
        occurrences: [],
        description: '<p>Trio</p>',
        location: 'Main Room',
        over_18: true,
        publish_status: 'published',
        tickets_enabled: true,
        show_images: true,
        small_image_path: '/img/1.jpg',
        cancellation_reason: null,
        cancelled_at: null,
        ticket_office: {
          status: 'open',
          reason: null,
          closes_at: '2026-12-05T17:00:00.000000Z',
          closed_at: null,
          message: null,
        },
      },
      links: { self: 'https://events.example.org/t/test-venue/api/events/1' },
    });
    expect(Object.keys(body)).toEqual(['data', 'links', 'meta']);
  });

  it('instants round-trip to the microsecond, offsets converted to Z (decisions.md "Dates, times")', async () => {
    const sales = (closedManually: string | null, closeAt: string) => ({
      closed_manually_at: closedManually,
      close_at: closeAt,
      message: 'Sold out.',
    });
    server = await startServer(
      venueFile([
        // Pending closure: open, with the deadline.
        { date: '2026-12-10', time: '20:00', sales: sales(null, '2026-12-05T12:00:00.123456Z') },
        // Closed by hand an hour ahead of UTC; the deadline 7 µs past 18:00 Z.
        {
          date: '2026-12-10',
          time: '21:00',
          sales: sales('2026-12-05T09:30:05.000001+01:00', '2026-12-09T18:00:00.000007Z'),
        },
        {
          date: '2026-12-10',
          time: '22:00',
          status: 'cancelled',
          cancellation_reason: 'Ill.',
          cancelled_at: '2026-12-04T23:59:59.999999-05:30',
        },
      ]),
      '2026-12-05T12:00:00.122Z',
    );
    const { body } = await list('/t/test-venue/api/events');
    const [pending, manual, cancelled] = body.data.map((e) => e.attributes);
    expect(pending).toMatchObject({
      ticket_office: { status: 'open', closes_at: '2026-12-05T12:00:00.123456Z', closed_at: null },
    });
    expect(manual).toMatchObject({
      ticket_office: {
        reason: 'manual',
        closed_at: '2026-12-05T08:30:05.000001Z',
        closes_at: '2026-12-09T18:00:00.000007Z',
      },
    });
    expect(cancelled).toMatchObject({ cancelled_at: '2026-12-05T05:29:59.999999Z' });

    // The closure fires on the millisecond clock at its millisecond (.123), as the rule compares.
    server.setNow('2026-12-05T12:00:00.123Z');
    const single = await fetch(`${server.url}/t/test-venue/api/events/1`);
    const { data } = (await single.json()) as SingleResponse;
    expect(data.attributes).toMatchObject({
      ticket_office: {
        status: 'closed',
        reason: 'scheduled',
        closes_at: '2026-12-05T12:00:00.123456Z',
        closed_at: '2026-12-05T12:00:00.123456Z',
      },
    });
  });
});

describe('venue time zone (decisions.md "venue clock")', () => {
  // 2026-12-05T11:30Z is already 2026-12-06 00:30 in Auckland (NZDT, UTC+13).
  it('Pacific/Auckland: an event dated the UTC date is already past', async () => {
    server = await startServer(
      venueFile(
        [
          { title: 'Fri', date: '2026-12-05', time: '20:00' },
          { title: 'Sat', date: '2026-12-06', time: '20:00' },
        ],
        { timezone: 'Pacific/Auckland' },
      ),
      '2026-12-05T11:30:00Z',
    );
    expect(titles((await list('/t/test-venue/api/events')).body)).toEqual(['Sat']);
    server.setNow('2026-12-05T10:59:00Z'); // 23:59 on the 5th in Auckland
    expect(titles((await list('/t/test-venue/api/events')).body)).toEqual(['Fri', 'Sat']);
  });

  // 2026-12-06T05:00Z is still 2026-12-05 21:00 in Los Angeles (PST, UTC−8).
  it('America/Los_Angeles: an event dated the day before the UTC date is still listed and open', async () => {
    server = await startServer(
      venueFile([{ title: 'Fri', date: '2026-12-05', time: '22:00' }], {
        timezone: 'America/Los_Angeles',
      }),
      '2026-12-06T05:00:00Z',
    );
    const { body } = await list('/t/test-venue/api/events');
    expect(titles(body)).toEqual(['Fri']);
    expect(body.data[0]!.attributes).toMatchObject({ ticket_office: { status: 'open' } });
    server.setNow('2026-12-06T08:00:00Z'); // midnight in LA
    expect(titles((await list('/t/test-venue/api/events')).body)).toEqual([]);
  });

  it('DST change day (Europe/London, clocks go back 2026-10-25): the day lasts 25 hours', async () => {
    server = await startServer(
      venueFile([{ title: 'Sun', date: '2026-10-25', time: '23:30' }]),
      '2026-10-25T23:30:00Z', // 23:30 GMT, still the 25th locally
    );
    expect(titles((await list('/t/test-venue/api/events')).body)).toEqual(['Sun']);
    server.setNow('2026-10-26T00:00:00Z');
    expect(titles((await list('/t/test-venue/api/events')).body)).toEqual([]);
  });

  it('DST change day (America/Los_Angeles, clocks go forward 2026-03-08): midnight falls at 07:00Z after it', async () => {
    server = await startServer(
      venueFile([{ title: 'Sun', date: '2026-03-08', time: '12:00' }], {
        timezone: 'America/Los_Angeles',
      }),
      '2026-03-09T06:59:00Z', // 23:59 PDT on the 8th
    );
    expect(titles((await list('/t/test-venue/api/events')).body)).toEqual(['Sun']);
    server.setNow('2026-03-09T07:00:00Z');
    expect(titles((await list('/t/test-venue/api/events')).body)).toEqual([]);
  });
});

describe('multi-date events (decisions.md "Multi-date events")', () => {
  const tour = venueFile([
    {
      title: 'Tour',
      occurrences: [
        { date: '2026-12-10', time: '19:00', location: 'Leeds' },
        { date: '2026-12-20', time: '20:30', location: 'Glasgow' },
        { date: '2026-12-15', time: '19:30', location: 'Bristol', status: 'cancelled' },
      ],
    },
    { title: 'Single', date: '2026-12-12', time: '20:00' },
  ]);
  const cases: [string, string, string[], string | null, string][] = [
    ['before every stop', '2026-12-01T12:00:00Z', ['Tour', 'Single'], '2026-12-10', '7:00 PM'],
    ['on the first stop', '2026-12-10T23:00:00Z', ['Tour', 'Single'], '2026-12-10', '7:00 PM'],
    [
      'after the first stop, the cancelled stop is skipped',
      '2026-12-11T12:00:00Z',
      ['Single', 'Tour'],
      '2026-12-20',
      '8:30 PM',
    ],
    ['on the cancelled stop', '2026-12-15T12:00:00Z', ['Tour'], '2026-12-20', '8:30 PM'],
    ['on the last stop', '2026-12-20T23:59:00Z', ['Tour'], '2026-12-20', '8:30 PM'],
  ];
  it.each(cases)('%s', async (_name, now, order, date, label) => {
    server = await startServer(tour, now);
    const { body } = await list('/t/test-venue/api/events');
    expect(titles(body)).toEqual(order);
    const attributes = body.data.find((e) => e.attributes.title === 'Tour')!.attributes;
    expect(attributes).toMatchObject({
      date_mode: 'multiple',
      occurrence_count: 3,
      event_date: `${date}T00:00:00.000000Z`,
      next_occurrence: { occurrence_date: date, time_label: label },
      ticket_office: { status: 'open' },
    });
    expect(
      attributes.occurrences.map((o) => [o.occurrence_date, o.location_label, o.status]),
    ).toEqual([
      ['2026-12-10', 'Leeds', 'scheduled'],
      ['2026-12-15', 'Bristol', 'cancelled'],
      ['2026-12-20', 'Glasgow', 'scheduled'],
    ]);
  });

  it('after the last stop: unlisted, and by id it shows the last stop with sales ended', async () => {
    server = await startServer(tour, '2026-12-21T12:00:00Z');
    expect((await list('/t/test-venue/api/events')).body.data).toEqual([]);
    const one = await (await fetch(`${server.url}/t/test-venue/api/events/1`)).json();
    expect(one.data.attributes).toMatchObject({
      event_date: '2026-12-20T00:00:00.000000Z',
      event_time: '20:30:00',
      next_occurrence: { occurrence_date: '2026-12-20' },
      ticket_office: { status: 'closed', reason: 'event_ended' },
    });
  });
});

describe('pagination (spec §2.5, decisions.md)', () => {
  const cases: [
    number,
    string,
    {
      page: number;
      from: number | null;
      to: number | null;
      last: number;
      count: number;
      prev: number | null;
      next: number | null;
    },
  ][] = [
    [0, '', { page: 1, from: null, to: null, last: 1, count: 0, prev: null, next: null }],
    [1, '', { page: 1, from: 1, to: 1, last: 1, count: 1, prev: null, next: null }],
    [12, '', { page: 1, from: 1, to: 12, last: 1, count: 12, prev: null, next: null }],
    [13, '', { page: 1, from: 1, to: 12, last: 2, count: 12, prev: null, next: 2 }],
    [13, '?page=2', { page: 2, from: 13, to: 13, last: 2, count: 1, prev: 1, next: null }],
    [25, '?page=2', { page: 2, from: 13, to: 24, last: 3, count: 12, prev: 1, next: 3 }],
    [25, '?page=3', { page: 3, from: 25, to: 25, last: 3, count: 1, prev: 2, next: null }],
    [25, '?page=0', { page: 1, from: 1, to: 12, last: 3, count: 12, prev: null, next: 2 }],
    [25, '?page=-1', { page: 1, from: 1, to: 12, last: 3, count: 12, prev: null, next: 2 }],
    [25, '?page=abc', { page: 1, from: 1, to: 12, last: 3, count: 12, prev: null, next: 2 }],
    [25, '?page=2.5', { page: 1, from: 1, to: 12, last: 3, count: 12, prev: null, next: 2 }],
    [25, '?page=02', { page: 1, from: 1, to: 12, last: 3, count: 12, prev: null, next: 2 }],
    [25, '?page=2&page=3', { page: 1, from: 1, to: 12, last: 3, count: 12, prev: null, next: 2 }],
    [25, '?page=99', { page: 99, from: null, to: null, last: 3, count: 0, prev: 98, next: null }],
    [0, '?page=99', { page: 99, from: null, to: null, last: 1, count: 0, prev: 98, next: null }],
  ];
  it.each(cases)('%i events, %s', async (n, query, want) => {
    server = await startServer(venueFile(manyEvents(n)), '2026-11-30T12:00:00Z', {
      baseUrl: 'https://e.test',
    });
    const { body } = await list(`/t/test-venue/api/events${query}`);
    const url = (p: number | null) =>
      p === null ? null : `https://e.test/t/test-venue/api/events?page=${p}`;
    expect(body.data).toHaveLength(want.count);
    expect(body.meta).toMatchObject({
      current_page: want.page,
      from: want.from,
      to: want.to,
      last_page: want.last,
      total: n,
      per_page: 12,
      path: 'https://e.test/t/test-venue/api/events',
    });
    expect(body.links).toEqual({
      first: url(1),
      last: url(want.last),
      prev: url(want.prev),
      next: url(want.next),
    });
    expect(body.meta.links.map((l) => l.label)).toEqual([
      '« Previous',
      ...Array.from({ length: want.last }, (_, i) => String(i + 1)),
      'Next »',
    ]);
    expect(body.meta.links.filter((l) => l.active).map((l) => l.page)).toEqual(
      want.page <= want.last ? [want.page] : [],
    );
    expect(body.meta.links[0]).toEqual({
      url: url(want.prev),
      label: '« Previous',
      page: want.prev,
      active: false,
    });
    expect(body.meta.links.at(-1)).toEqual({
      url: url(want.next),
      label: 'Next »',
      page: want.next,
      active: false,
    });
  });

  it('pages partition the listing: no event twice, none missing', async () => {
    server = await startServer(venueFile(manyEvents(25)), '2026-11-30T12:00:00Z');
    const ids: string[] = [];
    for (const page of [1, 2, 3])
      ids.push(...(await list(`/t/test-venue/api/events?page=${page}`)).body.data.map((e) => e.id));
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
  });
});

describe('earlier shape (spec §9)', () => {
  it('a venue configured for the earlier shape has no ticket_office anywhere', async () => {
    server = await startServer(
      venueFile([{ date: '2026-12-10', time: '20:00', tickets_enabled: false }], {
        api_shape: 'earlier',
      }),
      '2026-12-05T12:00:00Z',
    );
    const { body } = await list('/t/test-venue/api/events', 'earlier');
    expect('ticket_office' in body.data[0]!.attributes).toBe(false);
    expect(body.data[0]!.attributes.tickets_enabled).toBe(false);
    const one = await (await fetch(`${server.url}/t/test-venue/api/events/1`)).json();
    expect('ticket_office' in one.data.attributes).toBe(false);
  });

  it('the server-wide option serves the earlier shape for every venue', async () => {
    server = await startServer(
      venueFile([{ date: '2026-12-10', time: '20:00' }]),
      '2026-12-05T12:00:00Z',
      { earlierShape: true },
    );
    const { body } = await list('/t/test-venue/api/events', 'earlier');
    expect(body.data).toHaveLength(1);
  });
});

describe('unknown venue', () => {
  it('404 with a JSON:API error body', async () => {
    server = await startServer(venueFile([]), '2026-12-05T12:00:00Z');
    const res = await fetch(`${server.url}/t/nowhere/api/events`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expectErrorResponse(body);
    expect(body.errors[0]).toMatchObject({ status: '404', title: 'Not Found' });
  });
});
