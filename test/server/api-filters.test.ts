/**
 * The list filters (docs/api.md §10.12), the categories resource (§10.13) and the calendar feed
 * (§10.14) over the real app and a real store (SQLite here, PostgreSQL in the `postgres` project):
 * what a client sees for a venue of 30 events with mixed-case categories, an accented title, HTML
 * descriptions, a tour with past, cancelled and upcoming stops, a cancelled event and a draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { openStore } from '../../server/store/open-store.js';
import type { ErrorResponse, ListResponse } from '../../shared/contract.js';
import type { FeedEvent } from '../../shared/rules/calendar-feed.js';
import { parseListFilter } from '../../shared/rules/filters.js';
import { expectErrorResponse, expectListResponse } from '../support/contract.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { storeMadeBefore } from '../support/store.js';

const NOW = '2026-12-05T12:00:00Z'; // venue-local today: 2026-12-05 (Europe/London, UTC+0)

/** Ten recitals (Classical) and ten plays (Theatre) from 2027-01-01 on, one a day each. */
const season = Array.from({ length: 20 }, (_, i) => {
  const day = String(1 + (i >> 1)).padStart(2, '0');
  return i % 2 === 0
    ? {
        title: `Recital ${1 + i / 2}`,
        category: 'Classical',
        date: `2027-01-${day}`,
        time: '19:00',
      }
    : { title: `Play ${(i + 1) / 2}`, category: 'Theatre', date: `2027-01-${day}`, time: '20:00' };
});

const EVENTS: Record<string, unknown>[] = [
  {
    title: 'Late Night Jazz',
    slug: 'late-night-jazz',
    category: 'Jazz',
    description: '<p>Smoky <strong>trio</strong> set.</p>',
    date: '2026-12-10',
    time: '20:00',
  },
  { title: 'Jazz Brunch', category: 'jazz', date: '2026-12-12', time: '11:00' },
  {
    title: 'Björk Tribute',
    category: 'Pop',
    location: 'Main Hall',
    date: '2026-12-15',
    time: '20:00',
  },
  { title: 'Folk Night', category: 'FOLK', date: '2026-12-20', time: '20:00' },
  {
    title: 'Winter Tour',
    slug: 'winter-tour',
    category: 'Folk',
    location: 'On the road',
    occurrences: [
      { date: '2026-12-01', time: '19:00', location: 'Durham' },
      { date: '2026-12-08', time: '19:00', location: 'Leeds', status: 'cancelled' },
      { date: '2026-12-18', time: '19:30', location: 'York' },
      { date: '2027-01-10', time: '19:30', location: 'Bath' },
    ],
  },
  { title: 'Folk Club', category: 'Folk', date: '2026-12-21', time: '20:00' },
  {
    title: 'Cancelled Comedy',
    slug: 'cancelled-comedy',
    category: 'Comedy',
    date: '2026-12-22',
    time: '21:00',
    status: 'cancelled',
    cancellation_reason: 'Ill.',
    cancelled_at: '2026-12-01T10:00:00Z',
  },
  { title: 'Draft Jazz', category: 'Jazz', date: '2026-12-11', time: '20:00', status: 'draft' },
  { title: 'Past Jazz', category: 'Jazz', date: '2026-12-01', time: '20:00' },
  {
    title: 'Lecture',
    category: 'Talk',
    description: '<div class="box"><p>Harmony &amp; <em>counterpoint</em></p></div>',
    date: '2026-12-16',
    time: '18:00',
  },
  { title: 'Early Bird', slug: 'early-bird', date: '2026-12-10', time: '02:00' },
  {
    title: 'Reggae Session',
    // As a feed's plain-text description is stored (paragraphs, line breaks, escapes).
    description: '<p>Roots &amp; dub</p><p>Sound system<br />till dawn, caf&eacute; open</p>',
    date: '2027-02-20',
    time: '22:00',
  },
  ...season,
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer(venueFile(EVENTS), NOW);
});
afterAll(() => server.close());

const LIST = '/t/test-venue/api/events';

async function get(path: string, init?: RequestInit) {
  const res = await fetch(`${server.url}${path}`, init);
  return { res, text: await res.text() };
}

/** The titles a filtered list query gives (page 1), after checking the envelope. */
async function titles(query: string): Promise<string[]> {
  const { res, text } = await get(`${LIST}?${query}`);
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as ListResponse;
  expectListResponse(body);
  return body.data.map((e) => e.attributes.title);
}

/** The `source.parameter` of a 400, after checking the error document. */
async function badParameter(path: string): Promise<string | undefined> {
  const { res, text } = await get(path);
  expect(res.status, text).toBe(400);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = JSON.parse(text) as ErrorResponse;
  expectErrorResponse(body);
  return body.errors[0]!.source?.parameter;
}

describe('list filters (docs/api.md §10.12)', () => {
  it('categories: exact names, case ignored, several OR-ed, only listed events', async () => {
    expect(await titles('categories=jazz')).toEqual(['Late Night Jazz', 'Jazz Brunch']);
    expect(await titles('categories=JAZZ')).toEqual(['Late Night Jazz', 'Jazz Brunch']);
    expect(await titles('categories=jaz')).toEqual([]);
    expect(await titles('categories=Jazz,%20folk')).toEqual([
      'Late Night Jazz',
      'Jazz Brunch',
      'Winter Tour',
      'Folk Night',
      'Folk Club',
    ]);
  });

  it('search: the last word a prefix, accents and case ignored, every word needed', async () => {
    expect(await titles('search=jaz')).toEqual(['Late Night Jazz', 'Jazz Brunch']);
    expect(await titles('search=bjork')).toEqual(['Björk Tribute']);
    expect(await titles('search=BJÖRK')).toEqual(['Björk Tribute']);
    expect(await titles('search=late%20jaz')).toEqual(['Late Night Jazz']);
    expect(await titles('search=jazz%20late')).toEqual(['Late Night Jazz']);
    // Only the last word is a prefix: "jaz" before it must be a whole word.
    expect(await titles('search=jaz%20late')).toEqual([]);
    // A word before the last must be whole: "nigh" is no word of "Late Night Jazz".
    expect(await titles('search=nigh%20jazz')).toEqual([]);
    expect(await titles('search=night')).toEqual(['Late Night Jazz', 'Folk Night']);
  });

  it('search: reads categories, locations, stop locations and description text, not markup', async () => {
    expect(await titles('search=main%20hall')).toEqual(['Björk Tribute']);
    expect(await titles('search=york')).toEqual(['Winter Tour']);
    expect(await titles('search=trio')).toEqual(['Late Night Jazz']);
    expect(await titles('search=harmony%20counterpoint')).toEqual(['Lecture']);
    expect(await titles('search=talk')).toEqual(['Lecture']);
    expect(await titles('search=dub%20system%20dawn')).toEqual(['Reggae Session']);
    expect(await titles('search=cafe')).toEqual(['Reggae Session']);
    // "class" as a whole word (it begins "Classical"), then the attribute's value.
    for (const markup of ['div', 'class%20box', 'box', 'strong', 'amp', 'em', 'eacute']) {
      expect(await titles(`search=${markup}`), markup).toEqual([]);
    }
  });

  it('dates: inclusive bounds over the listed dates, cancelled stops in, past stops out', async () => {
    expect(await titles('start_date=2026-12-10&end_date=2026-12-12')).toEqual([
      'Early Bird',
      'Late Night Jazz',
      'Jazz Brunch',
    ]);
    // The tour's stops: 12-01 has passed, 12-08 is cancelled but listed, 12-18 upcoming.
    expect(await titles('start_date=2026-12-01&end_date=2026-12-01')).toEqual([]);
    expect(await titles('start_date=2026-12-08&end_date=2026-12-08')).toEqual(['Winter Tour']);
    expect(await titles('start_date=2026-12-18&end_date=2026-12-18')).toEqual(['Winter Tour']);
    // Stops on both sides of the range but none in it.
    expect(await titles('start_date=2026-12-23&end_date=2026-12-31')).toEqual([]);
    expect(await titles('start_date=2027-01-10&end_date=2027-01-10')).toEqual([
      'Winter Tour',
      'Recital 10',
      'Play 10',
    ]);
    // One bound only.
    expect(await titles('end_date=2026-12-08')).toEqual(['Winter Tour']);
    expect((await titles('start_date=2027-01-10')).slice(0, 3)).toEqual([
      'Winter Tour',
      'Recital 10',
      'Play 10',
    ]);
  });

  it('parameters combine with AND', async () => {
    expect(await titles('categories=folk&search=york')).toEqual(['Winter Tour']);
    expect(await titles('categories=folk&start_date=2026-12-19&end_date=2026-12-31')).toEqual([
      'Folk Night',
      'Folk Club',
    ]);
    expect(
      await titles('categories=folk,jazz&search=night&start_date=2026-12-11&end_date=2026-12-20'),
    ).toEqual(['Folk Night']);
  });

  it('pages through the filtered events; every link carries the canonical query, meta.path none', async () => {
    const query = 'search=%20RECITAL!&categories=Theatre,classical&foo=bar';
    const { text } = await get(`${LIST}?${query}&page=2`);
    const body = JSON.parse(text) as ListResponse;
    expectListResponse(body);
    const canonical = 'categories=classical%2Ctheatre&search=recital';
    expect(body.meta).toMatchObject({ total: 10, current_page: 2, last_page: 1, from: null });
    expect(body.data).toEqual([]);
    expect(body.links).toEqual({
      first: `${server.url}${LIST}?${canonical}&page=1`,
      last: `${server.url}${LIST}?${canonical}&page=1`,
      prev: `${server.url}${LIST}?${canonical}&page=1`,
      next: null,
    });
    const first = JSON.parse((await get(`${LIST}?${query}`)).text) as ListResponse;
    expect(first.data.map((e) => e.attributes.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Recital ${i + 1}`),
    );

    const both = JSON.parse((await get(`${LIST}?categories=classical,theatre&page=2`)).text);
    expectListResponse(both);
    const page2 = both as ListResponse;
    const query2 = 'categories=classical%2Ctheatre';
    expect(page2.meta).toMatchObject({
      total: 20,
      current_page: 2,
      last_page: 2,
      from: 13,
      to: 20,
    });
    expect(page2.meta.path).toBe(`${server.url}${LIST}`);
    expect(page2.links).toEqual({
      first: `${server.url}${LIST}?${query2}&page=1`,
      last: `${server.url}${LIST}?${query2}&page=2`,
      prev: `${server.url}${LIST}?${query2}&page=1`,
      next: null,
    });
    for (const link of page2.meta.links.filter((l) => l.url !== null)) {
      expect(link.url).toBe(`${server.url}${LIST}?${query2}&page=${link.page}`);
    }
  });

  it('ignores unknown parameters, empty values and searches without letters or digits', async () => {
    const plain = await get(LIST);
    for (const query of ['foo=bar', 'categories=', 'search=', 'search=%20!!%20', 'start_date=']) {
      const { res, text } = await get(`${LIST}?${query}`);
      expect(text, query).toBe(plain.text);
      expect(res.headers.get('etag'), query).toBe(plain.res.headers.get('etag'));
    }
    const jazz = await get(`${LIST}?categories=jazz`);
    expect((await get(`${LIST}?categories=jazz&foo=bar`)).text).toBe(jazz.text);
  });

  it('leaves the unfiltered list as it was: links with page only', async () => {
    const body = JSON.parse((await get(LIST)).text) as ListResponse;
    expect(body.meta.total).toBe(30);
    expect(body.links.first).toBe(`${server.url}${LIST}?page=1`);
    expect(body.links.next).toBe(`${server.url}${LIST}?page=2`);
  });

  it.each([
    ['start_date=2026-13-01', 'start_date'],
    ['start_date=2026-02-30', 'start_date'],
    ['end_date=12%2F01%2F2026', 'end_date'],
    ['start_date=2026-12-10&end_date=2026-12-09', 'end_date'],
    ['start_date=2026-01-01&end_date=2027-01-02', 'end_date'],
    [`search=${'a'.repeat(101)}`, 'search'],
    [`categories=${Array.from({ length: 21 }, (_, i) => `c${i}`).join(',')}`, 'categories'],
    ['categories=jazz&categories=folk', 'categories'],
    ['search=a&search=b', 'search'],
  ])('%s is a 400 naming %s', async (query, parameter) => {
    expect(await badParameter(`${LIST}?${query}`)).toBe(parameter);
  });

  it('bounds are inclusive: 366 days, 100 characters, 20 categories pass', async () => {
    expect(await titles('start_date=2026-01-01&end_date=2027-01-01')).toHaveLength(11);
    expect(await titles(`search=${'a'.repeat(100)}`)).toEqual([]);
    const twenty = Array.from({ length: 19 }, (_, i) => `c${i}`).concat('jazz');
    expect(await titles(`categories=${twenty.join(',')}`)).toEqual([
      'Late Night Jazz',
      'Jazz Brunch',
    ]);
  });

  it('a filtered page has its ETag and 304, and the list Cache-Control', async () => {
    const { res } = await get(`${LIST}?categories=jazz`);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const again = await get(`${LIST}?categories=JAZZ`, { headers: { 'If-None-Match': etag } });
    expect(again.res.status).toBe(304);
    expect(again.text).toBe('');
  });
});

describe('GET /t/{slug}/api/categories (docs/api.md §10.13)', () => {
  const CATEGORIES = '/t/test-venue/api/categories';

  it('counts the listed events per category, case merged, sorted by name', async () => {
    const { res, text } = await get(CATEGORIES);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(JSON.parse(text)).toEqual({
      data: [
        ['classical', 'Classical', 10],
        ['comedy', 'Comedy', 1],
        ['folk', 'Folk', 3],
        ['jazz', 'Jazz', 2],
        ['pop', 'Pop', 1],
        ['talk', 'Talk', 1],
        ['theatre', 'Theatre', 10],
      ].map(([id, name, count]) => ({ type: 'categories', id, attributes: { name, count } })),
    });
  });

  it('has an ETag (304 on a match), answers HEAD, 405 for other methods, 404 below it', async () => {
    const { res } = await get(CATEGORIES);
    const etag = res.headers.get('etag')!;
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect((await get(CATEGORIES, { headers: { 'If-None-Match': etag } })).res.status).toBe(304);
    const head = await get(CATEGORIES, { method: 'HEAD' });
    expect([head.res.status, head.text]).toEqual([200, '']);
    const post = await get(CATEGORIES, { method: 'POST' });
    expect(post.res.status).toBe(405);
    expect(post.res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await get(`${CATEGORIES}/x`)).res.status).toBe(404);
    expect((await get('/t/test-venue/api/Categories')).res.status).toBe(404);
    expect((await get('/t/nobody/api/categories')).res.status).toBe(404);
  });
});

describe('GET /t/{slug}/api/calendar (docs/api.md §10.14)', () => {
  const CALENDAR = '/t/test-venue/api/calendar';

  async function feed(query: string): Promise<FeedEvent[]> {
    const { res, text } = await get(`${CALENDAR}?${query}`);
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as FeedEvent[];
  }

  it('one object per listed date in the range, in date order; a tour one per stop', async () => {
    const items = await feed('start=2026-12-01&end=2027-01-01');
    expect(items.map((i) => [i.title, i.start, i.extendedProps.cancelled])).toEqual([
      ['Winter Tour', '2026-12-08T19:00:00+00:00', true],
      ['Early Bird', '2026-12-10T02:00:00+00:00', false],
      ['Late Night Jazz', '2026-12-10T20:00:00+00:00', false],
      ['Jazz Brunch', '2026-12-12T11:00:00+00:00', false],
      ['Björk Tribute', '2026-12-15T20:00:00+00:00', false],
      ['Lecture', '2026-12-16T18:00:00+00:00', false],
      ['Winter Tour', '2026-12-18T19:30:00+00:00', false],
      ['Folk Night', '2026-12-20T20:00:00+00:00', false],
      ['Folk Club', '2026-12-21T20:00:00+00:00', false],
      ['Cancelled Comedy', '2026-12-22T21:00:00+00:00', true],
    ]);
    const stop = items[0]!;
    expect(stop).toMatchObject({
      id: '5-2026-12-08-1900',
      groupId: '5',
      url: `${server.url}/t/test-venue/events/winter-tour`,
      allDay: false,
      extendedProps: { category: 'Folk', location: 'Leeds' },
    });
    expect(stop.extendedProps.ticket_office).toMatchObject({ status: expect.any(String) });
  });

  it('end is exclusive; categories and search filter as on the list', async () => {
    expect((await feed('start=2027-01-01&end=2027-01-01T19:00:00')).map((i) => i.title)).toEqual(
      [],
    );
    expect((await feed('start=2027-01-01&end=2027-01-01T19:00:01')).map((i) => i.title)).toEqual([
      'Recital 1',
    ]);
    const tour = await feed('start=2026-12-01&end=2027-03-01&categories=FOLK&search=bath');
    expect(tour.map((i) => i.start)).toEqual([
      '2026-12-08T19:00:00+00:00',
      '2026-12-18T19:30:00+00:00',
      '2027-01-10T19:30:00+00:00',
    ]);
  });

  it('reads bounds without offset in timeZone, and dates with offset as instants', async () => {
    // 2026-12-10 in New York is 05:00 that day to 05:00 the next in London: no Early Bird.
    const ny = await feed(
      'start=2026-12-10T00:00:00&end=2026-12-11T00:00:00&timeZone=America/New_York',
    );
    expect(ny.map((i) => i.title)).toEqual(['Late Night Jazz']);
    const utc = await feed('start=2026-12-10T00:00:00Z&end=2026-12-10T03:00:00Z');
    expect(utc.map((i) => i.title)).toEqual(['Early Bird']);
  });

  it('gives each start its venue offset', async () => {
    const other = await startServer(
      venueFile([{ title: 'Show', date: '2026-07-04', time: '19:30' }], {
        timezone: 'America/New_York',
      }),
      '2026-07-01T12:00:00Z',
    );
    try {
      const res = await fetch(
        `${other.url}/t/test-venue/api/calendar?start=2026-07-01&end=2026-07-08`,
      );
      const items = (await res.json()) as FeedEvent[];
      expect(items.map((i) => i.start)).toEqual(['2026-07-04T19:30:00-04:00']);
    } finally {
      await other.close();
    }
  });

  it.each([
    ['end=2026-12-10', 'start'],
    ['start=2026-12-10', 'end'],
    ['start=tomorrow&end=2026-12-10', 'start'],
    ['start=2026-12-10&end=2026-12-10', 'end'],
    ['start=2026-12-01&end=2027-03-12', 'end'],
    ['start=2026-12-01&end=2026-12-31&timeZone=Mars/Base', 'timeZone'],
    [`start=2026-12-01&end=2026-12-31&search=${'a'.repeat(101)}`, 'search'],
  ])('%s is a 400 naming %s', async (query, parameter) => {
    expect(await badParameter(`${CALENDAR}?${query}`)).toBe(parameter);
  });

  it('allows 100 days; has an ETag (304 on a match), CORS, HEAD and 405', async () => {
    const path = `${CALENDAR}?start=2026-12-01&end=2027-03-11`;
    const { res } = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const etag = res.headers.get('etag')!;
    expect((await get(path, { headers: { 'If-None-Match': etag } })).res.status).toBe(304);
    expect((await get(path, { method: 'HEAD' })).res.status).toBe(200);
    expect((await get(path, { method: 'DELETE' })).res.status).toBe(405);
  });
});

/**
 * Events spelt with letters NFKD does not decompose (ł, ø, æ, ß, đ…), in a venue of their own
 * (docs/api.md §10.12 "search", docs/decisions.md "Search folds letters to Latin").
 */
const FAR_LETTERS: Record<string, unknown>[] = [
  { title: 'Łódź meets Bjørn', category: 'Łódź Jazz', date: '2026-12-10', time: '20:00' },
  { title: 'Ærø Festival', date: '2026-12-11', time: '20:00' },
  { title: 'Street Party', location: 'Straße 5', date: '2026-12-12', time: '20:00' },
  {
    title: 'Tribute',
    description: '<p>Songs of <em>Đorđe</em> Balašević.</p>',
    date: '2026-12-13',
    time: '20:00',
  },
  { title: 'Björk Night', date: '2026-12-14', time: '20:00' },
  // Folding makes this 120 letters; the stores keep 100 of them, as the search.
  { title: 'Long', description: `${'ß'.repeat(60)}`, date: '2026-12-15', time: '20:00' },
];

describe('search folds letters to Latin, in both stores', () => {
  let far: TestServer;
  beforeAll(async () => {
    far = await startServer(venueFile(FAR_LETTERS, { slug: 'far-letters' }), NOW);
  });
  afterAll(() => far.close());

  /** The titles of `search`'s page 1, and the folded words of its canonical link. */
  async function searched(search: string) {
    const res = await fetch(
      `${far.url}/t/far-letters/api/events?search=${encodeURIComponent(search)}`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as ListResponse;
    expectListResponse(body);
    const words = new URL(body.links.first!).searchParams.get('search');
    return { titles: body.data.map((e) => e.attributes.title), words };
  }

  it.each([
    ['lodz bjorn', 'Łódź meets Bjørn', 'lodz bjorn'],
    ['Łódź Bjørn', 'Łódź meets Bjørn', 'lodz bjorn'],
    ['LODZ BJ', 'Łódź meets Bjørn', 'lodz bj'],
    ['aero', 'Ærø Festival', 'aero'],
    ['Ærø', 'Ærø Festival', 'aero'],
    ['strasse', 'Street Party', 'strasse'],
    ['Straße', 'Street Party', 'strasse'],
    ['dorde balasevic', 'Tribute', 'dorde balasevic'],
    ['Đorđe', 'Tribute', 'dorde'],
    ['bjork', 'Björk Night', 'bjork'],
    ['ß'.repeat(60), 'Long', 's'.repeat(100)],
  ])('"%s" finds "%s", its link searching "%s"', async (search, title, words) => {
    expect(await searched(search)).toEqual({ titles: [title], words });
    // The canonical link's words search the same.
    expect((await searched(words)).titles).toEqual([title]);
  });

  it('categories: the id folds the same way, the filter takes the name', async () => {
    const res = await fetch(`${far.url}/t/far-letters/api/categories`);
    expect(await res.json()).toEqual({
      data: [{ type: 'categories', id: 'lodz-jazz', attributes: { name: 'Łódź Jazz', count: 1 } }],
    });
    const list = await fetch(
      `${far.url}/t/far-letters/api/events?categories=%C5%81%C3%B3d%C5%BA%20jazz`,
    );
    const body = (await list.json()) as ListResponse;
    expect(body.data.map((e) => e.attributes.title)).toEqual(['Łódź meets Bjørn']);
  });
});

/**
 * Undoes the filters' migration and those after it that add to `listing`: the schema of the
 * version before (migrations 1–2), per store.
 */
const BEFORE_FILTERS = {
  sqlite: `DROP INDEX listing_instant; DROP INDEX listing_closing; DROP INDEX listing_behind;
    ALTER TABLE listing DROP COLUMN instant; ALTER TABLE listing DROP COLUMN behind;
    ALTER TABLE listing DROP COLUMN close_ms;
    DROP TABLE event_search; DROP TABLE event_dates;
    DROP INDEX listing_filter; DROP INDEX listing_category;
    ALTER TABLE listing DROP COLUMN category; ALTER TABLE listing DROP COLUMN category_key;
    ALTER TABLE listing DROP COLUMN last_date;`,
  postgres: `DROP TABLE event_dates;
    ALTER TABLE listing DROP COLUMN category, DROP COLUMN category_key, DROP COLUMN last_date,
      DROP COLUMN instant, DROP COLUMN behind, DROP COLUMN close_ms;
    ALTER TABLE events DROP COLUMN search`,
};

describe('a database made before the filters', () => {
  it('migrates on opening, its events indexed without a re-import', async () => {
    const location = await storeMadeBefore(2, BEFORE_FILTERS, venueFile(EVENTS));

    const store = await openStore(location);
    try {
      const listed = async (query: string) =>
        (
          await store.listed(
            'test-venue',
            '2026-12-05',
            0,
            50,
            parseListFilter(Object.fromEntries(new URLSearchParams(query))),
          )
        ).map((e) => e.title);
      expect(await listed('categories=JAZZ')).toEqual(['Late Night Jazz', 'Jazz Brunch']);
      expect(await listed('search=bjork')).toEqual(['Björk Tribute']);
      expect(await listed('start_date=2026-12-08&end_date=2026-12-08')).toEqual(['Winter Tour']);
      expect(
        await store.countListed('test-venue', '2026-12-05', parseListFilter({ search: 'york' })),
      ).toBe(1);
      expect(await store.categories('test-venue', '2026-12-05')).toContainEqual({
        name: 'Folk',
        count: 2,
      });
      // The next import replaces the backfilled rows like any others.
      await importVenueFile(store, venueFile(EVENTS.slice(0, 3)));
      expect(await listed('search=bjork')).toEqual(['Björk Tribute']);
      expect(await listed('categories=folk')).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

/** The search words an earlier version indexed: accents removed (NFKD), no other letter spelt. */
const earlierWords = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Puts back the search rows an earlier version wrote for `FAR_LETTERS` (title and category words,
 * folded the earlier way: `far-letters_łodz`), per store: a database made before the
 * re-indexing migration (5).
 */
function earlierSearchRows(): { sqlite: string; postgres: string } {
  const rows = FAR_LETTERS.map((event, i) => {
    const words = earlierWords(`${String(event.title)} ${String(event.category ?? '')}`);
    return { id: i + 1, tokens: words.map((w) => `far-letters_${w}`).join(' ') };
  });
  return {
    sqlite: [
      "INSERT INTO event_search (event_search) VALUES ('delete-all');",
      ...rows.map(
        (r) => `INSERT INTO event_search (rowid, tokens) VALUES (${r.id}, '${r.tokens}');`,
      ),
    ].join('\n'),
    postgres: rows
      .map(
        (r) =>
          `UPDATE events SET search = array_to_tsvector(string_to_array('${r.tokens}', ' ')) WHERE id = ${r.id}`,
      )
      .join(';\n'),
  };
}

describe('a database whose search words were folded the earlier way', () => {
  it('re-indexes them on opening: Latin spellings find its events without a re-import', async () => {
    const location = await storeMadeBefore(
      4,
      earlierSearchRows(),
      venueFile(FAR_LETTERS, { slug: 'far-letters' }),
    );
    const store = await openStore(location);
    try {
      const found = async (search: string) =>
        (await store.listed('far-letters', '2026-12-05', 0, 50, parseListFilter({ search }))).map(
          (e) => e.title,
        );
      expect(await found('lodz bjorn')).toEqual(['Łódź meets Bjørn']);
      expect(await found('Łódź')).toEqual(['Łódź meets Bjørn']);
      expect(await found('aero')).toEqual(['Ærø Festival']);
      // Words the earlier rows did not have at all (a location, a description) are back too.
      expect(await found('strasse')).toEqual(['Street Party']);
      expect(await found('dorde')).toEqual(['Tribute']);
      expect(await found('bjork')).toEqual(['Björk Night']);
    } finally {
      await store.close();
    }
  });
});
