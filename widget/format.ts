/**
 * Date and text formatting for the widget. Event dates/times are the venue's local wall-clock
 * values (spec §2.2), so they are formatted in UTC from their parts: a viewer in another zone
 * sees the venue's date and time, never a shifted one.
 */
import type { Messages } from './messages.js';

/** `2026-12-05T00:00:00.000000Z` (or `2026-12-05`) + `19:30:00` → a Date whose UTC fields are those. */
function wallClock(date: string, time = '00:00:00'): Date {
  return new Date(`${date.slice(0, 10)}T${time}Z`);
}

/** "Sat 5 Dec 2026, 19:30" in `locale`, from venue-local `event_date` and `event_time`. */
export function formatEventDate(eventDate: string, eventTime: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(wallClock(eventDate, eventTime));
}

/** "Sat 5 Dec" in `locale`, from a venue-local `YYYY-MM-DD`. */
export function formatStopDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(wallClock(date));
}

/** Machine-readable value for `<time datetime>`: `2026-12-05T19:30`. */
export const datetimeAttr = (eventDate: string, eventTime: string) =>
  `${eventDate.slice(0, 10)}T${eventTime.slice(0, 5)}`;

/**
 * The sales-closing line for a deadline `closesAtMs` seen at `nowMs` (both UTC epoch ms):
 * within 24 h "Sales close in 2 hours" (relative), else "Sales close Fri 5 Dec, 17:00" in the
 * viewer's zone (an instant, unlike event dates).
 */
export function closingText(
  closesAtMs: number,
  nowMs: number,
  locale: string,
  t: Messages,
): string {
  const left = closesAtMs - nowMs;
  if (left < 24 * 3_600_000) {
    const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    const relative =
      left < 60_000
        ? rtf.format(Math.max(1, Math.ceil(left / 1000)), 'second')
        : left < 3_600_000
          ? rtf.format(Math.round(left / 60_000), 'minute')
          : rtf.format(Math.round(left / 3_600_000), 'hour');
    return t.salesCloseIn(relative);
  }
  const when = new Intl.DateTimeFormat(locale, {
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
 * (no scripts run, nothing loads), and only `textContent` leaves this function.
 */
export function excerpt(html: string, max = 160): string {
  // Block boundaries become spaces, so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = html.replace(
    /<(\/?(?:p|div|li|ul|ol|h[1-6]|br|tr|td|th|blockquote|section)\b)/gi,
    ' <$1',
  );
  const text = (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
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
