/**
 * All-day dates (issue 48, docs/api.md §10.22): the venue file's `all_day` and `end_date` checked
 * with their JSON paths, stored and served as `all_day`/`end_date` only when set, and written as
 * dates by the calendar feed, the `.ics` files, the Google Calendar link, the JSON-LD and the
 * pages ("All day", "Ganztägig"). Real importer, store and app; runs on both stores
 * (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVenueFile, VenueFileError } from '../../server/import/venue-file.js';
import { importVenueFile } from '../../server/import/importer.js';
import { allDayInput, inclusiveEndDate } from '../../shared/rules/all-day-span.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';

const NOW = '2026-11-30T12:00:00Z';
const API = '/t/test-venue/api/events';
const PAGES = '/t/test-venue/events';

/** The JSON paths `checkVenueFile` names for `events`, in order. */
const problemPaths = (events: Record<string, unknown>[]) =>
  checkVenueFile(venueFile(events)).problems.map((p) => p.path);

describe('the venue file: all_day and end_date', () => {
  it('refuses end_date without all_day, and end_time with all_day, naming the path', () => {
    expect(problemPaths([{ date: '2026-12-12', time: '10:00', end_date: '2026-12-14' }])).toEqual([
      'venues[0].events[0].end_date',
    ]);
    expect(problemPaths([{ date: '2026-12-12', all_day: true, end_time: '23:00' }])).toEqual([
      'venues[0].events[0].end_time',
    ]);
  });

  it('refuses an end_date before the date, and a missing time unless all_day', () => {
    expect(problemPaths([{ date: '2026-12-12', all_day: true, end_date: '2026-12-11' }])).toEqual([
      'venues[0].events[0].end_date',
    ]);
    expect(problemPaths([{ date: '2026-12-12' }])).toEqual(['venues[0].events[0].time']);
    expect(problemPaths([{ date: '2026-12-12', all_day: true }])).toEqual([]);
  });

  it("checks each stop on its own path; a tour's event level has neither member", () => {
    const occurrences = [
      { date: '2026-12-12', all_day: true, end_date: '2026-12-13' },
      { date: '2026-12-20' },
      { date: '2026-12-21', time: '20:00', end_date: '2026-12-22' },
      { date: '2026-12-22', all_day: true, end_time: '04:00' },
    ];
    expect(
      problemPaths([{ occurrences }, { occurrences: [occurrences[0]], all_day: true }]),
    ).toEqual([
      'venues[0].events[0].occurrences[1].time',
      'venues[0].events[0].occurrences[2].end_date',
      'venues[0].events[0].occurrences[3].end_time',
      'venues[0].events[1].all_day',
    ]);
  });

  it('writes nothing when a file is refused', async () => {
    const server = await startServer(undefined, NOW);
    try {
      const refused = venueFile([{ date: '2026-12-12', time: '10:00', end_date: '2026-12-14' }]);
      await expect(importVenueFile(server.store, refused)).rejects.toThrow(VenueFileError);
      const res = await fetch(`${server.url}${API}`);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    } finally {
      await server.close();
    }
  });
});

describe('inclusiveEndDate and allDayInput (for the iCalendar mapper)', () => {
  it("is the day before DTEND;VALUE=DATE, and none for one day's event", () => {
    expect(inclusiveEndDate('2026-12-12', '2026-12-15')).toBe('2026-12-14');
    expect(inclusiveEndDate('2026-12-31', '2027-01-02')).toBe('2027-01-01');
    expect(inclusiveEndDate('2026-12-12', '2026-12-13')).toBeUndefined();
    expect(inclusiveEndDate('2026-12-12')).toBeUndefined();
    expect(allDayInput('2026-12-12', '2026-12-15')).toEqual({
      all_day: true,
      end_date: '2026-12-14',
    });
    expect(allDayInput('2026-12-12', '2026-12-13')).toEqual({ all_day: true });
  });
});

describe('all-day dates served', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(
      venueFile([
        {
          id: 1,
          title: 'Winter Fair',
          slug: 'winter-fair',
          date: '2026-12-12',
          all_day: true,
          end_date: '2026-12-14',
        },
        { id: 2, title: 'Open Day', slug: 'open-day', date: '2026-12-05', all_day: true },
        {
          id: 3,
          title: 'Craft Tour',
          slug: 'craft-tour',
          occurrences: [
            { date: '2026-12-03', all_day: true, end_date: '2026-12-04' },
            { date: '2026-12-10', time: '19:30' },
          ],
        },
        { id: 4, title: 'Jazz Night', slug: 'jazz-night', date: '2026-12-06', time: '20:00' },
      ]),
      NOW,
    );
  });
  afterAll(() => server.close());

  const json = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as { data: { attributes: Record<string, unknown> } };
  };
  const text = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it('serves all_day and end_date on the event and its stops, at 00:00, in date order', async () => {
    const fair = (await json(`${API}/1`)).data.attributes;
    expect(fair.event_time).toBe('00:00:00');
    expect(fair.all_day).toBe(true);
    expect(fair.end_date).toBe('2026-12-14');
    expect(Object.keys(fair).slice(-2)).toEqual(['all_day', 'end_date']);
    const day = (await json(`${API}/2`)).data.attributes;
    expect([day.all_day, 'end_date' in day]).toEqual([true, false]);
    const tour = (await json(`${API}/3`)).data.attributes;
    const [first, second] = tour.occurrences as Record<string, unknown>[];
    expect(first).toMatchObject({ time_label: '12:00 AM', all_day: true, end_date: '2026-12-04' });
    expect(second!).not.toHaveProperty('all_day');
    // The event's are its current stop's, as its date and time are.
    expect([tour.all_day, tour.end_date]).toEqual([true, '2026-12-04']);
    const list = (await (await fetch(`${server.url}${API}`)).json()) as {
      data: { id: string }[];
    };
    expect(list.data.map((e) => e.id)).toEqual(['3', '2', '4', '1']);
  });

  it('leaves a timed event as it was: no all_day, no end_date', async () => {
    const res = await fetch(`${server.url}${API}/4`);
    const body = await res.text();
    expect(body).not.toContain('all_day');
    expect(body).not.toContain('end_date');
  });

  it('gives the calendar feed allDay with date-only start and exclusive end', async () => {
    const feed = (await (
      await fetch(`${server.url}/t/test-venue/api/calendar?start=2026-12-01&end=2026-12-31`)
    ).json()) as Record<string, unknown>[];
    const byTitle = (title: string) => feed.filter((f) => f.title === title);
    expect(byTitle('Winter Fair')).toMatchObject([
      { start: '2026-12-12', end: '2026-12-15', allDay: true },
    ]);
    expect(byTitle('Open Day')).toMatchObject([
      { start: '2026-12-05', end: '2026-12-06', allDay: true },
    ]);
    expect(byTitle('Craft Tour').map((f) => [f.start, f.allDay])).toEqual([
      ['2026-12-03', true],
      ['2026-12-10T19:30:00+00:00', false],
    ]);
    expect(byTitle('Jazz Night')[0]).toMatchObject({ allDay: false });
  });

  it('writes DTSTART;VALUE=DATE and an exclusive DTEND;VALUE=DATE in the .ics', async () => {
    const ics = await text(`${PAGES}/winter-fair.ics`);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261212\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20261215\r\n');
    const tour = await text(`${PAGES}/craft-tour.ics`);
    expect(tour).toContain('DTSTART;VALUE=DATE:20261203\r\n');
    expect(tour).toContain('DTEND;VALUE=DATE:20261205\r\n');
    expect(tour).toMatch(/DTSTART;TZID=Europe\/London:20261210T193000/);
  });

  it("links to Google Calendar with Google's date-only dates", async () => {
    const res = await fetch(`${server.url}${PAGES}/winter-fair/calendar/google`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.searchParams.get('dates')).toBe('20261212/20261215');
    const outlook = await fetch(`${server.url}${PAGES}/open-day/calendar/outlook`, {
      redirect: 'manual',
    });
    const at = new URL(outlook.headers.get('location')!).searchParams;
    expect([at.get('startdt'), at.get('enddt'), at.get('allday')]).toEqual([
      '2026-12-05',
      '2026-12-06',
      'true',
    ]);
  });

  it('gives the JSON-LD startDate and endDate as dates', async () => {
    const html = await text(`${PAGES}/winter-fair`);
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!;
    const data = JSON.parse(ld) as Record<string, unknown> | Record<string, unknown>[];
    const event = (Array.isArray(data) ? data[0] : data)!;
    expect([event.startDate, event.endDate]).toEqual(['2026-12-12', '2026-12-14']);
  });

  it('says "All day" on the pages in place of 00:00, its span as dates', async () => {
    const listing = await text(PAGES);
    // Intl's range, spaced as this ICU spaces it ("12 – 14 Dec 2026").
    expect(listing).toMatch(/<time datetime="2026-12-12">12\s?–\s?14 Dec 2026<\/time>, All day/);
    expect(listing).toContain('<time datetime="2026-12-05">Sat, 5 Dec 2026</time>, All day');
    expect(listing).not.toContain(', 00:00</time>');
    const page = await text(`${PAGES}/open-day`);
    expect(page).toContain('All day');
    // Its description too.
    expect(page).toContain('content="Sat, 5 Dec 2026, All day');
    expect(page).not.toContain(', 00:00</time>');
    const month = await text(`${PAGES}?view=calendar&month=2026-12`);
    expect(month).toMatch(/<time datetime="2026-12-12">All day \(12\s?–\s?14 Dec\)<\/time>/);
    expect(month).not.toContain('00:00</time>');
    const german = await text(`${PAGES}/open-day?locale=de`);
    expect(german).toContain('Ganztägig');
  });

  it('draws "All day" in widget.html, the element drawn on the server', async () => {
    const html = await text('/t/test-venue/widget.html');
    expect(html).toContain('<time datetime="2026-12-05">Sat, Dec 5, 2026, All day</time>');
    expect(html).toContain(
      '<time datetime="2026-12-12">Sat, Dec 12 – Mon, Dec 14, 2026, All day</time>',
    );
    // Drawn text only: the page's JSON for the element keeps the API's `time_label`.
    expect(html).not.toMatch(/>[^<{]*12:00 AM[^<]*</);
    expect(await text('/t/test-venue/widget.html?locale=de')).toContain('Ganztägig');
  });
});
