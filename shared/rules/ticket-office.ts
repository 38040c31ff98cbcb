import type { TicketOffice } from '../contract.js';
import { instant } from './wire-format.js';

/** What the ticket-office rule needs to know about an event (the venue's admin-side view). */
export interface TicketOfficeInput {
  cancelled: boolean;
  ticketsEnabled: boolean;
  /** Venue-local date (`YYYY-MM-DD`) of the event's last day: the date (single) or last stop (multi). */
  lastDate: string;
  /** UTC epoch ms at which the venue closed sales by hand, or null. */
  closedManuallyAt: number | null;
  /** UTC epoch ms of a scheduled closure, or null. */
  closeAt: number | null;
  /** The venue's plain-text line for buyers, or null. */
  message: string | null;
}

/**
 * The ticket office at instant `nowMs` (UTC epoch ms), where `today` is the venue-local date at
 * that instant. The first matching row of decisions.md "Ticket office" wins:
 * cancelled → not_ticketed → event_ended → manual → scheduled → open.
 * Implements spec §2.4 (rules 1–2) and §3.
 */
export function ticketOffice(input: TicketOfficeInput, today: string, nowMs: number): TicketOffice {
  const closesAt = input.closeAt === null ? null : instant(input.closeAt);
  const closed = (
    reason: NonNullable<TicketOffice['reason']>,
    closedAt: number | null = null,
  ): TicketOffice => ({
    status: 'closed',
    reason,
    closes_at: closesAt,
    closed_at: closedAt === null ? null : instant(closedAt),
    message: closedAt === null ? null : input.message,
  });
  if (input.cancelled) return closed('cancelled');
  if (!input.ticketsEnabled) return closed('not_ticketed');
  if (today > input.lastDate) return closed('event_ended');
  if (input.closedManuallyAt !== null) return closed('manual', input.closedManuallyAt);
  if (input.closeAt !== null && nowMs >= input.closeAt) return closed('scheduled', input.closeAt);
  return { status: 'open', reason: null, closes_at: closesAt, closed_at: null, message: null };
}
