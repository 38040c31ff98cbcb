/**
 * The "add to calendar" links and query readers of docs/api.md §10.6: Google's wall times in
 * `ctz` and Outlook's UTC instants across the DST changes of Europe/London and America/New_York,
 * the encoding of awkward titles, the bound on a link's length, which date of an event a link
 * adds, and the `date` and `ids` values.
 */
import { describe, expect, it } from 'vitest';
import {
  clipEncoded,
  googleCalendarUrl,
  LINK_TEXT_BOUNDS,
  linkDateOf,
  MAX_FEED_IDS,
  outlookCalendarUrl,
  readFeedIds,
  readLinkDate,
  type CalendarLinkEvent,
} from '../../shared/rules/calendar-links.js';
import type { CompactOccurrence } from '../../shared/contract.js';
import { FilterError } from '../../shared/rules/filters.js';
import { eventAttributes, eventResource } from '../support/resources.js';

const event = (fields: Partial<CalendarLinkEvent> = {}): CalendarLinkEvent => ({
  title: 'Gig',
  date: '2026-12-10',
  time: '20:00:00',
  zone: 'Europe/London',
  durationMinutes: 120,
  location: 'Main Hall, Test Venue',
  pageUrl: 'https://events.example/t/v/events/gig',
  ...fields,
});

/** The parameters of a link, decoded as the service reads them. */
const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

function rejects(read: () => unknown, parameter: string): void {
  let error: unknown;
  try {
    read();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(FilterError);
  expect((error as FilterError).parameter).toBe(parameter);
}

describe('googleCalendarUrl', () => {
  it('is the TEMPLATE link: wall times in the zone, ctz, details with the page, location', () => {
    const url = googleCalendarUrl(event());
    expect(url.startsWith('https://calendar.google.com/calendar/render?action=TEMPLATE&')).toBe(
      true,
    );
    expect(params(url)).toEqual({
      action: 'TEMPLATE',
      text: 'Gig',
      dates: '20261210T200000/20261210T220000',
      ctz: 'Europe/London',
      details: 'Event page: https://events.example/t/v/events/gig',
      location: 'Main Hall, Test Venue',
    });
    // `/` and `:` are left readable; spaces are %20, never `+`.
    expect(url).toContain('&dates=20261210T200000/20261210T220000&');
    expect(url).toContain('details=Event%20page:%20https://events.example/t/v/events/gig');
  });

  it('encodes titles with &, #, + and non-ASCII so they come back whole', () => {
    const title = 'Rock & Roll #1 + Björk — 夜 🎸 50% off?';
    const url = googleCalendarUrl(event({ title, location: 'Café & Bar #2' }));
    expect(params(url).text).toBe(title);
    expect(params(url).location).toBe('Café & Bar #2');
    expect(new URL(url).hash).toBe('');
    expect(url).toContain('text=Rock%20%26%20Roll%20%231%20%2B%20Bj%C3%B6rk%20%E2%80%94%20');
    expect(url).toMatch(/^[\x21-\x7e]+$/);
  });

  it('leaves out an empty location', () => {
    expect(params(googleCalendarUrl(event({ location: '' })))).not.toHaveProperty('location');
  });

  it('ends two hours later by the clock, across midnight', () => {
    expect(params(googleCalendarUrl(event({ time: '23:30' }))).dates).toBe(
      '20261210T233000/20261211T013000',
    );
  });

  it.each([
    // The end passes the spring-forward change: two hours later is 3 wall hours on.
    ['Europe/London', '2026-03-29', '00:30', '20260329T003000/20260329T033000'],
    ['America/New_York', '2026-03-08', '01:00', '20260308T010000/20260308T040000'],
    // Summer and winter days keep their wall times.
    ['America/New_York', '2026-07-04', '21:00', '20260704T210000/20260704T230000'],
    // A skipped start or a repeated end names no single wall time: UTC instants instead.
    ['Europe/London', '2026-03-29', '01:30', '20260329T013000Z/20260329T033000Z'],
    ['Europe/London', '2026-10-24', '23:30', '20261024T223000Z/20261025T003000Z'],
    ['America/New_York', '2026-11-01', '01:30', '20261101T053000Z/20261101T073000Z'],
  ])('%s %s %s: dates %s', (zone, date, time, dates) => {
    const p = params(googleCalendarUrl(event({ zone, date, time })));
    expect(p.dates).toBe(dates);
    expect(p.ctz).toBe(zone);
  });
});

describe('outlookCalendarUrl', () => {
  it('is the compose link with UTC instants', () => {
    const url = outlookCalendarUrl(event({ title: 'Jazz & Blues #3' }));
    expect(url.startsWith('https://outlook.live.com/calendar/0/action/compose?rru=addevent&')).toBe(
      true,
    );
    expect(params(url)).toEqual({
      rru: 'addevent',
      subject: 'Jazz & Blues #3',
      startdt: '2026-12-10T20:00:00Z',
      enddt: '2026-12-10T22:00:00Z',
      location: 'Main Hall, Test Venue',
      body: 'Event page: https://events.example/t/v/events/gig',
    });
  });

  it.each([
    // Europe/London: GMT (+00:00) until 2026-03-29 01:00 UTC, BST (+01:00) until 2026-10-25.
    ['Europe/London', '2026-03-28', '19:30', '2026-03-28T19:30:00Z', '2026-03-28T21:30:00Z'],
    ['Europe/London', '2026-03-29', '19:30', '2026-03-29T18:30:00Z', '2026-03-29T20:30:00Z'],
    ['Europe/London', '2026-07-01', '20:00', '2026-07-01T19:00:00Z', '2026-07-01T21:00:00Z'],
    ['Europe/London', '2026-10-24', '20:00', '2026-10-24T19:00:00Z', '2026-10-24T21:00:00Z'],
    ['Europe/London', '2026-10-25', '20:00', '2026-10-25T20:00:00Z', '2026-10-25T22:00:00Z'],
    // A skipped time moves forward by the gap; a repeated one is its first occurrence.
    ['Europe/London', '2026-03-29', '01:30', '2026-03-29T01:30:00Z', '2026-03-29T03:30:00Z'],
    ['Europe/London', '2026-10-25', '01:30', '2026-10-25T00:30:00Z', '2026-10-25T02:30:00Z'],
    // America/New_York: EST (−05:00) until 2026-03-08 02:00, EDT (−04:00) until 2026-11-01.
    ['America/New_York', '2026-03-07', '19:00', '2026-03-08T00:00:00Z', '2026-03-08T02:00:00Z'],
    ['America/New_York', '2026-03-08', '19:00', '2026-03-08T23:00:00Z', '2026-03-09T01:00:00Z'],
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00Z', '2026-03-08T09:30:00Z'],
    ['America/New_York', '2026-10-31', '19:00', '2026-10-31T23:00:00Z', '2026-11-01T01:00:00Z'],
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00Z', '2026-11-01T07:30:00Z'],
    ['America/New_York', '2026-11-01', '19:00', '2026-11-02T00:00:00Z', '2026-11-02T02:00:00Z'],
    ['UTC', '2026-11-01', '19:00', '2026-11-01T19:00:00Z', '2026-11-01T21:00:00Z'],
  ])('%s %s %s starts %s, ends %s', (zone, date, time, startdt, enddt) => {
    const p = params(outlookCalendarUrl(event({ zone, date, time })));
    expect([p.startdt, p.enddt]).toEqual([startdt, enddt]);
  });
});

describe('the length of a link', () => {
  it('stays well under 2,000 characters whatever the venue wrote', () => {
    const long = event({
      title: '🎸é'.repeat(2000),
      location: '夜 & #'.repeat(1000),
      pageUrl: `https://events.example/t/${'v'.repeat(100)}/events/${'g'.repeat(100)}#stop-2026-12-10-2000`,
    });
    for (const url of [googleCalendarUrl(long), outlookCalendarUrl(long)]) {
      expect(url.length).toBeLessThan(1600);
      const p = params(url);
      const title = p.text ?? p.subject!;
      expect(title.endsWith('…')).toBe(true);
      expect(title.startsWith('🎸é🎸é')).toBe(true);
      // Cut on code points: no lone surrogate half.
      expect(title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      expect(p.location!.endsWith('…')).toBe(true);
    }
  });

  it('clipEncoded: text that fits is itself; longer is cut to fit with …', () => {
    expect(clipEncoded('short', 10)).toBe('short');
    const clipped = clipEncoded('é'.repeat(100), LINK_TEXT_BOUNDS.location);
    expect(encodeURIComponent(clipped).length).toBeLessThanOrEqual(LINK_TEXT_BOUNDS.location);
    expect(clipped).toMatch(/^é+…$/);
  });
});

describe('linkDateOf: which date a link adds', () => {
  const stop = (
    occurrence_date: string,
    time_label: string,
    fields: Partial<CompactOccurrence> = {},
  ): CompactOccurrence => ({
    occurrence_date,
    time_label,
    location_label: '',
    status: 'scheduled',
    ...fields,
  });
  const stops = [
    stop('2026-12-01', '7:30 PM', { location_label: 'First Hall', status: 'cancelled' }),
    stop('2026-12-02', '8:00 PM', { location_label: 'Second Hall' }),
    stop('2026-12-03', '12:05 AM'),
  ];
  const tour = (next: CompactOccurrence | null) =>
    eventResource(
      eventAttributes({
        date_mode: 'multiple',
        occurrence_count: stops.length,
        next_occurrence: next,
        occurrences: stops,
        location: 'On tour',
      }),
    );

  it('a single event: its date and time, with or without the same date', () => {
    const single = eventResource(eventAttributes({ location: 'Main Hall' }));
    const expected = { date: '2026-12-10', time: '20:00:00', location: 'Main Hall', anchor: null };
    expect(linkDateOf(single)).toEqual(expected);
    expect(linkDateOf(single, '2026-12-10')).toEqual(expected);
    expect(linkDateOf(single, '2026-12-11')).toBeUndefined();
  });

  it('a cancelled event has nothing to add', () => {
    const cancelled = eventResource(eventAttributes({ publish_status: 'cancelled' }));
    expect(linkDateOf(cancelled)).toBeUndefined();
  });

  it('a tour: its current stop, or its stop on `date`; a cancelled or missing stop is nothing', () => {
    expect(linkDateOf(tour(stops[1]!))).toEqual({
      date: '2026-12-02',
      time: '20:00:00',
      location: 'Second Hall',
      anchor: 'stop-2026-12-02-2000',
    });
    expect(linkDateOf(tour(stops[1]!), '2026-12-03')).toEqual({
      date: '2026-12-03',
      time: '00:05:00',
      location: 'On tour',
      anchor: 'stop-2026-12-03-0005',
    });
    expect(linkDateOf(tour(stops[0]!))).toBeUndefined();
    expect(linkDateOf(tour(stops[1]!), '2026-12-01')).toBeUndefined();
    expect(linkDateOf(tour(stops[1]!), '2026-12-04')).toBeUndefined();
    expect(linkDateOf(tour(null))).toBeUndefined();
  });
});

describe('the end time of docs/api.md §10.18', () => {
  it('Google: the venue gives the end; after midnight it is the next day', () => {
    expect(params(googleCalendarUrl(event({ time: '20:00:00', end: '23:15:00' }))).dates).toBe(
      '20261210T200000/20261210T231500',
    );
    expect(params(googleCalendarUrl(event({ time: '23:00:00', end: '04:00:00' }))).dates).toBe(
      '20261210T230000/20261211T040000',
    );
  });

  it('an end in the repeated hour names no single wall time: both in UTC, first occurrence', () => {
    const p = params(
      googleCalendarUrl(event({ date: '2026-10-24', time: '23:00:00', end: '01:30:00' })),
    );
    expect(p.dates).toBe('20261024T220000Z/20261025T003000Z');
  });

  it('Outlook: the end instant across the spring-forward night', () => {
    const p = params(
      outlookCalendarUrl(event({ date: '2026-03-28', time: '23:00:00', end: '04:00:00' })),
    );
    expect([p.startdt, p.enddt]).toEqual(['2026-03-28T23:00:00Z', '2026-03-29T03:00:00Z']);
  });

  it("linkDateOf carries a single event's end_time and a stop's own", () => {
    const single = eventResource(eventAttributes({ end_time: '23:00:00' }));
    expect(linkDateOf(single)?.end).toBe('23:00:00');
    expect(linkDateOf(eventResource(eventAttributes()))).not.toHaveProperty('end');
    const stop: CompactOccurrence = {
      occurrence_date: '2026-12-02',
      time_label: '8:00 PM',
      location_label: '',
      status: 'scheduled',
      end_time: '22:00:00',
    };
    const tour = eventResource(
      eventAttributes({
        date_mode: 'multiple',
        occurrence_count: 1,
        next_occurrence: stop,
        occurrences: [stop],
        end_time: '22:00:00',
      }),
    );
    expect(linkDateOf(tour)?.end).toBe('22:00:00');
  });
});

describe('the query values', () => {
  it('readLinkDate: absent or empty is the current date; a real date is itself', () => {
    expect(readLinkDate(undefined)).toBeUndefined();
    expect(readLinkDate('')).toBeUndefined();
    expect(readLinkDate('2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2026-02-30', '2026-13-01', '20261210', 'today', ['2026-12-10']]) {
      rejects(() => readLinkDate(bad), 'date');
    }
  });

  it('readFeedIds: event ids, each once in the order given; spaces and empty items ignored', () => {
    expect(readFeedIds(undefined)).toBeUndefined();
    expect(readFeedIds('12,34, 56,12,')).toEqual(['12', '34', '56']);
    expect(readFeedIds('9999999999999999')).toEqual(['9999999999999999']);
    const most = Array.from({ length: MAX_FEED_IDS }, (_, i) => String(i + 1));
    expect(readFeedIds(most.join(','))).toEqual(most);
  });

  it('readFeedIds: a 400 naming ids for no id, too many, or one that is not an event id', () => {
    const tooMany = Array.from({ length: MAX_FEED_IDS + 1 }, (_, i) => String(i + 1)).join(',');
    for (const bad of [
      '',
      ',',
      tooMany,
      '0',
      '012',
      '-1',
      '1.5',
      'abc',
      '12,x',
      '12345678901234567',
      ['1', '2'],
    ]) {
      rejects(() => readFeedIds(bad), 'ids');
    }
  });
});
