/**
 * The facts of docs/api.md §10.18 as the server's plain text says them (the listing page, the
 * event page, the month view and the calendar files): who is playing, the price, when a date ends,
 * and "Few tickets left". Each is '' (or undefined) for an event without it, so such an event's
 * pages and files are what they were before (docs/api.md §10.5, §10.6).
 */
import type { AnyEventAttributes } from '../../shared/contract.js';
import { endTimeOf, endWallClock } from '../../shared/rules/end-wall-clock.js';
import { priceText } from '../../shared/rules/price-text.js';
import { formatWallClock } from '../../shared/rules/wall-clock.js';
import { escapeHtml } from '../lib/html.js';
import { startDateOf, type PageVenue } from './page-shell.js';

/** The pages' language (they negotiate none): British English, as their dates. */
const LOCALE = 'en-GB';

const names = new Intl.ListFormat(LOCALE, { style: 'long', type: 'conjunction' });

/** "With Alice, Bob and Carol"; '' without performers. Plain text (escape it for HTML). */
export function performersText(attributes: AnyEventAttributes): string {
  const list = 'performers' in attributes ? attributes.performers : undefined;
  return list?.length ? `With ${names.format(list)}` : '';
}

/** "£12", "£12–£18", "Free"; '' without a price. Plain text. */
export function priceLine(attributes: AnyEventAttributes): string {
  return 'price' in attributes && attributes.price ? priceText(attributes.price, LOCALE) : '';
}

/**
 * Whether "Few tickets left" is said: the venue says so and the ticket office is open
 * (docs/api.md §10.18: a closed office wins, whatever the reason). Only the current shape has
 * either, so no date is needed to derive an office.
 */
export function fewTicketsLeft(attributes: AnyEventAttributes): boolean {
  return (
    'few_tickets_left' in attributes &&
    attributes.few_tickets_left === true &&
    attributes.ticket_office.status === 'open'
  );
}

/** The venue-local end of one date of an event, when the venue gives one. */
export function endOf(
  attributes: AnyEventAttributes,
  date: string,
  time: string,
  stop?: AnyEventAttributes['occurrences'][number],
): { date: string; time: string } | undefined {
  const end = endTimeOf(attributes, stop);
  return end === undefined ? undefined : endWallClock(date, time, end);
}

/**
 * The end of a date as the pages write it after the start: "23:00" the same day, "Sun 04:00"
 * the next (the weekday says it is after midnight). Venue-local parts, never shifted by a zone.
 */
export function endText(startDate: string, end: { date: string; time: string }): string {
  return formatWallClock(end.date, end.time, LOCALE, {
    ...(end.date !== startDate && { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * ` – <time datetime="…">23:00</time>`: the end after a page's start `<time>`, its `datetime`
 * with the venue's offset when the zone is known; '' without an end.
 */
export function endHtml(
  venue: PageVenue,
  startDate: string,
  end: { date: string; time: string } | undefined,
): string {
  if (!end) return '';
  const at = startDateOf(venue)(end.date, end.time);
  return ` – <time datetime="${escapeHtml(at)}">${escapeHtml(endText(startDate, end))}</time>`;
}

/** "Few tickets left" as a page says it. */
export const FEW_LEFT_HTML = '<p class="few-left">Few tickets left</p>';

/**
 * The event's price, performers and "Few tickets left" as `<p>`s (each with a class a stylesheet
 * or a test can find), escaped; '' for an event without any of them.
 */
export function factsHtml(
  attributes: AnyEventAttributes,
  parts: { fewLeft: boolean } = { fewLeft: true },
): string {
  const price = priceLine(attributes);
  const performers = performersText(attributes);
  return [
    performers && `<p class="performers">${escapeHtml(performers)}</p>`,
    price && `<p class="price">${escapeHtml(price)}</p>`,
    parts.fewLeft && fewTicketsLeft(attributes) ? FEW_LEFT_HTML : '',
  ]
    .filter(Boolean)
    .join('\n');
}
