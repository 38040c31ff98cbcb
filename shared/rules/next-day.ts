/**
 * An end time not after its start time is the next day's (docs/api.md §10.18, docs/decisions.md
 * "Price, performers, end time, few tickets left": a club night 23:00–04:00 ends the morning
 * after): the one definition (`endDay`) for the widget's cards (`widget/card-facts.ts`), for
 * JSON-LD, the pages and calendar files (`endWallClock`, `end-wall-clock.ts`), and for reading a
 * calendar's end as an `end_time` (server/sources/ics.ts).
 *
 * A module of its own, not part of `end-wall-clock.ts`: a module the widget's budgeted first-paint
 * script shares with a lazy chunk goes into that script whole (vite.config.ts
 * `preserveEntrySignatures`), and `end-wall-clock.ts` would bring the JSON-LD's end reading with
 * it (+86 B gzipped, past test/widget-build/size.test.ts's budget).
 */

/**
 * The calendar day after `YYYY-MM-DD`, as `YYYY-MM-DD`. Arithmetic on the date's UTC midnight,
 * where no zone can shift it (a UTC day is 86,400,000 ms).
 */
export const nextDay = (date: string): string =>
  new Date(Date.parse(`${date}T00:00Z`) + 864e5).toISOString().slice(0, 10);

/**
 * The venue-local day (`YYYY-MM-DD`) on which an occurrence starting on `date` at `start` ends at
 * `end`: `date` when `end` is after `start`, else the next day (equal included: 24 hours). Both
 * times in one form, `HH:MM:SS` (or both `HH:MM`), compared as text.
 */
export const endDay = (date: string, start: string, end: string): string =>
  end > start ? date : nextDay(date);
