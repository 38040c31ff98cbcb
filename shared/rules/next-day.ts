/**
 * The calendar day after a date, for an end time not after its start time (docs/api.md §10.18:
 * a club night 23:00–04:00 ends the morning after): the one definition for the widget's cards
 * (`widget/card-facts.ts`) and for JSON-LD and calendar files (`endWallClock`,
 * `end-wall-clock.ts`).
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
