/**
 * The stores' SQL and the shared rule agree (shared/rules/postponed.ts, docs/api.md §10.20): on
 * each of several venue-local days, the events a store lists as upcoming are exactly those the
 * rule says are not past, its `when=past` list exactly those it says are, and its date and access
 * filters find exactly the events the proxy's rule (`matchesFilter`, shared/rules/filters.ts)
 * finds. SQLite here, PostgreSQL in the `postgres` project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { plainText } from '../../server/lib/html-text.js';
import { renderEvent } from '../../server/origin/resources.js';
import type { Store, StoredEvent, VenueRecord } from '../../server/store/store.js';
import type { EventResource } from '../../shared/contract.js';
import { matchesFilter, parseListFilter } from '../../shared/rules/filters.js';
import { isPast } from '../../shared/rules/postponed.js';
import { openTestStore } from '../support/store.js';

const event = (id: number, title: string, fields: Record<string, unknown>) => ({
  id,
  title,
  slug: `e-${id}`,
  status: 'published',
  tickets_enabled: true,
  ...fields,
});

const tour = (dates: string[], extra: Record<string, unknown>[] = []) =>
  dates.map((date, i) => ({ date, time: '19:00', location: `Town ${i}`, ...extra[i] }));

/** Nights around early December 2026 whose plans did and did not change. */
const EVENTS = [
  event(1, 'Early Night', { date: '2026-12-01', time: '20:00', access: ['wheelchair'] }),
  event(2, 'Mid Night', { date: '2026-12-05', time: '20:00' }),
  event(3, 'Late Night', { date: '2026-12-12', time: '20:00', access: ['wheelchair'] }),
  event(4, 'Waiting Early', {
    date: '2026-12-01',
    time: '21:00',
    schedule_status: 'postponed',
    access: ['wheelchair'],
  }),
  event(5, 'Waiting Late', { date: '2026-12-12', time: '21:00', schedule_status: 'postponed' }),
  event(6, 'Moved Early', {
    date: '2026-12-02',
    time: '20:00',
    schedule_status: 'rescheduled',
    previous_date: '2026-11-28',
  }),
  event(7, 'Tour', { occurrences: tour(['2026-11-28', '2026-12-03', '2026-12-08']) }),
  event(8, 'Waiting Tour', {
    schedule_status: 'postponed',
    occurrences: tour(['2026-11-25', '2026-12-02'], [{}, { access: ['hearing_loop'] }]),
  }),
  event(9, 'Cancelled Last', {
    occurrences: tour(['2026-11-30', '2026-12-06'], [{}, { status: 'cancelled' }]),
  }),
];

const FILE = {
  venues: [{ slug: 'plans', name: 'Plans', timezone: 'Europe/London', events: EVENTS }],
};

/** The venue-local days compared: before, between and after every date above. */
const DAYS = ['2026-11-20', '2026-12-01', '2026-12-02', '2026-12-05', '2026-12-07', '2026-12-13'];

/** Filters whose SQL reads a postponed event on its date (docs/decisions.md "When plans change"). */
const FILTERS = [
  'end_date=2026-12-01',
  'start_date=2026-12-02',
  'start_date=2026-12-01&end_date=2026-12-03',
  'access=wheelchair',
  'access=hearing_loop',
  'access=wheelchair&end_date=2026-12-01',
];

let store: Store;
let venue: VenueRecord;
let stored: StoredEvent[];

beforeAll(async () => {
  store = await openTestStore();
  await importVenueFile(store, FILE);
  venue = (await store.venue('plans'))!;
  stored = (await Promise.all(EVENTS.map((e) => store.event('plans', e.id)))).map((e) => e!);
});
afterAll(() => store.close());

/** Every event as the API renders it at noon (UTC) on `today`. */
const resources = (today: string): EventResource[] =>
  stored.map((e) =>
    renderEvent(e, venue, 'http://x.test', { nowMs: Date.parse(`${today}T12:00:00Z`), today }),
  );

const titles = (events: readonly { title: string }[]) => events.map((e) => e.title).sort();

const filter = (query: string) => parseListFilter(Object.fromEntries(new URLSearchParams(query)));

describe.each(DAYS)('on %s', (today) => {
  it('the store lists as upcoming exactly what the rule says is not past, as past what it says is', async () => {
    const all = resources(today);
    const upcoming = all.filter((e) => !isPast(e.attributes, today)).map((e) => e.attributes);
    const past = all.filter((e) => isPast(e.attributes, today)).map((e) => e.attributes);
    expect(titles(await store.listed('plans', today, 0, 100))).toEqual(titles(upcoming));
    expect(titles(await store.listed('plans', today, 0, 100, filter('when=past')))).toEqual(
      titles(past),
    );
  });

  it.each(FILTERS)('%s: the SQL finds what matchesFilter finds', async (query) => {
    const listed = resources(today).filter((e) => !isPast(e.attributes, today));
    const expected = listed.filter((e) => matchesFilter(e, filter(query), today, plainText));
    const found = await store.listed('plans', today, 0, 100, filter(query));
    expect(titles(found)).toEqual(titles(expected.map((e) => e.attributes)));
  });
});

it('a postponed night dated yesterday is still listed as upcoming, and in no past list', async () => {
  const upcoming = titles(await store.listed('plans', '2026-12-02', 0, 100));
  expect(upcoming).toContain('Waiting Early');
  const past = titles(await store.listed('plans', '2026-12-02', 0, 100, filter('when=past')));
  expect(past).toEqual(['Early Night']);
});
