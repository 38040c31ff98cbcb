import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysInMonth,
  feedDate,
  firstDayOfWeek,
  monthDates,
  monthGrid,
  monthRange,
  moveByKey,
  parseMonth,
  today,
  weekday,
  type Weekday,
} from '../../shared/rules/month-grid.js';
import { readFeed, feedUrl } from '../../widget/calendar-feed.js';

const MONDAY: Weekday = 1;
const SUNDAY: Weekday = 7;

describe("monthDates: the days of a month, for the listing's month view", () => {
  it('every day, first to last, leap years by the Gregorian rule', () => {
    expect(monthDates('2028-02')).toHaveLength(29);
    expect(monthDates('2100-02')).toHaveLength(28);
    const december = monthDates('2026-12');
    expect([december[0], december.at(-1), december.length]).toEqual([
      '2026-12-01',
      '2026-12-31',
      31,
    ]);
  });
});

describe('monthGrid: the weeks <venue-calendar> and the month view show', () => {
  it('December 2026 from Monday: 30 Nov to 3 Jan, five whole weeks', () => {
    const weeks = monthGrid(2026, 12, MONDAY);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toBe('2026-11-30');
    expect(weeks[0]![1]).toBe('2026-12-01');
    expect(weeks.at(-1)!.at(-1)).toBe('2027-01-03');
    for (const week of weeks) {
      expect(week).toHaveLength(7);
      expect(weekday(week[0]!)).toBe(1);
    }
  });

  it('December 2026 from Sunday: 29 Nov to 2 Jan', () => {
    const weeks = monthGrid(2026, 12, SUNDAY);
    expect(weeks[0]![0]).toBe('2026-11-29');
    expect(weeks.at(-1)!.at(-1)).toBe('2027-01-02');
    expect(weekday(weeks[0]![0]!)).toBe(7);
  });

  it('every day of the month appears once, in order', () => {
    for (const [year, month] of [
      [2026, 1],
      [2026, 2],
      [2024, 2],
      [2026, 4],
      [2026, 12],
    ] as const) {
      const days = monthGrid(year, month, MONDAY)
        .flat()
        .filter((d) => d.startsWith(`${year}-${String(month).padStart(2, '0')}`));
      expect(days).toHaveLength(daysInMonth(year, month));
      expect(days[0]!.endsWith('-01')).toBe(true);
    }
  });

  it('a February of exactly four weeks (2027 from Monday) has four rows; six-row months have six', () => {
    // 1 February 2027 is a Monday, and 2027 is no leap year.
    expect(monthGrid(2027, 2, MONDAY)).toHaveLength(4);
    // 1 August 2026 is a Saturday: from Monday the 31st falls in a sixth week.
    expect(monthGrid(2026, 8, MONDAY)).toHaveLength(6);
  });

  it('month lengths and leap years by the Gregorian rule', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2100, 2)).toBe(28);
  });

  it('crosses a daylight-saving change without losing or repeating a day', () => {
    const days = monthGrid(2026, 3, MONDAY).flat();
    expect(new Set(days).size).toBe(days.length);
    expect(days).toContain('2026-03-29');
    expect(days).toContain('2026-03-30');
  });
});

describe('firstDayOfWeek: the locale’s week start', () => {
  it('Monday for de, fr, en-GB; Sunday for en-US', () => {
    expect(firstDayOfWeek('de')).toBe(1);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('fr')).toBe(1);
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
  });

  it('an unreadable locale falls back to Monday', () => {
    expect(firstDayOfWeek('not a locale!')).toBe(1);
  });
});

describe('addMonths, parseMonth, monthRange, today', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('reads YYYY-MM only', () => {
    expect(parseMonth('2026-12')).toBe('2026-12');
    for (const bad of [
      '2026-13',
      '2026-00',
      '2026-1',
      '26-12',
      '2026-12-01',
      '',
      undefined,
      202612,
    ])
      expect(parseMonth(bad)).toBeUndefined();
  });

  it('the feed range of a month: its 1st, end exclusive', () => {
    expect(monthRange('2026-12')).toEqual({ start: '2026-12-01', end: '2027-01-01' });
    expect(monthRange('2024-02')).toEqual({ start: '2024-02-01', end: '2024-03-01' });
  });

  it('today comes from the clock passed in, in the zone asked for', () => {
    const ms = Date.parse('2026-12-31T23:30:00Z');
    expect(today(ms, 'UTC')).toBe('2026-12-31');
    expect(today(ms, 'Europe/Berlin')).toBe('2027-01-01');
    expect(today(ms, 'America/New_York')).toBe('2026-12-31');
  });
});

describe('moveByKey: the date grid keys', () => {
  const ltr = { shift: false, rtl: false, firstDay: MONDAY };
  it('arrows by day and week, across month ends', () => {
    expect(moveByKey('2026-12-31', 'ArrowRight', ltr)).toBe('2027-01-01');
    expect(moveByKey('2026-12-01', 'ArrowLeft', ltr)).toBe('2026-11-30');
    expect(moveByKey('2026-12-03', 'ArrowUp', ltr)).toBe('2026-11-26');
    expect(moveByKey('2026-12-28', 'ArrowDown', ltr)).toBe('2027-01-04');
  });

  it('right-to-left swaps left and right only', () => {
    const rtl = { ...ltr, rtl: true };
    expect(moveByKey('2026-12-10', 'ArrowLeft', rtl)).toBe('2026-12-11');
    expect(moveByKey('2026-12-10', 'ArrowRight', rtl)).toBe('2026-12-09');
    expect(moveByKey('2026-12-10', 'ArrowDown', rtl)).toBe('2026-12-17');
  });

  it('Home/End to the ends of the locale’s week', () => {
    // 10 December 2026 is a Thursday.
    expect(moveByKey('2026-12-10', 'Home', ltr)).toBe('2026-12-07');
    expect(moveByKey('2026-12-10', 'End', ltr)).toBe('2026-12-13');
    const sunday = { ...ltr, firstDay: SUNDAY };
    expect(moveByKey('2026-12-10', 'Home', sunday)).toBe('2026-12-06');
    expect(moveByKey('2026-12-10', 'End', sunday)).toBe('2026-12-12');
  });

  it('PageUp/PageDown by month, with Shift by year; other keys do nothing', () => {
    expect(moveByKey('2026-12-31', 'PageDown', ltr)).toBe('2027-01-31');
    expect(moveByKey('2027-03-31', 'PageUp', ltr)).toBe('2027-02-28');
    expect(moveByKey('2024-02-29', 'PageDown', { ...ltr, shift: true })).toBe('2025-02-28');
    expect(moveByKey('2026-12-10', 'PageUp', { ...ltr, shift: true })).toBe('2025-12-10');
    expect(moveByKey('2026-12-10', 'a', ltr)).toBeUndefined();
  });
});

describe('the calendar feed as the widget reads it', () => {
  it('takes the venue-local date as written, whatever the offset', () => {
    expect(feedDate('2026-12-05T23:30:00-08:00')).toBe('2026-12-05');
    expect(feedDate('2026-12-06T00:30:00+14:00')).toBe('2026-12-06');
  });

  it('keeps readable entries and counts the others', () => {
    const good = {
      id: '7-2026-12-12-1930',
      groupId: '7',
      title: 'The Tour',
      start: '2026-12-12T19:30:00+00:00',
      url: 'https://example.org/t/x/events/tour',
      allDay: false,
      extendedProps: { category: null, location: 'Bristol', cancelled: true, ticket_office: null },
    };
    const body = readFeed([good, { ...good, start: 'soon' }, null, { ...good, groupId: '' }]);
    expect(body.unreadable).toBe(3);
    expect(body.entries).toEqual([
      {
        eventId: '7',
        title: 'The Tour',
        date: '2026-12-12',
        time: '19:30',
        cancelled: true,
        location: 'Bristol',
      },
    ]);
    expect(() => readFeed({ data: [] })).toThrow();
  });

  it('asks for the range and only the filters given', () => {
    const q = { start: '2026-12-01', end: '2027-01-01' };
    expect(feedUrl('https://x.example/', 'blue/room', q)).toBe(
      'https://x.example/t/blue%2Froom/api/calendar?start=2026-12-01&end=2027-01-01',
    );
    // Venues separated by spaces are several (docs/api.md §10.16).
    expect(feedUrl('https://x.example/', 'blue room', q)).toBe(
      'https://x.example/api/calendar?venues=blue,room&start=2026-12-01&end=2027-01-01',
    );
    expect(
      feedUrl('https://x.example', 'b', { ...q, categories: 'Jazz,Folk', search: ' late ' }),
    ).toBe(
      'https://x.example/t/b/api/calendar?start=2026-12-01&end=2027-01-01&categories=Jazz%2CFolk&search=late',
    );
  });
});
