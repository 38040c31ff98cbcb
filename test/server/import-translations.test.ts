/**
 * The venue's own words in other languages at import (docs/api.md §10.24, docs/venue-file.md
 * "Languages"): the venue's language and the translations stored as given (tags read as the
 * languages we speak, descriptions sanitised), and each refusal — a language we do not speak, the
 * venue's own, one named twice, an empty title, a member outside the list — naming its path, the
 * whole file refused and nothing written.
 */
import { describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { openTestStore } from '../support/store.js';
import { venueFile } from '../support/server.js';

/** A venue file with one event (and its translations), the venue's members laid over. */
const withTranslations = (
  event: Record<string, unknown>,
  venue: Record<string, unknown> = {},
): { venues: Record<string, unknown>[] } => {
  const file = venueFile([{ date: '2026-12-10', time: '20:00', ...event }]) as {
    venues: Record<string, unknown>[];
  };
  Object.assign(file.venues[0]!, venue);
  return file;
};

async function problemsOf(doc: unknown): Promise<{ path: string; message: string }[]> {
  const store = await openTestStore();
  try {
    await importVenueFile(store, doc);
  } catch (error) {
    expect(error).toBeInstanceOf(VenueFileError);
    expect(await store.venue('test-venue')).toBeUndefined();
    return (error as VenueFileError).problems;
  } finally {
    await store.close();
  }
  throw new Error('the file was accepted');
}

describe('translations at import (docs/api.md §10.24)', () => {
  it('stores the venue language and each translation by the language we speak', async () => {
    const store = await openTestStore();
    try {
      await importVenueFile(
        store,
        withTranslations(
          {
            title: 'Late Jazz',
            translations: {
              'de-AT': {
                title: 'Später Jazz',
                description: '<p>Ein Abend<script>alert(1)</script></p>',
                performers: ['  Die Band '],
              },
              fr: { title: 'Jazz tardif' },
            },
          },
          { language: 'en-gb' },
        ),
      );
      const venue = await store.venue('test-venue');
      expect(venue?.language).toBe('en-GB');
      const [event] = await store.listed('test-venue', '2026-12-01', 0, 1);
      expect(event?.translations).toEqual({
        de: { title: 'Später Jazz', description: '<p>Ein Abend</p>', performers: ['Die Band'] },
        fr: { title: 'Jazz tardif' },
      });
    } finally {
      await store.close();
    }
  });

  it('stores a stop’s location in other languages', async () => {
    const store = await openTestStore();
    try {
      await importVenueFile(
        store,
        withTranslations({
          date: undefined,
          time: undefined,
          occurrences: [
            {
              date: '2026-12-11',
              time: '19:00',
              location: 'Main Hall',
              translations: { de: { location: 'Großer Saal' } },
            },
          ],
        }),
      );
      const [event] = await store.listed('test-venue', '2026-12-01', 0, 1);
      expect(event?.stops[0]?.translations).toEqual({ de: { location: 'Großer Saal' } });
      expect(event?.translations).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('a venue and events without them are stored as before', async () => {
    const store = await openTestStore();
    try {
      await importVenueFile(store, withTranslations({}));
      expect(await store.venue('test-venue')).not.toHaveProperty('language');
      const [event] = await store.listed('test-venue', '2026-12-01', 0, 1);
      expect(event).not.toHaveProperty('translations');
    } finally {
      await store.close();
    }
  });

  it.each([
    [
      'a language we do not speak',
      { translations: { ja: { title: 'ジャズ' } } },
      {},
      'venues[0].events[0].translations["ja"]',
    ],
    [
      'a malformed tag',
      { translations: { 'not a tag': { title: 'X' } } },
      {},
      'venues[0].events[0].translations["not a tag"]',
    ],
    [
      'the venue’s own language',
      { translations: { 'de-CH': { title: 'Jazz' } } },
      { language: 'de' },
      'venues[0].events[0].translations["de-CH"]',
    ],
    [
      'one language named twice',
      { translations: { de: { title: 'A' }, 'de-AT': { title: 'B' } } },
      {},
      'venues[0].events[0].translations["de-AT"]',
    ],
    [
      'an empty title',
      { translations: { de: { title: '' } } },
      {},
      'venues[0].events[0].translations.de.title',
    ],
    [
      'a title of spaces',
      { translations: { de: { title: '   ' } } },
      {},
      'venues[0].events[0].translations["de"].title',
    ],
    [
      'a member outside the list',
      { translations: { de: { slug: 'spaeter-jazz' } } },
      {},
      'venues[0].events[0].translations.de.slug',
    ],
    [
      'a stop member outside its list',
      {
        date: undefined,
        time: undefined,
        occurrences: [{ date: '2026-12-11', time: '19:00', translations: { de: { title: 'X' } } }],
      },
      {},
      'venues[0].events[0].occurrences[0].translations.de.title',
    ],
    [
      'an empty performer',
      { translations: { fr: { performers: ['  '] } } },
      {},
      'venues[0].events[0].translations["fr"].performers[0]',
    ],
    ['a malformed venue language', {}, { language: 'english please' }, 'venues[0].language'],
  ])('refuses %s with its path', async (_, event, venue, path) => {
    const problems = await problemsOf(withTranslations(event, venue));
    expect(
      problems.map((p) => p.path),
      JSON.stringify(problems),
    ).toContain(path);
  });

  it('refuses event_extras translations in a language we do not speak', async () => {
    const problems = await problemsOf({
      venues: [
        {
          slug: 'test-venue',
          timezone: 'Europe/London',
          source: { url: 'https://example.com/feed.ics' },
          event_extras: { 'uid-1': { translations: { xx: { title: 'X' } } } },
        },
      ],
    });
    expect(problems.map((p) => p.path)).toEqual([
      'venues[0].event_extras["uid-1"].translations["xx"]',
    ]);
  });
});
