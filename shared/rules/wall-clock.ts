/**
 * Venue-local wall-clock formatting, shared by the server's event page and the widget.
 *
 * Event dates and times are the venue's local calendar date and clock time (spec §2.2,
 * decisions.md "Dates, times and the venue clock"), not instants. They are formatted as if they
 * were UTC, from their parts, so no reader's (or server's) time zone can shift them.
 */

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
  return new Intl.DateTimeFormat(locale as string | string[] | undefined, {
    ...options,
    timeZone: 'UTC',
  }).format(at);
}
