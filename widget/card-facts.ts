/**
 * What a card shows of an event beyond its text, derived once for both of its renderers: the Lit
 * template (`event-card.ts`) and the first paint's (`first-paint.ts`), so the two differ only in
 * how they write the markup.
 */
import type { CompactOccurrence, EventAttributes, EventResource } from '../shared/contract.js';
import { labelTime } from '../shared/rules/clock-label.js';
import { fewTicketsLeft } from '../shared/rules/few-left.js';
import { endDay } from '../shared/rules/next-day.js';
import { priceText } from '../shared/rules/price-text.js';
import { eventPageUrl } from './api.js';
import { eventBuyState } from './buy-state.js';
import {
  datetimeAttr,
  formatEventDate,
  formatList,
  formatStopDate,
  formatTime,
  safeUrl,
} from './format.js';
import type { I18n } from './i18n/types.js';

/** A heading level for card titles: the `heading-level` attribute, 2 by default. */
export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

/** `level` from an attribute value: an integer 2–6, else 2. */
export const headingLevel = (value: unknown): HeadingLevel =>
  ([2, 3, 4, 5, 6] as unknown[]).includes(value) ? (value as HeadingLevel) : 2;

export interface CardFacts {
  /** The title's element id, which names the card (`aria-labelledby`). */
  id: string;
  /**
   * The date line's `<time>`: its `datetime` and its text, "Sat 5 Dec 2026, 19:30"; an all-day
   * date's (docs/api.md §10.22) its first day and "Sat 5 Dec 2026, All day", a span from its
   * first day to its last as a stop's date and a card's date are written, "Sat 12 Dec – Mon 14
   * Dec 2026, All day" (not `Intl`'s `formatRange`, whose options the budgeted script would pay).
   */
  when: [datetime: string, text: string];
  /** The image's absolute http(s) URL, when the event shows one. */
  image: string | undefined;
  cancelled: boolean;
  /** The event's page on the API's origin (docs/decisions.md "Buy link"), if it has one. */
  page: string | undefined;
  /** Its calendar file; none for a cancelled event. */
  ics: string | undefined;
  /** Access ids with a label in `t` (a newer server's unknown ones are not shown). */
  access: string[] | undefined;
  /**
   * When it ends (docs/api.md §10.18), the `datetime` of its `<time>` (the next day's when the
   * end is not after the start) and its text ("11:00 PM"); none without an end or a start time.
   */
  end: [datetime: string, text: string] | undefined;
  /** The price line: "£12", "£12–£18", "Free". */
  price: string | undefined;
  /** "With Alice, Bob and Carol". */
  performers: string | undefined;
  /**
   * "Few tickets left" shows (shared/rules/few-left.ts): the venue says so and the buy control is
   * open at `now`.
   */
  fewLeft: boolean;
  /**
   * A date whose plans changed (docs/api.md §10.20): "Postponed", or "Rescheduled" with the date
   * it had when the venue gives it, "Rescheduled (was Fri 5 Dec)"; none for a cancelled event,
   * whose cancellation says more than any move.
   */
  schedule: string | undefined;
  /** When the doors open, beside the start: "Doors 19:00". */
  doors: string | undefined;
  /** The age limit: `min_age`, else 18 for an `over_18` event; 0 for none. */
  age: number;
}

/** The facts of docs/api.md §10.18 and §10.20 (the earlier shape has none). */
type Facts = Partial<
  Pick<
    EventAttributes,
    | 'end_time'
    | 'price'
    | 'performers'
    | 'schedule_status'
    | 'previous_date'
    | 'previous_time'
    | 'doors_time'
    | 'min_age'
    | 'all_day'
    | 'end_date'
  >
>;

/**
 * `event`'s card facts in `i18n`'s locale; `now` (UTC epoch ms) is the clock its buy control
 * reads, so "Few tickets left" goes with the control's open state.
 */
export function cardFacts(
  event: EventResource,
  venue: string,
  base: string,
  i18n: I18n,
  now: number,
) {
  const a = event.attributes as EventResource['attributes'] & Facts;
  const { t, locale } = i18n;
  const date = a.event_date.slice(0, 10);
  // An all-day date (docs/api.md §10.22) has no start time to show, nor an end after one. Read
  // here rather than by `allDayLast`, whose module would come into the budgeted script whole.
  const start = !a.all_day && a.event_time;
  const cancelled = a.publish_status === 'cancelled';
  const page = eventPageUrl(event, venue);
  return {
    id: `event-${event.id}`,
    // A span's last day, when after its first (no `end_date`, undefined, never is).
    when: a.all_day
      ? [
          date,
          `${a.end_date! > date ? `${formatStopDate(date, locale)} – ` : ''}${formatEventDate(a.end_date! > date ? a.end_date! : date, '', locale)}, ${t.allDay}`,
        ]
      : [datetimeAttr(date, a.event_time), formatEventDate(date, a.event_time, locale)],
    image: a.show_images ? safeUrl(a.small_image_path, base) : undefined,
    cancelled,
    page,
    ics: page && !cancelled ? `${page}.ics` : undefined,
    access: a.access?.filter((id) => id in t.accessLabels),
    // An end not after its start is the next day's (`endDay`, whose module is small enough for
    // the budgeted script: its own module says why).
    end:
      a.end_time && start
        ? [
            datetimeAttr(endDay(date, start, a.end_time), a.end_time),
            formatTime(a.end_time, locale),
          ]
        : undefined,
    price: a.price && priceText(a.price, locale, t.free),
    performers: a.performers && t.withPerformers(formatList(a.performers, locale)),
    fewLeft: fewTicketsLeft(a, eventBuyState(event, venue, now).kind == 'open'),
    // The date it had as the card writes a stop's, with its time when only the time moved.
    schedule:
      a.schedule_status && !cancelled
        ? `${t[a.schedule_status]}${a.previous_date ? ` ${t.was(formatStopDate(a.previous_date, locale, a.previous_date == date && a.previous_time))}` : ''}`
        : undefined,
    doors: a.doors_time && t.doors(formatTime(a.doors_time, locale)),
    age: a.min_age ?? (a.over_18 ? 18 : 0),
  } satisfies CardFacts;
}

/**
 * A stop's time with its own end, if it has one, as `locale` writes times: "19:00–22:00",
 * "7:00 PM–10:00 PM"; the API labels a stop's start `7:00 PM` in every language (docs/api.md
 * §2.3, read by `labelTime`), a label of another form is shown as given. An all-day stop (§10.22): "All day".
 */
export const stopTime = (o: CompactOccurrence, { locale, t }: I18n) => {
  const time = labelTime(o.time_label);
  return o.all_day
    ? t.allDay
    : time
      ? formatTime(time, locale) + (o.end_time ? `–${formatTime(o.end_time, locale)}` : '')
      : o.time_label;
};

/** What a stop's "Add to calendar" link adds: "Title, Sat 5 Dec 19:30, Leeds". */
export const stopWhat = (title: string, date: string, o: CompactOccurrence, i18n: I18n) =>
  `${title}, ${date} ${stopTime(o, i18n)}${o.location_label && `, ${o.location_label}`}`;
