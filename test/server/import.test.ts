import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { storedEvent } from '../../server/store/model.js';
import { openStore } from '../../server/store/open-store.js';
import type { Store } from '../../server/store/store.js';
import { importCliArgs } from '../support/main-process.js';
import { emptyStoreLocation, openTestStore, STORE_KIND } from '../support/store.js';
import { scratchDir } from '../support/scratch.js';
import { venueFile } from '../support/server.js';

const good = venueFile([
  { title: 'A', date: '2026-12-10', time: '20:00' },
  { title: 'B', occurrences: [{ date: '2026-12-11', time: '19:00', location: 'X' }] },
]);

/** Everything the store answers for the test venue on a given day, to compare before/after. */
const snapshot = async (store: Store) => ({
  venue: await store.venue('test-venue'),
  count: await store.countListed('test-venue', '2026-12-01'),
  events: await store.listed('test-venue', '2026-12-01', 0, 100),
});

async function rejected(doc: unknown): Promise<{ path: string; message: string }[]> {
  const store = await openTestStore();
  await importVenueFile(store, good);
  const before = await snapshot(store);
  try {
    await importVenueFile(store, doc);
  } catch (error) {
    expect(error).toBeInstanceOf(VenueFileError);
    expect(await snapshot(store)).toEqual(before);
    return (error as VenueFileError).problems;
  } finally {
    await store.close();
  }
  throw new Error('the file was accepted');
}

const withEvent = (change: Record<string, unknown>) =>
  venueFile([{ date: '2026-12-10', time: '20:00', ...change }]);

describe('venue file import (venue-file.md)', () => {
  it('imports and re-imports to the same store', async () => {
    const store = await openTestStore();
    await importVenueFile(store, good);
    const first = await snapshot(store);
    await importVenueFile(store, good);
    expect(await snapshot(store)).toEqual(first);
    expect(first.count).toBe(2);
    await store.close();
  });

  it('an import replaces the venues it names and leaves others alone', async () => {
    const store = await openTestStore();
    await importVenueFile(store, good);
    await importVenueFile(
      store,
      venueFile([{ id: 50, date: '2026-12-10', time: '20:00' }], { slug: 'other' }),
    );
    await importVenueFile(store, venueFile([{ title: 'Only', date: '2026-12-12', time: '20:00' }]));
    const listed = await store.listed('test-venue', '2026-12-01', 0, 10);
    expect(listed.map((e) => e.title)).toEqual(['Only']);
    expect(await store.countListed('other', '2026-12-01')).toBe(1);
    await store.close();
  });

  it.each<[string, unknown, string, RegExp]>([
    ['wrong type', withEvent({ over_18: 'yes' }), 'venues[0].events[0].over_18', /boolean/],
    [
      'unknown member',
      withEvent({ colour: 'red' }),
      'venues[0].events[0].colour',
      /unknown member/,
    ],
    [
      'typo in a nested member',
      withEvent({ sales: { close_at: '2026-12-10T17:00:00Z', mesage: 'x' } }),
      'venues[0].events[0].sales.mesage',
      /unknown member/,
    ],
    ['bad zone', venueFile([], { timezone: 'Mars/Olympus_Mons' }), 'venues[0].timezone', /IANA/],
    [
      'duplicate id',
      venueFile([
        { id: 7, date: '2026-12-10', time: '20:00' },
        { id: 7, date: '2026-12-11', time: '20:00' },
      ]),
      'venues[0].events[1].id',
      /duplicate event id 7/,
    ],
    [
      'date and occurrences both given',
      withEvent({ occurrences: [{ date: '2026-12-11', time: '19:00' }] }),
      'venues[0].events[0].date',
      /absent/,
    ],
    [
      'bad occurrence date',
      venueFile([
        {
          occurrences: [
            { date: '2026-12-11', time: '19:00' },
            { date: '11/12/2026', time: '19:00' },
          ],
        },
      ]),
      'venues[0].events[0].occurrences[1].date',
      /expected.*YYYY-MM-DD/,
    ],
    ['bad time', withEvent({ time: '25:00' }), 'venues[0].events[0].time', /HH:MM/],
    [
      'instant without offset',
      withEvent({ sales: { close_at: '2026-12-10T17:00:00' } }),
      'venues[0].events[0].sales.close_at',
      /instant/,
    ],
    [
      'missing title',
      venueFile([{ title: undefined, date: '2026-12-10', time: '20:00' }]),
      'venues[0].events[0].title',
      /required/,
    ],
    [
      'cancelled without reason',
      withEvent({ status: 'cancelled', cancelled_at: '2026-12-01T10:00:00Z' }),
      'venues[0].events[0].cancellation_reason',
      /required/,
    ],
    [
      'single event without a date',
      venueFile([{ time: '20:00' }]),
      'venues[0].events[0].date',
      /required/,
    ],
    ['bad status', withEvent({ status: 'archived' }), 'venues[0].events[0].status', /.+/],
  ])('rejects %s with the JSON path, store unchanged', async (_name, doc, path, message) => {
    const problems = await rejected(JSON.parse(JSON.stringify(doc)));
    const hit = problems.find((p) => p.path === path);
    expect(hit, JSON.stringify(problems)).toBeDefined();
    expect(hit!.message).toMatch(message);
  });

  it('rejects digits below the microsecond with their JSON paths (decisions.md "Dates, times")', async () => {
    const problems = await rejected(
      withEvent({
        status: 'cancelled',
        cancellation_reason: 'Ill.',
        cancelled_at: '2026-12-01T10:00:00.1234567Z',
        sales: {
          closed_manually_at: '2026-12-01T10:00:00.0000001+01:00',
          // Zeros past the sixth digit lose nothing: accepted.
          close_at: '2026-12-01T10:00:00.1234560000Z',
        },
      }),
    );
    const message = 'expected at most microseconds (6 fraction digits): finer digits would be lost';
    expect(problems).toEqual([
      { path: 'venues[0].events[0].cancelled_at', message },
      { path: 'venues[0].events[0].sales.closed_manually_at', message },
    ]);
  });

  it('stores instants in their wire form, exact to the microsecond', async () => {
    const store = await openTestStore();
    await importVenueFile(
      store,
      withEvent({
        sales: {
          closed_manually_at: '2026-12-05T13:00:00.123456+01:00',
          close_at: '2026-12-05 12:00:00.5z',
        },
      }),
    );
    expect(await store.event('test-venue', 1)).toMatchObject({
      cancelledAt: null,
      closedManuallyAt: '2026-12-05T12:00:00.123456Z',
      closeAt: '2026-12-05T12:00:00.500000Z',
    });
    await store.close();
  });

  it('reads documents of earlier versions, whose instants are epoch milliseconds', () => {
    const doc = { id: 1, cancelledAt: Date.parse('2026-12-01T10:00:00.25Z'), closeAt: null };
    expect(storedEvent(JSON.stringify(doc))).toMatchObject({
      cancelledAt: '2026-12-01T10:00:00.250000Z',
      closeAt: null,
    });
  });

  it('reports every problem of a file at once', async () => {
    const problems = await rejected(
      venueFile(
        [
          { over_18: 1, date: '2026-12-10', time: '20:00' },
          { extra: true, date: '2026-12-10', time: '20:00' },
        ],
        { timezone: 'Nowhere/Land' },
      ),
    );
    expect(problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(['venues[0].events[0].over_18', 'venues[0].events[1].extra']),
    );
  });

  it('an event id owned by a venue the import leaves alone is rejected', async () => {
    const problems = await rejected(
      venueFile([{ id: 2, date: '2026-12-10', time: '20:00' }], { slug: 'intruder' }),
    );
    expect(problems).toEqual([
      {
        path: 'venues[0].events[0].id',
        message: 'event id 2 already belongs to venue "test-venue"',
      },
    ]);
  });
});

describe('the facts of docs/api.md §10.18 in a venue file', () => {
  it.each([
    [
      'an unknown currency',
      { price: { currency: 'XYZ', min: '1' } },
      'price.currency',
      /unknown ISO 4217/,
    ],
    [
      'a lower-case code',
      { price: { currency: 'gbp', min: '1' } },
      'price.currency',
      /expected an ISO 4217 code/,
    ],
    [
      'a negative amount',
      { price: { currency: 'GBP', min: '-1' } },
      'price.min',
      /expected an amount/,
    ],
    ['a number, not a string', { price: { currency: 'GBP', min: 12 } }, 'price.min', /string/],
    ['no min', { price: { currency: 'GBP', max: '12' } }, 'price.min', /required/],
    [
      'more decimals than GBP has',
      { price: { currency: 'GBP', min: '12.505' } },
      'price.min',
      /would be rounded/,
    ],
    [
      'decimals JPY has none of',
      { price: { currency: 'JPY', min: '1500.00' } },
      'price.min',
      /JPY has 0 decimals/,
    ],
    [
      'min above max',
      { price: { currency: 'GBP', min: '20', max: '18.50' } },
      'price.max',
      /below min/,
    ],
    [
      'more than 20 performers',
      { performers: Array.from({ length: 21 }, (_, i) => `P${i}`) },
      'performers',
      /20/,
    ],
    ['an empty name', { performers: ['Alice', '   '] }, 'performers[1]', /empty/],
    [
      'a name over 200 characters',
      { performers: ['é'.repeat(201)] },
      'performers[0]',
      /at most 200 characters \(has 201\)/,
    ],
    ['performers not a list', { performers: 'Alice' }, 'performers', /array/],
    ['an end time of 24:00', { end_time: '24:00' }, 'end_time', /HH:MM/],
    ['few_tickets_left not a boolean', { few_tickets_left: 'yes' }, 'few_tickets_left', /boolean/],
  ])('rejects %s, naming the event and the field', async (_name, change, member, message) => {
    const problems = await rejected(withEvent(change));
    const hit = problems.find((p) => p.path === `venues[0].events[0].${member}`);
    expect(hit, JSON.stringify(problems)).toBeDefined();
    expect(hit!.message).toMatch(message);
  });

  it('rejects a stop’s bad end time with the stop’s path', async () => {
    const problems = await rejected(
      venueFile([{ occurrences: [{ date: '2026-12-10', time: '20:00', end_time: '7pm' }] }]),
    );
    expect(problems.map((p) => p.path)).toContain('venues[0].events[0].occurrences[0].end_time');
  });

  it('reports every problem of every event at once, and writes nothing', async () => {
    const problems = await rejected(
      venueFile([
        { date: '2026-12-10', time: '20:00', price: { currency: 'GBP', min: '5', max: '4' } },
        { date: '2026-12-11', time: '20:00', performers: [''] },
        { date: '2026-12-12', time: '20:00', price: { currency: 'ZZZ', min: '1' } },
      ]),
    );
    expect(problems.map((p) => p.path)).toEqual([
      'venues[0].events[0].price.max',
      'venues[0].events[1].performers[0]',
      'venues[0].events[2].price.currency',
    ]);
  });

  it('stores them normalised, each only when given', async () => {
    const store = await openTestStore();
    await importVenueFile(
      store,
      venueFile([
        {
          date: '2026-12-10',
          time: '23:00',
          end_time: '04:00',
          price: { currency: 'BHD', min: '1.5', max: '2' },
          performers: [' Alice ', 'Bob'],
          few_tickets_left: true,
        },
        {
          date: '2026-12-11',
          time: '20:00',
          performers: [],
          few_tickets_left: false,
          occurrences: undefined,
        },
        { occurrences: [{ date: '2026-12-12', time: '19:00', end_time: '21:15:30' }] },
      ]),
    );
    expect(await store.event('test-venue', 1)).toMatchObject({
      endTime: '04:00:00',
      price: { currency: 'BHD', min: '1.500', max: '2.000' },
      performers: ['Alice', 'Bob'],
      fewTicketsLeft: true,
    });
    const plain = await store.event('test-venue', 2);
    for (const member of ['endTime', 'price', 'performers', 'fewTicketsLeft']) {
      expect(plain).not.toHaveProperty(member);
    }
    expect((await store.event('test-venue', 3))?.stops[0]).toMatchObject({ endTime: '21:15:30' });
    await store.close();
  });
});

describe('npm run import (CLI)', () => {
  const run = promisify(execFile);
  const dir = scratchDir('ve-import-');
  const dbReady =
    STORE_KIND === 'postgres' ? emptyStoreLocation() : Promise.resolve(join(dir, 'store.db'));
  const write = (name: string, doc: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(doc));
    return file;
  };
  const cli = async (...args: string[]) =>
    run(process.execPath, importCliArgs('--db', await dbReady, ...args));

  it('imports good files; a bad one in the same run changes nothing and exits non-zero', async () => {
    const ok = await cli(write('good.json', good));
    expect(ok.stdout).toMatch(/Imported 1 venue\(s\): test-venue \(2 events\)/);
    const other = write(
      'other.json',
      venueFile([{ id: 9, date: '2026-12-10', time: '20:00' }], { slug: 'second' }),
    );
    const bad = write('bad.json', withEvent({ id: 10, over_18: 'no' }));
    const failure = await cli(other, bad).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('bad.json: venues[0].events[0].over_18: must be boolean');
    expect(failure?.stderr).toContain('Nothing was imported.');
    const store = await openStore(await dbReady);
    expect(await store.venue('second')).toBeUndefined();
    expect(await store.countListed('test-venue', '2026-12-01')).toBe(2);
    await store.close();
  });
});
