/**
 * The facts of docs/api.md §10.18 as the server's plain text says them (the listing page, the
 * event page, the month view and the calendar files): who is playing, the price, when a date ends,
 * and "Few tickets left"; and those of docs/api.md §10.20: a date postponed or rescheduled (and
 * why), when its doors open, the age limit, and whether the event is past. Each is '' (or
 * undefined) for an event without it, so such an event's pages and files are what they were
 * before (docs/api.md §10.5, §10.6). Each is said in the page's language (`PageLang`, English by
 * default), its dates, times, prices and names formatted by `Intl` in that language's locale.
 */
import type { AnyEventAttributes, CompactOccurrence } from '../../shared/contract.js';
import { endTimeOf, endWallClock } from '../../shared/rules/end-wall-clock.js';
import { fewTicketsLeft as fewLeftRule } from '../../shared/rules/few-left.js';
import { priceText } from '../../shared/rules/price-text.js';
import { isSoldOut } from '../../shared/rules/ticket-url.js';
import { DICTIONARIES } from '../../shared/i18n/index.js';
import type { Schedule } from '../../shared/rules/structured-data.js';
import { dateTimeFormat, formatWallClock } from '../../shared/rules/wall-clock.js';
import { escapeHtml } from '../lib/html.js';
import { ENGLISH, langText, listText, numberText, stopTexts, type PageLang } from './i18n/index.js';
import { clockText, localWhen, startDateOf, type PageVenue } from './page-shell.js';

/** "With Alice, Bob and Carol"; '' without performers. Plain text (escape it for HTML). */
export function performersText(attributes: AnyEventAttributes, lang: PageLang = ENGLISH): string {
  const list = 'performers' in attributes ? attributes.performers : undefined;
  return list?.length ? lang.t.withPerformers(listText(lang, list, 'and')) : '';
}

/** "£12", "£12–£18", "Free" (`12,00 £`, "Eintritt frei"); '' without a price. Plain text. */
export function priceLine(attributes: AnyEventAttributes, lang: PageLang = ENGLISH): string {
  return 'price' in attributes && attributes.price
    ? priceText(attributes.price, lang.intl, lang.t.free)
    : '';
}

/**
 * Whether a page says "Few tickets left": the shared rule (shared/rules/few-left.ts, docs/api.md
 * §10.18: the venue says so and the ticket office is open, a closed office wins) over the served
 * office. Only the current shape has either, so no date is needed to derive an office.
 */
export const fewTicketsLeft = (attributes: AnyEventAttributes): boolean =>
  fewLeftRule(
    attributes,
    'ticket_office' in attributes && attributes.ticket_office.status === 'open',
  );

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
export function endText(
  startDate: string,
  end: { date: string; time: string },
  lang: PageLang = ENGLISH,
): string {
  return formatWallClock(end.date, end.time, lang.intl, {
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
  lang: PageLang = ENGLISH,
): string {
  if (!end) return '';
  const at = startDateOf(venue)(end.date, end.time);
  return ` – <time datetime="${escapeHtml(at)}">${escapeHtml(endText(startDate, end, lang))}</time>`;
}

/**
 * An all-day date's days as `lang` writes them (docs/api.md §10.22): one day in full, `Sat, 12
 * Dec 2026`; a span by `Intl`'s range, `12–14 Dec 2026` (`12.–14. Dez. 2026`); without the year
 * with `year` false (the month view). Venue-local parts, never shifted by a zone.
 */
export function allDayDates(date: string, last: string, lang: PageLang, year = true): string {
  const options: Intl.DateTimeFormatOptions = {
    ...(last === date && { weekday: 'short' }),
    day: 'numeric',
    month: 'short',
    ...(year && { year: 'numeric' }),
    timeZone: 'UTC',
  };
  if (last === date) return formatWallClock(date, undefined, lang.intl, options);
  const at = (day: string) => new Date(`${day}T00:00Z`);
  return dateTimeFormat(lang.intl, options).formatRange(at(date), at(last));
}

/**
 * A date as plain text (a page's description, the access list's stops): `Sat, 5 Dec 2026, 19:30`
 * (`localWhen`), an all-day date's (`last`, its last day; docs/api.md §10.22) `Sat, 5 Dec 2026,
 * All day`, `12–14 Dec 2026, All day`.
 */
export function whenText(
  date: string,
  time: string,
  last: string | undefined,
  lang: PageLang = ENGLISH,
): string {
  return last === undefined
    ? localWhen(date, time, lang)
    : `${allDayDates(date, last, lang)}, ${lang.t.allDay}`;
}

/**
 * `<time datetime="2026-12-12">Sat, 12 Dec 2026</time>, All day` (a span: `12–14 Dec 2026, All
 * day`): an all-day date where a page writes a start and its end (docs/api.md §10.22), escaped.
 */
export function allDayHtml(date: string, last: string, lang: PageLang = ENGLISH): string {
  const days = escapeHtml(allDayDates(date, last, lang));
  return `<time datetime="${escapeHtml(date)}">${days}</time>, ${escapeHtml(lang.t.allDay)}`;
}

/** The card's words of `lang` the pages say as the widget does (docs/api.md §10.23). */
export const cardWords = (lang: PageLang) => DICTIONARIES[lang.tag].card;

/**
 * Whether a page says "Sold out" (docs/api.md §10.23): the venue's word, only beside a closed
 * office (the current shape's; the earlier shape has neither).
 */
export const soldOut = (attributes: AnyEventAttributes): boolean =>
  'ticket_office' in attributes &&
  attributes.ticket_office.status === 'closed' &&
  isSoldOut(attributes);

/** "Few tickets left" as a page says it. */
export const fewLeftHtml = (lang: PageLang = ENGLISH): string =>
  `<p class="few-left">${escapeHtml(lang.t.fewLeft)}</p>`;

/**
 * The event's price, performers and "Few tickets left" or "Sold out" (`parts.fewLeft`: the
 * tickets' lines) as `<p>`s (each with a class a stylesheet or a test can find), escaped; '' for
 * an event without any of them.
 */
export function factsHtml(
  attributes: AnyEventAttributes,
  parts: { fewLeft: boolean } = { fewLeft: true },
  lang: PageLang = ENGLISH,
): string {
  const price = priceLine(attributes, lang);
  const performers = performersText(attributes, lang);
  return [
    performers && `<p class="performers">${escapeHtml(performers)}</p>`,
    price && `<p class="price">${escapeHtml(price)}</p>`,
    parts.fewLeft && fewTicketsLeft(attributes) ? fewLeftHtml(lang) : '',
    parts.fewLeft && soldOut(attributes)
      ? `<p class="sold-out">${escapeHtml(cardWords(lang).soldOut)}</p>`
      : '',
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
export function scheduleText(schedule: Schedule, date: string, lang: PageLang = ENGLISH): string {
  const { schedule_status: status, previous_date: was, previous_time: wasAt } = schedule;
  if (status === 'postponed') return lang.t.postponed;
  if (status !== 'rescheduled') return '';
  if (!was) return lang.t.rescheduled;
  const text = formatWallClock(was, wasAt, lang.intl, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(was.slice(0, 4) !== date.slice(0, 4) && { year: 'numeric' }),
    ...(wasAt && { hour: '2-digit', minute: '2-digit' }),
  });
  return lang.t.rescheduledWas(text);
}

/**
 * The full stop after a changed plan's text (before the venue's reason): none when the text ends
 * in one already, as a date does in German or Czech (`Sa., 5. Dez.`, `so 5. 12.`).
 */
export const fullStop = (text: string): string => (text.endsWith('.') ? '' : '.');

/**
 * ` The singer is ill.`: a changed plan's reason escaped, marked with its language where it is not
 * the page's (`langText`): the event's own, or a stop's (`schedule` one of its compact
 * occurrences, by the stop's `untranslated`, docs/api.md §10.24); '' for none.
 */
export function reasonHtml(
  attributes: AnyEventAttributes,
  schedule: Schedule,
  lang: PageLang,
): string {
  // A compact occurrence's own `untranslated` (docs/api.md §10.24), which `Schedule` leaves out.
  const stop = schedule as Schedule & { untranslated?: readonly string[] };
  const texts = schedule === attributes ? attributes : stopTexts(attributes, stop);
  const reason = schedule.status_reason;
  return reason ? ` ${langText(reason, texts, lang, 'status_reason')}` : '';
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
  lang: PageLang = ENGLISH,
): string {
  const text = attributes.publish_status === 'cancelled' ? '' : scheduleText(schedule, date, lang);
  if (!text) return '';
  const reason = reasonHtml(attributes, schedule, lang);
  return `<p class="schedule-status"><strong>${escapeHtml(text)}</strong>${fullStop(text)}${reason}</p>`;
}

/** "Doors 19:00" (docs/api.md §10.20), venue-local; '' when the venue gives no door time. */
export const doorsText = (schedule: Schedule, lang: PageLang = ENGLISH): string =>
  schedule.doors_time ? lang.t.doors(clockText(schedule.doors_time, lang)) : '';

/** "14+", or "18+" for an 18+ event without an age limit (docs/api.md §10.20); '' for neither. */
export function ageText(attributes: AnyEventAttributes, lang: PageLang = ENGLISH): string {
  const age = ('min_age' in attributes && attributes.min_age) || (attributes.over_18 ? 18 : 0);
  return age ? lang.t.age(numberText(lang, age)) : '';
}

/**
 * Whether the event is past (docs/api.md §10.20): its last date (a tour's last stop, cancelled
 * or not) before the venue-local `today`. A postponed event never is: it waits for a new date.
 * The shared rule (shared/rules/postponed.ts), which the stores' listing rows follow too.
 */
export { isPast } from '../../shared/rules/postponed.js';
