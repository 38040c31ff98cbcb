import { describe, expect, it } from 'vitest';
import { INSTANT_PATTERN } from '../../shared/contract.js';
import * as structuredData from '../../shared/rules/structured-data.js';
import * as rule from '../../shared/rules/ticket-office.js';
import { ticketOffice } from '../../shared/rules/ticket-office.js';
import { instant, instantMs, parseInstant } from '../../shared/rules/wire-format.js';
import * as buyState from '../../widget/buy-state.js';

// docs/decisions.md "Dates, times": instants are UTC with microseconds; venue files may use any offset.
describe('parseInstant: a venue file instant in its wire form, exact to the microsecond', () => {
  it.each([
    ['2026-12-05T12:00:00.123456Z', '2026-12-05T12:00:00.123456Z'],
    ['2026-12-05T13:00:00.123456+01:00', '2026-12-05T12:00:00.123456Z'],
    ['2026-12-04T23:59:59.999999-05:30', '2026-12-05T05:29:59.999999Z'],
    ['2026-12-05T12:00:00Z', '2026-12-05T12:00:00.000000Z'],
    ['2026-12-05T12:00:00.5+0100', '2026-12-05T11:00:00.500000Z'],
    ['2026-12-05T12:00:00+01', '2026-12-05T11:00:00.000000Z'],
    ['2026-12-05 12:00:00z', '2026-12-05T12:00:00.000000Z'],
    ['2026-12-05t12:00:00.1234560000Z', '2026-12-05T12:00:00.123456Z'],
    ['2026-03-01T00:30:00+01:00', '2026-02-28T23:30:00.000000Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000000Z'],
  ])('%s → %s', (text, wire) => {
    expect(parseInstant(text)).toEqual({ instant: wire });
    expect(wire).toMatch(new RegExp(INSTANT_PATTERN));
  });

  it.each([
    ['2026-12-05T12:00:00.1234567Z', 'sub-microsecond'],
    ['2026-12-05T12:00:00.0000001+01:00', 'sub-microsecond'],
    ['2026-12-31T23:59:60Z', 'nonexistent'],
    ['2026-02-29T10:00:00Z', 'nonexistent'],
    ['9999-12-31T23:30:00-01:00', 'nonexistent'],
    ['2026-12-05T12:00:00', 'malformed'],
    ['2026-12-05T24:00:00Z', 'malformed'],
  ])('%s: %s', (text, problem) => expect(parseInstant(text)).toEqual({ problem }));
});

describe('instant and instantMs', () => {
  it('a wire-form instant is written as it is; epoch ms get zero microseconds', () => {
    expect(instant('2026-12-05T12:00:00.123456Z')).toBe('2026-12-05T12:00:00.123456Z');
    expect(instant(Date.parse('2026-12-05T12:00:00.123Z'))).toBe('2026-12-05T12:00:00.123000Z');
  });

  it('reads a wire-form instant on the millisecond clock, sub-millisecond digits dropped', () => {
    expect(instantMs('2026-12-05T12:00:00.123999Z')).toBe(Date.parse('2026-12-05T12:00:00.123Z'));
    expect(instantMs(42)).toBe(42);
  });
});

describe('ticketOffice with wire-form instants (docs/decisions.md "Ticket office")', () => {
  const input = {
    cancelled: false,
    ticketsEnabled: true,
    lastDate: '2026-12-10',
    closedManuallyAt: null,
    closeAt: '2026-12-05T12:00:00.123456Z',
    message: 'Sold out.',
  };
  const at = (iso: string) => ticketOffice(input, '2026-12-05', Date.parse(iso));

  it('repeats the microseconds in closes_at and closed_at', () => {
    expect(at('2026-12-05T12:00:00.122Z')).toMatchObject({
      status: 'open',
      closes_at: '2026-12-05T12:00:00.123456Z',
    });
    expect(at('2026-12-05T12:00:00.123Z')).toMatchObject({
      status: 'closed',
      reason: 'scheduled',
      closes_at: '2026-12-05T12:00:00.123456Z',
      closed_at: '2026-12-05T12:00:00.123456Z',
    });
  });

  it('a manual closure keeps its microseconds', () => {
    const office = ticketOffice(
      { ...input, closedManuallyAt: '2026-12-04T09:00:00.000001Z' },
      '2026-12-05',
      0,
    );
    expect(office).toMatchObject({ reason: 'manual', closed_at: '2026-12-04T09:00:00.000001Z' });
  });
});

describe('one home for the earlier-shape derivation (docs/decisions.md "Earlier shape")', () => {
  it('the widget and the structured data use the ticket-office rule module’s functions', () => {
    expect(buyState.earlierShapeInput).toBe(rule.earlierShapeInput);
    expect(structuredData.ticketOfficeOf).toBe(rule.ticketOfficeOf);
  });
});
