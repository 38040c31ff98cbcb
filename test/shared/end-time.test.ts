/**
 * shared/rules/end-time.ts (docs/api.md §10.18): an end time not after the start is on the next
 * day, and the end is read in the venue's zone as the start is, across Europe/London's DST
 * changes of 2026 (29 March 01:00 GMT → 02:00 BST, 25 October 02:00 BST → 01:00 GMT).
 */
import { describe, expect, it } from 'vitest';
import { endInstant, endTimeOf, endWallClock } from '../../shared/rules/end-time.js';
import { nextDay } from '../../shared/rules/next-day.js';
import { venueDateTime } from '../../shared/rules/zoned-time.js';
import { eventAttributes, earlierAttributes } from '../support/resources.js';

const LONDON = 'Europe/London';
const utc = (date: string, start: string, end: string) =>
  endInstant(date, start, end, LONDON).toUTC().toISO({ suppressMilliseconds: true });
const hours = (date: string, start: string, end: string) =>
  endInstant(date, start, end, LONDON).diff(venueDateTime(date, start, LONDON), 'hours').hours;

describe('endWallClock', () => {
  it('an end after the start is the same day', () => {
    expect(endWallClock('2026-12-05', '20:00:00', '23:00:00')).toEqual({
      date: '2026-12-05',
      time: '23:00:00',
    });
  });

  it('a club night 23:00–04:00 ends the next morning', () => {
    expect(endWallClock('2026-12-05', '23:00:00', '04:00:00')).toEqual({
      date: '2026-12-06',
      time: '04:00:00',
    });
  });

  it('an end equal to the start is the next day (a 24-hour event)', () => {
    expect(endWallClock('2026-12-05', '20:00:00', '20:00:00').date).toBe('2026-12-06');
  });

  it('reads HH:MM as HH:MM:00, and rolls over the month and the year', () => {
    expect(endWallClock('2026-12-31', '22:00', '02:00')).toEqual({
      date: '2027-01-01',
      time: '02:00:00',
    });
    expect(endWallClock('2028-02-28', '22:00:00', '01:30')).toEqual({
      date: '2028-02-29',
      time: '01:30:00',
    });
    expect(endWallClock('2026-12-05', '19:30', '19:30:01').date).toBe('2026-12-05');
  });
});

describe("nextDay (the widget's cards and endWallClock alike)", () => {
  it('is the calendar day after, across a month, a year, a leap day and a DST change', () => {
    expect(nextDay('2026-12-05')).toBe('2026-12-06');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
    expect(nextDay('2026-03-28')).toBe('2026-03-29');
    expect(nextDay('2026-10-24')).toBe('2026-10-25');
  });
});

describe('endInstant in Europe/London', () => {
  it('23:00–04:00 in winter: five hours, ending at 04:00 GMT', () => {
    expect(utc('2026-12-05', '23:00:00', '04:00:00')).toBe('2026-12-06T04:00:00Z');
    expect(hours('2026-12-05', '23:00:00', '04:00:00')).toBe(5);
  });

  it('across the spring-forward night the same wall times last an hour less', () => {
    expect(utc('2026-03-28', '23:00:00', '04:00:00')).toBe('2026-03-29T03:00:00Z');
    expect(hours('2026-03-28', '23:00:00', '04:00:00')).toBe(4);
  });

  it('across the fall-back night they last an hour more', () => {
    expect(utc('2026-10-24', '23:00:00', '04:00:00')).toBe('2026-10-25T04:00:00Z');
    expect(hours('2026-10-24', '23:00:00', '04:00:00')).toBe(6);
  });

  it('an end in the repeated hour is its first occurrence (BST), as the start would be', () => {
    expect(utc('2026-10-24', '23:00:00', '01:30:00')).toBe('2026-10-25T00:30:00Z');
  });

  it('an end in the skipped hour moves forward by the gap', () => {
    expect(utc('2026-03-28', '23:00:00', '01:30:00')).toBe('2026-03-29T01:30:00Z');
  });

  it('equal times: the next day at the same wall time (24 hours, 23 across spring forward)', () => {
    expect(hours('2026-12-05', '20:00:00', '20:00:00')).toBe(24);
    expect(hours('2026-03-28', '20:00:00', '20:00:00')).toBe(23);
  });
});

describe('endTimeOf', () => {
  it("a single event's end_time, a stop's own, none in the earlier shape", () => {
    expect(endTimeOf(eventAttributes({ end_time: '23:00:00' }))).toBe('23:00:00');
    expect(endTimeOf(eventAttributes())).toBeUndefined();
    expect(endTimeOf(earlierAttributes())).toBeUndefined();
    const attributes = eventAttributes({ end_time: '23:00:00' });
    const stop = {
      occurrence_date: '2026-12-10',
      time_label: '8:00 PM',
      location_label: '',
      status: 'scheduled' as const,
    };
    expect(endTimeOf(attributes, { ...stop, end_time: '22:15:00' })).toBe('22:15:00');
    expect(endTimeOf(attributes, { ...stop, end_time: undefined })).toBeUndefined();
  });
});
