/**
 * Several venues' listing in one query (docs/api.md §10.16), on each project's store (SQLite, and
 * PostgreSQL as a store suite of vitest.config.ts): byte for byte the merge of the venues' own
 * lists (test/support/store-merged-suite.ts), and the instants an import stores, as the merge
 * places them.
 */
import { describe, expect, it } from 'vitest';
import { venueDateTime } from '../../shared/rules/zoned-time.js';
import { placeRows, zonePlacer } from '../../server/store/across.js';
import { storeMergedSuite } from '../support/store-merged-suite.js';

storeMergedSuite();

describe('the instants an import stores (server/store/across.ts)', () => {
  const ZONES = [
    'Europe/London',
    'America/New_York',
    'America/Santiago', // its clocks change at midnight
    'Pacific/Auckland',
    'Pacific/Chatham',
    'Australia/Lord_Howe', // a half-hour change
    'Asia/Kolkata',
    'Africa/Casablanca', // DST stopped for Ramadan
    'Pacific/Apia', // skipped 30 December 2011
    'America/St_Johns',
    'America/Adak', // UTC−10 with DST: its late wall times are a day and more after UTC midnight
    'Pacific/Kiritimati', // UTC+14
  ];
  const TIMES = ['00:00:00', '00:30:00', '01:00:00', '01:30:00', '02:00:00', '02:30:00'].concat([
    '03:00:00',
    '03:30:00',
    '12:00:00',
    '23:30:00',
    '23:59:59',
  ]);

  /** The dates of `year` within two days of a change of `zone`'s offset, and every 15th. */
  function datesToCheck(zone: string, year: number): string[] {
    const date = (day: number) => new Date(Date.UTC(year, 0, 1 + day)).toISOString().slice(0, 10);
    const noon = Array.from(
      { length: 367 },
      (_, k) => venueDateTime(date(k - 1), '12:00', zone).offset,
    );
    const days = new Set<number>();
    for (let day = 0; day < 366; day++) {
      if (day % 15 === 0) days.add(day);
      if (noon[day + 1] !== noon[day]) for (let d = day - 2; d <= day + 2; d++) days.add(d);
    }
    return [...days].map(date);
  }

  it('places every wall time as venueDateTime does, on change days and the days around them', () => {
    let checked = 0;
    for (const zone of ZONES) {
      const place = zonePlacer(zone);
      // 2011 holds Apia's skipped day; 2026–2027 the fixtures' dates.
      for (const year of [2011, 2026, 2027]) {
        const dates = datesToCheck(zone, year);
        checked += dates.length;
        for (const date of dates) {
          for (const time of TIMES) {
            expect(place(date, time), `${zone} ${date} ${time}`).toBe(
              venueDateTime(date, time, zone).toMillis(),
            );
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(900);
  });

  it('marks a row behind when one before it in list order shows a later instant', () => {
    const rows = [
      ['2027-03-14', '03:00:00', 3], // 07:00Z
      ['2027-03-14', '02:30:00', 2], // skipped: 03:30 EDT, 07:30Z
      ['2027-03-13', '23:00:00', 1],
      ['2027-03-14', '03:45:00', 4], // 07:45Z
    ].map(([sortDate, sortTime, eventId]) => ({
      sortDate: String(sortDate),
      sortTime: String(sortTime),
      eventId: Number(eventId),
    }));
    expect(placeRows('America/New_York', rows)).toEqual([
      { instantMs: Date.parse('2027-03-14T07:00:00Z'), behind: true },
      { instantMs: Date.parse('2027-03-14T07:30:00Z'), behind: false },
      { instantMs: Date.parse('2027-03-14T04:00:00Z'), behind: false },
      { instantMs: Date.parse('2027-03-14T07:45:00Z'), behind: false },
    ]);
  });
});
