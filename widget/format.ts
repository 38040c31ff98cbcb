/**
 * Date and text formatting for the widget. Event dates/times are the venue's local wall-clock
 * values (docs/api.md §2.2), formatted by the shared `formatWallClock`: a viewer in another zone sees
 * the venue's date and time, never a shifted one.
 */
import { dateTimeFormat, formatWallClock, intlFormat } from '../shared/rules/wall-clock.js';
import type { CoreMessages } from './i18n/types.js';
import { policy } from './trusted-html.js';

/**
 * "Sat 5 Dec" in `locale`, from a venue-local `YYYY-MM-DD`: a stop's date, or the date a
 * rescheduled event had (docs/api.md §10.20); with `time` (`HH:MM:SS`) written as a card writes
 * start times ("Sat 5 Dec, 19:30"), with `year` the year (`formatEventDate`).
 */
export const formatStopDate = (
  date: string,
  locale: string,
  time?: string | false,
  year?: boolean,
): string =>
  // `false` or none: no time (`formatWallClock` takes any falsy time for none).
  formatWallClock(date, time as string, locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(year && { year: 'numeric' }),
    ...(time && { hour: 'numeric', minute: '2-digit' }),
  });

/**
 * "Sat 5 Dec 2026, 19:30" in `locale`, from venue-local `event_date` and `event_time`; the date
 * alone when `eventTime` is empty (a time the wire could not read).
 */
export const formatEventDate = (eventDate: string, eventTime: string, locale: string): string =>
  formatStopDate(eventDate, locale, eventTime, true);

/** "11:00 PM" in `locale`, from a venue-local `HH:MM:SS` (an event's end, docs/api.md §10.18). */
export const formatTime = (time: string, locale: string): string =>
  formatWallClock('2026-01-01', time, locale, { hour: 'numeric', minute: '2-digit' });

/**
 * "Alice, Bob and Carol" in `locale`. A list of one is that name alone, as `Intl.ListFormat`
 * writes it (ECMA-402), without making a formatter for it: the first in a fresh renderer costs
 * several milliseconds (ICU's data), as a price's `Intl.NumberFormat` is made only for a price
 * that is not free (`priceText`). Made once per locale (`intlFormat`'s memo).
 */
export const formatList = (names: string[], locale: string): string =>
  names.length > 1 ? intlFormat(Intl.ListFormat, locale, {}).format(names) : names.join('');

/** Machine-readable value for `<time datetime>`: `2026-12-05T19:30`, or `2026-12-05`. */
export const datetimeAttr = (eventDate: string, eventTime: string) =>
  eventTime ? `${eventDate.slice(0, 10)}T${eventTime.slice(0, 5)}` : eventDate.slice(0, 10);

/**
 * The sales-closing line for a deadline `closesAtMs` seen at `nowMs` (both UTC epoch ms):
 * within 24 h "Sales close in 2 hours" (relative), else "Sales close Fri 5 Dec, 17:00" in the
 * viewer's zone (an instant, unlike event dates). `byMinute` never counts seconds (for
 * announcements: "in 1 minute" until the deadline).
 */
export function closingText(
  closesAtMs: number,
  nowMs: number,
  locale: string,
  t: CoreMessages,
  byMinute?: boolean,
): string {
  const left = closesAtMs - nowMs;
  // At least 1 of its unit (a deadline past, or due this second, says "in 1 second"); the
  // formatter made once per locale (`intlFormat`).
  const [count, unit] =
    left < 60_000 && !byMinute
      ? [Math.ceil(left / 1000), 'second' as const]
      : left < 3_600_000
        ? [Math.round(left / 60_000), 'minute' as const]
        : [Math.round(left / 3_600_000), 'hour' as const];
  return t.salesClose(
    left >= 24 * 3_600_000
      ? instantText(closesAtMs, locale)
      : intlFormat(Intl.RelativeTimeFormat, locale, { numeric: 'auto' }).format(
          Math.max(1, count),
          unit,
        ),
  );
}

/**
 * An instant (UTC epoch ms) as the viewer's clock says it in `locale`: "Fri 5 Dec, 17:00"; with
 * `timeZone` (an IANA zone, `UTC` for a venue-local wall clock read as UTC) as that zone's clock.
 */
export const instantText = (ms: number, locale: string, timeZone?: string): string =>
  dateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(ms);

/**
 * A plain-text excerpt of venue HTML, at most `max` characters (`clip`'s 160 by default).
 * DOMParser documents are inert (no scripts run, nothing loads), and only `textContent` leaves
 * this function. Where Trusted Types are enforced and the `venue-events` policy is not allowed,
 * tags are stripped instead.
 */
export function excerpt(html: string, max?: number): string {
  // Block boundaries become spaces, so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = html.replace(
    /<(\/?(?:p|div|li|ul|ol|h[1-6]|br|tr|td|th|blockquote|section)\b)/gi,
    ' <$1',
  );
  let text: string;
  try {
    text =
      new DOMParser().parseFromString(policy?.createHTML(spaced) ?? spaced, 'text/html').body
        .textContent ?? '';
  } catch {
    text = spaced.replace(/<[^>]*>?/g, '');
  }
  return clip(text, max);
}

/**
 * `text` as an excerpt shows it: each run of whitespace one space, at most `max` characters (cut
 * after a whole word, with "…"). The one clipping of the widget's excerpts (`excerpt`) and of
 * those the server draws (`declarative.ts`).
 */
export function clip(text: string, max = 160): string {
  text = text.replace(/\s+/g, ' ').trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * `path` resolved against `base`, only if the result is http(s): an API value can never become a
 * `javascript:` or `data:` URL in the widget.
 */
export function safeUrl(path: string | null | undefined, base: string): string | undefined {
  if (!path) return undefined;
  try {
    const url = new URL(path, base);
    return /^https?:$/.test(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
