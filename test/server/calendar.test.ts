/**
 * Calendar files (RFC 5545): `/t/{slug}/events/{event-slug}.ics` and the venue feed
 * `/t/{slug}/events.ics`, parsed with ical.js (a real iCalendar parser, which also resolves each
 * `TZID` through the file's own `VTIMEZONE`), in Pacific/Auckland and America/Los_Angeles around
 * their DST changes, on a real store.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFile, DEFAULT_DURATION_MINUTES } from '../../server/pages/calendar.js';
import type { EventResource } from '../../shared/contract.js';
import { LISTED, SCENARIOS } from '../fixtures/reach-venues.js';
import { earlierAttributes, eventResource } from '../support/resources.js';
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
