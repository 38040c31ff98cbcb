/**
 * Where a buyer goes (docs/api.md §10.19, docs/decisions.md "Ticket links"): an event's or a
 * stop's `ticket_url` when it is an https URL, else nothing (the caller's event page then). Read
 * by the buy controls of the widget and the pages, and by the JSON-LD's `offers.url`; an API
 * answer's link is checked again here because a proxied platform may send anything.
 */

/**
 * `TICKET_URL_PATTERN` (shared/patterns.ts) as a literal: the first paint's budgeted script
 * carries this module (through the structured data), and a literal is the fewest bytes.
 * test/shared/ticket-url.test.ts keeps the two equal.
 */
const TICKET_URL = /^https:\/\/\S+$/;

/** The `ticket_url` of `member` (event attributes or a compact occurrence), if an https URL. */
export function ticketUrlOf(member: object | null | undefined): string | undefined {
  const url = member && 'ticket_url' in member ? member.ticket_url : undefined;
  // The scheme is what keeps a hostile link out of an href; a link with a malformed host is
  // refused where it enters (the venue file's check, the proxy's).
  return typeof url === 'string' && TICKET_URL.test(url) ? url : undefined;
}

/**
 * Sold out (docs/api.md §10.23): `member` (event attributes or a compact occurrence) says
 * `sold_out: true`. The office says whether anything is sold; this says why it is not.
 */
export const isSoldOut = (member: object | null | undefined): boolean =>
  !!member && 'sold_out' in member && member.sold_out === true;

/**
 * The waiting list of a sold-out `member` (docs/api.md §10.23), if an https URL, read as a
 * ticket link is; undefined when it is not sold out.
 */
export const waitlistUrlOf = (member: object | null | undefined): string | undefined =>
  isSoldOut(member) && 'waitlist_url' in member!
    ? ticketUrlOf({ ticket_url: member.waitlist_url })
    : undefined;
