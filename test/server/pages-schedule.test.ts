/**
 * When plans change, doors, age limits and past events on the pages and calendar files
 * (docs/api.md §10.20): the JSON-LD (`eventStatus` `EventPostponed`/`EventRescheduled` with
 * `previousStartDate`, `doorTime`, `typicalAgeRange`, checked as Google's rich results want them),
 * the `.ics` files (`SEQUENCE`, `STATUS:TENTATIVE`, the reason and the doors in `DESCRIPTION`,
 * the `UID` kept), the no-JS listing page, event page and month view ("Rescheduled — was Sat 5
 * Dec, 19:30", "Doors 19:00", "14+"), and the past page `/t/{slug}/events/past` (and of several
 * venues) newest first, with its filters and pages, linked both ways (in proxy mode the
 * platform's, as only it knows its past events). On a real store, from a venue file through the
 * importer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { importVenueFile } from '../../server/import/importer.js';
import { createProxyApp } from '../../server/proxy/app.js';
import type { JsonLdEvent } from '../../shared/rules/structured-data.js';
import { listen } from '../support/listen.js';
import { venueEvent as event } from '../fixtures/venue-event.js';
import { jsonLdOf, richResultProblems } from '../support/rich-results.js';
import { startServer, type TestServer } from '../support/server.js';

/** Today is Saturday 5 December 2026 in London (UTC+0 in winter). */
const NOW = '2026-12-05T12:00:00Z';

const MOVED = event(1, 'moved-night', 'Moved Night', {
  date: '2026-12-12',
  time: '20:00',
  schedule_status: 'rescheduled',
  previous_date: '2026-12-05',
  previous_time: '19:30',
  status_reason: 'The band’s van broke down.',
  doors_time: '19:00',
  min_age: 14,
});

/** The same night as it was before it moved: what a subscriber's calendar first saw. */
const BEFORE_THE_MOVE = event(1, 'moved-night', 'Moved Night', {
  date: '2026-12-05',
  time: '19:30',
});

/** Twelve past nights, 1 to 12 October: with the two below, two past pages. */
const ARCHIVE = Array.from({ length: 12 }, (_, i) =>
  event(100 + i, `archive-${i + 1}`, `Archive ${i + 1}`, {
    date: `2026-10-${String(i + 1).padStart(2, '0')}`,
    time: '20:00',
  }),
);

const CHANGES_EVENTS = [
  MOVED,
  // Its date has passed, but postponed it waits for a new one: listed, and not past.
  event(2, 'waiting-night', 'Waiting Night', {
    date: '2026-12-01',
    time: '21:00',
    schedule_status: 'postponed',
    status_reason: 'The singer is ill.',
  }),
  event(3, 'adults', 'Adults Only', { date: '2026-12-08', time: '20:00', over_18: true }),
  event(4, 'tour', 'Tour', {
    doors_time: '18:30',
    occurrences: [
      { date: '2026-12-10', time: '19:30' },
      {
        date: '2026-12-18',
        time: '20:00',
        schedule_status: 'rescheduled',
        previous_date: '2026-12-14',
        doors_time: '19:15',
      },
    ],
  }),
  event(5, 'plain', 'Plain Night', { date: '2026-12-09', time: '20:00' }),
  event(6, 'old-one', 'Old One', { date: '2026-11-20', time: '20:00', category: 'Jazz' }),
  event(7, 'old-tour', 'Old Tour', {
    occurrences: [
      { date: '2026-09-01', time: '19:00' },
      { date: '2026-11-25', time: '19:00' },
    ],
  }),
  ...ARCHIVE,
];

const venue = (slug: string, name: string, events: unknown[]) => ({
  slug,
  name,
  timezone: 'Europe/London',
  // A website and a postal address: the JSON-LD then has everything Google asks for.
  url: `https://${slug}.example/`,
  address: { streetAddress: '1 Test Street', addressLocality: 'London', addressCountry: 'GB' },
  events,
});

const FILE = {
  venues: [
    venue('changes', 'Changes', CHANGES_EVENTS),
    venue('other', 'Other Room', [
      event(50, 'other-past', 'Other Past', { date: '2026-11-28', time: '20:00' }),
      event(51, 'other-next', 'Other Next', { date: '2026-12-11', time: '20:00' }),
    ]),
  ],
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer(FILE, NOW);
});
afterAll(() => server.close());

const get = async (path: string): Promise<string> => {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
};

/** The titles of a listing page's events, in order. */
const titles = (html: string): string[] =>
  [...html.matchAll(/<h2><a href="[^"]+">([^<]+)<\/a><\/h2>/g)].map((m) => m[1]!);

/** The `href`s of the `<a>`s whose text is `text`. */
const hrefsOf = (html: string, text: string): string[] =>
  [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)]
    .filter((m) => m[2] === text)
    .map((m) => m[1]!.replaceAll('&#38;', '&'));

const byName = (events: JsonLdEvent[], name: string) => events.filter((e) => e.name === name);

describe('JSON-LD (docs/api.md §10.20): status, previous start, doors, age range', () => {
  let events: JsonLdEvent[];
  beforeAll(async () => {
    events = jsonLdOf(await get('/t/changes/events'));
  });

  it('a rescheduled night: EventRescheduled, its previous start in the venue’s zone, doors, 14-', () => {
    const [moved] = byName(events, 'Moved Night');
    // London's winter offset, as the start is written: the previous start and the doors alike.
    expect(moved!.startDate).toMatch(/^2026-12-12T20:00:00(Z|\+00:00)$/);
    const offset = moved!.startDate.slice(19);
    expect(moved).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      previousStartDate: `2026-12-05T19:30:00${offset}`,
      doorTime: `2026-12-12T19:00:00${offset}`,
      typicalAgeRange: '14-',
    });
    const schedule = {
      status: 'EventRescheduled',
      previous: true,
      doors: true,
      age: '14-',
    } as const;
    expect(richResultProblems(moved!, { schedule })).toEqual([]);
  });

  it('a postponed night: EventPostponed, no previous start; 18+ without an age limit is 18-', () => {
    const [waiting] = byName(events, 'Waiting Night');
    expect(waiting!.eventStatus).toBe('https://schema.org/EventPostponed');
    expect(waiting).not.toHaveProperty('previousStartDate');
    expect(waiting).not.toHaveProperty('typicalAgeRange');
    expect(richResultProblems(waiting!, { schedule: { status: 'EventPostponed' } })).toEqual([]);
    const [adults] = byName(events, 'Adults Only');
    expect(adults!.typicalAgeRange).toBe('18-');
    expect(richResultProblems(adults!, { schedule: { age: '18-' } })).toEqual([]);
  });

  it('a tour: each stop its own doors and status; a previous date without a time is a date', () => {
    const [first, second] = byName(events, 'Tour');
    expect(first).toMatchObject({ eventStatus: 'https://schema.org/EventScheduled' });
    expect(first!.doorTime).toMatch(/^2026-12-10T18:30:00(Z|\+00:00)$/);
    expect(first).not.toHaveProperty('previousStartDate');
    expect(second).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      previousStartDate: '2026-12-14',
    });
    expect(second!.doorTime).toMatch(/^2026-12-18T19:15:00(Z|\+00:00)$/);
    expect(richResultProblems(first!, { schedule: { doors: true } })).toEqual([]);
    const moved = { status: 'EventRescheduled', previous: true, doors: true } as const;
    expect(richResultProblems(second!, { schedule: moved })).toEqual([]);
  });

  it('a night without them has none (nothing invented), and the check says so of one that had', () => {
    const [plain] = byName(events, 'Plain Night');
    expect(plain!.eventStatus).toBe('https://schema.org/EventScheduled');
    for (const member of ['previousStartDate', 'doorTime', 'typicalAgeRange'])
      expect(plain).not.toHaveProperty(member);
    expect(richResultProblems(plain!)).toEqual([]);
    const [moved] = byName(events, 'Moved Night');
    expect(richResultProblems(moved!)).toEqual(
      expect.arrayContaining([
        'eventStatus: EventRescheduled: invented',
        'previousStartDate: invented',
        'doorTime: invented',
      ]),
    );
    expect(richResultProblems(plain!, { schedule: { doors: true, age: '14-' } })).toEqual([
      "doorTime: undefined is not an ISO 8601 date-time on startDate's day, not after it",
      'typicalAgeRange: undefined, not 14-',
    ]);
  });

  it('the event page carries the same Events as the listing page', async () => {
    for (const name of ['Moved Night', 'Tour']) {
      const slug = name === 'Tour' ? 'tour' : 'moved-night';
      expect(jsonLdOf(await get(`/t/changes/events/${slug}`))).toEqual(byName(events, name));
    }
  });
});

/**
 * Each VEVENT of an iCalendar text as its unfolded lines, `NAME[;params]` → value (values as
 * written: `\,` and `\n` escaped, RFC 5545 §3.3.11).
 */
function vevents(text: string): Map<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const found: Map<string, string>[] = [];
  let current: Map<string, string> | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT' && current) {
      found.push(current);
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(':');
      current.set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  return found;
}

/** The VEVENTs whose `SUMMARY` is `summary`, in the file's order. */
const summaryOf = (events: Map<string, string>[], summary: string) =>
  events.filter((e) => e.get('SUMMARY') === summary);

describe('.ics files (docs/api.md §10.20)', () => {
  let events: Map<string, string>[];
  beforeAll(async () => {
    events = vevents(await get('/t/changes/events.ics'));
  });

  it('a rescheduled night: SEQUENCE:1, DTSTART its new start, the move, reason and doors described', () => {
    const [moved] = summaryOf(events, 'Moved Night');
    expect(moved!.get('SEQUENCE')).toBe('1');
    expect(moved!.get('STATUS')).toBe('CONFIRMED');
    expect(moved!.get('DTSTART;TZID=Europe/London')).toBe('20261212T200000');
    const description = moved!.get('DESCRIPTION')!;
    expect(description).toContain(
      'Rescheduled — was Sat 5 Dec\\, 19:30. The band’s van broke down.',
    );
    expect(description).toContain('Doors 19:00');
    expect(description.indexOf('Rescheduled')).toBeLessThan(description.indexOf('Doors'));
  });

  it('a postponed night: STATUS:TENTATIVE with its reason; others CONFIRMED, SEQUENCE:0', () => {
    const [waiting] = summaryOf(events, 'Waiting Night');
    expect(waiting!.get('STATUS')).toBe('TENTATIVE');
    expect(waiting!.get('SEQUENCE')).toBe('0');
    expect(waiting!.get('DESCRIPTION')).toMatch(/^Postponed\. The singer is ill\./);
    const [plain] = summaryOf(events, 'Plain Night');
    expect(plain!.get('STATUS')).toBe('CONFIRMED');
    expect(plain!.get('SEQUENCE')).toBe('0');
    expect(plain!.get('DESCRIPTION')).not.toMatch(/Doors|Postponed|Rescheduled/);
  });

  it('a tour: each stop its own doors; the moved stop SEQUENCE:1, the other 0', () => {
    const stops = summaryOf(events, 'Tour');
    expect(stops.map((s) => s.get('SEQUENCE'))).toEqual(['0', '1']);
    expect(stops[0]!.get('DESCRIPTION')).toContain('Doors 18:30');
    expect(stops[1]!.get('DESCRIPTION')).toContain('Rescheduled — was Mon 14 Dec.');
    expect(stops[1]!.get('DESCRIPTION')).toContain('Doors 19:15');
  });

  it('the event’s own file says the same', async () => {
    const [own] = vevents(await get('/t/changes/events/moved-night.ics'));
    const [listed] = summaryOf(events, 'Moved Night');
    for (const name of ['UID', 'SEQUENCE', 'STATUS', 'DESCRIPTION'])
      expect(own!.get(name), name).toBe(listed!.get(name));
  });

  it('the move keeps the UID a subscriber saw before it, and raises SEQUENCE from 0 to 1', async () => {
    const before = await startServer(
      { venues: [venue('moving', 'Moving', [BEFORE_THE_MOVE])] },
      NOW,
    );
    try {
      const [first] = vevents(await (await fetch(`${before.url}/t/moving/events.ics`)).text());
      expect(first!.get('SEQUENCE')).toBe('0');
      await importVenueFile(before.store, { venues: [venue('moving', 'Moving', [MOVED])] });
      const [moved] = vevents(await (await fetch(`${before.url}/t/moving/events.ics`)).text());
      expect(moved!.get('UID')).toBe(first!.get('UID'));
      expect(moved!.get('SEQUENCE')).toBe('1');
      expect(moved!.get('DTSTART;TZID=Europe/London')).toBe('20261212T200000');
    } finally {
      await before.close();
    }
  });
});

describe('the pages say it (docs/api.md §10.20)', () => {
  it('the listing page: the changed plans with their reasons, the doors, the age limits', async () => {
    const html = await get('/t/changes/events');
    expect(html).toContain(
      '<p class="schedule-status"><strong>Rescheduled — was Sat 5 Dec, 19:30</strong>. The band’s van broke down.</p>',
    );
    expect(html).toContain(
      '<p class="schedule-status"><strong>Postponed</strong>. The singer is ill.</p>',
    );
    expect(html).toContain('<span class="doors">Doors 19:00</span>');
    expect(html).toMatch(/Moved Night[\s\S]*?<p class="muted">[^<]*14\+<\/p>/);
    expect(html).toMatch(/Adults Only[\s\S]*?<p class="muted">[^<]*18\+<\/p>/);
    // The tour shows its current stop: the first, on time, with the event's doors.
    expect(html).toMatch(/Tour<\/a><\/h2>\n<p>[^\n]*Doors 18:30/);
  });

  it('the event page: the move and its reason under the title, the doors by the date, 14+', async () => {
    const html = await get('/t/changes/events/moved-night');
    expect(html).toContain('<p class="muted">14+</p>');
    expect(html).toContain(
      '<p class="schedule-status"><strong>Rescheduled — was Sat 5 Dec, 19:30</strong>. The band’s van broke down.</p>',
    );
    expect(html).toMatch(
      /<ul class="dates">\n<li><time [^>]+>[^<]+<\/time> · <span class="doors">Doors 19:00<\/span><\/li>/,
    );
    expect(html).toContain('Tickets are on sale online.');
    expect(html).not.toContain('This event has ended.');
  });

  it('the event page of a tour: each stop its doors, the moved one its previous date', async () => {
    const html = await get('/t/changes/events/tour');
    expect(html).toMatch(/id="stop-2026-12-10-1930">[^\n]*Doors 18:30<\/span><\/li>/);
    expect(html).toMatch(
      /id="stop-2026-12-18-2000">[^\n]*Doors 19:15<\/span> <span class="schedule-status">Rescheduled — was Mon 14 Dec\.<\/span><\/li>/,
    );
  });

  it('a postponed night whose date has passed is not ended: it says why, and sells nothing', async () => {
    const html = await get('/t/changes/events/waiting-night');
    expect(html).toContain('<strong>Postponed</strong>. The singer is ill.');
    expect(html).not.toContain('This event has ended.');
    expect(html).toContain('Online sales are closed. The singer is ill.');
  });

  it('the month view: each entry its changed plans, reason and doors', async () => {
    const html = await get('/t/changes/events?view=calendar&month=2026-12');
    expect(html).toContain(
      '<span class="schedule-status">Rescheduled — was Sat 5 Dec, 19:30. The band’s van broke down.</span>',
    );
    expect(html).toContain('<span class="schedule-status">Rescheduled — was Mon 14 Dec.</span>');
    expect(html).toContain('<span class="facts">Doors 19:00</span>');
    expect(html).toContain('<span class="facts">Doors 18:30</span>');
  });
});

describe('the past page (docs/api.md §10.20)', () => {
  it('is linked from the listing page, and links back', async () => {
    const listing = await get('/t/changes/events');
    expect(hrefsOf(listing, 'Past events')).toEqual(['/t/changes/events/past']);
    const past = await get('/t/changes/events/past');
    expect(hrefsOf(past, 'Upcoming events')).toEqual(['/t/changes/events', '/t/changes/events']);
    expect(past).toContain('<h1>Past events at Changes</h1>');
    expect(past).toContain(`<link rel="canonical" href="${server.url}/t/changes/events/past">`);
    expect(past).toContain('action="/t/changes/events/past"');
    // Its calendar links are the listing's: a calendar of what is to come.
    expect(past).toContain('href="/t/changes/events.ics" download');
  });

  it('lists the past events newest first (a tour by its last stop), 12 a page, no buy links', async () => {
    const first = await get('/t/changes/events/past');
    expect(titles(first)).toEqual([
      'Old Tour',
      'Old One',
      ...Array.from({ length: 10 }, (_, i) => `Archive ${12 - i}`),
    ]);
    expect(first).toContain('14 past events · page 1 of 2');
    expect(first).toContain('<a href="/t/changes/events/past?page=2" rel="next">');
    expect(first).not.toMatch(/Buy tickets|Few tickets left|Waiting Night|Moved Night/);
    const second = await get('/t/changes/events/past?page=2');
    expect(titles(second)).toEqual(['Archive 2', 'Archive 1']);
    expect(second).toContain('<a href="/t/changes/events/past" rel="prev">');
  });

  it('with the same filters, its links carrying them', async () => {
    const html = await get('/t/changes/events/past?categories=jazz');
    expect(titles(html)).toEqual(['Old One']);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(hrefsOf(html, 'Upcoming events')).toContain('/t/changes/events?categories=jazz');
    const bad = await fetch(`${server.url}/t/changes/events/past?start_date=nope`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('action="/t/changes/events/past"');
  });

  it('of several venues: `/events/past?venues=…`, newest first across them', async () => {
    const listing = await get('/events?venues=changes,other');
    expect(hrefsOf(listing, 'Past events')).toEqual(['/events/past?venues=changes,other']);
    const html = await get('/events/past?venues=changes,other');
    expect(titles(html).slice(0, 3)).toEqual(['Other Past', 'Old Tour', 'Old One']);
    expect(html).toContain('<a href="/events/past?venues=changes,other&#38;page=2" rel="next">');
    expect(hrefsOf(html, 'Upcoming events')).toContain('/events?venues=changes,other');
  });

  it('a past event’s page stays, says it has ended, links the past page, and keeps its JSON-LD', async () => {
    const html = await get('/t/changes/events/old-one');
    expect(html).toContain('<strong>This event has ended.</strong>');
    expect(hrefsOf(html, 'Past events at Changes')).toEqual(['/t/changes/events/past']);
    expect(html).not.toContain('Buy tickets');
    expect(html).not.toContain('class="tickets"');
    const [ld] = jsonLdOf(html);
    expect(ld!.startDate).toMatch(/^2026-11-20T20:00:00/);
    expect(richResultProblems(ld!)).toEqual([]);
  });

  it('in proxy mode is the platform’s, which alone knows its past events; of several venues none', async () => {
    const app = createProxyApp({ logger: false, upstream: server.url, clock: () => new Date(NOW) });
    const proxy = await listen(createServer(app));
    try {
      const res = await fetch(`${proxy.url}/t/changes/events/past?categories=jazz&page=2`, {
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(
        `${server.url}/t/changes/events/past?categories=jazz&page=2`,
      );
      // Nor does the proxy list several venues' past events, in its API or on a page.
      const several = await fetch(`${proxy.url}/events/past?venues=changes,other`);
      expect(several.status).toBe(404);
    } finally {
      await proxy.close();
    }
  });
});
