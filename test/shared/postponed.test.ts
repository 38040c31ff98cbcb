/**
 * shared/rules/postponed.ts (docs/api.md §10.20, docs/decisions.md "When plans change"): a
 * postponed event is never past, and once its date has passed it is listed on that date, as the
 * pages, the filters and (test/server/api-postponed-rule.test.ts) both stores read it.
 */
import { describe, expect, it } from 'vitest';
import type { CompactOccurrence, EventAttributes } from '../../shared/contract.js';
import {
  firstListedDay,
  isPast,
  isPastOn,
  LISTED_FOREVER,
  listedUntil,
} from '../../shared/rules/postponed.js';
import { listedDates } from '../../shared/rules/filters.js';
import { earlierAttributes, eventAttributes, eventResource } from '../support/resources.js';

const TODAY = '2026-12-05';

const stop = (occurrence_date: string, fields: Partial<CompactOccurrence> = {}) => ({
  occurrence_date,
  time_label: '7:00 PM',
  location_label: 'Leeds',
  status: 'scheduled' as const,
  ...fields,
});

const single = (date: string, fields: Partial<EventAttributes> = {}) =>
  eventAttributes({ event_date: `${date}T00:00:00.000000Z`, ...fields });

const tour = (dates: string[], fields: Partial<EventAttributes> = {}) => {
  const occurrences = dates.map((d) => stop(d));
  return eventAttributes({
    date_mode: 'multiple',
    event_date: `${dates.at(-1)}T00:00:00.000000Z`,
    occurrence_count: dates.length,
    next_occurrence: occurrences.at(-1)!,
    occurrences,
    ...fields,
  });
};

describe('isPast: what a visitor reads as past on the venue’s today (the event page, when=past)', () => {
  it.each([
    ['a night yesterday', single('2026-12-04'), true],
    ['a night today, even after its start', single('2026-12-05'), false],
    ['a night tomorrow', single('2026-12-06'), false],
    [
      'a postponed night dated yesterday: still upcoming',
      single('2026-12-04', { schedule_status: 'postponed' }),
      false,
    ],
    [
      'a postponed night dated two years ago',
      single('2024-12-01', { schedule_status: 'postponed' }),
      false,
    ],
    [
      'a rescheduled night dated yesterday',
      single('2026-12-04', { schedule_status: 'rescheduled' }),
      true,
    ],
    ['a tour with a stop today', tour(['2026-11-20', '2026-12-05']), false],
    ['a tour whose stops have all passed', tour(['2026-11-20', '2026-12-01']), true],
    [
      'a postponed tour whose stops have all passed',
      tour(['2026-11-20', '2026-12-01'], { schedule_status: 'postponed' }),
      false,
    ],
    [
      'a night of the earlier shape yesterday',
      earlierAttributes({ event_date: '2026-12-04T00:00:00.000000Z' }),
      true,
    ],
  ] as const)('%s → past: %s', (_name, attributes, past) => {
    expect(isPast(attributes, TODAY)).toBe(past);
  });

  it('a tour’s cancelled last stop still dates it', () => {
    const cancelled = tour(['2026-11-20', '2026-12-10']);
    cancelled.occurrences[1] = stop('2026-12-10', { status: 'cancelled' });
    expect(isPast(cancelled, TODAY)).toBe(false);
    expect(isPast(cancelled, '2026-12-11')).toBe(true);
  });
});

describe('listedUntil, isPastOn: the dates the stores’ listing rows are written from', () => {
  it.each([
    ['2026-12-04', undefined, '2026-12-04', true],
    ['2026-12-05', undefined, '2026-12-05', false],
    ['2026-12-04', 'rescheduled', '2026-12-04', true],
    ['2026-12-04', 'postponed', LISTED_FOREVER, false],
    ['2026-12-31', 'postponed', LISTED_FOREVER, false],
  ] as const)(
    'last date %s, %s: listed until %s, past on 2026-12-05: %s',
    (last, status, until, past) => {
      expect(listedUntil(last, status)).toBe(until);
      expect(isPastOn(last, status, TODAY)).toBe(past);
    },
  );

  it('LISTED_FOREVER is after every date a venue can give', () => {
    expect(LISTED_FOREVER > '9999-12-30').toBe(true);
    expect(isPastOn('0001-01-01', 'postponed', '9999-12-31')).toBe(false);
  });
});

describe('firstListedDay: a postponed event after its date is listed on that date', () => {
  it.each([
    ['a night next week reads from today on', '2026-12-12', TODAY],
    ['a night today', TODAY, TODAY],
    ['a night postponed from the 1st reads the 1st', '2026-12-01', '2026-12-01'],
  ])('%s', (_name, last, first) => expect(firstListedDay(TODAY, last)).toBe(first));

  it('the filters list a postponed tour past its stops on its last date, which its card shows', () => {
    const late = tour(['2026-11-20', '2026-12-01'], { schedule_status: 'postponed' });
    expect(listedDates(eventResource(late), TODAY)).toEqual(['2026-12-01']);
    const touring = tour(['2026-11-20', '2026-12-05', '2026-12-09']);
    expect(listedDates(eventResource(touring), TODAY)).toEqual(['2026-12-05', '2026-12-09']);
  });
});
