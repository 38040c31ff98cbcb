/**
 * Day arithmetic on calendar dates (`YYYY-MM-DD`): on the date's UTC midnight, where no zone's
 * change of offset can shift a day (a UTC day is always 86,400,000 ms). Venue-local dates are
 * calendar dates; what instant a venue's day starts at is `zoned-time.ts`'s business.
 * (`next-day.ts` keeps its own one-liner: it is in the widget's budgeted first-paint script.)
 */

/** Milliseconds in a UTC day. */
export const DAY_MS = 86_400_000;

/** The date `days` after `date` (before it when negative), both `YYYY-MM-DD`. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
