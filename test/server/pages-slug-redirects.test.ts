/**
 * Links survive a retitle (docs/sources.md "Stable identity"): an event that keeps its id under a
 * new page slug (a venue file's `slug` edited, a source's event retitled) answers `301` from every
 * earlier slug to its current page, `.ics` and calendar links, the query kept; a slug another
 * event of the venue has now serves that event; a database made before the history gains it on
 * opening. Runs on both stores (vitest.config.ts: `pages-*`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { applySourceEvents, sourceIdentity } from '../../server/sources/apply.js';
import type { SourceEvent } from '../../server/sources/source-event.js';
import { openStore } from '../../server/store/open-store.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { storeMadeBefore } from '../support/store.js';

const NOW = '2026-11-30T12:00:00Z';
const VENUE = '/t/test-venue/events';

/** The venue's two nights: Folk Night (id 1) slugged `folk`, Jazz Night (id 2) `jazz-night`. */
const nights = (folk: string, jazz = 'jazz-night', folkTitle = 'Folk Night') =>
  venueFile([
    { id: 1, title: folkTitle, slug: folk, date: '2026-12-05', time: '20:00' },
    { id: 2, title: 'Jazz Night', slug: jazz, date: '2026-12-06', time: '21:00' },
  ]);

/** GET `path` without following redirects. */
const get = (server: TestServer, path: string, method = 'GET') =>
  fetch(`${server.url}${path}`, { method, redirect: 'manual' });

/** The `Location` of a `301` answer to `path`. */
async function movedTo(server: TestServer, path: string): Promise<string> {
  const res = await get(server, path);
  expect(res.status, path).toBe(301);
  await res.arrayBuffer();
  return res.headers.get('location')!;
}

/** The title of the event page at `path` (its `<h1>`), expecting a 200. */
async function pageTitle(server: TestServer, path: string): Promise<string> {
  const res = await get(server, path);
  expect(res.status, path).toBe(200);
  return /<h1[^>]*>([^<]+)<\/h1>/.exec(await res.text())?.[1] ?? '';
}

describe('an event page slug edited in the venue file', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(nights('folk-night'), NOW);
    await importVenueFile(
      server.store,
      nights('folk-night-sold-out', 'jazz-night', 'Folk Night (sold out)'),
    );
  });
  afterAll(() => server.close());

  it('answers 301 from the old page to the new one, the query kept', async () => {
    expect(await movedTo(server, `${VENUE}/folk-night`)).toBe(
      `${server.url}${VENUE}/folk-night-sold-out`,
    );
    expect(await movedTo(server, `${VENUE}/folk-night?locale=de&utm_source=x`)).toBe(
      `${server.url}${VENUE}/folk-night-sold-out?locale=de&utm_source=x`,
    );
    // Followed, it is the event's page; HEAD answers as GET does.
    const followed = await fetch(`${server.url}${VENUE}/folk-night`);
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`${server.url}${VENUE}/folk-night-sold-out`);
    expect(await followed.text()).toContain('Folk Night (sold out)');
    const head = await get(server, `${VENUE}/folk-night`, 'HEAD');
    expect(head.status).toBe(301);
    expect(head.headers.get('location')).toBe(`${server.url}${VENUE}/folk-night-sold-out`);
  });

  it('is cacheable as the page it leads to', async () => {
    const res = await get(server, `${VENUE}/folk-night`);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
  });

  it('answers 301 from the old .ics and calendar links to the new ones', async () => {
    expect(await movedTo(server, `${VENUE}/folk-night.ics?locale=fr`)).toBe(
      `${server.url}${VENUE}/folk-night-sold-out.ics?locale=fr`,
    );
    for (const service of ['google', 'outlook']) {
      expect(await movedTo(server, `${VENUE}/folk-night/calendar/${service}?date=2026-12-05`)).toBe(
        `${server.url}${VENUE}/folk-night-sold-out/calendar/${service}?date=2026-12-05`,
      );
    }
    const ics = await fetch(`${server.url}${VENUE}/folk-night.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-disposition')).toContain('folk-night-sold-out.ics');
  });

  it('serves the new page, and still 404s a slug no event had', async () => {
    expect(await pageTitle(server, `${VENUE}/folk-night-sold-out`)).toBe('Folk Night (sold out)');
    expect(await pageTitle(server, `${VENUE}/jazz-night`)).toBe('Jazz Night');
    for (const path of [
      `${VENUE}/no-such-night`,
      `${VENUE}/no-such-night.ics`,
      `${VENUE}/no-such-night/calendar/google`,
      '/t/other-venue/events/folk-night',
    ]) {
      const res = await get(server, path);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
  });
});

describe('earlier slugs over several imports', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(nights('folk-night'), NOW);
  });
  afterAll(() => server.close());

  it('every earlier slug leads to the current page, not along the chain', async () => {
    await importVenueFile(server.store, nights('folk-night-sold-out'));
    await importVenueFile(server.store, nights('folk-night-moved'));
    for (const old of ['folk-night', 'folk-night-sold-out']) {
      expect(await movedTo(server, `${VENUE}/${old}`)).toBe(
        `${server.url}${VENUE}/folk-night-moved`,
      );
    }
    // Back to an earlier slug: its page again, and the others lead to it.
    await importVenueFile(server.store, nights('folk-night'));
    expect(await pageTitle(server, `${VENUE}/folk-night`)).toBe('Folk Night');
    expect(await movedTo(server, `${VENUE}/folk-night-moved`)).toBe(
      `${server.url}${VENUE}/folk-night`,
    );
  });

  it('an earlier slug another event has now serves that event', async () => {
    await importVenueFile(server.store, nights('folk-night-sold-out', 'folk-night'));
    expect(await pageTitle(server, `${VENUE}/folk-night`)).toBe('Jazz Night');
    // Jazz Night's own earlier slug leads to it.
    expect(await movedTo(server, `${VENUE}/jazz-night`)).toBe(`${server.url}${VENUE}/folk-night`);
    // When Jazz Night leaves the slug again, the last event to leave it has it.
    await importVenueFile(server.store, nights('folk-night-sold-out', 'jazz-night'));
    expect(await movedTo(server, `${VENUE}/folk-night`)).toBe(`${server.url}${VENUE}/jazz-night`);
  });

  it('an earlier slug of an event no longer served, or gone, is a 404', async () => {
    await importVenueFile(server.store, nights('folk-night'));
    await importVenueFile(server.store, nights('folk-night-sold-out'));
    const drafted = nights('folk-night-sold-out') as { venues: { events: object[] }[] };
    drafted.venues[0]!.events[0] = { ...drafted.venues[0]!.events[0], status: 'draft' };
    await importVenueFile(server.store, drafted);
    expect((await get(server, `${VENUE}/folk-night`)).status).toBe(404);
    // Published again: its history was kept while it was a draft.
    await importVenueFile(server.store, nights('folk-night-sold-out'));
    expect(await movedTo(server, `${VENUE}/folk-night`)).toBe(
      `${server.url}${VENUE}/folk-night-sold-out`,
    );
    // Removed: its history goes with it, and a new event 1 does not inherit it.
    await importVenueFile(
      server.store,
      venueFile([
        { id: 2, title: 'Jazz Night', slug: 'jazz-night', date: '2026-12-06', time: '21:00' },
      ]),
    );
    await importVenueFile(server.store, nights('folk-night-new'));
    expect((await get(server, `${VENUE}/folk-night`)).status).toBe(404);
    expect((await get(server, `${VENUE}/folk-night-sold-out`)).status).toBe(404);
  });
});

describe('a source event retitled', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(venueFile([]), NOW);
  });
  afterAll(() => server.close());

  const sync = async (title: string) => {
    const venue = await server.store.storedVenue('test-venue');
    const events: SourceEvent[] = [
      {
        key: 'folk-night@example.org',
        event: { title, status: 'published', date: '2026-12-05', time: '20:00' },
      },
    ];
    await applySourceEvents(server.store, venue!, events, new Date(NOW));
  };

  it('keeps its id and answers 301 from the old page to the new one', async () => {
    const before = sourceIdentity('test-venue', 'folk-night@example.org', 'Folk Night');
    const after = sourceIdentity('test-venue', 'folk-night@example.org', 'Folk Night (sold out)');
    expect(after.id).toBe(before.id);
    expect(after.slug).not.toBe(before.slug);
    await sync('Folk Night');
    expect(await pageTitle(server, `${VENUE}/${before.slug}`)).toBe('Folk Night');
    await sync('Folk Night (sold out)');
    expect(await movedTo(server, `${VENUE}/${before.slug}?ref=search`)).toBe(
      `${server.url}${VENUE}/${after.slug}?ref=search`,
    );
    expect(await movedTo(server, `${VENUE}/${before.slug}.ics`)).toBe(
      `${server.url}${VENUE}/${after.slug}.ics`,
    );
    expect(await pageTitle(server, `${VENUE}/${after.slug}`)).toBe('Folk Night (sold out)');
  });
});

describe('a database made before the slug history', () => {
  it('gains it on opening: the next import records earlier slugs', async () => {
    const drop = 'DROP TABLE event_slug_history';
    const location = await storeMadeBefore(
      8,
      { sqlite: drop, postgres: drop },
      nights('folk-night'),
    );
    const store = await openStore(location);
    try {
      expect(await store.eventByEarlierSlug('test-venue', 'folk-night')).toBeUndefined();
      await importVenueFile(store, nights('folk-night-sold-out'));
      const moved = await store.eventByEarlierSlug('test-venue', 'folk-night');
      expect(moved).toMatchObject({ id: 1, slug: 'folk-night-sold-out' });
      expect(await store.eventByEarlierSlug('test-venue', 'folk-night-sold-out')).toBeUndefined();
      expect(await store.eventByEarlierSlug('other-venue', 'folk-night')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
