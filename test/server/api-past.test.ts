/**
 * Past events (docs/api.md §10.20, `when=past`) and postponed events on a real store (SQLite here,
 * PostgreSQL in the `postgres` project): the past listing newest first with every filter and
 * pagination, the keep window, a postponed event that stays in the upcoming list and is never
 * past, several venues' past events merged newest first through the HTTP API, and a database
 * made before the past listing, migrated on opening.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { openStore } from '../../server/store/open-store.js';
import type { Store } from '../../server/store/store.js';
import type { ListResponse } from '../../shared/contract.js';
import { parseListFilter } from '../../shared/rules/filters.js';
import { expectListResponse } from '../support/contract.js';
import { startServer, type TestServer } from '../support/server.js';
import { emptyStoreLocation, storeMadeBefore } from '../support/store.js';

const NOW = '2026-12-05T12:00:00Z'; // London: 2026-12-05; New York: 07:00 on 2026-12-05
const TODAY = '2026-12-05';

const event = (id: number, title: string, fields: Record<string, unknown>) => ({
  id,
  title,
  slug: `e-${id}`,
  status: 'published',
  tickets_enabled: true,
  ...fields,
});

/** A London venue on 2026-12-05 with past, current, postponed and upcoming events. */
const PAST_EVENTS = [
  event(1, 'Opening Night', {
    category: 'Jazz',
    date: '2026-12-01',
    time: '19:00',
    access: ['wheelchair'],
  }),
  event(2, 'Late Show', { category: 'Comedy', date: '2026-12-01', time: '22:00' }),
  event(3, 'Autumn Tour', {
    category: 'Folk',
    occurrences: [
      { date: '2026-11-10', time: '19:00', location: 'Durham', access: ['hearing_loop'] },
      { date: '2026-11-20', time: '20:00', location: 'York' },
      // Cancelled, its last stop still dates it (docs/api.md §10.20).
      { date: '2026-11-28', time: '18:00', location: 'Leeds', status: 'cancelled' },
    ],
  }),
  event(4, 'Tie Alpha', { date: '2026-11-15', time: '20:00' }),
  event(5, 'Tie Beta', { date: '2026-11-15', time: '20:00' }),
  event(6, 'Still Touring', {
    occurrences: [
      { date: '2026-11-30', time: '19:00', location: 'Bath' },
      { date: '2026-12-05', time: '19:00', location: 'Bristol' },
    ],
  }),
  event(7, 'Morning Today', { date: '2026-12-05', time: '10:00' }),
  event(8, 'Waiting Night', {
    date: '2026-11-25',
    time: '20:00',
    schedule_status: 'postponed',
    status_reason: 'Illness',
  }),
  event(9, 'Kept', { date: '2024-12-05', time: '20:00' }), // 730 days before today
  event(10, 'Too Old', { date: '2024-12-04', time: '20:00' }),
  event(11, 'Draft Past', { date: '2026-11-02', time: '20:00', status: 'draft' }),
  event(12, 'Coming Up', { category: 'Jazz', date: '2026-12-20', time: '20:00' }),
  event(13, 'Postponed Later', {
    date: '2026-12-10',
    time: '20:00',
    schedule_status: 'postponed',
    access: ['wheelchair'],
  }),
];

/** Past at the venue on 2026-12-05, newest first. */
const PAST = ['Late Show', 'Opening Night', 'Autumn Tour', 'Tie Beta', 'Tie Alpha', 'Kept'];

/** A New York venue whose past nights interleave with London's by instant. */
const NEW_YORK = Array.from({ length: 14 }, (_, i) =>
  event(100 + i, `NY ${i + 1}`, {
    date: `2026-11-${String(17 + i).padStart(2, '0')}`,
    time: '17:00', // 22:00Z (New York is UTC−5 in November)
  }),
);

const FILE = {
  venues: [
    { slug: 'past-venue', name: 'Past Venue', timezone: 'Europe/London', events: PAST_EVENTS },
    {
      slug: 'ny-venue',
      name: 'NY Venue',
      timezone: 'America/New_York',
      events: [
        ...NEW_YORK,
        // 17:00 in New York on 2026-12-01 is 22:00Z: the same instant as the Late Show.
        event(200, 'NY Tie', { date: '2026-12-01', time: '17:00' }),
        event(201, 'NY Upcoming', { date: '2026-12-06', time: '20:00' }),
      ],
    },
  ],
};

const filter = (query: string) => parseListFilter(Object.fromEntries(new URLSearchParams(query)));

/** Titles of the store's past list of venue `slug` on `today` through `query`. */
async function pastTitles(
  store: Store,
  query = '',
  { today = TODAY, offset = 0, limit = 50, slug = 'past-venue' } = {},
): Promise<string[]> {
  const past = filter(`when=past${query && `&${query}`}`);
  const events = await store.listed(slug, today, offset, limit, past);
  return events.map((e) => e.title);
}

async function upcomingTitles(store: Store, query = '', today = TODAY): Promise<string[]> {
  return (await store.listed('past-venue', today, 0, 50, filter(query))).map((e) => e.title);
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer(FILE, NOW);
});
afterAll(() => server.close());

describe('the past listing of a venue (docs/api.md §10.20)', () => {
  it('lists events whose last date is before today, newest first: date, time, then id', async () => {
    expect(await pastTitles(server.store)).toEqual(PAST);
    expect(await server.store.countListed('past-venue', TODAY, filter('when=past'))).toBe(6);
  });

  it('leaves out an event with a stop today, one today, drafts and upcoming ones', async () => {
    const past = await pastTitles(server.store);
    for (const title of ['Still Touring', 'Morning Today', 'Draft Past', 'Coming Up']) {
      expect(past).not.toContain(title);
    }
    // The next day, the tour's and the morning's last dates have passed: newest first.
    expect((await pastTitles(server.store, '', { today: '2026-12-06' })).slice(0, 3)).toEqual([
      'Still Touring',
      'Morning Today',
      'Late Show',
    ]);
  });

  it('pages with offsets, in the same order', async () => {
    const pages = await Promise.all(
      [0, 2, 4, 6].map((offset) => pastTitles(server.store, '', { offset, limit: 2 })),
    );
    expect(pages).toEqual([PAST.slice(0, 2), PAST.slice(2, 4), PAST.slice(4, 6), []]);
  });

  it('filters by category, search, dates (any of its dates) and access (before today)', async () => {
    const store = server.store;
    expect(await pastTitles(store, 'categories=JAZZ')).toEqual(['Opening Night']);
    expect(await pastTitles(store, 'categories=folk,comedy')).toEqual(['Late Show', 'Autumn Tour']);
    expect(await pastTitles(store, 'search=durham')).toEqual(['Autumn Tour']);
    expect(await pastTitles(store, 'search=tie')).toEqual(['Tie Beta', 'Tie Alpha']);
    // A middle stop's date: neither the tour's first nor its last.
    expect(await pastTitles(store, 'start_date=2026-11-20&end_date=2026-11-20')).toEqual([
      'Autumn Tour',
    ]);
    expect(await pastTitles(store, 'start_date=2026-11-21&end_date=2026-11-27')).toEqual([]);
    expect(await pastTitles(store, 'end_date=2026-11-15')).toEqual([
      'Autumn Tour',
      'Tie Beta',
      'Tie Alpha',
      'Kept',
    ]);
    expect(await pastTitles(store, 'start_date=2026-11-28')).toEqual([
      'Late Show',
      'Opening Night',
      'Autumn Tour',
    ]);
    // Wheelchair access: the past night's, not the upcoming postponed one's.
    expect(await pastTitles(store, 'access=wheelchair')).toEqual(['Opening Night']);
    expect(await pastTitles(store, 'access=hearing_loop')).toEqual(['Autumn Tour']);
    expect(
      await pastTitles(store, 'access=hearing_loop&start_date=2026-11-20&end_date=2026-11-28'),
    ).toEqual([]);
    expect(await pastTitles(store, 'categories=folk&search=york&end_date=2026-11-20')).toEqual([
      'Autumn Tour',
    ]);
    expect(await store.countListed('past-venue', TODAY, filter('when=past&search=tie'))).toBe(2);
    expect(await store.countListed('past-venue', TODAY, filter('when=past&search=nothing'))).toBe(
      0,
    );
  });

  it('keeps the upcoming list as it was for the same filters', async () => {
    expect(await upcomingTitles(server.store, 'categories=jazz')).toEqual(['Coming Up']);
    expect(await upcomingTitles(server.store, 'access=wheelchair')).toEqual(['Postponed Later']);
  });
});

describe('postponed events (docs/api.md §10.20)', () => {
  it('stay listed after their date, sorted by it, and never become past', async () => {
    const upcoming = await upcomingTitles(server.store);
    expect(upcoming).toEqual([
      'Waiting Night',
      'Morning Today',
      'Still Touring',
      'Postponed Later',
      'Coming Up',
    ]);
    expect(await pastTitles(server.store)).not.toContain('Waiting Night');
    // Long after the later one's date, both are still first, by their old dates.
    const later = await upcomingTitles(server.store, '', '2027-06-01');
    expect(later).toEqual(['Waiting Night', 'Postponed Later']);
    expect(await pastTitles(server.store, '', { today: '2027-06-01' })).not.toContain(
      'Postponed Later',
    );
    expect(await server.store.countListed('past-venue', '2027-06-01')).toBe(2);
  });

  it('are found on their date by a date filter before it has passed', async () => {
    expect(await upcomingTitles(server.store, 'start_date=2026-12-10&end_date=2026-12-12')).toEqual(
      ['Postponed Later'],
    );
    expect(await upcomingTitles(server.store, 'end_date=2026-12-10')).toContain('Postponed Later');
  });
});

describe('the keep window (docs/api.md §10.20 --keep-past-days)', () => {
  it('drops an event whose last date is more than keepPastDays before today', async () => {
    // Default 730 days: 2024-12-05 is kept, 2024-12-04 is not.
    const past = await pastTitles(server.store);
    expect(past).toContain('Kept');
    expect(past).not.toContain('Too Old');
    expect(await pastTitles(server.store, '', { today: '2024-12-06' })).toEqual([
      'Kept',
      'Too Old',
    ]);
  });

  it('answers a kept past event by id and on its page, and neither for one older than that', async () => {
    const kept = await fetch(`${server.url}/t/past-venue/api/events/9`);
    expect(kept.status).toBe(200);
    expect(
      ((await kept.json()) as { data: { attributes: { ticket_office: unknown } } }).data.attributes
        .ticket_office,
    ).toMatchObject({ status: 'closed', reason: 'event_ended' });
    expect((await fetch(`${server.url}/t/past-venue/api/events/10`)).status).toBe(404);
    expect((await fetch(`${server.url}/t/past-venue/events/e-9`)).status).toBe(200);
    expect((await fetch(`${server.url}/t/past-venue/events/e-10`)).status).toBe(404);
  });

  it('is the store option keepPastDays', async () => {
    const store = await openStore(await emptyStoreLocation(), { keepPastDays: 7 });
    try {
      await importVenueFile(store, FILE);
      // 2026-11-28 is 7 days before 2026-12-05: kept; 2026-11-15 is not.
      expect(await pastTitles(store)).toEqual(['Late Show', 'Opening Night', 'Autumn Tour']);
      expect(await store.countListed('past-venue', TODAY, filter('when=past'))).toBe(3);
      expect(await pastTitles(store, 'search=tie')).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

type Listed = ListResponse['data'][number] & {
  attributes: { venue?: { slug: string } };
};

async function json(path: string): Promise<ListResponse> {
  const res = await fetch(server.url + path);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as ListResponse;
  expectListResponse(body);
  return body;
}

describe('GET …/api/events?when=past through the API', () => {
  it('a venue’s past events, newest first, with the envelope', async () => {
    const body = await json('/t/past-venue/api/events?when=past');
    expect(body.data.map((e) => e.attributes.title)).toEqual(PAST);
    expect(body.meta.total).toBe(6);
    const filtered = await json('/t/past-venue/api/events?when=past&categories=folk');
    expect(filtered.data.map((e) => e.attributes.title)).toEqual(['Autumn Tour']);
    // A past tour shows its last stop.
    expect(filtered.data[0]!.attributes.event_date.slice(0, 10)).toBe('2026-11-28');
  });

  it('several venues: by instant, newest first, ties in the venues’ order, paged', async () => {
    const query = '/api/events?venues=past-venue,ny-venue&when=past';
    const first = await json(query);
    expect(first.meta.total).toBe(6 + 15);
    expect(first.meta.last_page).toBe(2);
    const second = await json(`${query}&page=2`);
    const all = [...first.data, ...second.data] as Listed[];
    const names = all.map((e) => `${e.attributes.venue!.slug}:${e.attributes.title}`);
    // NY 14 (2026-11-30 17:00 New York) is 22:00Z on the 30th; the Late Show and NY Tie are
    // both 22:00Z on the 1st: London's first, as the venues were named.
    expect(names.slice(0, 5)).toEqual([
      'past-venue:Late Show',
      'ny-venue:NY Tie',
      'past-venue:Opening Night',
      'ny-venue:NY 14',
      'ny-venue:NY 13',
    ]);
    expect(names).toHaveLength(21);
    expect(new Set(names).size).toBe(21);
    expect(names.at(-1)).toBe('past-venue:Kept');
    // Named the other way round, the tie goes the other way.
    const swapped = await json('/api/events?venues=ny-venue,past-venue&when=past');
    expect(swapped.data.slice(0, 2).map((e) => e.attributes.title)).toEqual([
      'NY Tie',
      'Late Show',
    ]);
    // The one-query listing across venues lists upcoming events only: the merge answers past.
    const venues = ['past-venue', 'ny-venue'].map((slug) => ({ slug, today: TODAY }));
    await expect(server.store.listedAcross(venues, 0, 12, filter('when=past'))).rejects.toThrow();
    // The upcoming list across the same venues is as it was: soonest first, postponed included.
    const upcoming = await json('/api/events?venues=past-venue,ny-venue');
    expect(upcoming.data.map((e) => e.attributes.title)).toEqual([
      'Waiting Night',
      'Morning Today',
      'Still Touring',
      'NY Upcoming',
      'Postponed Later',
      'Coming Up',
    ]);
  });
});

/** Undoes the past listing's migrations (7, 8): no table, no postponed rows after their date. */
const BEFORE_PAST = {
  sqlite: `DROP TABLE past_listing; DELETE FROM listing WHERE until = '9999-12-31';`,
  postgres: `DROP TABLE past_listing; DELETE FROM listing WHERE until = '9999-12-31'`,
};

describe('a database made before the past listing', () => {
  it('migrates on opening: past events listed, postponed ones kept, without a re-import', async () => {
    const location = await storeMadeBefore(6, BEFORE_PAST, FILE);
    const store = await openStore(location);
    try {
      expect(await pastTitles(store)).toEqual(PAST);
      expect(await pastTitles(store, 'search=tie')).toEqual(['Tie Beta', 'Tie Alpha']);
      expect(await upcomingTitles(store, '', '2027-06-01')).toEqual([
        'Waiting Night',
        'Postponed Later',
      ]);
      // As an import writes them: what a merge of venues is told of their order too.
      for (const today of [TODAY, '2027-06-01']) {
        const [migrated, fresh] = await Promise.all(
          [store, server.store].map((s) =>
            s.mergeFacts('past-venue', today, 0, Number.MAX_SAFE_INTEGER),
          ),
        );
        expect(migrated).toEqual(fresh);
      }
      // The next import replaces its rows as any other.
      await importVenueFile(store, {
        venues: [{ ...FILE.venues[0]!, events: PAST_EVENTS.slice(0, 2) }],
      });
      expect(await pastTitles(store)).toEqual(['Late Show', 'Opening Night']);
    } finally {
      await store.close();
    }
  });
});
