import type { AnyEventAttributes, TicketOffice } from '../contract.js';
import { instant, instantMs, type Instant } from './wire-format.js';

/** What the ticket-office rule needs to know about an event (the venue's admin-side view). */
export interface TicketOfficeInput {
  cancelled: boolean;
  ticketsEnabled: boolean;
  /** Venue-local date (`YYYY-MM-DD`) of the event's last day: the date (single) or last stop (multi). */
  lastDate: string;
  /**
   * When the venue closed sales by hand, or null: UTC epoch ms, or the wire-form instant an import
   * stored (`YYYY-MM-DDTHH:MM:SS.ffffffZ`), which `closed_at` repeats to the microsecond.
   */
  closedManuallyAt: Instant | null;
  /** A scheduled closure, or null: UTC epoch ms or a wire-form instant, as `closedManuallyAt`. */
  closeAt: Instant | null;
  /** The venue's plain-text line for buyers, or null. */
  message: string | null;
}

/**
 * The ticket office at instant `nowMs` (UTC epoch ms), where `today` is the venue-local date at
 * that instant. The first matching row of docs/decisions.md "Ticket office" wins:
 * cancelled → not_ticketed → event_ended → manual → scheduled → open. Sales the venue holds
 * (sold out, docs/api.md §10.23) come in as closed by hand (`closedManuallyAt`, `heldClosure`).
 * Implements docs/api.md §2.4 (rules 1–2) and §3.
 */
export function ticketOffice(input: TicketOfficeInput, today: string, nowMs: number): TicketOffice {
  const closesAt = input.closeAt === null ? null : instant(input.closeAt);
  const closed = (
    reason: NonNullable<TicketOffice['reason']>,
    closedAt: Instant | null = null,
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
  // The clock has milliseconds, so the closure is compared at millisecond precision (its
  // sub-millisecond digits dropped): it fires up to 999 µs early, which no buyer can notice.
  if (input.closeAt !== null && nowMs >= instantMs(input.closeAt)) {
    return closed('scheduled', input.closeAt);
  }
  return { status: 'open', reason: null, closes_at: closesAt, closed_at: null, message: null };
}

/**
 * The instant an office closed by hand says (`closedManuallyAt`): the venue's own closing, else,
 * while it holds the sales (sold out: docs/api.md §10.23, a reason a client that knows no
 * `sold_out` still reads as closed), the import that first held them; null for neither.
 * `held` says whether they are held now (a tour's current stop's or the event's word).
 */
export const heldClosure = (
  closedManuallyAt: Instant | null,
  held: boolean,
  since: Instant | undefined,
): Instant | null => closedManuallyAt ?? (held && since !== undefined ? since : null);

/**
 * The earlier shape (docs/api.md §9, no `ticket_office`) as the ticket-office rule's input, as
 * docs/decisions.md "Earlier shape" derives it: the last day is the event's date, or a tour's last
 * stop. The earlier shape carries no closures, so only rows 1–3 and 6 of the table can apply.
 */
export function earlierShapeInput(attributes: AnyEventAttributes): TicketOfficeInput {
  const lastStop = attributes.occurrences.at(-1)?.occurrence_date;
  return {
    cancelled: attributes.publish_status === 'cancelled',
    ticketsEnabled: attributes.tickets_enabled,
    lastDate:
      attributes.date_mode === 'multiple' && lastStop
        ? lastStop
        : attributes.event_date.slice(0, 10),
    closedManuallyAt: null,
    closeAt: null,
    message: null,
  };
}

/**
 * The ticket office of either API shape (docs/api.md §2.4, §9): the current shape's own, or the one
 * `earlierShapeInput` derives for the earlier shape on the venue-local date `today`
 * (`YYYY-MM-DD`). No clock is needed: the earlier shape has no closure that could fire.
 */
export function ticketOfficeOf(attributes: AnyEventAttributes, today: string): TicketOffice {
  if ('ticket_office' in attributes) return attributes.ticket_office;
  return ticketOffice(earlierShapeInput(attributes), today, 0);
}
