/**
 * Several instances on one PostgreSQL database keep a venue's source in step together
 * (docs/sources.md "Several instances"): while one instance syncs a source, another does not fetch
 * it (an advisory lock), and every instance serves the listing the first one applied within a
 * second. Two stores on one real database, each with its own app; a real feed on loopback that
 * holds its answer until the test lets it go.
 */
import { createServer, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { createApp } from '../../server/origin/app.js';
import { SourceSync } from '../../server/sources/sync.js';
import { openStore } from '../../server/store/open-store.js';
import type { Store } from '../../server/store/store.js';
import { listen, type Running } from '../support/listen.js';
import { emptyStoreLocation } from '../support/store.js';

const NOW = '2026-12-05T12:00:00Z';
const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//EN',
  'BEGIN:VEVENT',
  'UID:shared@hall',
  'DTSTAMP:20261201T000000Z',
  'DTSTART;TZID=Europe/London:20261210T200000',
  'SUMMARY:Shared Night',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

let feed: Running;
const held: ServerResponse[] = [];
let asked = 0;
const stores: Store[] = [];
const apps: Running[] = [];
const syncs: SourceSync[] = [];

beforeAll(async () => {
  feed = await listen(
    createServer((_req, res) => {
      asked++;
      held.push(res);
    }),
  );
  const db = await emptyStoreLocation();
  for (let i = 0; i < 2; i++) {
    const store = await openStore(db);
    stores.push(store);
    const clock = () => new Date(NOW);
    const logger = { info: () => undefined, warn: () => undefined };
    syncs.push(new SourceSync({ store, clock, fetch: { allowHosts: ['127.0.0.1'] }, logger }));
    apps.push(await listen(createServer(createApp({ store, clock, logger: false }))));
  }
  await importVenueFile(stores[0]!, {
    venues: [
      { slug: 'shared-hall', timezone: 'Europe/London', source: { url: `${feed.url}/h.ics` } },
    ],
  });
});

afterAll(async () => {
  for (const res of held) res.destroy();
  await Promise.all(syncs.map((s) => s.stop()));
  await Promise.all(apps.map((a) => a.close()));
  await feed.close();
  await Promise.all(stores.map((s) => s.close()));
});

/** Polls `url` until its body contains `text`; rejects after `limitMs`. */
async function until(url: string, text: string, limitMs: number): Promise<void> {
  const t0 = performance.now();
  while (!(await (await fetch(url)).text()).includes(text)) {
    if (performance.now() - t0 > limitMs)
      throw new Error(`"${text}" not at ${url} within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a source on two instances of one PostgreSQL database', () => {
  it('is fetched by one at a time, and both serve what it applied within a second', async () => {
    const first = syncs[0]!.syncVenue('shared-hall');
    // The first instance's fetch is in flight (the feed holds it): it holds the lock.
    await new Promise<void>((resolve) => {
      const check = () => (held.length ? resolve() : setTimeout(check, 10));
      check();
    });
    const second = await syncs[1]!.syncVenue('shared-hall');
    expect(second.outcome).toBe('busy');
    expect(asked).toBe(1);
    const res = held.shift()!;
    res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(FEED);
    expect((await first).outcome).toBe('applied');
    for (const app of apps)
      await until(`${app.url}/t/shared-hall/api/events`, 'Shared Night', 1000);
  });
});
