/**
 * What an event's image shows (docs/api.md §10.26, WCAG 1.1.1), on either store: a venue file's
 * `image_alt` (kept only beside an image, trimmed; too long refused with its path), a sheet's
 * `image_alt` column and a source's `event_extras`, through the import and the sync to the API,
 * the event page's `<img alt>` and `widget.html`'s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { serveFeeds } from '../support/hostile-sources.js';
import type { Running } from '../support/listen.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { openTestStore } from '../support/store.js';
import { withSyncedApp } from '../support/synced-app.js';

const NOW = '2026-12-05T12:00:00Z';
const ALT = 'A double bass, a piano and drums on a small stage, lit in blue';
const IMAGE = '/storage/demo/jazz.svg';

type Listed = { data: { attributes: { title: string; image_alt?: string } }[] };
const list = async (base: string, slug = 'test-venue'): Promise<Listed> =>
  (await fetch(`${base}/t/${slug}/api/events?page=1`)).json() as Promise<Listed>;
const altOf = (body: Listed, title: string) =>
  body.data.find((e) => e.attributes.title === title)!.attributes.image_alt;

let server: TestServer;
beforeAll(async () => {
  server = await startServer(
    venueFile(
      [
        { title: 'Described', small_image_path: IMAGE, image_alt: `  ${ALT} ` },
        { title: 'Undescribed', small_image_path: IMAGE },
        { title: 'No Image', image_alt: 'A poster' },
        { title: 'Blank', small_image_path: IMAGE, image_alt: '   ' },
      ].map((event, i) => ({
        ...event,
        slug: event.title.toLowerCase().replace(' ', '-'),
        show_images: true,
        date: `2026-12-1${i}`,
        time: '20:00',
      })),
    ),
    NOW,
  );
});
afterAll(() => server.close());

describe('image_alt (docs/api.md §10.26)', () => {
  it('is sent, trimmed, for an image the venue describes; not without an image or a text', async () => {
    const body = await list(server.url);
    expect(altOf(body, 'Described')).toBe(ALT);
    for (const title of ['Undescribed', 'No Image', 'Blank'])
      expect(body.data.find((e) => e.attributes.title === title)!.attributes).not.toHaveProperty(
        'image_alt',
      );
  });

  it('names the image on the event page and in widget.html; "Image for …" without it', async () => {
    const page = await (await fetch(`${server.url}/t/test-venue/events/described`)).text();
    expect(page).toMatch(new RegExp(`<img src="[^"]*${IMAGE}" alt="${ALT}" loading="lazy">`));
    const plain = await (await fetch(`${server.url}/t/test-venue/events/undescribed`)).text();
    expect(plain).toContain(`alt="Undescribed"`);
    const widget = await (await fetch(`${server.url}/t/test-venue/widget.html`)).text();
    expect(widget).toContain(`alt="${ALT}"`);
    expect(widget).toContain('alt="Image for Undescribed"');
  });

  it('refuses a text over 500 characters, naming its path', async () => {
    const store = await openTestStore();
    const long = venueFile([
      { title: 'Long', small_image_path: IMAGE, image_alt: 'x'.repeat(501) },
    ]);
    const refused = await importVenueFile(store, long).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VenueFileError);
    expect(JSON.stringify((refused as VenueFileError).problems)).toContain(
      'venues[0].events[0].image_alt',
    );
  });
});

describe('image_alt from a sheet and from event_extras', () => {
  let feed: Running;
  beforeAll(async () => {
    const csv = [
      'uid,title,date,time,image,image_alt',
      `a,Sheet Described,2026-12-10,20:00,https://images.example/a.jpg,"${ALT}"`,
      'b,Sheet Extra,2026-12-11,20:00,https://images.example/b.jpg,',
      'c,Sheet No Image,2026-12-12,20:00,,A poster',
      '',
    ].join('\r\n');
    feed = await serveFeeds({ 'events.csv': { body: csv, type: 'text/csv; charset=utf-8' } });
  });
  afterAll(() => feed.close());

  it('the column and an extra reach the API', async () => {
    const file = {
      venues: [
        {
          slug: 'sheet-hall',
          timezone: 'Europe/London',
          source: { url: `${feed.url}/events.csv`, format: 'csv' },
          event_extras: { b: { image_alt: 'The band on the harbour wall' } },
        },
      ],
    };
    await withSyncedApp(file, NOW, async (url) => {
      const body = await list(url, 'sheet-hall');
      expect(altOf(body, 'Sheet Described')).toBe(ALT);
      expect(altOf(body, 'Sheet Extra')).toBe('The band on the harbour wall');
      expect(altOf(body, 'Sheet No Image')).toBeUndefined();
    });
  });
});
