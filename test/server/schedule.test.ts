/**
 * When plans change (docs/api.md §10.20): a venue file's `schedule_status`, `previous_date`,
 * `previous_time`, `status_reason`, `doors_time` and `min_age` through the API (both stores), per
 * event and per stop; a postponed event keeps its date for ordering, is not ended by it, and its
 * office is closed by hand unless its `sales` say otherwise; the import names each conflict with
 * its JSON path; the earlier shape carries none of them.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { createProxyApp } from '../../server/proxy/app.js';
import { listen, type Running } from '../support/listen.js';
import { startServer, type TestServer } from '../support/server.js';
import { openTestStore } from '../support/store.js';

const NOW = '2026-12-05T12:00:00Z';

const event = (id: number, fields: Record<string, unknown>) => ({
  id,
  title: `Night ${id}`,
  slug: `night-${id}`,
  status: 'published',
  tickets_enabled: true,
  ...fields,
});

/** A venue whose plans changed: London, today 2026-12-05. */
const changes = (events: unknown[], extra: Record<string, unknown> = {}) => ({
  venues: [{ slug: 'changes', name: 'Changes', timezone: 'Europe/London', events, ...extra }],
});

const FILE = changes([
  event(1, {
    title: 'Moved Night',
    date: '2026-12-12',
    time: '20:00',
    schedule_status: 'rescheduled',
    previous_date: '2026-12-05',
    previous_time: '19:30',
    status_reason: 'The band’s van broke down.',
    doors_time: '19:00',
    min_age: 14,
  }),
  // Its date has passed: postponed, it stays listed, first, and is not ended.
  event(2, {
    title: 'Waiting Night',
    date: '2026-12-01',
    time: '21:00',
    schedule_status: 'postponed',
    status_reason: 'Illness',
    access: ['wheelchair'],
  }),
  event(3, {
    title: 'Still Selling',
    date: '2026-12-20',
    time: '20:00',
    schedule_status: 'postponed',
    sales: {},
    min_age: 21,
  }),
  event(4, {
    title: 'Tour',
    doors_time: '18:30',
    occurrences: [
      { date: '2026-12-10', time: '19:30' },
      {
        date: '2026-12-18',
        time: '20:00',
        schedule_status: 'rescheduled',
        previous_date: '2026-12-14',
        doors_time: '19:15',
      },
    ],
  }),
  event(5, { title: 'Plain Night', date: '2026-12-08', time: '20:00' }),
  // A tour postponed after its stops: listed on its last date, with that stop's access.
  event(6, {
    title: 'Waiting Tour',
    schedule_status: 'postponed',
    occurrences: [
      { date: '2026-11-20', time: '20:00', access: ['wheelchair'] },
      { date: '2026-11-28', time: '20:00', access: ['wheelchair', 'captioned'] },
    ],
  }),
]);

interface Attributes extends Record<string, unknown> {
  title: string;
  ticket_office: { status: string; reason: string | null; message: string | null };
  occurrences: Record<string, unknown>[];
}
type Listed = { data: { attributes: Attributes }[] };

let origin: TestServer;
beforeAll(async () => {
  origin = await startServer(FILE, NOW);
});
afterAll(() => origin.close());

const list = async (): Promise<Attributes[]> =>
  ((await (await fetch(`${origin.url}/t/changes/api/events?page=1`)).json()) as Listed).data.map(
    (e) => e.attributes,
  );
const titled = (all: Attributes[], title: string) => all.find((a) => a.title === title)!;

/** The bundled proxy in front of `upstream`, on today's clock. */
const proxyOf = (upstream: string) =>
  listen(
    createServer(
      createProxyApp({
        upstream,
        logger: false,
        venueZones: { changes: 'Europe/London' },
        clock: () => new Date(NOW),
      }),
    ),
  );

describe('schedule changes, doors and age limits (docs/api.md §10.20)', () => {
  it('a rescheduled event says when it was, why, when the doors open and its age limit', async () => {
    const moved = titled(await list(), 'Moved Night');
    expect(moved).toMatchObject({
      schedule_status: 'rescheduled',
      previous_date: '2026-12-05',
      previous_time: '19:30:00',
      status_reason: 'The band’s van broke down.',
      doors_time: '19:00:00',
      min_age: 14,
      over_18: false,
      ticket_office: { status: 'open' },
    });
    // After §10.19's members, in the contract's order, before nothing else.
    const keys = Object.keys(moved);
    expect(keys.slice(keys.indexOf('schedule_status'))).toEqual([
      'schedule_status',
      'previous_date',
      'previous_time',
      'status_reason',
      'doors_time',
      'min_age',
    ]);
  });

  it('a postponed event keeps its passed date first in the list, and sales are closed by hand with its reason', async () => {
    const all = await list();
    expect(all.map((a) => a.title)).toEqual([
      'Waiting Tour',
      'Waiting Night',
      'Plain Night',
      'Tour',
      'Moved Night',
      'Still Selling',
    ]);
    const waiting = titled(all, 'Waiting Night');
    expect(waiting).toMatchObject({ schedule_status: 'postponed', status_reason: 'Illness' });
    expect(waiting.ticket_office).toMatchObject({
      status: 'closed',
      reason: 'manual',
      message: 'Illness',
    });
    expect(waiting).not.toHaveProperty('previous_date');
  });

  it('the filters read a postponed event past its date by the date it shows', async () => {
    const titles = async (query: string) =>
      (
        (await (await fetch(`${origin.url}/t/changes/api/events?${query}`)).json()) as Listed
      ).data.map((e) => e.attributes.title);
    // Listed on its old date (1 Dec; the tour's last, 28 Nov): with the events that have
    // step-free access (the tour's last stop's)…
    expect(await titles('access=wheelchair')).toEqual(['Waiting Tour', 'Waiting Night']);
    expect(await titles('access=captioned')).toEqual(['Waiting Tour']);
    // The filter bar's counts (docs/api.md §10.15) count them as the filter finds them.
    const counts = (await (await fetch(`${origin.url}/t/changes/api/access`)).json()) as {
      data: { id: string; attributes: { count: number } }[];
    };
    expect(counts.data.map((a) => [a.id, a.attributes.count])).toEqual([
      ['wheelchair', 2],
      ['captioned', 1],
    ]);
    // …up to a date after it, not from a date after it.
    expect(await titles('end_date=2026-12-10')).toEqual([
      'Waiting Tour',
      'Waiting Night',
      'Plain Night',
      'Tour',
    ]);
    expect(await titles('start_date=2026-12-05&end_date=2026-12-10')).toEqual([
      'Plain Night',
      'Tour',
    ]);
    expect(await titles('start_date=2026-11-30&end_date=2026-12-02')).toEqual(['Waiting Night']);
    expect(await titles('start_date=2026-12-05')).not.toContain('Waiting Night');
    expect(await titles('access=wheelchair&end_date=2026-11-30')).toEqual(['Waiting Tour']);
    // And across venues (docs/api.md §10.16); through the proxy too, which filters the
    // platform's pages itself across venues (it has no access data: the dates only).
    const across = async (base: string, query: string) =>
      (
        (await (await fetch(`${base}/api/events?venues=changes&${query}`)).json()) as Listed
      ).data.map((e) => e.attributes.title);
    expect(await across(origin.url, 'access=wheelchair&end_date=2026-12-10')).toEqual([
      'Waiting Tour',
      'Waiting Night',
    ]);
    const proxy = await proxyOf(origin.url);
    try {
      for (const base of [origin.url, proxy.url]) {
        expect(await across(base, 'end_date=2026-11-30'), base).toEqual(['Waiting Tour']);
        expect(await across(base, 'start_date=2026-12-05'), base).toEqual([
          'Plain Night',
          'Tour',
          'Moved Night',
          'Still Selling',
        ]);
      }
    } finally {
      await proxy.close();
    }
  });

  it('a postponed event whose sales the venue gives keeps selling, and 21+ is 18+', async () => {
    const selling = titled(await list(), 'Still Selling');
    expect(selling.ticket_office).toMatchObject({ status: 'open', reason: null });
    expect(selling).toMatchObject({ min_age: 21, over_18: true });
  });

  it('a tour: each stop its own doors and schedule, else the event’s; the event’s are its current stop’s', async () => {
    const tour = titled(await list(), 'Tour');
    expect(tour.occurrences).toMatchObject([
      { occurrence_date: '2026-12-10', doors_time: '18:30:00' },
      {
        occurrence_date: '2026-12-18',
        schedule_status: 'rescheduled',
        previous_date: '2026-12-14',
        doors_time: '19:15:00',
      },
    ]);
    expect(tour.occurrences[0]).not.toHaveProperty('schedule_status');
    expect(tour).toMatchObject({ doors_time: '18:30:00' });
    expect(tour).not.toHaveProperty('schedule_status');
    origin.setNow('2026-12-16T09:00:00Z');
    try {
      expect(titled(await list(), 'Tour')).toMatchObject({
        schedule_status: 'rescheduled',
        previous_date: '2026-12-14',
        doors_time: '19:15:00',
      });
    } finally {
      origin.setNow(NOW);
    }
  });

  it('an event without them is served as before, and the earlier shape has none', async () => {
    const plain = titled(await list(), 'Plain Night');
    for (const member of ['schedule_status', 'doors_time', 'min_age', 'previous_date'])
      expect(plain).not.toHaveProperty(member);
    const earlier = await startServer(
      { venues: [{ ...FILE.venues[0]!, api_shape: 'earlier' }] },
      NOW,
    );
    try {
      const text = await (await fetch(`${earlier.url}/t/changes/api/events?page=1`)).text();
      expect(text).toContain('Moved Night');
      for (const member of ['schedule_status', 'previous_date', 'doors_time', 'min_age'])
        expect(text).not.toContain(member);
    } finally {
      await earlier.close();
    }
  });
});

describe('a postponed event re-imported (docs/api.md §10.20)', () => {
  it('keeps closed_at from the import that postponed it; an event newly postponed closes at its own import', async () => {
    const store = await openTestStore();
    try {
      const night = (id: number, postponed: boolean) =>
        event(id, {
          date: '2026-12-12',
          time: '20:00',
          ...(postponed && { schedule_status: 'postponed', status_reason: 'Illness' }),
        });
      await importVenueFile(store, changes([night(1, true), night(2, false)]));
      const first = (await store.event('changes', 1))!.closedManuallyAt;
      expect(first).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await importVenueFile(store, changes([night(1, true), night(2, true)]));
      expect((await store.event('changes', 1))!.closedManuallyAt).toBe(first);
      const second = (await store.event('changes', 2))!.closedManuallyAt;
      expect(second! > first!).toBe(true);
      // Back on sale and postponed again: a new closure.
      await importVenueFile(store, changes([night(1, false), night(2, true)]));
      expect((await store.event('changes', 1))!.closedManuallyAt).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await importVenueFile(store, changes([night(1, true), night(2, true)]));
      expect((await store.event('changes', 1))!.closedManuallyAt! > second!).toBe(true);
    } finally {
      await store.close();
    }
  });
});

describe('the import refuses a schedule that cannot be (docs/venue-file.md)', () => {
  const problems = async (events: unknown[]) => {
    const store = await openTestStore();
    try {
      await importVenueFile(store, changes(events));
      return [];
    } catch (error) {
      if (!(error instanceof VenueFileError)) throw error;
      return error.problems;
    } finally {
      await store.close();
    }
  };

  it('names each conflict with its JSON path', async () => {
    const found = await problems([
      event(1, { date: '2026-12-12', time: '20:00', schedule_status: 'rescheduled' }),
      event(2, {
        date: '2026-12-12',
        time: '20:00',
        schedule_status: 'postponed',
        previous_date: '2026-12-01',
      }),
      event(3, { date: '2026-12-12', time: '20:00', doors_time: '20:30' }),
      event(4, { date: '2026-12-12', time: '20:00', min_age: 21, over_18: false }),
      event(5, { date: '2026-12-12', time: '20:00', status_reason: 'why' }),
      event(6, {
        occurrences: [{ date: '2026-12-12', time: '20:00', doors_time: '21:00' }],
      }),
    ]);
    expect(found.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        'venues[0].events[0].previous_date',
        'venues[0].events[1].previous_date',
        'venues[0].events[2].doors_time',
        'venues[0].events[3].min_age',
        'venues[0].events[4].status_reason',
        'venues[0].events[5].occurrences[0].doors_time',
      ]),
    );
    expect(found.find((p) => p.path === 'venues[0].events[3].min_age')!.message).toMatch(/over_18/);
  });

  it('refuses the event slug past, which names the past events page', async () => {
    const found = await problems([
      { ...event(8, { date: '2026-12-12', time: '20:00' }), slug: 'past' },
    ]);
    expect(found).toEqual([expect.objectContaining({ path: 'venues[0].events[0].slug' })]);
    expect(found[0]!.message).toMatch(/past events page/);
  });

  it('refuses an age limit outside 1–25', async () => {
    const found = await problems([event(7, { date: '2026-12-12', time: '20:00', min_age: 26 })]);
    expect(found.map((p) => p.path)).toEqual(['venues[0].events[0].min_age']);
  });
});

describe('through the proxy (docs/api.md §10.20 "Proxy mode")', () => {
  it('passes the members through, and asks the platform for one venue’s past events', async () => {
    const proxy = await proxyOf(origin.url);
    try {
      const body = (await (
        await fetch(`${proxy.url}/t/changes/api/events?page=1`)
      ).json()) as Listed;
      expect(
        titled(
          body.data.map((e) => e.attributes),
          'Moved Night',
        ),
      ).toMatchObject({
        schedule_status: 'rescheduled',
        previous_date: '2026-12-05',
        doors_time: '19:00:00',
        min_age: 14,
      });
      const past = await fetch(`${proxy.url}/t/changes/api/events?when=past&page=1`);
      expect(past.status).toBe(200);
      const direct = await fetch(`${origin.url}/t/changes/api/events?when=past&page=1`);
      const titles = async (res: Response) =>
        ((await res.json()) as Listed).data.map((e) => e.attributes.title);
      expect(await titles(past)).toEqual(await titles(direct));
      const several = await fetch(`${proxy.url}/api/events?venues=changes,other&when=past`);
      expect(several.status).toBe(400);
      expect(await several.json()).toMatchObject({
        errors: [{ source: { parameter: 'when' } }],
      });
    } finally {
      await proxy.close();
    }
  });

  it('drops a malformed member from the pages it builds and keeps the event', async () => {
    const [good] = (await list()).filter((a) => a.title === 'Plain Night');
    const upstream: Running = await listen(
      createServer((_req, res) => {
        const attributes = {
          ...good,
          title: 'Odd Night',
          schedule_status: 'vanished',
          previous_date: 'last week',
          doors_time: '25:00:00',
          min_age: 30,
          occurrences: [],
        };
        const body = {
          data: [{ type: 'events', id: '9', attributes, links: { self: `${upstream.url}/x/9` } }],
          meta: {
            current_page: 1,
            last_page: 1,
            per_page: 12,
            total: 1,
            from: 1,
            to: 1,
            links: [],
          },
          links: { first: null, last: null, prev: null, next: null },
        };
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      }),
    );
    const proxy = await proxyOf(upstream.url);
    try {
      const page = await (await fetch(`${proxy.url}/t/changes/events`)).text();
      expect(page).toContain('Odd Night');
      expect(page).not.toContain('30+');
      expect(page).not.toContain('25:00');
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});
