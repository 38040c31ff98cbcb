/**
 * Venue-local wall-clock formatting, shared by the server's event page and the widget.
 *
 * Event dates and times are the venue's local calendar date and clock time (docs/api.md §2.2,
 * docs/decisions.md "Dates, times and the venue clock"), not instants. They are formatted as if they
 * were UTC, from their parts, so no reader's (or server's) time zone can shift them.
 */

/**
 * `Intl` formatters made so far, by kind, locale and options. Making one costs about a
 * millisecond in a browser, and a page of 12 cards formats 30-odd dates and prices with a few
 * option sets: each formatter is made once and reused. The memo never changes what a call
 * returns; it is emptied when it reaches 64 entries (locales come from page markup).
 */
const formatters = new Map<string, unknown>();

/**
 * `new Format(locale, options)` (`Intl.DateTimeFormat`, `Intl.NumberFormat`), made once per
 * kind, locale and options. Throws what the constructor throws (a RangeError for a bad locale or
 * currency).
 */
export function intlFormat<T, O>(
  Format: new (locale: string[], options: O) => T,
  locale: string | readonly string[] | undefined,
  options: O,
): T {
  const key = JSON.stringify([Format.name, locale, options]);
  let format = formatters.get(key) as T | undefined;
  if (!format) {
    if (formatters.size >= 64) formatters.clear();
    formatters.set(key, (format = new Format(locale as string[], options)));
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, made once per locale and options. */
export const dateTimeFormat = (
  locale: string | readonly string[] | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat => intlFormat(Intl.DateTimeFormat, locale, options);

/**
 * `2026-12-05` (or `2026-12-05T00:00:00.000000Z`) + `19:30:00` (or `19:30`) → e.g.
 * "Sat 5 Dec 2026, 19:30" with `options` in `locale`; the date alone when `time` is omitted.
 * `options.timeZone` is always UTC (see above). Throws a RangeError for an invalid date or time.
 */
export function formatWallClock(
  date: string,
  time: string | undefined,
  locale: string | readonly string[] | undefined,
  options: Intl.DateTimeFormatOptions,
): string {
  const at = new Date(`${date.slice(0, 10)}T${time || '00:00'}Z`);
  return dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
}
