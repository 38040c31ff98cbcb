/** A stop of a multi-date event in venue-local terms (dates `YYYY-MM-DD`, times `HH:MM:SS`). */
export interface Stop {
  date: string;
  time: string;
  status: 'scheduled' | 'cancelled';
}

/** Orders stops by date, then time (docs/decisions.md "Multi-date events"). Returns a new array. */
export function sortStops<T extends Stop>(stops: readonly T[]): T[] {
  return [...stops].sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
}

/**
 * Index of the current/next stop for the venue-local date `today` (`YYYY-MM-DD`), in stops sorted
 * by `sortStops`: the first stop dated today or later that is `scheduled`; if every upcoming stop
 * is cancelled, the first upcoming stop; if no stop is upcoming, the last stop. −1 for no stops.
 * Implements docs/decisions.md "Multi-date events" (docs/api.md §2.2 `event_date`, `next_occurrence`).
 */
export function currentStopIndex(sorted: readonly Stop[], today: string): number {
  const firstUpcoming = sorted.findIndex((stop) => stop.date >= today);
  if (firstUpcoming === -1) return sorted.length - 1;
  const scheduled = sorted.findIndex(
    (stop, i) => i >= firstUpcoming && stop.status === 'scheduled',
  );
  return scheduled === -1 ? firstUpcoming : scheduled;
}
