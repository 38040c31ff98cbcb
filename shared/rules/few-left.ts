/**
 * "Few tickets left" (docs/api.md §10.18, docs/decisions.md "Price, performers, end time, few
 * tickets left"): the one rule of the pages (`server/pages/event-facts.ts`: the listing page, the
 * event page, the month view), of the proxy's reading of an upstream (`server/proxy/pages.ts`),
 * of the JSON-LD's availability and of the widget's cards (`widget/card-facts.ts`: the elements,
 * the first paint and `widget.html`). Small and without imports: the widget's budgeted first-paint
 * script carries it, and a module it shares with a lazy chunk (the JSON-LD's) comes into it whole
 * (vite.config.ts): one export only.
 */
import type { AnyEventAttributes } from '../contract.js';

/**
 * Whether "Few tickets left" is said of an event: the venue's own flag (`few_tickets_left`, only
 * ever `true`; the earlier shape has none) while the ticket office is open, a closed office
 * winning whatever the reason. `attributes` of either shape, or as read off an upstream's wire
 * (the proxy keeps the member only where this holds).
 * @param open whether the office is open where it is shown: the pages and the proxy read the
 *   served `ticket_office.status` (a page is drawn at the instant its office was computed), the
 *   JSON-LD its office's; the widget its buy control on the viewer's clock
 *   (`widget/buy-state.ts` `eventBuyState`: a `closes_at` the clock has passed closes it, as
 *   does a control with no page to sell on, docs/widget.md)
 */
export const fewTicketsLeft = (attributes: AnyEventAttributes | object, open: boolean): boolean =>
  open && (attributes as { few_tickets_left?: unknown }).few_tickets_left === true;
