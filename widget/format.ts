/**
 * Date and text formatting for the widget. Event dates/times are the venue's local wall-clock
 * values (docs/api.md §2.2), formatted by the shared `formatWallClock`: a viewer in another zone sees
 * the venue's date and time, never a shifted one.
 */
import { dateTimeFormat, formatWallClock } from '../shared/rules/wall-clock.js';
import type { CoreMessages } from './i18n/types.js';
import { policy } from './trusted-html.js';

/**
 * "Sat 5 Dec 2026, 19:30" in `locale`, from venue-local `event_date` and `event_time`; the date
 * alone when `eventTime` is empty (a time the wire could not read).
 */
export function formatEventDate(eventDate: string, eventTime: string, locale: string): string {
  return formatWallClock(eventDate, eventTime, locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(eventTime && { hour: 'numeric', minute: '2-digit' }),
  });
}

/** "11:00 PM" in `locale`, from a venue-local `HH:MM:SS` (an event's end, docs/api.md §10.18). */
export const formatTime = (time: string, locale: string): string =>
  formatWallClock('2026-01-01', time, locale, { hour: 'numeric', minute: '2-digit' });

/**
 * The list formatters made so far, one per locale. The first in a fresh renderer costs several
 * milliseconds (ICU's data), so one is made only when a card names two or more performers (as a
 * price's `Intl.NumberFormat` is made only for a price that is not free, `priceText`).
 */
const lists: Record<string, Intl.ListFormat> = {};

/**
 * "Alice, Bob and Carol" in `locale`. A list of one is that name alone, as `Intl.ListFormat`
 * writes it (ECMA-402), without making a formatter for it.
 */
export const formatList = (names: string[], locale: string): string =>
  names.length > 1 ? (lists[locale] ??= new Intl.ListFormat(locale)).format(names) : names.join('');

/** "Sat 5 Dec" in `locale`, from a venue-local `YYYY-MM-DD`. */
export function formatStopDate(date: string, locale: string): string {
  return formatWallClock(date, undefined, locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
}

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
  byMinute = false,
): string {
  const left = closesAtMs - nowMs;
  if (left < 24 * 3_600_000) {
    const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    const relative =
      left < 60_000 && !byMinute
        ? rtf.format(Math.max(1, Math.ceil(left / 1000)), 'second')
        : left < 3_600_000
          ? rtf.format(Math.max(1, Math.round(left / 60_000)), 'minute')
          : rtf.format(Math.round(left / 3_600_000), 'hour');
    return t.salesCloseIn(relative);
  }
  const when = dateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(closesAtMs));
  return t.salesCloseAt(when);
}

/**
 * A plain-text excerpt of venue HTML, at most `max` characters. DOMParser documents are inert
 * (no scripts run, nothing loads), and only `textContent` leaves this function. Where Trusted
 * Types are enforced and the `venue-events` policy is not allowed, tags are stripped instead.
 */
export function excerpt(html: string, max = 160): string {
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
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
