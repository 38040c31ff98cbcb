import { describe, expect, it } from 'vitest';
import {
  feedDocument,
  feedEvents,
  parseFeedRange,
  type FeedRange,
} from '../../shared/rules/calendar-feed.js';
import { FilterError } from '../../shared/rules/filters.js';
import { eventAttributes, eventResource } from '../support/resources.js';

const LONDON = 'Europe/London';

function rejects(query: Record<string, unknown>, parameter: string) {
  let error: unknown;
  try {
    parseFeedRange(query, LONDON);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(FilterError);
  expect((error as FilterError).parameter).toBe(parameter);
}

describe('parseFeedRange: the bounds FullCalendar sends (docs/api.md §10.14)', () => {
  it('dates: midnight to midnight in the venue zone, end exclusive', () => {
    expect(parseFeedRange({ start: '2026-11-30', end: '2027-01-11' }, LONDON)).toEqual({
      start: '2026-11-30T00:00:00',
      end: '2027-01-11T00:00:00',
      startDate: '2026-11-30',
      endDate: '2027-01-10',
    });
  });

  it('UTC instants and offsets are placed in the venue zone', () => {
    const range = parseFeedRange(
      { start: '2026-06-01T00:00:00Z', end: '2026-06-08T00:00:00+02:00' },
      LONDON,
    );
    expect(range.start).toBe('2026-06-01T01:00:00');
    expect(range.end).toBe('2026-06-07T23:00:00');
    expect(range.endDate).toBe('2026-06-07');
  });

  it('a date-time without offset is read in the timeZone parameter', () => {
    const range = parseFeedRange(
      { start: '2026-06-01T00:00:00', end: '2026-06-02T00:00:00', timeZone: 'America/New_York' },
      LONDON,
    );
    expect(range.start).toBe('2026-06-01T05:00:00');
  });

  it.each([
    [{ end: '2026-12-01' }, 'start'],
    [{ start: '2026-12-01' }, 'end'],
    [{ start: 'tomorrow', end: '2026-12-01' }, 'start'],
    [{ start: '2026-12-01', end: '2026-13-01' }, 'end'],
    [{ start: '2026-12-02', end: '2026-12-01' }, 'end'],
    [{ start: '2026-01-01', end: '2026-04-12' }, 'end'],
    [{ start: '2026-01-01', end: '2026-01-02', timeZone: 'Mars/Olympus' }, 'timeZone'],
  ])('%j is rejected naming %s', (query, parameter) => rejects(query, parameter));

  it('100 days is allowed', () => {
    expect(() => parseFeedRange({ start: '2026-01-01', end: '2026-04-11' }, LONDON)).not.toThrow();
  });
});

describe('feedEvents', () => {
  const range: FeedRange = {
    start: '2026-12-01T00:00:00',
    end: '2026-12-15T00:00:00',
    startDate: '2026-12-01',
    endDate: '2026-12-14',
  };
  const ctx = {
    today: '2026-12-03',
    zone: LONDON,
    pageUrl: () => 'https://x.test/t/v/events/e',
  };

  it('a single event: one object at its venue-local time with the offset', () => {
    const attributes = eventAttributes({
      event_date: '2026-12-05T00:00:00.000000Z',
      event_time: '19:30:00',
    });
    const event = eventResource(attributes, '7');
    expect(feedEvents(event, range, ctx)).toEqual([
      {
        id: '7-2026-12-05-1930',
        groupId: '7',
        title: 'Gig',
        start: '2026-12-05T19:30:00+00:00',
        url: 'https://x.test/t/v/events/e',
        allDay: false,
        extendedProps: {
          category: '',
          location: '',
          cancelled: false,
          ticket_office: attributes.ticket_office,
        },
      },
    ]);
  });

  it('a tour: one per upcoming stop in range, cancelled stops marked, past ones left out', () => {
    const stop = (occurrence_date: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
      occurrence_date,
      time_label: '8:00 PM',
      location_label: `Hall ${occurrence_date}`,
      status,
    });
    const tour = eventResource(
      eventAttributes({
        date_mode: 'multiple',
        occurrence_count: 4,
        occurrences: [
          stop('2026-12-02'),
          stop('2026-12-04', 'cancelled'),
          stop('2026-12-10'),
          stop('2026-12-20'),
        ],
      }),
      '9',
    );
    const feed = feedEvents(tour, range, ctx);
    expect(feed.map((f) => [f.start, f.extendedProps.location, f.extendedProps.cancelled])).toEqual(
      [
        ['2026-12-04T20:00:00+00:00', 'Hall 2026-12-04', true],
        ['2026-12-10T20:00:00+00:00', 'Hall 2026-12-10', false],
      ],
    );
    expect(new Set(feed.map((f) => f.id)).size).toBe(2);
  });

  it('without a zone (a proxy not told it) times carry no offset', () => {
    const event = eventResource(eventAttributes({ event_date: '2026-12-05T00:00:00.000000Z' }));
    expect(feedEvents(event, range, { ...ctx, zone: undefined })[0]!.start).toBe(
      '2026-12-05T20:00:00',
    );
  });
});

describe('the end of a date (docs/api.md §10.18)', () => {
  const range: FeedRange = {
    start: '2026-03-01T00:00:00',
    end: '2026-04-01T00:00:00',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
  };
  const ctx = { today: '2026-03-01', zone: LONDON, pageUrl: () => 'https://x.test/t/v/events/e' };

  it('a club night ending after midnight across the spring-forward night: the next day, BST', () => {
    const event = eventResource(
      eventAttributes({
        event_date: '2026-03-28T00:00:00.000000Z',
        event_time: '23:00:00',
        end_time: '04:00:00',
      }),
    );
    const [item] = feedEvents(event, range, ctx);
    expect([item!.start, item!.end]).toEqual([
      '2026-03-28T23:00:00+00:00',
      '2026-03-29T04:00:00+01:00',
    ]);
    expect(Object.keys(item!).indexOf('end')).toBe(Object.keys(item!).indexOf('start') + 1);
    const [local] = feedEvents(event, range, { ...ctx, zone: undefined });
    expect(local!.end).toBe('2026-03-29T04:00:00');
    const [zoned] = feedDocument([event], range, ctx);
    expect(zoned!.end).toBe('2026-03-29T04:00:00+01:00');
  });

  it("a tour: each stop's own end; none where a stop has none", () => {
    const stop = (occurrence_date: string, end_time?: string) => ({
      occurrence_date,
      time_label: '8:00 PM',
      location_label: '',
      status: 'scheduled' as const,
      ...(end_time && { end_time }),
    });
    const tour = eventResource(
      eventAttributes({
        date_mode: 'multiple',
        occurrence_count: 2,
        occurrences: [stop('2026-03-10', '22:30:00'), stop('2026-03-11')],
        end_time: '22:30:00',
      }),
    );
    expect(feedDocument([tour], range, ctx).map((f) => f.end)).toEqual([
      '2026-03-10T22:30:00+00:00',
      undefined,
    ]);
  });

  it('an event without an end time has no end member', () => {
    const event = eventResource(eventAttributes({ event_date: '2026-03-10T00:00:00.000000Z' }));
    expect('end' in feedDocument([event], range, ctx)[0]!).toBe(false);
  });
});
