/**
 * shared/rules/clock-label.ts (docs/api.md §2.3 `time_label`): a stop's clock label read back as
 * its venue-local time, the one reading of the pages, the shared rules and the widget's stops, and
 * the inverse of `timeLabel`, which writes it. An end not after its start is the next day's
 * (`endDay`, docs/api.md §10.18), for the cards and the calendar files alike.
 */
import { describe, expect, it } from 'vitest';
import type { CompactOccurrence } from '../../shared/contract.js';
import { labelTime } from '../../shared/rules/clock-label.js';
import { endWallClock } from '../../shared/rules/end-wall-clock.js';
import { endDay } from '../../shared/rules/next-day.js';
import { labelTime as pagesLabelTime } from '../../shared/rules/structured-data.js';
import { timeLabel } from '../../shared/rules/wire-format.js';
import { stopTime } from '../../widget/card-facts.js';
import { en } from '../../widget/i18n/en.js';

const stop = (time_label: string, fields: Partial<CompactOccurrence> = {}): CompactOccurrence => ({
  occurrence_date: '2026-12-05',
  time_label,
  location_label: 'Leeds',
  status: 'scheduled',
  ...fields,
});

describe('labelTime', () => {
  it.each([
    ['7:30 PM', '19:30:00'],
    ['12:05 AM', '00:05:00'],
    ['12:00 PM', '12:00:00'],
    ['11:59 PM', '23:59:00'],
    ['1:00 AM', '01:00:00'],
  ])('%s → %s', (label, time) => expect(labelTime(label)).toBe(time));

  it.each(['19:30', '07:30 PM', '13:00 PM', '0:30 AM', '7:60 PM', '7:30 pm', 'Doors 7:30 PM'])(
    '%s is not a label of the interface: none',
    (label) => expect(labelTime(label)).toBeNull(),
  );

  it('reads back every minute of the day timeLabel writes', () => {
    for (let minute = 0; minute < 24 * 60; minute++) {
      const hh = String(Math.floor(minute / 60)).padStart(2, '0');
      const time = `${hh}:${String(minute % 60).padStart(2, '0')}:00`;
      expect(labelTime(timeLabel(time))).toBe(time);
    }
  });

  it('is the pages’ reading too (structured-data.ts re-exports it)', () => {
    expect(pagesLabelTime).toBe(labelTime);
  });
});

describe("a card's stop time (widget/card-facts.ts stopTime)", () => {
  const i18n = { locale: 'en-GB', t: en, contentLang: undefined };
  it.each([
    ['a stop at 7:30 PM', '19:30', stop('7:30 PM')],
    ['with its own end', '19:00–22:00', stop('7:00 PM', { end_time: '22:00:00' })],
    ['past midnight', '0:15', stop('12:15 AM')],
    ['a label of another form, shown as given', 'evening', stop('evening')],
    ['an all-day stop', en.allDay, stop('12:00 AM', { all_day: true })],
  ])('%s → %s', (_name, text, o) => expect(stopTime(o, i18n)).toBe(text));
});

describe('endDay: an end not after its start is the next day', () => {
  it.each([
    ['20:00:00', '23:00:00', '2026-12-05'],
    ['23:00:00', '04:00:00', '2026-12-06'],
    ['20:00:00', '20:00:00', '2026-12-06'],
    ['19:30', '19:31', '2026-12-05'],
  ])('from %s to %s on 2026-12-05 ends on %s', (start, end, day) => {
    expect(endDay('2026-12-05', start, end)).toBe(day);
    expect(endWallClock('2026-12-05', start, end).date).toBe(day);
  });

  it('rolls over the year', () =>
    expect(endDay('2026-12-31', '22:00', '02:00')).toBe('2027-01-01'));
});
