/**
 * What the buy control shows for an event: from `ticket_office` when present (docs/api.md §1, §2.4),
 * else derived from the earlier shape by the shared ticket-office rule (docs/decisions.md "Earlier
 * shape"). Pure: the clock is passed in.
 */
import type { AnyEventAttributes, TicketOfficeReason } from '../shared/contract.js';
import { ticketOfficeOf } from '../shared/rules/ticket-office.js';

// Its home is beside the rule, shared with the structured data; re-exported for this module's users.
export { earlierShapeInput } from '../shared/rules/ticket-office.js';

/** Why sales are closed; `unknown` for an office the widget does not understand (see wire.ts). */
export type ClosedReason = TicketOfficeReason | 'unknown';

export type BuyState =
  | { kind: 'open'; closesAtMs: number | null }
  | {
      kind: 'closed';
      reason: ClosedReason;
      message: string | null;
      /** A pending closure passed on the viewer's clock; the server has not said so yet. */
      expired?: true;
    };

/** The one expiry check: a pending closure at `closesAtMs` has passed at `nowMs`. */
export const hasPassed = (closesAtMs: number, nowMs: number): boolean => closesAtMs <= nowMs;

/**
 * @param attributes either API shape, as read by wire.ts
 * @param nowMs the viewer's clock, UTC epoch ms: a pending `closes_at` at or before it reads as
 *   closed (`scheduled`, `expired`) until the refetch confirms it
 * @param today the viewer's local date `YYYY-MM-DD`, used only for the earlier shape: the widget
 *   does not know the venue's zone, so "ended" may flip up to a day early or late there
 */
export function buyState(attributes: AnyEventAttributes, nowMs: number, today: string): BuyState {
  const office = ticketOfficeOf(attributes, today);
  if (office.status === 'closed') {
    return office.reason
      ? { kind: 'closed', reason: office.reason, message: office.message }
      : { kind: 'closed', reason: 'unknown', message: null };
  }
  const closesAtMs = office.closes_at === null ? null : Date.parse(office.closes_at);
  if (closesAtMs !== null && hasPassed(closesAtMs, nowMs)) {
    return { kind: 'closed', reason: 'scheduled', message: null, expired: true };
  }
  return { kind: 'open', closesAtMs };
}

/** The viewer's local calendar date, `YYYY-MM-DD`. */
export function localToday(nowMs: number): string {
  const d = new Date(nowMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
