/** widget/buy-state.ts: the buy control's state from either API shape (pure, runs in Node). */
import { describe, expect, it } from 'vitest';
import type { AnyEventAttributes, TicketOffice } from '../../shared/contract.js';
import { buyState, earlierShapeInput, hasPassed, localToday } from '../../widget/buy-state.js';
import { earlierAttributes, eventAttributes, OPEN_OFFICE } from '../support/resources.js';

const NOW = Date.parse('2026-12-05T12:00:00Z');
const TODAY = '2026-12-05';

const earlier = (fields: Partial<AnyEventAttributes> = {}): AnyEventAttributes =>
  earlierAttributes(fields);
const office = (fields: Partial<TicketOffice>): AnyEventAttributes =>
  eventAttributes({ ticket_office: { ...OPEN_OFFICE, ...fields } });
const stop = (occurrence_date: string) => ({
  occurrence_date,
  time_label: '7:00 PM',
  location_label: '',
  status: 'scheduled' as const,
});

describe('buyState: the current shape reads ticket_office only (docs/api.md §1, §2.4)', () => {
  it('open, with and without a pending closure', () => {
    expect(buyState(office({}), NOW, TODAY)).toEqual({ kind: 'open', closesAtMs: null });
    expect(buyState(office({ closes_at: '2026-12-05T14:00:00.000000Z' }), NOW, TODAY)).toEqual({
      kind: 'open',
      closesAtMs: Date.parse('2026-12-05T14:00:00Z'),
    });
  });

  it('a pending closure that passed on the viewer clock is closed, awaiting the server', () => {
    expect(buyState(office({ closes_at: '2026-12-05T12:00:00.000000Z' }), NOW, TODAY)).toEqual({
      kind: 'closed',
      reason: 'scheduled',
      message: null,
      expired: true,
    });
  });

  it('closed per reason, with the message', () => {
    const state = buyState(
      office({ status: 'closed', reason: 'manual', message: 'On the door.' }),
      NOW,
      TODAY,
    );
    expect(state).toEqual({ kind: 'closed', reason: 'manual', message: 'On the door.' });
  });

  it('closed without a reason (an office wire.ts did not understand) is the neutral closed state', () => {
    expect(buyState(office({ status: 'closed', message: 'x' }), NOW, TODAY)).toEqual({
      kind: 'closed',
      reason: 'unknown',
      message: null,
    });
  });

  it('ignores tickets_enabled and publish_status when ticket_office is present', () => {
    const attributes = { ...office({}), tickets_enabled: false, publish_status: 'cancelled' };
    expect(buyState(attributes as AnyEventAttributes, NOW, TODAY).kind).toBe('open');
  });
});

describe('buyState: the earlier shape through the shared ticketOffice rule (docs/decisions.md)', () => {
  it.each([
    ['cancelled', { publish_status: 'cancelled' as const }, 'cancelled'],
    ['not ticketed', { tickets_enabled: false }, 'not_ticketed'],
    ['single, day passed', { event_date: '2026-12-04T00:00:00.000000Z' }, 'event_ended'],
    [
      'multi, last stop passed',
      { date_mode: 'multiple' as const, occurrences: [stop('2026-12-01'), stop('2026-12-04')] },
      'event_ended',
    ],
  ])('%s → closed (%s)', (_name, fields, reason) => {
    expect(buyState(earlier(fields), NOW, TODAY)).toMatchObject({ kind: 'closed', reason });
  });

  it('today, a future stop, and precedence (cancelled before not ticketed) → as the table', () => {
    expect(buyState(earlier({ event_date: `${TODAY}T00:00:00.000000Z` }), NOW, TODAY).kind).toBe(
      'open',
    );
    const tour = earlier({
      date_mode: 'multiple',
      event_date: '2026-12-01T00:00:00.000000Z',
      occurrences: [stop('2026-12-01'), stop('2026-12-06')],
    });
    expect(buyState(tour, NOW, TODAY).kind).toBe('open');
    const both = earlier({ publish_status: 'cancelled', tickets_enabled: false });
    expect(buyState(both, NOW, TODAY)).toMatchObject({ reason: 'cancelled' });
  });

  it('builds the rule input from the earlier-shape attributes (no closures known)', () => {
    expect(
      earlierShapeInput(earlier({ date_mode: 'multiple', occurrences: [stop('2026-12-20')] })),
    ).toEqual({
      cancelled: false,
      ticketsEnabled: true,
      lastDate: '2026-12-20',
      closedManuallyAt: null,
      closeAt: null,
      message: null,
    });
  });
});

describe('hasPassed and localToday', () => {
  it('a deadline has passed at its instant, not before', () => {
    expect(hasPassed(NOW, NOW)).toBe(true);
    expect(hasPassed(NOW + 1, NOW)).toBe(false);
  });

  it('localToday is the viewer-local date', () => {
    const d = new Date(2026, 11, 5, 23, 59);
    expect(localToday(d.getTime())).toBe('2026-12-05');
  });
});
