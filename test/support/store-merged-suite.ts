/**
 * The suite of listings across venues in one query (`server/origin/merged-store-source.ts`) for
 * the store of this project's kind: the sources of test/support/store-merged.ts over the fixture
 * venues, a generated set, a venue out of instant order, and a database made before the instants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { listDocument } from '../../server/listing/feeds.js';
import { venueDay } from '../../server/origin/resources.js';
import { openStore } from '../../server/store/open-store.js';
import type { Store } from '../../server/store/store.js';
import { MERGED_NOW, mergedVenueFile } from '../fixtures/merged-venues.js';
import { SCENARIOS } from '../fixtures/reach-venues.js';
import { NOW, SEVERAL_VENUES } from '../fixtures/several-venues.js';
import { widgetVenueFile } from '../fixtures/widget-venues.js';
import {
  bothSources,
  counting,
  expectSameListing,
  FILTERS,
  filterOf,
  slugsOf,
} from './store-merged.js';
import { openTestStore, storeMadeBefore } from './store.js';

/** A store of this project's kind holding `files`, closed after the file's tests. */
function storeHolding(...files: unknown[]): () => Store {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
    for (const file of files) await importVenueFile(store, file);
  });
  afterAll(() => store.close());
  return () => store;
}

/** Undoes the instants' migration (6): the schema before it, per store. */
const BEFORE_ACROSS = {
  sqlite: `DROP INDEX listing_instant; DROP INDEX listing_closing; DROP INDEX listing_behind;
    ALTER TABLE listing DROP COLUMN instant; ALTER TABLE listing DROP COLUMN behind;
    ALTER TABLE listing DROP COLUMN close_ms;`,
  postgres: 'ALTER TABLE listing DROP COLUMN instant, DROP COLUMN behind, DROP COLUMN close_ms',
};

/** A venue in New York with a night at 02:30 on the night its clocks skip 02:00–03:00. */
const SKIPPED_HOUR = {
  venues: [
    {
      slug: 'spring-forward',
      name: 'Spring Forward',
      timezone: 'America/New_York',
      events: [
        ['2027-03-13', '23:00'],
        ['2027-03-14', '02:30'], // read as 03:30 EDT (07:30Z)
        ['2027-03-14', '03:00'], // 07:00Z: before the night listed ahead of it
        ['2027-03-14', '03:20'],
        ['2027-03-14', '04:00'],
      ].map(([date, time], i) => ({
        id: 7000 + i,
        title: `Night ${i + 1}`,
        slug: `night-${i + 1}`,
        status: 'published',
        date,
        time,
      })),
    },
    {
      slug: 'steady-london',
      name: 'Steady London',
      timezone: 'Europe/London',
      events: ['07:10', '07:25', '07:40'].map((time, i) => ({
        id: 7100 + i,
        title: `London ${time}`,
        slug: `london-${i + 1}`,
        status: 'published',
        date: '2027-03-14',
        time,
      })),
    },
  ],
};

/**
 * Three venues in three zones, each with `n` events at one instant (20:00 in London, 21:00 in
 * Berlin, 15:00 in New York on 7 December) and a few around it: ties longer than a page.
 */
function longTie(n: number) {
  const zones = [
    ['tie-london', 'Europe/London', '20:00'],
    ['tie-berlin', 'Europe/Berlin', '21:00'],
    ['tie-new-york', 'America/New_York', '15:00'],
  ];
  return {
    venues: zones.map(([slug, timezone, time], v) => ({
      slug,
      name: slug,
      timezone,
      events: Array.from({ length: n + 2 }, (_, i) => ({
        id: 8000 + 100 * v + i,
        title: `Tied ${v}.${i}`,
        slug: `tied-${i}`,
        status: 'published',
        // The first and last of each venue are a day either side of the tie.
        date: i === 0 ? '2026-12-06' : i === n + 1 ? '2026-12-08' : '2026-12-07',
        time,
      })),
    })),
  };
}

/** The fixture venues of the other tests, and ties longer than a page. */
function fixtureSuites(): void {
  describe('ties longer than a page (three venues, one instant)', () => {
    const file = longTie(15);
    const store = storeHolding(file);
    it.each([[slugsOf(file)], [slugsOf(file).reverse()]])('venues %j', async (slugs) => {
      const { generic, across } = await bothSources(store(), slugs, Date.parse(NOW));
      expect((await expectSameListing(generic, across, ['', 'search=tied'])).listed).toBe(51);
    });
  });

  describe('the fixture venues of several venues (test/fixtures/several-venues.ts)', () => {
    const store = storeHolding(SEVERAL_VENUES);
    const orders = [
      ['harbour-hall', 'blue-cellar', 'night-owl'],
      ['night-owl', 'harbour-hall', 'blue-cellar'],
      ['blue-cellar', 'night-owl'],
      ['night-owl'],
    ];
    it.each(orders.map((slugs) => [slugs.join(',')]))('venues=%s', async (venues) => {
      const counted = counting(store());
      const slugs = venues.split(',');
      const { generic, across } = await bothSources(counted.store, slugs, Date.parse(NOW));
      // What the generic merge reads goes through `listed`; the query's pages never do.
      const { across: alone } = await bothSources(counted.store, slugs, Date.parse(NOW));
      for (const page of [1, 2, 3]) await listDocument(alone, filterOf(''), page);
      expect(counted.listed()).toBe(0);
      expect((await expectSameListing(generic, across)).listed).toBeGreaterThan(0);
    });
  });

  describe('the widget tests’ venues (test/fixtures/widget-venues.ts)', () => {
    const store = storeHolding(widgetVenueFile);
    const all = slugsOf(widgetVenueFile);
    it('all fourteen, a closure due within the day among them', async () => {
      const counted = counting(store());
      const { generic, across } = await bothSources(counted.store, all, Date.parse(NOW));
      const compared = await expectSameListing(generic, across);
      expect(compared.listed).toBeGreaterThan(20);
      // The countdown's closure, 2 s away, bounds every answer whose merge reads it.
      expect(compared.closing).toBeGreaterThan(0);
      // Read ahead (`earliestClose`) when no venue lists a row behind its instant; `plans` does (a
      // night postponed from the 2nd, docs/api.md §10.20), and such a venue is merged as it comes.
      const ahead = counting(store());
      const others = all.filter((slug) => slug !== 'plans');
      const sources = await bothSources(ahead.store, others, Date.parse(NOW));
      await expectSameListing(sources.generic, sources.across);
      expect(ahead.closes()).toBeGreaterThan(0);
    });
    it('reversed, in the earlier shape, a second before the countdown’s closure', async () => {
      const nowMs = Date.parse('2026-12-05T12:00:01Z');
      const { generic, across } = await bothSources(store(), [...all].reverse(), nowMs, true);
      await expectSameListing(generic, across, FILTERS.slice(0, 6));
    });
  });

  describe.each(SCENARIOS.map((s) => [s.zone, s] as const))(
    'a DST change in %s (test/fixtures/reach-venues.ts) beside the three venues',
    (_zone, scenario) => {
      const store = storeHolding(scenario.venueFile, SEVERAL_VENUES);
      it('lists as the merge does', async () => {
        const slugs = [scenario.slug, 'night-owl', 'harbour-hall', 'blue-cellar'];
        const { generic, across } = await bothSources(store(), slugs, Date.parse(scenario.now));
        await expectSameListing(generic, across);
      });
    },
  );
}

/** The generated set (test/fixtures/merged-venues.ts) at several moments and orders. */
function generatedSuite(): void {
  describe('a generated set: ties, tours across midnights, every filter', () => {
    const file = mergedVenueFile();
    const store = storeHolding(file);
    const all = slugsOf(file);
    it.each([
      [MERGED_NOW, all],
      ['2026-12-05T23:30:00Z', [...all].reverse()],
      ['2026-12-06T10:45:00Z', ['auckland-owl', 'london-hall', 'ny-stage', 'chatham-shed']],
      ['2026-12-04T11:00:00Z', ['honolulu-lanai']],
    ])('at %s, venues %j', async (now, slugs) => {
      const counted = counting(store());
      const { generic, across } = await bothSources(counted.store, slugs, Date.parse(now));
      const { listed, closing } = await expectSameListing(generic, across);
      // Several pages of 12 for the whole set; at noon in London, closures due before midnight.
      if (slugs.length === all.length) expect(listed).toBeGreaterThan(5 * 12);
      if (now === MERGED_NOW) {
        expect(closing).toBeGreaterThan(0);
        expect(counted.closes()).toBeGreaterThan(0);
      }
    });
  });
}

/** A venue whose instants fall back along its list: the merge of the venues’ lists. */
function outOfOrderSuite(): void {
  describe('a venue out of instant order (a night at a skipped wall time)', () => {
    const store = storeHolding(SKIPPED_HOUR);
    const nowMs = Date.parse('2027-03-13T12:00:00Z');
    it('is known per venue and day', async () => {
      const day = venueDay('America/New_York', nowMs);
      const facts = await store().mergeFacts('spring-forward', day.today, day.startMs, day.endMs);
      expect(facts.inInstantOrder).toBe(false);
      const london = venueDay('Europe/London', nowMs);
      const steady = await store().mergeFacts(
        'steady-london',
        london.today,
        london.startMs,
        london.endMs,
      );
      expect(steady).toEqual({ inInstantOrder: true, closesMs: [] });
    });
    it('lists as the merge does, which keeps the venue’s own order', async () => {
      const slugs = ['spring-forward', 'steady-london'];
      const { generic, across } = await bothSources(store(), slugs, nowMs);
      await expectSameListing(generic, across, ['']);
      const { items } = await across.readShown(filterOf(''), 0, 12);
      expect(items.map((item) => item.resource().attributes.title)).toEqual([
        'Night 1',
        'London 07:10',
        'London 07:25',
        'Night 2',
        'Night 3',
        'Night 4',
        'London 07:40',
        'Night 5',
      ]);
    });
  });
}

/** A database written by the schema before the instants, opened. */
function migrationSuite(): void {
  describe('a database made before the instants', () => {
    it('migrates on opening, and lists across venues as a fresh import does', async () => {
      const file = mergedVenueFile(30, 7);
      const location = await storeMadeBefore(5, BEFORE_ACROSS, file);
      const migrated = await openStore(location);
      const fresh = await openTestStore();
      try {
        await importVenueFile(fresh, file);
        const slugs = slugsOf(file);
        const nowMs = Date.parse(MERGED_NOW);
        const old = await bothSources(migrated, slugs, nowMs);
        await expectSameListing(old.generic, old.across, FILTERS.slice(0, 8));
        const anew = await bothSources(fresh, slugs, nowMs);
        for (const query of ['', 'categories=jazz', 'search=jazz']) {
          for (const page of [1, 2, 5]) {
            const a = await listDocument(old.across, filterOf(query), page);
            const b = await listDocument(anew.across, filterOf(query), page);
            expect(a.text).toBe(b.text);
          }
        }
        for (const slug of slugs) {
          const day = venueDay(String((await fresh.venue(slug))!.timezone), nowMs);
          const facts = [migrated, fresh].map((s) =>
            s.mergeFacts(slug, day.today, day.startMs, day.endMs),
          );
          expect(await facts[0]).toEqual(await facts[1]);
        }
      } finally {
        await migrated.close();
        await fresh.close();
      }
    });
  });
}

/** Every check of this file, for the store of this project’s kind. */
export function storeMergedSuite(): void {
  fixtureSuites();
  generatedSuite();
  outOfOrderSuite();
  migrationSuite();
}
