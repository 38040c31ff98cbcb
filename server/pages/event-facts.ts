/**
 * The facts of docs/api.md §10.18 as the server's plain text says them (the listing page, the
 * event page, the month view and the calendar files): who is playing, the price, when a date ends,
 * and "Few tickets left"; and those of docs/api.md §10.20: a date postponed or rescheduled (and
 * why), when its doors open, the age limit, and whether the event is past. Each is '' (or
 * undefined) for an event without it, so such an event's pages and files are what they were
 * before (docs/api.md §10.5, §10.6).
 */
import type { AnyEventAttributes, CompactOccurrence } from '../../shared/contract.js';
import { endTimeOf, endWallClock } from '../../shared/rules/end-wall-clock.js';
import { priceText } from '../../shared/rules/price-text.js';
import type { Schedule } from '../../shared/rules/structured-data.js';
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

/**
 * The schedule of one date (docs/api.md §10.20): a tour stop's (which the API fills with the
 * event's where the stop has none of its own), else the event's; none in the earlier shape.
 */
export const scheduleOf = (
  attributes: AnyEventAttributes,
  stop?: CompactOccurrence | AnyEventAttributes['occurrences'][number] | null,
): Schedule => (stop ?? attributes) as Schedule;

/**
 * "Postponed", or "Rescheduled — was Fri 5 Dec" (", 19:30" when the venue gives the previous
 * time; the year when it is not that of `date`, the date shown), docs/api.md §10.20; '' for a
 * date whose plans did not change. Plain text.
 */
export function scheduleText(schedule: Schedule, date: string): string {
  const { schedule_status: status, previous_date: was, previous_time: wasAt } = schedule;
  if (status === 'postponed') return 'Postponed';
  if (status !== 'rescheduled') return '';
  if (!was) return 'Rescheduled';
  const text = formatWallClock(was, wasAt, LOCALE, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(was.slice(0, 4) !== date.slice(0, 4) && { year: 'numeric' }),
    ...(wasAt && { hour: '2-digit', minute: '2-digit' }),
  });
  return `Rescheduled — was ${text}`;
}

/**
 * `<p class="schedule-status"><strong>Rescheduled — was Fri 5 Dec</strong>. The singer is
 * ill.</p>`: a date's changed plans with the venue's reason (docs/api.md §10.20), escaped; ''
 * when they did not change or the event is cancelled (a cancellation says more than any move).
 */
export function scheduleHtml(
  attributes: AnyEventAttributes,
  schedule: Schedule,
  date: string,
): string {
  const text = attributes.publish_status === 'cancelled' ? '' : scheduleText(schedule, date);
  if (!text) return '';
  const reason = schedule.status_reason ? ` ${escapeHtml(schedule.status_reason)}` : '';
  return `<p class="schedule-status"><strong>${escapeHtml(text)}</strong>.${reason}</p>`;
}

/** "Doors 19:00" (docs/api.md §10.20), venue-local; '' when the venue gives no door time. */
export const doorsText = (schedule: Schedule): string =>
  schedule.doors_time ? `Doors ${schedule.doors_time.slice(0, 5)}` : '';

/** "14+", or "18+" for an 18+ event without an age limit (docs/api.md §10.20); '' for neither. */
export function ageText(attributes: AnyEventAttributes): string {
  const age = ('min_age' in attributes && attributes.min_age) || (attributes.over_18 ? 18 : 0);
  return age ? `${age}+` : '';
}

/**
 * Whether the event is past (docs/api.md §10.20): its last date (a tour's last stop, cancelled
 * or not) before the venue-local `today`. A postponed event never is: it waits for a new date.
 */
export function isPast(attributes: AnyEventAttributes, today: string): boolean {
  if ((attributes as Schedule).schedule_status === 'postponed') return false;
  const last =
    attributes.date_mode === 'single'
      ? attributes.event_date.slice(0, 10)
      : attributes.occurrences[attributes.occurrences.length - 1]?.occurrence_date;
  return last !== undefined && last < today;
}
