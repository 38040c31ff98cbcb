/**
 * What the buy control shows for an event: from `ticket_office` when present (spec §1, §2.4),
 * else derived from the earlier shape as decisions.md "Earlier shape" says.
 */
import type { AnyEventAttributes, TicketOfficeReason } from '../shared/contract.js';

export type BuyState =
  | { kind: 'open'; closesAtMs: number | null }
  | { kind: 'closed'; reason: TicketOfficeReason; message: string | null };

/**
 * @param attributes either API shape
 * @param nowMs the viewer's clock, UTC epoch ms: a pending `closes_at` at or before it reads as
 *   closed (`scheduled`) until the refetch confirms it
 * @param today the viewer's local date `YYYY-MM-DD`, used only for the earlier shape: the widget
 *   does not know the venue's zone, so "ended" may flip up to a day early or late there
 */
export function buyState(attributes: AnyEventAttributes, nowMs: number, today: string): BuyState {
  if ('ticket_office' in attributes) {
    const office = attributes.ticket_office;
    if (office.status === 'closed') {
      return { kind: 'closed', reason: office.reason ?? 'manual', message: office.message };
    }
    const closesAtMs = office.closes_at === null ? null : Date.parse(office.closes_at);
    if (closesAtMs !== null && closesAtMs <= nowMs) {
      return { kind: 'closed', reason: 'scheduled', message: null };
    }
    return { kind: 'open', closesAtMs };
  }
  if (attributes.publish_status === 'cancelled')
    return { kind: 'closed', reason: 'cancelled', message: null };
  if (!attributes.tickets_enabled) return { kind: 'closed', reason: 'not_ticketed', message: null };
  const last =
    attributes.date_mode === 'multiple'
      ? (attributes.occurrences.at(-1)?.occurrence_date ?? attributes.event_date.slice(0, 10))
      : attributes.event_date.slice(0, 10);
  if (last < today) return { kind: 'closed', reason: 'event_ended', message: null };
  return { kind: 'open', closesAtMs: null };
}

/** The viewer's local calendar date, `YYYY-MM-DD`. */
export function localToday(nowMs: number): string {
  const d = new Date(nowMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
