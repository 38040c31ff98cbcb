import { describe, expect, it } from 'vitest';
import { ticketOffice, type TicketOfficeInput } from '../../shared/rules/ticket-office.js';
import { checkTicketOfficeRules } from '../../shared/contract.js';

const NOW = Date.parse('2026-12-05T12:00:00Z');
const TODAY = '2026-12-05';
const EARLIER = Date.parse('2026-12-04T09:00:00Z');
const LATER = Date.parse('2026-12-05T17:00:00Z');

const open: TicketOfficeInput = {
  cancelled: false,
  ticketsEnabled: true,
  lastDate: '2026-12-10',
  closedManuallyAt: null,
  closeAt: null,
  message: 'On the door.',
};

// docs/decisions.md "Ticket office": one row per rule, then the first matching rule when several apply.
const cases: [string, Partial<TicketOfficeInput>, Record<string, unknown>][] = [
  [
    '1 cancelled',
    { cancelled: true },
    { status: 'closed', reason: 'cancelled', closed_at: null, message: null },
  ],
  [
    '2 not ticketed',
    { ticketsEnabled: false },
    { status: 'closed', reason: 'not_ticketed', closed_at: null },
  ],
  [
    '3 event ended (day before today)',
    { lastDate: '2026-12-04' },
    { status: 'closed', reason: 'event_ended', message: null },
  ],
  ['3 not ended on its own day', { lastDate: TODAY }, { status: 'open', reason: null }],
  [
    '4 manual',
    { closedManuallyAt: EARLIER },
    {
      status: 'closed',
      reason: 'manual',
      closed_at: '2026-12-04T09:00:00.000000Z',
      message: 'On the door.',
    },
  ],
  [
    '5 scheduled, fired',
    { closeAt: EARLIER },
    {
      status: 'closed',
      reason: 'scheduled',
      closed_at: '2026-12-04T09:00:00.000000Z',
      closes_at: '2026-12-04T09:00:00.000000Z',
      message: 'On the door.',
    },
  ],
  ['5 scheduled, fires exactly now', { closeAt: NOW }, { status: 'closed', reason: 'scheduled' }],
  [
    '6 pending closure stays open',
    { closeAt: LATER },
    {
      status: 'open',
      reason: null,
      closes_at: '2026-12-05T17:00:00.000000Z',
      closed_at: null,
      message: null,
    },
  ],
  ['6 open', {}, { status: 'open', reason: null, closes_at: null, closed_at: null, message: null }],
  [
    '1 beats 2–5',
    {
      cancelled: true,
      ticketsEnabled: false,
      lastDate: '2026-12-01',
      closedManuallyAt: EARLIER,
      closeAt: EARLIER,
    },
    { reason: 'cancelled', closes_at: '2026-12-04T09:00:00.000000Z', message: null },
  ],
  [
    '2 beats 3–5',
    { ticketsEnabled: false, lastDate: '2026-12-01', closedManuallyAt: EARLIER },
    { reason: 'not_ticketed' },
  ],
  [
    '3 beats manual',
    { lastDate: '2026-12-01', closedManuallyAt: EARLIER },
    { reason: 'event_ended', closed_at: null },
  ],
  [
    '4 beats fired schedule',
    { closedManuallyAt: LATER, closeAt: EARLIER },
    {
      reason: 'manual',
      closed_at: '2026-12-05T17:00:00.000000Z',
      closes_at: '2026-12-04T09:00:00.000000Z',
    },
  ],
  [
    'manual with a pending closure keeps closes_at',
    { closedManuallyAt: EARLIER, closeAt: LATER },
    { reason: 'manual', closes_at: '2026-12-05T17:00:00.000000Z' },
  ],
];

describe('ticketOffice (docs/decisions.md table, docs/api.md §2.4)', () => {
  it.each(cases)('%s', (_name, change, expected) => {
    const office = ticketOffice({ ...open, ...change }, TODAY, NOW);
    expect(office).toMatchObject(expected);
    expect(checkTicketOfficeRules(office)).toEqual([]);
  });
});
