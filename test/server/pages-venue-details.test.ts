/**
 * The venue's optional `url` and `address` (docs/venue-file.md): validated with JSON paths,
 * normalised by the importer and kept by the store (SQLite and PostgreSQL alike).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { openStore } from '../../server/store/open-store.js';
import { scratchDir } from '../support/scratch.js';
import { openTestStore, STORE_KIND } from '../support/store.js';

const venue = (extra: Record<string, unknown>) => ({
  venues: [
    {
      slug: 'test-venue',
      name: 'Test Venue',
      timezone: 'Europe/London',
      ...extra,
      events: [
        { id: 1, title: 'A', slug: 'a', status: 'published', date: '2026-12-10', time: '20:00' },
      ],
    },
  ],
});

async function problems(doc: unknown): Promise<string[]> {
  const store = await openTestStore();
  try {
    await importVenueFile(store, doc);
  } catch (error) {
    expect(error).toBeInstanceOf(VenueFileError);
    return (error as VenueFileError).problems.map((p) => `${p.path}: ${p.message}`);
  } finally {
    await store.close();
  }
  throw new Error('the file was accepted');
}

describe('venue url and address', () => {
  it('are stored and read back, address members trimmed and empty ones dropped', async () => {
    const store = await openTestStore();
    await importVenueFile(
      store,
      venue({
        url: 'https://Blue-Room.example',
        address: {
          streetAddress: ' 1 Example Street ',
          addressLocality: 'London',
          postalCode: '',
          addressCountry: 'GB',
        },
      }),
    );
    expect(await store.venue('test-venue')).toEqual({
      slug: 'test-venue',
      name: 'Test Venue',
      timezone: 'Europe/London',
      apiShape: 'current',
      url: 'https://blue-room.example/',
      address: {
        streetAddress: '1 Example Street',
        addressLocality: 'London',
        addressCountry: 'GB',
      },
    });
    await store.close();
  });

  it('are optional: a venue without them has neither', async () => {
    const store = await openTestStore();
    await importVenueFile(store, venue({ address: { postalCode: ' ' } }));
    const record = await store.venue('test-venue');
    expect(record).toEqual({
      slug: 'test-venue',
      name: 'Test Venue',
      timezone: 'Europe/London',
      apiShape: 'current',
    });
    await store.close();
  });

  it('a re-import replaces them', async () => {
    const store = await openTestStore();
    await importVenueFile(store, venue({ url: 'https://a.example/' }));
    await importVenueFile(store, venue({ address: { addressLocality: 'Leeds' } }));
    const record = await store.venue('test-venue');
    expect(record?.url).toBeUndefined();
    expect(record?.address).toEqual({ addressLocality: 'Leeds' });
    await store.close();
  });

  it.each([
    [{ url: 'ftp://blue-room.example/' }, 'venues[0].url: expected the venue'],
    [{ url: 'javascript:alert(1)' }, 'venues[0].url: expected the venue'],
    [{ url: '/whats-on' }, 'venues[0].url: expected the venue'],
    [{ url: 'https://exa mple.org/' }, 'venues[0].url: expected the venue'],
    [{ address: { addressCountry: 'United Kingdom' } }, 'venues[0].address.addressCountry'],
    [{ address: { addressCountry: 'gb' } }, 'venues[0].address.addressCountry: expected ISO'],
    [{ address: { street: 'x' } }, 'venues[0].address.street: unknown member'],
    [{ address: 'London' }, 'venues[0].address: must be object'],
  ])('rejects %j with its JSON path', async (extra, expected) => {
    const found = await problems(venue(extra));
    expect(
      found.some((p) => p.startsWith(expected)),
      found.join('\n'),
    ).toBe(true);
  });
});

describe.runIf(STORE_KIND === 'sqlite')('SQLite migration', () => {
  it('a database made before venue details gains the column and keeps its venues', async () => {
    const file = join(scratchDir('ve-migrate-'), 'old.db');
    const first = await openStore(file);
    await importVenueFile(first, venue({}));
    await first.close();
    // Back to the schema before the details column: migration 1 only (so the later filters'
    // migration goes too, indexes before the columns they cover).
    const old = new Database(file);
    old.exec(`DROP INDEX listing_instant; DROP INDEX listing_closing; DROP INDEX listing_behind;
      ALTER TABLE listing DROP COLUMN instant; ALTER TABLE listing DROP COLUMN behind;
      ALTER TABLE listing DROP COLUMN close_ms;
      DROP TABLE event_search; DROP TABLE event_dates;
      DROP INDEX listing_filter; DROP INDEX listing_category;
      ALTER TABLE listing DROP COLUMN category; ALTER TABLE listing DROP COLUMN category_key;
      ALTER TABLE listing DROP COLUMN last_date;`);
    old.exec('ALTER TABLE venues DROP COLUMN details');
    old.pragma('user_version = 1');
    old.close();
    const store = await openStore(file);
    expect(await store.venue('test-venue')).toEqual({
      slug: 'test-venue',
      name: 'Test Venue',
      timezone: 'Europe/London',
      apiShape: 'current',
    });
    await importVenueFile(store, venue({ url: 'https://new.example/' }));
    expect((await store.venue('test-venue'))?.url).toBe('https://new.example/');
    await store.close();
  });
});
