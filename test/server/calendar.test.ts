/**
 * Calendar files (RFC 5545): `/t/{slug}/events/{event-slug}.ics` and the venue feed
 * `/t/{slug}/events.ics` (also of saved `ids`), parsed with ical.js (a real iCalendar parser,
 * which also resolves each `TZID` through the file's own `VTIMEZONE`), and the "add to calendar"
 * redirects `/t/{slug}/events/{event-slug}/calendar/{google|outlook}` (docs/api.md §10.6), their
 * `Location` parsed, in Pacific/Auckland and America/Los_Angeles around their DST changes, on a
 * real store.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFile, DEFAULT_DURATION_MINUTES } from '../../server/pages/calendar.js';
import type { EventResource } from '../../shared/contract.js';
import { LISTED, SCENARIOS } from '../fixtures/reach-venues.js';
import { earlierAttributes, eventAttributes, eventResource } from '../support/resources.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';

interface Parsed {
  uid: string;
  summary: string;
  start: string;
  end: string;
  tzid: string | null;
  status: string;
  url: string;
  location: string;
}

/** Parses an iCalendar text with ical.js, its VTIMEZONEs registered, into plain VEVENT facts. */
function parse(text: string): { calendar: ICAL.Component; events: Parsed[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      tzid: (vevent.getFirstProperty('dtstart')!.getParameter('tzid') as string) ?? null,
      status: String(vevent.getFirstPropertyValue('status')),
      url: String(vevent.getFirstPropertyValue('url')),
      location: event.location,
    };
  });
  return { calendar, events };
}

/** A redirect's status, `Cache-Control` and `Location`'s host, path and decoded parameters. */
async function redirectOf(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  const target = location === null ? null : new URL(location);
  return {
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    where: target && `${target.origin}${target.pathname}`,
    params: target ? Object.fromEntries(target.searchParams) : {},
  };
}

const GOOGLE = 'https://calendar.google.com/calendar/render';
const OUTLOOK = 'https://outlook.live.com/calendar/0/action/compose';

/** `2026-09-26T07:30:00.000Z` plus `hours`, as Outlook's `startdt`: `2026-09-26T09:30:00Z`. */
const utcPlus = (instant: string, hours = 0) =>
  new Date(Date.parse(instant) + hours * 3_600_000).toISOString().replace('.000Z', 'Z');

/** RFC 5545 §3.1: CRLF line ends, no line longer than 75 octets. */
function expectWellFormed(text: string): void {
  expect(text.endsWith('END:VCALENDAR\r\n') || text.endsWith('END:VCALENDAR')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) {
    expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  }
}

describe.each(SCENARIOS)('calendar files in $zone', (scenario) => {
  let server: TestServer;
  const get = (path: string) => fetch(`${server.url}/t/${scenario.slug}${path}`);
  const ics = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    expectWellFormed(text);
    return parse(text);
  };

  beforeAll(async () => {
    server = await startServer(scenario.venueFile, scenario.now);
  });
  afterAll(() => server.close());

  it('an event file: one VEVENT at the right instant in the venue zone, with its VTIMEZONE', async () => {
    const res = await get('/events/open-night.ics');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="open-night.ics"');
    const { calendar, events } = parse(await res.text());
    expect(
      calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')),
    ).toEqual([scenario.zone]);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.tzid).toBe(scenario.zone);
    expect(event!.start).toBe(scenario.instants['open-night']![0]);
    expect(Date.parse(event!.end) - Date.parse(event!.start)).toBe(
      DEFAULT_DURATION_MINUTES * 60_000,
    );
    expect(event!.summary).toBe('Open Night');
    expect(event!.status).toBe('CONFIRMED');
    expect(event!.url).toBe(`${server.url}/t/${scenario.slug}/events/open-night`);
    expect(event!.location).toContain('Main Hall');
    expect(event!.location).toContain('1 Test Street');
  });

  it('a tour: one VEVENT per stop across the DST change, the cancelled stop CANCELLED', async () => {
    const { events } = await ics('/events/tour.ics');
    expect(events.map((e) => e.start)).toEqual(scenario.instants.tour);
    expect(events.map((e) => e.status)).toEqual([
      'CONFIRMED',
      'CONFIRMED',
      'CANCELLED',
      'CONFIRMED',
    ]);
    expect(events.map((e) => e.location)).toEqual([
      'First City Hall',
      'Second City Arena',
      'Third Town Club',
      'Fourth Port Theatre',
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(4);
    expect(
      events.every((e) => e.url.startsWith(`${server.url}/t/${scenario.slug}/events/tour#stop-`)),
    ).toBe(true);
  });

  it('a cancelled event is STATUS:CANCELLED', async () => {
    const { events } = await ics('/events/cancelled.ics');
    expect(events.map((e) => [e.start, e.status])).toEqual([
      [scenario.instants.cancelled![0], 'CANCELLED'],
    ]);
  });

  it('UIDs are stable: the same across requests, days and re-imports', async () => {
    const first = (await ics('/events.ics')).events.map((e) => e.uid);
    server.setNow(new Date(Date.parse(scenario.now) + 3_600_000).toISOString());
    const later = (await ics('/events.ics')).events.map((e) => e.uid);
    server.setNow(scenario.now);
    expect(later).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
    expect(first).toContain(`event-1@127.0.0.1`);
  });

  it('the venue feed holds every date of every listed event, and nothing unlisted', async () => {
    const { calendar, events } = await ics('/events.ics');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT1H');
    const pages = events.map((e) => new URL(e.url).pathname.split('/').pop());
    expect([...new Set(pages)].sort()).toEqual([...LISTED].sort());
    expect(events).toHaveLength(LISTED.length - 1 + 4);
    expect(events.every((e) => e.tzid === scenario.zone)).toBe(true);
  });

  it('the Google redirect: the wall times in the venue zone, its ctz, the page and the place', async () => {
    const ics = await get('/events/open-night.ics');
    const link = await redirectOf(
      `${server.url}/t/${scenario.slug}/events/open-night/calendar/google`,
    );
    expect(link.status).toBe(302);
    expect(link.where).toBe(GOOGLE);
    // Fresh as the event's .ics (the same transitions at the same clock).
    expect(link.cacheControl).toMatch(/^public, max-age=\d+$/);
    expect(link.cacheControl).toBe(ics.headers.get('cache-control'));
    const day = scenario.starts['open-night']![0]!.slice(0, 10).replaceAll('-', '');
    expect(link.params).toEqual({
      action: 'TEMPLATE',
      text: 'Open Night',
      dates: `${day}T193000/${day}T213000`,
      ctz: scenario.zone,
      details: `Event page: ${server.url}/t/${scenario.slug}/events/open-night`,
      location: expect.stringContaining('Main Hall, Venue in '),
    });
    expect(link.params.location).toContain('1 Test Street');
  });

  it('the Outlook redirect: UTC instants, the .ics file’s, two hours long', async () => {
    const link = await redirectOf(
      `${server.url}/t/${scenario.slug}/events/open-night/calendar/outlook`,
    );
    expect(link.status).toBe(302);
    expect(link.where).toBe(OUTLOOK);
    const [start] = scenario.instants['open-night']!;
    expect(link.params).toMatchObject({
      rru: 'addevent',
      subject: 'Open Night',
      startdt: utcPlus(start!),
      enddt: utcPlus(start!, DEFAULT_DURATION_MINUTES / 60),
      body: `Event page: ${server.url}/t/${scenario.slug}/events/open-night`,
    });
  });

  it('a tour: its current stop, or the stop on `date`; cancelled or missing stops are 404s', async () => {
    const link = (query = '') =>
      redirectOf(`${server.url}/t/${scenario.slug}/events/tour/calendar/outlook${query}`);
    // The first stop has passed: the current one is the second.
    const current = await link();
    expect(current.status).toBe(302);
    expect(current.params.startdt).toBe(utcPlus(scenario.instants.tour![1]!));
    expect(current.params.location).toBe('Second City Arena');
    expect(current.params.body).toMatch(/\/events\/tour#stop-\d{4}-\d{2}-\d{2}-1930$/);
    // `starts` has the stops from today (the cancelled one second); `instants` every stop.
    const later = scenario.starts.tour![2]!.slice(0, 10);
    const last = await link(`?date=${later}`);
    expect(last.params.startdt).toBe(utcPlus(scenario.instants.tour![3]!));
    expect(last.params.location).toBe('Fourth Port Theatre');
    const cancelledDay = scenario.starts.tour![1]!.slice(0, 10);
    for (const query of [`?date=${cancelledDay}`, '?date=2030-01-01']) {
      expect((await link(query)).status, query).toBe(404);
    }
    const google = await redirectOf(
      `${server.url}/t/${scenario.slug}/events/tour/calendar/google?date=${later}`,
    );
    const day = later.replaceAll('-', '');
    expect(google.params.dates).toBe(`${day}T200000/${day}T220000`);
  });

  it('redirects: unknown and cancelled events are 404s, a bad date a 400 naming it', async () => {
    for (const path of [
      '/events/nope/calendar/google',
      '/events/Bad_Slug/calendar/google',
      '/events/cancelled/calendar/google',
      '/events/cancelled/calendar/outlook',
      '/events/open-night/calendar/yahoo',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
    expect((await fetch(`${server.url}/t/nowhere/events/open-night/calendar/google`)).status).toBe(
      404,
    );
    for (const date of ['2026-02-30', 'tomorrow', '20261003']) {
      const res = await get(`/events/tour/calendar/google?date=${date}`);
      expect(res.status, date).toBe(400);
      expect((await res.json()).errors[0].source).toEqual({ parameter: 'date' });
    }
    // A single event's own date is fine; another is nothing to add.
    const own = scenario.starts['open-night']![0]!.slice(0, 10);
    const single = `${server.url}/t/${scenario.slug}/events/open-night/calendar/google`;
    expect((await redirectOf(`${single}?date=${own}`)).status).toBe(302);
    expect((await redirectOf(`${single}?date=2030-01-01`)).status).toBe(404);
    const post = await fetch(`${server.url}/t/${scenario.slug}/events/tour/calendar/google`, {
      method: 'POST',
    });
    expect(post.status).toBe(405);
    const head = await fetch(`${server.url}/t/${scenario.slug}/events/tour/calendar/google`, {
      method: 'HEAD',
      redirect: 'manual',
    });
    expect(head.status).toBe(302);
  });

  it('the feed with ids: only those listed events, as a download', async () => {
    const res = await get('/events.ics?ids=1,7,8,999');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${scenario.slug}-saved.ics"`,
    );
    const text = await res.text();
    expectWellFormed(text);
    const { calendar, events } = parse(text);
    // 8 has ended and 999 is no event: skipped.
    const pages = events.map((e) => new URL(e.url).pathname.split('/').pop());
    expect([...new Set(pages)]).toEqual(['open-night', 'tour']);
    expect(events).toHaveLength(1 + 4);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      `Venue in ${scenario.zone} (saved events)`,
    );
    // With categories too: both apply.
    const jazz = parse(await (await get('/events.ics?ids=1,7&categories=jazz')).text());
    expect(jazz.events.map((e) => e.summary)).toEqual(['Open Night']);
    expect((await get('/events.ics')).headers.get('content-disposition')).toBeNull();
  });

  it('the feed with a bad ids is the API’s JSON 400 naming ids', async () => {
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const ids of ['', 'abc', '0', '1,01', tooMany]) {
      const res = await get(`/events.ics?ids=${ids}`);
      expect(res.status, ids).toBe(400);
      expect((await res.json()).errors[0].source).toEqual({ parameter: 'ids' });
    }
    expect((await get('/events.ics?ids=1&ids=7')).status).toBe(400);
  });

  it('.ics paths are not event pages, and an unknown event is a 404', async () => {
    expect((await get('/events/tour')).headers.get('content-type')).toMatch(/^text\/html/);
    expect((await get('/events/nope.ics')).status).toBe(404);
    expect((await get('/events/Bad_Slug.ics')).status).toBe(404);
    const post = await fetch(`${server.url}/t/${scenario.slug}/events.ics`, { method: 'POST' });
    expect(post.status).toBe(405);
    const head = await fetch(`${server.url}/t/${scenario.slug}/events.ics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toMatch(/^"/);
  });
});

describe('calendar instants at the DST edges', () => {
  it.each([
    // A time the spring-forward change skips: luxon and RFC 5545 move it forward by the gap.
    ['Pacific/Auckland', '2026-09-27', '02:30', '2026-09-26T14:30:00.000Z'],
    ['America/Los_Angeles', '2026-03-08', '02:30', '2026-03-08T10:30:00.000Z'],
    // A time the fall-back change repeats: its first occurrence (RFC 5545 §3.3.5).
    ['Pacific/Auckland', '2026-04-05', '02:30', '2026-04-04T13:30:00.000Z'],
    ['America/Los_Angeles', '2026-11-01', '01:30', '2026-11-01T08:30:00.000Z'],
    // Either side of each change.
    ['Pacific/Auckland', '2026-09-27', '01:59', '2026-09-26T13:59:00.000Z'],
    ['Pacific/Auckland', '2026-09-27', '03:00', '2026-09-26T14:00:00.000Z'],
    ['America/Los_Angeles', '2026-11-01', '00:59', '2026-11-01T07:59:00.000Z'],
    ['America/Los_Angeles', '2026-11-01', '02:00', '2026-11-01T10:00:00.000Z'],
  ])('%s %s %s is %s', async (zone, date, time, instant) => {
    const server = await startServer(
      venueFile([{ slug: 'edge', date, time }], { timezone: zone }),
      '2026-01-01T00:00:00Z',
    );
    try {
      const text = await fetch(`${server.url}/t/test-venue/events/edge.ics`).then((r) => r.text());
      const [event] = parse(text).events;
      expect(event!.start).toBe(instant);
      expect(Date.parse(event!.end) - Date.parse(event!.start)).toBe(
        DEFAULT_DURATION_MINUTES * 60_000,
      );
      const html = await fetch(`${server.url}/t/test-venue/events/edge`).then((r) => r.text());
      const startDate = /"startDate":"([^"]+)"/.exec(html)![1]!;
      expect(new Date(startDate).toISOString()).toBe(instant);
      const outlook = await redirectOf(`${server.url}/t/test-venue/events/edge/calendar/outlook`);
      expect([outlook.params.startdt, outlook.params.enddt]).toEqual([
        utcPlus(instant),
        utcPlus(instant, DEFAULT_DURATION_MINUTES / 60),
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('an event whose end falls in the hour a DST change repeats', () => {
  // 00:30 on a fall-back night: two hours later the wall clock reads a time it reads twice
  // (01:30 in New York, 02:30 in Auckland). As a TZID time RFC 5545 §3.3.5 takes its first
  // occurrence (a one-hour event in New York) and ical.js its second (three hours in Auckland),
  // so the end is checked both ways: the instant ical.js reads and the UTC value written.
  it.each([
    ['America/New_York', '2026-11-01', '2026-11-01T04:30:00.000Z', '20261101T063000Z'],
    ['Pacific/Auckland', '2027-04-04', '2027-04-03T11:30:00.000Z', '20270403T133000Z'],
  ])('%s %s 00:30 lasts two hours in every calendar file', async (zone, date, instant, end) => {
    const server = await startServer(
      venueFile([{ slug: 'late', date, time: '00:30' }], { timezone: zone }),
      '2026-01-01T00:00:00Z',
    );
    try {
      for (const path of ['/events.ics', '/events/late.ics', '/events.ics?ids=1']) {
        const res = await fetch(`${server.url}/t/test-venue${path}`);
        expect(res.status, path).toBe(200);
        const text = await res.text();
        expectWellFormed(text);
        expect(/^DTEND[^:]*:(.*)$/m.exec(text)?.[1], path).toBe(end);
        const { events } = parse(text);
        expect(
          events.map((e) => [e.start, e.end]),
          path,
        ).toEqual([
          [
            instant,
            new Date(Date.parse(instant) + DEFAULT_DURATION_MINUTES * 60_000).toISOString(),
          ],
        ]);
      }
    } finally {
      await server.close();
    }
  });
});

describe('calendarFile without a known zone (proxy mode)', () => {
  const resource: EventResource = eventResource(
    earlierAttributes({
      title: 'Floating',
      slug: 'floating',
      event_date: '2026-12-05T00:00:00.000000Z',
      event_time: '19:30:00',
      location: 'Upstairs',
    }),
    '42',
  );

  it('writes floating local times and no VTIMEZONE', () => {
    const text = calendarFile([resource], {
      venue: { slug: 'v', name: 'v' },
      base: 'https://events.example',
      now: new Date('2026-12-01T00:00:00Z'),
    });
    expectWellFormed(text);
    expect(text).toContain('DTSTART:20261205T193000\r\n');
    expect(text).not.toContain('VTIMEZONE');
    const { events } = parse(text);
    expect(events[0]!.tzid).toBeNull();
    expect(events[0]!.uid).toBe('event-42@events.example');
  });
});

describe('calendarFile: the end time, performers and price (docs/api.md §10.18)', () => {
  const venue = { slug: 'v', name: 'The Venue', timezone: 'Europe/London' };
  const file = (attributes: EventResource['attributes']) =>
    calendarFile([eventResource(attributes, '7')], {
      venue,
      base: 'https://events.example',
      now: new Date('2026-03-01T00:00:00Z'),
    });
  const clubNight = eventAttributes({
    title: 'Club night',
    slug: 'club-night',
    event_date: '2026-03-28T00:00:00.000000Z',
    event_time: '23:00:00',
    end_time: '04:00:00',
    performers: ['Alice', 'Bob', 'Carol'],
    price: { currency: 'GBP', min: '12.00', max: '18.00' },
    description: '<p>Dance.</p>',
  });

  it('DTEND is the end time the next morning, across the spring-forward night', () => {
    const text = file(clubNight);
    expectWellFormed(text);
    expect(text).toContain('DTEND;TZID=Europe/London:20260329T040000\r\n');
    const [event] = parse(text).events;
    expect([event!.start, event!.end]).toEqual([
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T03:00:00.000Z',
    ]);
  });

  it('DESCRIPTION names the performers and the price before the description', () => {
    const calendar = new ICAL.Component(ICAL.parse(file(clubNight)));
    const description = String(
      calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('description'),
    );
    expect(description).toBe(
      'With Alice, Bob and Carol\nPrice: £12–£18\n\nDance.\n\nhttps://events.example/t/v/events/club-night',
    );
    const free = file(eventAttributes({ price: { currency: 'GBP', min: '0.00' } }));
    expect(free).toContain('DESCRIPTION:Price: Free\\n\\nhttps://events.example/t/v/events/gig');
  });

  it('an end in the repeated hour: start and end in UTC, as a repeated start is', () => {
    const text = file({
      ...clubNight,
      event_date: '2026-10-24T00:00:00.000000Z',
      end_time: '01:30:00',
    });
    expect(text).toContain('DTSTART:20261024T220000Z\r\n');
    expect(text).toContain('DTEND:20261025T003000Z\r\n');
  });

  it('without an end time: two hours, and the DESCRIPTION as before', () => {
    const text = file(eventAttributes({ event_time: '20:00:00', description: '<p>Songs.</p>' }));
    expect(text).toContain('DTSTART;TZID=Europe/London:20261210T200000\r\n');
    expect(text).toContain('DTEND;TZID=Europe/London:20261210T220000\r\n');
    expect(text).toContain('DESCRIPTION:Songs.\\n\\nhttps://events.example/t/v/events/gig\r\n');
    expect(DEFAULT_DURATION_MINUTES).toBe(120);
  });
});

describe('end times over HTTP, from the venue file (docs/api.md §10.6, §10.14, §10.18)', () => {
  it('the .ics, the Google link and the FullCalendar feed end a club night the next morning', async () => {
    const server = await startServer(
      venueFile([
        {
          slug: 'club',
          date: '2026-12-05',
          time: '23:00',
          end_time: '04:00',
          performers: ['Alice', 'Bob'],
          price: { currency: 'GBP', min: '10', max: '15.5' },
        },
        { slug: 'plain', date: '2026-12-06', time: '20:00' },
      ]),
      '2026-11-30T12:00:00Z',
    );
    try {
      const ics = await fetch(`${server.url}/t/test-venue/events/club.ics`).then((r) => r.text());
      expect(ics).toContain('DTEND;TZID=Europe/London:20261206T040000\r\n');
      const calendar = new ICAL.Component(ICAL.parse(ics));
      expect(
        String(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('description')),
      ).toMatch(/^With Alice and Bob\nPrice: £10\.00–£15\.50\n\n/);
      const plain = await fetch(`${server.url}/t/test-venue/events/plain.ics`).then((r) =>
        r.text(),
      );
      expect(plain).toContain('DTEND;TZID=Europe/London:20261206T220000\r\n');
      const google = await redirectOf(`${server.url}/t/test-venue/events/club/calendar/google`);
      expect(google.params.dates).toBe('20261205T230000/20261206T040000');
      const feed = (await fetch(
        `${server.url}/t/test-venue/api/calendar?start=2026-12-01&end=2026-12-10`,
      ).then((r) => r.json())) as { start: string; end?: string }[];
      expect(feed.map((f) => [f.start, f.end])).toEqual([
        ['2026-12-05T23:00:00+00:00', '2026-12-06T04:00:00+00:00'],
        ['2026-12-06T20:00:00+00:00', undefined],
      ]);
    } finally {
      await server.close();
    }
  });
});
