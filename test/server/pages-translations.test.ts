/**
 * The venue's own words in other languages on the pages (docs/api.md §10.5, §10.6, §10.24), over
 * the real app and store: `?locale=` and `Accept-Language` choose the events' text as they choose
 * the pages' words; the event page and the listing page name their other languages
 * (`<link rel="alternate" hreflang>`, `x-default`), the JSON-LD says `inLanguage`, and a calendar
 * file writes `SUMMARY;LANGUAGE=` for a translated title. A venue without translations keeps its
 * pages as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatedStops } from '../fixtures/translated-tour.js';
import { startServer, type TestServer } from '../support/server.js';

const NOW = '2026-12-05T12:00:00Z';

const event = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  slug: title.toLowerCase().replaceAll(' ', '-'),
  status: 'published',
  tickets_enabled: true,
  date: '2026-12-10',
  time: '20:00',
  ...extra,
});

const FILE = {
  venues: [
    {
      slug: 'blue-room',
      name: 'Blue Room',
      timezone: 'Europe/London',
      events: [
        event(1, 'Late Jazz', {
          description: '<p>A night of jazz.</p>',
          category: 'Concert',
          location: 'Main Hall',
          translations: {
            de: {
              title: 'Später Jazz',
              description: '<p>Ein Abend mit Jazz.</p>',
              category: 'Konzert',
              location: 'Großer Saal',
            },
            fr: { title: 'Jazz tardif' },
          },
        }),
        event(2, 'Quiz', { date: '2026-12-11' }),
        event(4, 'Garden Tour', {
          date: undefined,
          time: undefined,
          occurrences: translatedStops('fr', 'Roseraie', {
            schedule_status: 'postponed',
            status_reason: 'Storm damage',
          }),
          translations: { fr: { title: 'Visite des jardins' } },
        }),
      ],
    },
    {
      slug: 'salle-ouest',
      name: 'Salle Ouest',
      timezone: 'Europe/Paris',
      language: 'fr',
      events: [event(5, 'Soirée chanson', { slug: 'soiree-chanson' })],
    },
    {
      slug: 'plain-hall',
      name: 'Plain Hall',
      timezone: 'Europe/London',
      events: [event(3, 'Plain Gig')],
    },
  ],
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer(FILE, NOW);
});
afterAll(() => server.close());

async function page(path: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${server.url}${path}`, { headers });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return text;
}

/** The `hreflang` links of a page's head: `[hreflang, href]`. */
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [
    m[1],
    m[2]!.replaceAll('&amp;', '&'),
  ]);

/** The page's JSON-LD events. */
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as {
    name: string;
    inLanguage?: string;
  }[];

describe('the pages speak the venue’s words in the language chosen (docs/api.md §10.24)', () => {
  it('the event page: its text, its other languages and its JSON-LD’s inLanguage', async () => {
    const html = await page('/t/blue-room/events/late-jazz?locale=de');
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('<h1>Später Jazz</h1>');
    expect(html).toContain('Ein Abend mit Jazz.');
    const self = `${server.url}/t/blue-room/events/late-jazz`;
    expect(alternates(html)).toEqual([
      ['en', `${self}?locale=en`],
      ['de', `${self}?locale=de`],
      ['fr', `${self}?locale=fr`],
      ['x-default', self],
    ]);
    expect(jsonLd(html)[0]).toMatchObject({ name: 'Später Jazz', inLanguage: 'de' });
  });

  it('Accept-Language chooses the text as it chooses the words', async () => {
    const html = await page('/t/blue-room/events/late-jazz', { 'Accept-Language': 'fr-BE' });
    expect(html).toContain('<h1>Jazz tardif</h1>');
    // No French description: the venue's own.
    expect(html).toContain('A night of jazz.');
    expect(jsonLd(html)[0]).toMatchObject({ inLanguage: 'fr' });
    const english = await page('/t/blue-room/events/late-jazz');
    expect(english).toContain('<h1>Late Jazz</h1>');
    expect(jsonLd(english)[0]).toMatchObject({ name: 'Late Jazz', inLanguage: 'en' });
  });

  it('the listing page: its events’ text and the languages they have', async () => {
    const html = await page('/t/blue-room/events?locale=de&page=1');
    expect(html).toContain('Später Jazz');
    expect(html).not.toContain('Late Jazz');
    expect(alternates(html).map(([tag]) => tag)).toEqual(['en', 'de', 'fr', 'x-default']);
    expect(alternates(html).at(-1)![1]).toBe(`${server.url}/t/blue-room/events`);
  });

  it('marks a title not in the page’s language with its own, read in its direction (WCAG 3.1.2)', async () => {
    const listing = await page('/t/blue-room/events?locale=de&page=1');
    expect(listing).toMatch(/<h2 lang="en" dir="auto"><a href="[^"]*">Quiz<\/a><\/h2>/);
    expect(listing).toMatch(/<h2><a href="[^"]*">Später Jazz<\/a><\/h2>/);
    expect(await page('/t/blue-room/events/quiz?locale=fr')).toContain(
      '<h1 lang="en" dir="auto">Quiz</h1>',
    );
    expect(await page('/t/blue-room/events/quiz')).toContain('<h1>Quiz</h1>');
    const month = await page('/t/blue-room/events?locale=fr&view=calendar&month=2026-12');
    expect(month).toMatch(/<a href="[^"]*" lang="en" dir="auto">Quiz<\/a>/);
  });

  it('marks a description the translation leaves out with the venue’s own language', async () => {
    // French gives "Late Jazz" its title alone: the description stays the venue's English.
    const french = await page('/t/blue-room/events/late-jazz?locale=fr');
    expect(french).toContain('<h1>Jazz tardif</h1>');
    expect(french).toContain(
      '<div class="description" lang="en" dir="auto">\n<p>A night of jazz.</p>\n</div>',
    );
    expect(await page('/t/blue-room/events?locale=fr&page=1')).toContain(
      '<p lang="en" dir="auto">A night of jazz.</p>',
    );
    // German translates it: in the page's language, no mark of its own.
    const german = await page('/t/blue-room/events/late-jazz?locale=de');
    expect(german).toContain('<div class="description">\n<p>Ein Abend mit Jazz.</p>\n</div>');
  });

  it('marks a place, a category and a stop’s place and reason the translation leaves out', async () => {
    const marked = (text: string) => `<span lang="en" dir="auto">${text}</span>`;
    // French gives "Late Jazz" its title alone: its category and place stay English.
    const french = await page('/t/blue-room/events/late-jazz?locale=fr');
    expect(french).toContain(`<p class="muted">${marked('Concert')}</p>`);
    expect(french).toContain(`<p>${marked('Main Hall')}, Blue Room</p>`);
    const listing = await page('/t/blue-room/events?locale=fr&page=1');
    expect(listing).toContain(`<p class="muted">${marked('Main Hall')} · ${marked('Concert')}</p>`);
    // The tour's first stop is in French; the second's place and reason are the venue's own.
    expect(listing).toContain('<p class="muted">Roseraie</p>');
    const tour = await page('/t/blue-room/events/garden-tour?locale=fr');
    expect(tour).toContain(' — Roseraie');
    expect(tour).toContain(` — ${marked('Orchard')}`);
    expect(tour).toContain(marked('Storm damage'));
    // German translates both: in the page's language, no mark of their own. The tour has no
    // German: all its text is the venue's English, its stop's place too.
    const german = await page('/t/blue-room/events?locale=de&page=1');
    expect(german).toContain('<p class="muted">Großer Saal · Konzert</p>');
    expect(german).toContain(`<p class="muted">${marked('Rose Garden')}</p>`);
  });

  it('an English page marks the text of a venue writing in French as French', async () => {
    const listing = await page('/t/salle-ouest/events');
    expect(listing).toContain('<html lang="en"');
    expect(listing).toMatch(/<h2 lang="fr" dir="auto"><a href="[^"]*">Soirée chanson<\/a><\/h2>/);
  });

  it('a venue without translations has no language links and no inLanguage', async () => {
    for (const path of ['/t/plain-hall/events', '/t/plain-hall/events/plain-gig?locale=de']) {
      const html = await page(path);
      expect(alternates(html)).toEqual([]);
      expect(jsonLd(html)[0]).not.toHaveProperty('inLanguage');
    }
  });

  it('a calendar file says the language of a translated title', async () => {
    const german = await page('/t/blue-room/events.ics?locale=de');
    expect(german).toContain('SUMMARY;LANGUAGE=de:Später Jazz\r\n');
    // The venue's own title is untagged, as before.
    expect(german).toContain('SUMMARY:Quiz\r\n');
    const english = await page('/t/blue-room/events/late-jazz.ics');
    expect(english).toContain('SUMMARY:Late Jazz\r\n');
    expect(english).not.toContain('LANGUAGE=');
  });
});
