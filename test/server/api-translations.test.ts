/**
 * The venue's own words in other languages (docs/api.md §10.24) through the API, over the real app
 * and a real store (SQLite here, PostgreSQL in the `postgres` project): `locale` chooses each
 * event's text — the translation in that language, else its base language, else the venue's own —
 * on the list, one event, the calendar feed, several venues' list and `widget.html`; each event
 * then says its language and the languages it has; search finds a title in any of them; and
 * without `locale` every answer is byte for byte what it is without translations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAttributes, ListResponse, SingleResponse } from '../../shared/contract.js';
import { importVenueFile } from '../../server/import/importer.js';
import {
  expectErrorResponse,
  expectListResponse,
  expectSingleResponse,
} from '../support/contract.js';
import { startServer, type TestServer } from '../support/server.js';

const NOW = '2026-12-05T12:00:00Z'; // venue-local today: 2026-12-05 (Europe/London)

const EVENTS: Record<string, unknown>[] = [
  {
    id: 1,
    title: 'Late Jazz',
    slug: 'late-jazz',
    status: 'published',
    tickets_enabled: true,
    date: '2026-12-10',
    time: '20:00',
    category: 'Concert',
    description: '<p>A night of jazz.</p>',
    performers: ['The Trio'],
    translations: {
      de: {
        title: 'Später Jazz',
        description: '<p>Ein Abend mit Jazz.</p>',
        category: 'Konzert',
        performers: ['Das Trio'],
      },
      fr: { title: 'Jazz tardif' },
      pt: { title: 'Jazz tardio' },
    },
  },
  {
    id: 2,
    title: 'Garden Tour',
    slug: 'garden-tour',
    status: 'published',
    tickets_enabled: true,
    location: 'Gardens',
    occurrences: [
      {
        date: '2026-12-11',
        time: '11:00',
        location: 'Rose Garden',
        translations: { fr: { location: 'Roseraie' } },
      },
      {
        date: '2026-12-12',
        time: '11:00',
        location: 'Orchard',
        schedule_status: 'postponed',
        status_reason: 'Storm damage',
      },
    ],
  },
  {
    id: 3,
    title: 'Quiz',
    slug: 'quiz',
    status: 'published',
    tickets_enabled: true,
    date: '2026-12-13',
    time: '19:00',
  },
];

/** The venue file with `events`, the venue's members laid over. */
const file = (events: Record<string, unknown>[], venue: Record<string, unknown> = {}) => ({
  venues: [
    { slug: 'test-venue', name: 'Test Venue', timezone: 'Europe/London', events, ...venue },
    {
      slug: 'salle-bleue',
      name: 'Salle Bleue',
      timezone: 'Europe/Paris',
      language: 'fr',
      events: [
        {
          id: 10,
          title: 'Soirée chanson',
          slug: 'soiree-chanson',
          status: 'published',
          tickets_enabled: true,
          date: '2026-12-10',
          time: '21:00',
          translations: { de: { title: 'Chansonabend' }, en: { title: 'Song night' } },
        },
      ],
    },
  ],
});

/** `EVENTS` as they would be without any translation. */
const untranslated = EVENTS.map(({ translations: _, ...event }) => ({
  ...event,
  ...(Array.isArray(event.occurrences) && {
    occurrences: (event.occurrences as Record<string, unknown>[]).map(
      ({ translations: __, ...stop }) => stop,
    ),
  }),
}));

let server: TestServer;
beforeAll(async () => {
  server = await startServer(file(EVENTS), NOW);
});
afterAll(() => server.close());

async function text(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.text() };
}

async function list(query: string, venue = 'test-venue'): Promise<ListResponse> {
  const { status, body } = await text(`/t/${venue}/api/events?${query}`);
  expect(status, body).toBe(200);
  const parsed = JSON.parse(body) as ListResponse;
  expectListResponse(parsed);
  return parsed;
}

const attributes = (doc: ListResponse) => doc.data.map((e) => e.attributes as EventAttributes);

describe('locale chooses the venue’s text (docs/api.md §10.24)', () => {
  it('gives each event its translation, and says its language and the languages it has', async () => {
    const [jazz, tour, quiz] = attributes(await list('locale=de'));
    expect(jazz).toMatchObject({
      title: 'Später Jazz',
      description: '<p>Ein Abend mit Jazz.</p>',
      category: 'Konzert',
      performers: ['Das Trio'],
      language: 'de',
      languages: ['en', 'de', 'fr', 'pt'],
    });
    // A member the translation leaves out is the venue's own.
    expect(tour).toMatchObject({ title: 'Garden Tour', language: 'en', languages: ['en', 'fr'] });
    expect(quiz).toMatchObject({ title: 'Quiz', language: 'en', languages: ['en'] });
    // Last, after every other member (a listing of several venues adds `venue` after them).
    expect(Object.keys(jazz!).slice(-2)).toEqual(['language', 'languages']);
  });

  it('names the texts a translation leaves out, which stay in the venue’s own language', async () => {
    const [jazz, tour, quiz] = attributes(await list('locale=fr'));
    // French gives the title alone: the category and description are the venue's English.
    expect(jazz).toMatchObject({ title: 'Jazz tardif', language: 'fr' });
    expect(jazz!.description).toBe('<p>A night of jazz.</p>');
    expect(Object.keys(jazz!).slice(-3)).toEqual(['language', 'languages', 'untranslated']);
    expect(jazz!.untranslated).toEqual(['category', 'description']);
    // Only a stop is in French: the event's own title and place are not.
    expect(tour).toMatchObject({ language: 'fr', untranslated: ['title', 'location'] });
    // German gives every text the event has; the quiz has no French at all (its own language).
    expect(attributes(await list('locale=de'))[0]).not.toHaveProperty('untranslated');
    expect(quiz).toMatchObject({ language: 'en' });
    expect(quiz).not.toHaveProperty('untranslated');
  });

  it('falls back to the base language, then to the venue’s own', async () => {
    expect(attributes(await list('locale=de-AT'))[0]).toMatchObject({
      title: 'Später Jazz',
      language: 'de',
    });
    expect(attributes(await list('locale=pt-BR'))[0]).toMatchObject({
      title: 'Jazz tardio',
      language: 'pt',
    });
    expect(attributes(await list('locale=ja'))[0]).toMatchObject({
      title: 'Late Jazz',
      language: 'en',
    });
    expect(attributes(await list('locale=en'))[0]).toMatchObject({
      title: 'Late Jazz',
      description: '<p>A night of jazz.</p>',
      language: 'en',
    });
  });

  it('gives a stop its location in that language', async () => {
    const tour = attributes(await list('locale=fr'))[1]!;
    expect(tour.next_occurrence?.location_label).toBe('Roseraie');
    expect(tour.occurrences.map((o) => o.location_label)).toEqual(['Roseraie', 'Orchard']);
    expect(tour.location).toBe('Gardens');
  });

  it('names a stop’s place and reason the translation leaves out, in the stop itself', async () => {
    const tour = attributes(await list('locale=fr'))[1]!;
    const [rose, orchard] = tour.occurrences;
    // The rose garden's place is French; the orchard's place and its own reason are English.
    expect(rose).not.toHaveProperty('untranslated');
    expect(orchard).toMatchObject({ location_label: 'Orchard', status_reason: 'Storm damage' });
    expect(orchard!.untranslated).toEqual(['location_label', 'status_reason']);
    expect(Object.keys(orchard!).at(-1)).toBe('untranslated');
    expect(tour.next_occurrence).toEqual(rose);
    // A tour with no German at all is in its own language (`language: "en"`), as without locale.
    const german = attributes(await list('locale=de'))[1]!;
    expect(german).toMatchObject({ language: 'en' });
    for (const tour of [german, attributes(await list(''))[1]!])
      expect(tour.occurrences.some((o) => 'untranslated' in o)).toBe(false);
  });

  it('names the venue’s own language first when it is not English', async () => {
    const [night] = attributes(await list('locale=en', 'salle-bleue'));
    expect(night).toMatchObject({
      title: 'Song night',
      language: 'en',
      languages: ['fr', 'en', 'de'],
    });
    expect(attributes(await list('locale=it', 'salle-bleue'))[0]).toMatchObject({
      title: 'Soirée chanson',
      language: 'fr',
    });
  });

  it('one event and the calendar feed speak it too', async () => {
    const { status, body } = await text('/t/test-venue/api/events/1?locale=fr');
    expect(status, body).toBe(200);
    const one = JSON.parse(body) as SingleResponse;
    expectSingleResponse(one);
    expect(one.data.attributes).toMatchObject({ title: 'Jazz tardif', language: 'fr' });
    const feed = await text('/t/test-venue/api/calendar?start=2026-12-01&end=2026-12-31&locale=de');
    expect(feed.status, feed.body).toBe(200);
    const titles = (JSON.parse(feed.body) as { title: string }[]).map((item) => item.title);
    expect(titles).toContain('Später Jazz');
    expect(titles).not.toContain('Late Jazz');
  });

  it('several venues’ list speaks it, each event naming its venue last', async () => {
    const { status, body } = await text('/api/events?venues=test-venue,salle-bleue&locale=de');
    expect(status, body).toBe(200);
    const doc = JSON.parse(body) as ListResponse;
    expectListResponse(doc);
    const [jazz, chanson] = attributes(doc);
    expect([jazz?.title, chanson?.title]).toEqual(['Später Jazz', 'Chansonabend']);
    expect(Object.keys(chanson!).slice(-3)).toEqual(['language', 'languages', 'venue']);
  });

  it('search finds a title in every language the event has, whatever is asked', async () => {
    for (const query of ['search=spater', 'search=tardif&locale=de', 'search=late&locale=fr']) {
      expect(attributes(await list(query)).map((a) => a.slug)).toEqual(['late-jazz']);
    }
  });

  it('reads an empty locale as none', async () => {
    expect(attributes(await list('locale='))[0]).not.toHaveProperty('language');
    const { status, body } = await text('/t/test-venue/widget.html?locale=');
    expect(status, body).toBe(200);
    expect(body).toContain('Late Jazz');
  });

  it('refuses a malformed or repeated locale, naming it', async () => {
    for (const query of ['locale=not%20a%20tag', 'locale=de&locale=fr']) {
      const { status, body } = await text(`/t/test-venue/api/events?${query}`);
      expect(status).toBe(400);
      const error = JSON.parse(body) as { errors: { source?: { parameter: string } }[] };
      expectErrorResponse(error);
      expect(error.errors[0]?.source).toEqual({ parameter: 'locale' });
    }
  });

  it('widget.html draws the element’s language’s text', async () => {
    const { status, body } = await text('/t/test-venue/widget.html?locale=de');
    expect(status, body).toBe(200);
    expect(body).toContain('Später Jazz');
    expect(body).not.toContain('Late Jazz');
  });
});

describe('without locale (docs/api.md §10.24)', () => {
  /** Every answer a venue's translations could reach, without `locale`. */
  const PATHS = [
    '/t/test-venue/api/events',
    '/t/test-venue/api/events?search=jazz',
    '/t/test-venue/api/events/1',
    '/t/test-venue/api/events/2',
    '/t/test-venue/api/calendar?start=2026-12-01&end=2026-12-31',
    '/t/test-venue/api/categories',
    '/api/events?venues=test-venue,salle-bleue',
    '/t/test-venue/widget.html',
  ];

  it('a venue writing in another language than English says so (language), nothing more', async () => {
    const [night] = attributes(await list('', 'salle-bleue'));
    expect(night).toMatchObject({ title: 'Soirée chanson', language: 'fr' });
    expect(Object.keys(night!).at(-1)).toBe('language');
    expect(night).not.toHaveProperty('languages');
    // An English venue's events name no language without locale.
    expect(attributes(await list('')).some((a) => 'language' in a)).toBe(false);
  });

  it('every answer is byte for byte the one without translations', async () => {
    // Asked in German first: what a memo keeps for a language is never answered without one.
    await Promise.all(
      PATHS.map((path) => text(`${path}${path.includes('?') ? '&' : '?'}locale=de`)),
    );
    const translated = await Promise.all(PATHS.map(text));
    try {
      await importVenueFile(server.store, file(untranslated));
      const plain = await Promise.all(PATHS.map(text));
      expect(translated.map((t) => t.status)).toEqual(PATHS.map(() => 200));
      expect(translated).toEqual(plain);
    } finally {
      await importVenueFile(server.store, file(EVENTS));
    }
  });
});
