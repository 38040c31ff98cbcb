/**
 * The server pages and calendar files in every language (docs/api.md §10.5, §10.6): the listing
 * page, its month view and past page, the event page and the filter form's messages say every
 * word of their own in the language chosen — `?locale=` (a region falls back to its language),
 * else the best of `Accept-Language` by q-values, else English — with `<html lang dir>` (`rtl` for
 * Arabic and Hebrew), `Vary: Accept-Language`, links keeping the `locale=` asked, and the memo
 * keyed by the language; the `.ics` files and calendar links keep the venue's text and say their
 * own words in it. The tables themselves: every plural form each language needs, no markup
 * characters, every argument used. On a real store, from a venue file through the importer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  localeOf,
  PAGE_LOCALES,
  PAGE_STRINGS,
  pageLang,
  type AnyPageStrings,
  type PageLocale,
} from '../../server/pages/i18n/index.js';
import { venueEvent as event } from '../fixtures/venue-event.js';
import { jsonLdOf } from '../support/rich-results.js';
import { startServer, type TestServer } from '../support/server.js';

/** Today is Saturday 5 December 2026 in London. */
const NOW = '2026-12-05T12:00:00Z';

/** One of each thing the pages say: every fact, state and changed plan of §10.18–§10.20. */
const BLUE_EVENTS = [
  event(1, 'songs', 'Songs', {
    date: '2026-12-06',
    time: '20:00',
    end_time: '23:00',
    category: 'Jazz',
    location: 'Main Room',
    price: { currency: 'GBP', min: '12', max: '18' },
    performers: ['Alice', 'Bob', 'Carol'],
    few_tickets_left: true,
    access: ['wheelchair', 'captioned'],
    ticket_url: 'https://tickets.example/e/songs',
  }),
  event(2, 'moved-night', 'Moved Night', {
    date: '2026-12-12',
    time: '20:00',
    category: 'Rock',
    schedule_status: 'rescheduled',
    previous_date: '2026-12-05',
    previous_time: '19:30',
    status_reason: 'The band’s van broke down.',
    doors_time: '19:00',
    min_age: 14,
  }),
  event(3, 'waiting-night', 'Waiting Night', {
    date: '2026-12-01',
    time: '21:00',
    schedule_status: 'postponed',
    status_reason: 'The singer is ill.',
  }),
  event(4, 'tour', 'Tour', {
    doors_time: '18:30',
    access: ['step_free'],
    ticket_url: 'https://tickets.example/e/tour',
    occurrences: [
      { date: '2026-12-10', time: '19:30', location: 'North' },
      {
        date: '2026-12-18',
        time: '20:00',
        location: 'South',
        schedule_status: 'rescheduled',
        previous_date: '2026-12-14',
        doors_time: '19:15',
        ticket_url: 'https://other-shop.example/south',
        access: ['hearing_loop'],
      },
      { date: '2026-12-20', time: '20:00', location: 'East', status: 'cancelled', access: [] },
    ],
  }),
  event(5, 'called-off', 'Called Off', {
    date: '2026-12-09',
    time: '19:30',
    status: 'cancelled',
    cancellation_reason: 'Flooding.',
    cancelled_at: '2026-12-01T10:00:00Z',
  }),
  event(6, 'club-night', 'Club Night', {
    date: '2026-12-19',
    time: '23:00',
    end_time: '04:00',
    price: { currency: 'EUR', min: '0' },
    over_18: true,
  }),
  event(7, 'closed', 'Closed Night', {
    date: '2026-12-07',
    time: '19:30',
    sales: { closed_manually_at: '2026-12-01T12:00:00Z', message: 'Sold out.' },
  }),
  event(8, 'no-tickets', 'Open Talk', {
    date: '2026-12-08',
    time: '18:00',
    tickets_enabled: false,
  }),
  event(9, 'archive', 'Archive Night', { date: '2026-11-20', time: '20:00', category: 'Jazz' }),
  // Five on one day: the month view's cell lists three and links "2 more".
  ...Array.from({ length: 5 }, (_, i) =>
    event(20 + i, `busy-${i + 1}`, `Busy ${i + 1}`, { date: '2026-12-13', time: `1${i}:00` }),
  ),
  // Past the twelfth: a second page.
  ...Array.from({ length: 4 }, (_, i) =>
    event(30 + i, `later-${i + 1}`, `Later ${i + 1}`, {
      date: `2027-01-${String(10 + i).padStart(2, '0')}`,
      time: '20:00',
    }),
  ),
];

const VENUE_FILE = {
  venues: [
    {
      slug: 'blue-room',
      name: 'Blue Room',
      timezone: 'Europe/London',
      url: 'https://blue-room.example/',
      address: { streetAddress: '1 Example Street', addressLocality: 'London' },
      events: BLUE_EVENTS,
    },
    {
      slug: 'night-owl',
      name: 'Night Owl',
      timezone: 'Europe/London',
      events: [event(50, 'owl-night', 'Owl Night', { date: '2026-12-11', time: '21:00' })],
    },
    {
      // Nothing to come: its listing says so and links its past page.
      slug: 'quiet-hall',
      name: 'Quiet Hall',
      timezone: 'Europe/London',
      events: [event(60, 'old-night', 'Old Night', { date: '2026-11-01', time: '20:00' })],
    },
  ],
};

/** Every page a visitor may read, in each of its states (the 400s included). */
const PAGES = [
  '/t/blue-room/events',
  '/t/blue-room/events?page=2',
  '/t/blue-room/events?page=9',
  '/t/blue-room/events?view=calendar',
  '/t/blue-room/events?view=calendar&categories=nothing',
  '/t/blue-room/events?view=calendar&month=bad',
  '/t/blue-room/events?categories=jazz&search=songs&access=wheelchair&start_date=2026-12-01&end_date=2026-12-31',
  '/t/blue-room/events?categories=nothing',
  '/t/blue-room/events?start_date=nope&end_date=2026-12-01&access=bogus&search=' + 'x'.repeat(101),
  '/t/blue-room/events?start_date=2026-12-10&end_date=2026-12-01&access=captioned,captioned',
  '/t/blue-room/events/past',
  '/events?venues=blue-room,night-owl',
  '/t/night-owl/events/past',
  '/t/quiet-hall/events',
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => `/t/blue-room/events/${BLUE_EVENTS[id - 1]!.slug}`),
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer(VENUE_FILE, NOW);
});
afterAll(() => server.close());

/** `path` with `query` added. */
const withQuery = (path: string, query: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${query}`;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

const html = async (path: string, headers: Record<string, string> = {}) => {
  const res = await get(path, headers);
  expect([200, 400]).toContain(res.status);
  return res.text();
};

/** Whole pounds as French writes them (`12 £GB`, its spaces `Intl`'s own). */
const frenchPounds = (n: number) =>
  new Intl.NumberFormat('fr', {
    style: 'currency',
    currency: 'GBP',
    maximumFractionDigits: 0,
  }).format(n);

/** `<html lang dir>` of a page. */
const htmlTag = (page: string) => /<html [^>]*>/.exec(page)?.[0];

/**
 * What a reader sees or hears of a page: the text (no JSON-LD, no stylesheet: those are data),
 * and the `title`, `aria-label`, `placeholder` and `content` attributes; entities decoded.
 */
function readable(page: string): string {
  const attributes = [...page.matchAll(/\s(?:title|aria-label|placeholder|content)="([^"]*)"/g)];
  return [
    page
      .replace(/<script[\s\S]*?<\/script>|<style>[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
    ...attributes.map((m) => m[1]),
  ]
    .join(' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** A stand-in for every argument: what a table's functions are called with to read their words. */
const ARG = '\u0001';

/** Every wording of `table`: its strings, its counts' forms, its functions' text around `ARG`. */
function wordings(table: AnyPageStrings): string[] {
  const out: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') out.push(value);
    else if (typeof value === 'function') {
      out.push(String((value as (...args: string[]) => string)(ARG, ARG, ARG)));
    } else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(table);
  return out;
}

/**
 * The English table's phrases: its wordings cut at every argument and count, each piece of four
 * characters or more. A non-English page must show none of them, but those its own language
 * shares (German "Tickets", French "dates").
 */
function englishPhrases(): string[] {
  const pieces = wordings(PAGE_STRINGS.en).flatMap((text) =>
    text.split(new RegExp(`[${ARG}#]`)).map((piece) => piece.replace(/\s+/g, ' ').trim()),
  );
  return [...new Set(pieces)].filter((piece) => piece.length >= 4);
}

describe('the tables (server/pages/i18n)', () => {
  it('each has the plural forms Intl.PluralRules gives its language, and no others', () => {
    for (const tag of PAGE_LOCALES) {
      const { intl } = pageLang(tag);
      const needed = new Intl.PluralRules(intl).resolvedOptions().pluralCategories;
      const table = PAGE_STRINGS[tag] as unknown as Record<string, unknown>;
      for (const key of ['upcomingCount', 'eventCount', 'matchCount', 'dayCount', 'moreCount']) {
        expect(Object.keys(table[key] as object).sort(), `${tag}.${key}`).toEqual(
          [...needed].sort(),
        );
      }
    }
    // Polish and Czech have several forms, Arabic six.
    expect(Object.keys(PAGE_STRINGS.pl.eventCount)).toHaveLength(4);
    expect(Object.keys(PAGE_STRINGS.cs.eventCount)).toHaveLength(4);
    expect(Object.keys(PAGE_STRINGS.ar.eventCount)).toHaveLength(6);
  });

  it('counts read as the language counts: Polish 1, 3, 5, 22; Arabic 0, 1, 2, 3, 11, 100', async () => {
    const { countText } = await import('../../server/pages/i18n/index.js');
    const pl = pageLang('pl');
    expect([1, 3, 5, 22].map((n) => countText(pl, pl.t.eventCount, n))).toEqual([
      '1 wydarzenie',
      '3 wydarzenia',
      '5 wydarzeń',
      '22 wydarzenia',
    ]);
    const ar = pageLang('ar');
    expect([0, 1, 2, 3, 11, 100].map((n) => countText(ar, ar.t.eventCount, n))).toEqual([
      'لا فعاليات',
      'فعالية واحدة',
      'فعاليتان',
      '3 فعاليات',
      '11 فعالية',
      '100 فعالية',
    ]);
  });

  it('no wording holds markup characters; every function uses each of its arguments', () => {
    for (const tag of PAGE_LOCALES) {
      for (const text of wordings(PAGE_STRINGS[tag])) expect(text, tag).not.toMatch(/[<>&"]/);
      const table = PAGE_STRINGS[tag] as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(table)) {
        if (typeof value !== 'function') continue;
        const fn = value as (...args: string[]) => string;
        const args = Array.from({ length: fn.length }, (_, i) => `\u0002${i}\u0003`);
        const text = fn(...args);
        for (const arg of args) expect(text, `${tag}.${key}`).toContain(arg);
      }
    }
  });

  it('?locale= reads a BCP 47 tag: a region falls back to its language; unknown is none', () => {
    expect(localeOf('de-AT')).toBe('de');
    expect(localeOf('pt-br')).toBe('pt-BR');
    expect(localeOf('pt-PT')).toBe('pt');
    expect(localeOf('en-US')).toBe('en');
    expect(localeOf('iw')).toBe('he');
    for (const bad of ['', 'zh-Hant-TW', 'xx', 'not a tag', ['de'], undefined]) {
      expect(localeOf(bad)).toBeUndefined();
    }
    const none = () => false as const;
    expect(chooseLanguage('ar', none)).toMatchObject({ tag: 'ar', dir: 'rtl', carry: 'locale=ar' });
    expect(chooseLanguage('xx', () => 'fr')).toMatchObject({ tag: 'fr', carry: '' });
    expect(chooseLanguage(undefined, none)).toMatchObject({ tag: 'en', dir: 'ltr', carry: '' });
  });
});

describe('every page in every language (docs/api.md §10.5)', () => {
  const phrases = englishPhrases();

  it('the check finds our English: the English pages show the phrases it looks for', async () => {
    const seen = new Set<string>();
    for (const path of PAGES) {
      const text = readable(await html(path));
      for (const phrase of phrases) if (text.includes(phrase)) seen.add(phrase);
    }
    expect(seen.size).toBeGreaterThan(60);
  });

  for (const tag of PAGE_LOCALES.filter((one) => one !== 'en')) {
    it(`${tag}: no English of ours left; <html lang dir>; links keep locale=${tag}`, async () => {
      const own = wordings(PAGE_STRINGS[tag]).join('\n');
      const foreign = phrases.filter((phrase) => !own.includes(phrase));
      for (const path of PAGES) {
        const page = await html(withQuery(path, `locale=${tag}`));
        const dir = tag === 'ar' || tag === 'he' ? 'rtl' : 'ltr';
        expect(htmlTag(page), path).toBe(`<html lang="${tag}" dir="${dir}">`);
        const text = readable(page);
        const left = foreign.filter((phrase) => text.includes(phrase));
        expect(left, `${tag} ${path}`).toEqual([]);
        // Every link of the page's own stays in the language (the venue's website excepted).
        const own = [...page.matchAll(/<a href="(\/[^"]*)"/g)].map((m) => m[1]!);
        expect(own.length, path).toBeGreaterThan(0);
        for (const href of own) expect(href, `${tag} ${path}`).toContain(`locale=${tag}`);
      }
    });
  }

  it('each language has its own words on the listing and event pages', async () => {
    const listing = await html('/t/blue-room/events?locale=de');
    expect(listing).toContain('<h1>Was läuft bei Blue Room</h1>');
    expect(listing).toContain('17 kommende Veranstaltungen · Seite 1 von 2');
    expect(listing).toContain('<p class="performers">Mit Alice, Bob und Carol</p>');
    expect(listing).toContain('<span class="doors">Einlass 19:00</span>');
    expect(listing).toContain('Verlegt – vorher Sa., 5. Dez., 19:30');
    const french = await html('/t/blue-room/events/songs?locale=fr');
    expect(french).toContain('>Acheter des billets</a>');
    expect(french).toContain(`<p class="price">${frenchPounds(12)}–${frenchPounds(18)}</p>`);
    const polish = await html('/t/blue-room/events?locale=pl');
    expect(polish).toContain('17 nadchodzących wydarzeń');
    const arabic = await html('/t/blue-room/events/tour?locale=ar');
    expect(arabic).toContain('<h2>المواعيد</h2>');
    const brazil = await html('/t/blue-room/events/songs?locale=pt-BR');
    expect(brazil).toContain('>Comprar ingressos</a>');
    const portugal = await html('/t/blue-room/events/songs?locale=pt');
    expect(portugal).toContain('>Comprar bilhetes</a>');
  });

  it('the filter form keeps the language: a hidden locale input, its messages translated', async () => {
    const res = await get('/t/blue-room/events?start_date=nope&locale=es');
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('<input type="hidden" name="locale" value="es">');
    expect(page).toContain('Introduce una fecha real en «Desde»: «nope» no lo es.');
  });
});

describe('choosing the language', () => {
  const lang = async (path: string, headers: Record<string, string> = {}) =>
    htmlTag(await html(path, headers));

  it('?locale= beats Accept-Language; a region falls back to its language', async () => {
    expect(await lang('/t/blue-room/events?locale=fr', { 'Accept-Language': 'de' })).toBe(
      '<html lang="fr" dir="ltr">',
    );
    expect(await lang('/t/blue-room/events?locale=de-AT')).toBe('<html lang="de" dir="ltr">');
    expect(await lang('/t/blue-room/events?locale=pt-br')).toBe('<html lang="pt-BR" dir="ltr">');
  });

  it('Accept-Language by q-values, a region taking its language; else English', async () => {
    const path = '/t/blue-room/events/songs';
    expect(await lang(path, { 'Accept-Language': 'de-AT' })).toBe('<html lang="de" dir="ltr">');
    expect(await lang(path, { 'Accept-Language': 'de;q=0.5, fr;q=0.9' })).toBe(
      '<html lang="fr" dir="ltr">',
    );
    expect(await lang(path, { 'Accept-Language': 'zh-CN, he;q=0.3' })).toBe(
      '<html lang="he" dir="rtl">',
    );
    expect(await lang(path, { 'Accept-Language': 'pt-BR, pt;q=0.8' })).toBe(
      '<html lang="pt-BR" dir="ltr">',
    );
    expect(await lang(path, { 'Accept-Language': 'pt-PT' })).toBe('<html lang="pt" dir="ltr">');
    expect(await lang(path, { 'Accept-Language': 'zh, ja;q=0.5' })).toBe(
      '<html lang="en" dir="ltr">',
    );
    expect(await lang(`${path}?locale=xx`, { 'Accept-Language': 'it' })).toBe(
      '<html lang="it" dir="ltr">',
    );
    expect(await lang(path)).toBe('<html lang="en" dir="ltr">');
  });

  it('a language from the header: the links carry no locale=', async () => {
    const page = await html('/t/blue-room/events', { 'Accept-Language': 'sv' });
    expect(htmlTag(page)).toBe('<html lang="sv" dir="ltr">');
    expect(page).not.toContain('locale=');
  });

  it('Vary: Accept-Language on every page and calendar answer, beside Accept-Encoding', async () => {
    for (const path of [
      '/t/blue-room/events',
      '/t/blue-room/events?locale=de',
      '/t/blue-room/events?view=calendar',
      '/t/blue-room/events/past',
      '/t/blue-room/events/songs',
      '/t/blue-room/events.ics',
      '/t/blue-room/events/songs.ics',
      '/t/blue-room/events/songs/calendar/google',
      '/events?venues=blue-room,night-owl',
      '/t/blue-room/events?start_date=nope',
    ]) {
      const res = await get(path, { 'Accept-Encoding': 'gzip' });
      const vary = (res.headers.get('vary') ?? '').toLowerCase();
      expect(vary, path).toContain('accept-language');
      if (res.status === 200) expect(vary, path).toContain('accept-encoding');
      await res.arrayBuffer();
    }
  });

  it('the memo keys the language: German, then English, then German again for one URL', async () => {
    const path = '/t/blue-room/events?view=calendar';
    const german = await get(path, { 'Accept-Language': 'de' });
    const english = await get(path, { 'Accept-Language': 'en' });
    const again = await get(path, { 'Accept-Language': 'de' });
    const [g, e, a] = await Promise.all([german.text(), english.text(), again.text()]);
    expect(htmlTag(g)).toBe('<html lang="de" dir="ltr">');
    expect(g).toContain('Dezember 2026');
    expect(htmlTag(e)).toBe('<html lang="en" dir="ltr">');
    expect(e).toContain('December 2026');
    expect(a).toBe(g);
    expect(again.headers.get('etag')).toBe(german.headers.get('etag'));
    expect(english.headers.get('etag')).not.toBe(german.headers.get('etag'));
    // The same for the calendar files.
    const ics = (language: string) =>
      get('/t/blue-room/events.ics', { 'Accept-Language': language }).then((res) => res.text());
    expect(await ics('de')).toContain('Einlass');
    expect(await ics('en')).toContain('Doors');
  });
});

describe('calendar files and links (docs/api.md §10.6)', () => {
  /** An .ics's text with its folded lines joined and its text escapes undone. */
  const unfolded = (text: string) =>
    text
      .replace(/\r\n[ \t]/g, '')
      .replace(/\\n/g, '\n')
      .replace(/\\([,;\\])/g, '$1');

  it('the venue’s text stays; our own words are the language’s', async () => {
    const moved = unfolded(
      await (await get('/t/blue-room/events/moved-night.ics?locale=de')).text(),
    );
    expect(moved).toContain('Verlegt – vorher Sa., 5. Dez., 19:30. The band’s van broke down.');
    expect(moved).toContain('Einlass 19:00');
    expect(moved).toContain('SUMMARY:Moved Night');
    expect(moved).not.toMatch(/Rescheduled|Doors/);
    const songs = unfolded(
      await (await get('/t/blue-room/events/songs.ics', { 'Accept-Language': 'fr' })).text(),
    );
    expect(songs).toContain('Avec Alice, Bob et Carol');
    expect(songs).toContain(`Prix\u00a0: ${frenchPounds(12)}–${frenchPounds(18)}`);
    expect(songs).toContain('PRODID:-//venue-events//venue-events//FR');
    const feed = unfolded(await (await get('/t/blue-room/events.ics?locale=pl')).text());
    expect(feed).toContain('Przełożone. The singer is ill.');
    expect(feed).toContain('Ten termin został odwołany.');
    expect(feed).toContain('Odwołane. Flooding.');
    const english = unfolded(await (await get('/t/blue-room/events/moved-night.ics')).text());
    expect(english).toContain('Rescheduled — was Sat 5 Dec, 19:30. The band’s van broke down.');
    expect(english).toContain('Doors 19:00');
  });

  it('the calendar links say “Event page” in the language', async () => {
    const google = await get('/t/blue-room/events/songs/calendar/google?locale=de');
    expect(google.status).toBe(302);
    expect(google.headers.get('location')).toContain(
      `details=Veranstaltungsseite:%20${server.url.replace(/^http:\/\//, 'http://')}/t/blue-room/events/songs`,
    );
    expect(google.headers.get('location')).toContain('text=Songs');
    const outlook = await get('/t/blue-room/events/tour/calendar/outlook?date=2026-12-18', {
      'Accept-Language': 'es',
    });
    expect(outlook.headers.get('location')).toMatch(
      /&body=P%C3%A1gina%20del%20evento:%20http:\/\/[^&]*\/t\/blue-room\/events\/tour%23stop-2026-12-18-2000$/,
    );
    const english = await get('/t/blue-room/events/songs/calendar/google');
    expect(english.headers.get('location')).toContain('details=Event%20page:%20');
  });
});

describe('structured data and calendar names in the language (docs/api.md §10.5, §10.6, §10.15)', () => {
  /** An .ics's `X-WR-CALNAME`, its folding and text escapes undone. */
  const calendarName = async (path: string, headers: Record<string, string> = {}) => {
    const text = (await (await get(path, headers)).text()).replace(/\r\n[ \t]/g, '');
    return /^X-WR-CALNAME:(.*)$/m.exec(text)?.[1]?.replace(/\\([,;\\])/g, '$1');
  };
  /** The place features' names of `path`'s JSON-LD, by event `@id`'s page. */
  const features = async (path: string, headers: Record<string, string> = {}) =>
    jsonLdOf(await html(path, headers)).flatMap((event) =>
      (event.location.amenityFeature ?? []).map((feature) => feature.name),
    );

  it('the JSON-LD names the place’s access features in the page’s language; vocabulary values stay', async () => {
    expect(await features('/t/blue-room/events/songs?locale=es')).toEqual([
      PAGE_STRINGS.es.accessLabels.wheelchair,
    ]);
    expect(await features('/t/blue-room/events/songs', { 'Accept-Language': 'de' })).toEqual([
      'Rollstuhlgerecht',
    ]);
    const listing = await features('/t/blue-room/events?locale=ar');
    expect(listing).toEqual(
      expect.arrayContaining([
        PAGE_STRINGS.ar.accessLabels.wheelchair,
        PAGE_STRINGS.ar.accessLabels.step_free,
      ]),
    );
    expect(listing).not.toContain('Wheelchair accessible');
    const month = await features('/t/blue-room/events?view=calendar&locale=fr');
    expect(month).toContain('Accessible en fauteuil roulant');
    // The performance's features are the W3C vocabulary's values, in no language.
    const [songs] = jsonLdOf(await html('/t/blue-room/events/songs?locale=fr'));
    expect(songs!.workPerformed?.accessibilityFeature).toEqual(['captions']);
    expect(await features('/t/blue-room/events/songs')).toEqual(['Wheelchair accessible']);
  });

  it('the saved events’ calendar is named in the language; the venue’s name as given', async () => {
    expect(await calendarName('/t/blue-room/events.ics?ids=1,2&locale=de')).toBe(
      'Blue Room (gemerkte Veranstaltungen)',
    );
    expect(
      await calendarName('/t/blue-room/events.ics?ids=1', { 'Accept-Language': 'pt-BR' }),
    ).toBe('Blue Room (eventos salvos)');
    expect(await calendarName('/t/blue-room/events.ics?ids=1&locale=pt-PT')).toBe(
      'Blue Room (eventos guardados)',
    );
    expect(await calendarName('/events.ics?venues=blue-room,night-owl&ids=1,50&locale=es')).toBe(
      'Blue Room y Night Owl (eventos guardados)',
    );
    expect(await calendarName('/t/blue-room/events.ics?ids=1')).toBe('Blue Room (saved events)');
    for (const tag of PAGE_LOCALES) {
      expect(await calendarName(`/t/blue-room/events.ics?ids=1&locale=${tag}`), tag).toBe(
        PAGE_STRINGS[tag].savedEvents('Blue Room'),
      );
    }
  });

  it('a categories feed’s name lists them as the language does; the file’s link keeps locale=', async () => {
    expect(await calendarName('/t/blue-room/events.ics?categories=Jazz,Rock&locale=ar')).toBe(
      'Blue Room (jazz، rock)',
    );
    expect(await calendarName('/t/blue-room/events.ics?categories=Jazz,Rock')).toBe(
      'Blue Room (jazz, rock)',
    );
    const file = await (await get('/t/blue-room/events.ics?locale=he')).text();
    expect(file.replace(/\r\n[ \t]/g, '')).toMatch(
      /^URL:http:\/\/[^\r\n]*\/t\/blue-room\/events\?locale=he\r?$/m,
    );
  });

  it('the calendar links’ details in every language', async () => {
    for (const tag of PAGE_LOCALES) {
      const res = await get(`/t/blue-room/events/songs/calendar/outlook?locale=${tag}`);
      expect(res.status).toBe(302);
      const body = new URL(res.headers.get('location')!).searchParams.get('body');
      expect(body, tag).toBe(PAGE_STRINGS[tag].eventPage(`${server.url}/t/blue-room/events/songs`));
    }
  });
});

/** The languages the type system has checked: each one a table (a compile-time guarantee too). */
const _complete: Record<PageLocale, AnyPageStrings> = PAGE_STRINGS;
void _complete;
