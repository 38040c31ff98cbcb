import { describe, expect, it } from 'vitest';
import { currentStopIndex, sortStops, type Stop } from '../../shared/rules/stops.js';
import { instant, timeLabel } from '../../shared/rules/wire-format.js';

const stops: Stop[] = sortStops([
  { date: '2026-12-20', time: '19:00:00', status: 'scheduled' },
  { date: '2026-12-10', time: '19:00:00', status: 'scheduled' },
  { date: '2026-12-15', time: '20:00:00', status: 'cancelled' },
]);

describe('currentStopIndex (docs/decisions.md "Multi-date events")', () => {
  it.each([
    ['before every stop', '2026-12-01', 0],
    ['on the first stop', '2026-12-10', 0],
    ['after the first stop: the cancelled one is skipped', '2026-12-11', 2],
    ['on the cancelled stop', '2026-12-15', 2],
    ['on the last stop', '2026-12-20', 2],
    ['after the last stop: the last stop', '2026-12-21', 2],
  ])('%s', (_name, today, index) => expect(currentStopIndex(stops, today)).toBe(index));

  it('every upcoming stop cancelled: the first upcoming one', () => {
    const all = sortStops<Stop>([
      { date: '2026-12-10', time: '19:00:00', status: 'scheduled' },
      { date: '2026-12-12', time: '19:00:00', status: 'cancelled' },
      { date: '2026-12-14', time: '19:00:00', status: 'cancelled' },
    ]);
    expect(currentStopIndex(all, '2026-12-11')).toBe(1);
  });

  it('orders same-day stops by time', () => {
    const day = sortStops<Stop>([
      { date: '2026-12-10', time: '20:00:00', status: 'scheduled' },
      { date: '2026-12-10', time: '14:00:00', status: 'scheduled' },
    ]);
    expect(day.map((s) => s.time)).toEqual(['14:00:00', '20:00:00']);
  });
});

describe('wire formats', () => {
  it.each([
    ['19:30:00', '7:30 PM'],
    ['00:05:00', '12:05 AM'],
    ['12:00:00', '12:00 PM'],
    ['09:15', '9:15 AM'],
  ])('time_label %s → %s', (time, label) => expect(timeLabel(time)).toBe(label));
  it('instants carry microseconds and Z', () => {
    expect(instant(Date.parse('2026-12-04T18:00:00+00:00'))).toBe('2026-12-04T18:00:00.000000Z');
  });
});
