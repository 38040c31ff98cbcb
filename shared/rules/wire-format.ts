/**
 * Wire formats of the Public Event Listing Interface (spec §2.2–2.4, decisions.md "Dates, times").
 * Pure string functions: no clock, no time zone conversion.
 */

/** `2026-12-05` → `2026-12-05T00:00:00.000000Z` (the venue-local date, not converted; spec §2.2). */
export function eventDate(localDate: string): string {
  return `${localDate}T00:00:00.000000Z`;
}

/** `19:30` or `19:30:00` → `19:30:00` (venue-local `HH:MM:SS`, spec §2.2). */
export function eventTime(localTime: string): string {
  return localTime.length === 5 ? `${localTime}:00` : localTime;
}

/** `19:30:00` → `7:30 PM`, `00:05` → `12:05 AM` (decisions.md: `h:mm AM/PM`, no leading zero). */
export function timeLabel(localTime: string): string {
  const hours = Number(localTime.slice(0, 2));
  const minutes = localTime.slice(3, 5);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * A UTC instant in milliseconds since the epoch → `2026-12-04T18:00:00.000000Z`
 * (decisions.md: UTC with microseconds; sub-millisecond digits are always zero).
 */
export function instant(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
