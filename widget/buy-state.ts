/**
 * What the buy control shows for an event: from `ticket_office` when present (docs/api.md §1, §2.4),
 * else derived from the earlier shape by the shared ticket-office rule (docs/decisions.md "Earlier
 * shape"). Pure: the clock is passed in.
 */
import type {
  AnyEventAttributes,
  EventAttributes,
  EventResource,
  TicketOfficeReason,
} from '../shared/contract.js';
import { ticketOfficeOf } from '../shared/rules/ticket-office.js';
import type { LinkParams } from '../shared/rules/link-params.js';
import { buyUrl, shopLink } from './api.js';
import { instantText } from './format.js';
import type { CoreMessages } from './i18n/types.js';

// Its home is beside the rule, shared with the structured data; re-exported for this module's users.
export { earlierShapeInput } from '../shared/rules/ticket-office.js';

/**
 * Why sales are closed; `unknown` for an office the widget does not understand (see wire.ts);
 * `sold_out` for one closed by hand whose event says it is sold out (docs/api.md §10.23).
 */
export type ClosedReason = TicketOfficeReason | 'unknown' | 'sold_out';

export type BuyState =
  | { kind: 'open'; closesAtMs: number | null }
  | {
      kind: 'closed';
      reason: ClosedReason;
      message: string | null;
      /** A pending closure passed on the viewer's clock; the server has not said so yet. */
      expired?: true;
      /** Sold out: its waiting list, an https URL (wire.ts keeps no other), docs/api.md §10.23. */
      waitlist?: string | undefined;
      /** On sale later: when sales open (UTC epoch ms), docs/api.md §10.23. */
      opensAtMs?: number;
      /** The same on the venue's clock (`on_sale_local`) read as if UTC, epoch ms; NaN if not sent. */
      opensLocalMs?: number;
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
  // An office not understood (wire.ts `NEUTRAL_OFFICE`: no reason) shows no message either.
  if (office.status === 'closed')
    return {
      kind: 'closed',
      reason: office.reason ?? 'unknown',
      message: office.reason && office.message,
    };
  const closesAtMs = office.closes_at === null ? null : Date.parse(office.closes_at);
  if (closesAtMs !== null && hasPassed(closesAtMs, nowMs)) {
    return { kind: 'closed', reason: 'scheduled', message: null, expired: true };
  }
  return { kind: 'open', closesAtMs };
}

/**
 * What the buy control of `event` shows at `nowMs` (UTC epoch ms) in the widget: `buyState`, and
 * closed (`unknown`) when it is open but has no page to sell on (no slug, no http(s) `links.self`):
 * the control never links nowhere; `sold_out` with its waiting list when the event says so, with
 * `params` added for `locale` (docs/api.md §10.19). Used by `<venue-buy-button>` and the first
 * paint alike.
 */
export function eventBuyState(
  event: EventResource,
  venue: string,
  nowMs: number,
  params?: LinkParams,
  locale?: string,
): BuyState {
  const a = event.attributes as EventAttributes;
  const opensAtMs = Date.parse(a.on_sale_at!);
  // On sale later (docs/api.md §10.23): closed by hand until `on_sale_at`, open from then on the
  // viewer's clock, before the server says so.
  const state: BuyState =
    opensAtMs <= nowMs ? { kind: 'open', closesAtMs: null } : buyState(a, nowMs, localToday(nowMs));
  return state.kind === 'open'
    ? buyUrl(event, venue)
      ? state
      : { kind: 'closed', reason: 'unknown', message: null }
    : // Sold out: the API says so (and when sales open) only beside an office closed by hand.
      a.sold_out
      ? {
          ...state,
          reason: 'sold_out',
          waitlist: shopLink(a.waitlist_url, event, venue, params, locale),
        }
      : opensAtMs
        ? { ...state, opensAtMs, opensLocalMs: Date.parse(`${a.on_sale_local}Z`) }
        : state;
}

/**
 * The closed control's words for `state` (an office not understood reads as closed by hand; one
 * closed until sales open says when, docs/api.md §10.23, in `locale` on the venue's clock when
 * the API says it, `on_sale_local`, else on the viewer's).
 */
export const closedLabel = (
  t: CoreMessages,
  state: Extract<BuyState, { kind: 'closed' }>,
  locale: string,
): string =>
  state.opensAtMs
    ? // A venue-local clock is written as UTC; NaN when the API did not send it.
      t.onSale(
        instantText(
          state.opensLocalMs || state.opensAtMs,
          locale,
          state.opensLocalMs ? 'UTC' : undefined,
        ),
      )
    : (t.closed[state.reason as TicketOfficeReason | 'sold_out'] ?? t.closed.manual);

/**
 * The viewer's local calendar date, `YYYY-MM-DD`: the UTC date of the instant moved by the zone's
 * offset then (shorter in the budgeted script than formatting the local date's parts).
 */
export const localToday = (nowMs: number): string =>
  new Date(nowMs - new Date(nowMs).getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
