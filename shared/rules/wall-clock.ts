/**
 * Venue-local wall-clock formatting, shared by the server's event page and the widget.
 *
 * Event dates and times are the venue's local calendar date and clock time (docs/api.md §2.2,
 * docs/decisions.md "Dates, times and the venue clock"), not instants. They are formatted as if they
 * were UTC, from their parts, so no reader's (or server's) time zone can shift them.
 */

/**
 * Formatters made so far, by locale and options. Making an `Intl.DateTimeFormat` costs about a
 * millisecond in a browser, and a page of 12 cards formats 30-odd dates with three or four option
 * sets: each formatter is made once and reused. The memo never changes what a call returns; it is
 * emptied when it reaches 64 entries (locales come from page markup).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** `new Intl.DateTimeFormat(locale, options)`, made once per locale and options. */
export function dateTimeFormat(
  locale: string | readonly string[] | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let format = formatters.get(key);
  if (!format) {
    if (formatters.size >= 64) formatters.clear();
    formatters.set(key, (format = new Intl.DateTimeFormat(locale as string[], options)));
  }
  return format;
}

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
