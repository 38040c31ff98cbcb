/**
 * A stop's clock label (docs/api.md §2.3 `time_label`, docs/decisions.md "Dates, times and the
 * venue clock": `h:mm AM`/`h:mm PM`, no leading zero, in every language) read back as the
 * venue-local time it labels: the one reading of the pages (stops on the event page, the listing
 * page, the month view, the calendar files), the shared rules (structured data, calendar links,
 * the calendar feed) and the widget's cards (`widget/card-facts.ts` `stopTime`). `timeLabel`
 * (`wire-format.ts`) writes it; the two are each other's inverse (test/shared/clock-label.test.ts).
 *
 * A module of its own, without imports: the widget's budgeted first-paint script carries it, and
 * a module it shares with a lazy chunk comes into it whole (vite.config.ts).
 */

/**
 * `7:30 PM` → `19:30:00`, `12:05 AM` → `00:05:00`, `12:00 PM` → `12:00:00` (venue-local
 * `HH:MM:SS`); null for a label not in the interface's form (`TIME_LABEL_PATTERN`,
 * shared/patterns.ts), which a client shows as given.
 */
export function labelTime(label: string): string | null {
  const match = /^(1[0-2]|[1-9])(:[0-5]\d) ([AP])M$/.exec(label);
  // The hour plus 100 (112 after noon) and the rest, without the 1: `7:30 PM` → `119:30:00`.
  return match && `${(+match[1]! % 12) + (match[3] == 'P' ? 112 : 100)}${match[2]}:00`.slice(1);
}
