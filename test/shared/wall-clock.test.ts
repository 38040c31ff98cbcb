/** shared/rules/wall-clock.ts: venue-local dates and times, never shifted by a time zone. */
import { describe, expect, it } from 'vitest';
import { formatWallClock } from '../../shared/rules/wall-clock.js';

const full: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

describe('formatWallClock', () => {
  it('formats the venue-local parts as given, in the locale', () => {
    expect(formatWallClock('2026-12-07', '19:30:00', 'en-GB', full)).toBe('Mon, 7 Dec 2026, 19:30');
    expect(formatWallClock('2026-12-07', '19:30', 'de-DE', full)).toBe('Mo., 7. Dez. 2026, 19:30');
  });

  it('accepts the wire date form and a date alone', () => {
    const date = { day: 'numeric', month: 'long' } as const;
    expect(formatWallClock('2026-12-07T00:00:00.000000Z', undefined, 'en-GB', date)).toBe(
      '7 December',
    );
  });

  it('times near midnight stay on their day whatever timeZone is asked for', () => {
    const options = { ...full, timeZone: 'Pacific/Auckland' };
    expect(formatWallClock('2026-12-31', '23:59:00', 'en-GB', options)).toBe(
      'Thu, 31 Dec 2026, 23:59',
    );
  });

  it('throws for an impossible time', () => {
    expect(() => formatWallClock('2026-12-07', '25:99:00', 'en', full)).toThrow(RangeError);
  });
});
