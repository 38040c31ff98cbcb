/**
 * Wire formats of the Public Event Listing Interface (docs/api.md §2.2–2.4, docs/decisions.md "Dates, times").
 * Pure string functions: no clock, no time zone conversion.
 */

/** `2026-12-05` → `2026-12-05T00:00:00.000000Z` (the venue-local date, not converted; docs/api.md §2.2). */
export function eventDate(localDate: string): string {
  return `${localDate}T00:00:00.000000Z`;
}

/** `19:30` or `19:30:00` → `19:30:00` (venue-local `HH:MM:SS`, docs/api.md §2.2). */
export function eventTime(localTime: string): string {
  return localTime.length === 5 ? `${localTime}:00` : localTime;
}

/** `19:30:00` → `7:30 PM`, `00:05` → `12:05 AM` (docs/decisions.md: `h:mm AM/PM`, no leading zero). */
export function timeLabel(localTime: string): string {
  const hours = Number(localTime.slice(0, 2));
  const minutes = localTime.slice(3, 5);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * An instant as the rules take it: UTC epoch milliseconds, or its wire form
 * `YYYY-MM-DDTHH:MM:SS.ffffffZ` (what an import stores: `parseInstant` of the venue file's value),
 * which alone keeps microseconds (docs/decisions.md "Dates, times").
 */
export type Instant = number | string;

/**
 * An instant's wire form, `2026-12-04T18:00:00.000000Z` (docs/decisions.md: UTC with microseconds).
 * A wire-form string is returned as it is; epoch milliseconds have zero sub-millisecond digits.
 * @throws RangeError for a number that is not a valid time value (NaN, out of range)
 */
export function instant(value: Instant): string {
  if (typeof value === 'string') return value;
  return new Date(value).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/**
 * An instant as UTC epoch milliseconds, for comparing with a clock: the sub-millisecond digits of
 * a wire-form string are dropped (truncated, so it reads as up to 999 µs earlier).
 */
export function instantMs(value: Instant): number {
  return typeof value === 'number' ? value : Date.parse(`${value.slice(0, 23)}Z`);
}

/**
 * RFC 3339 `date-time` as the venue file's schema accepts it (ajv-formats): `T`/`t` or a space,
 * any number of fraction digits, and `Z`/`z` or an offset `±HH`, `±HHMM` or `±HH:MM`.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt\s](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2})(?::?(\d{2}))?)$/;

/** Year, month, day, hour, minute, second, offset hours, offset minutes. */
type DateTimeFields = [number, number, number, number, number, number, number, number];

/** Why `parseInstant` cannot give a venue file's value as an exact wire-form instant. */
export type InstantProblem =
  /** Not an RFC 3339 date-time with `Z` or an offset. */
  | 'malformed'
  /** A date or time that does not exist (`02-30`, a leap second `:60`), or a UTC year past 9999. */
  | 'nonexistent'
  /** Non-zero digits below the microsecond, which the wire form cannot carry. */
  | 'sub-microsecond';

/**
 * A venue file's instant (RFC 3339 with `Z` or an offset) as its wire form
 * `YYYY-MM-DDTHH:MM:SS.ffffffZ`, exact to the microsecond: `2026-12-05T13:00:00.123456+01:00` →
 * `{ instant: '2026-12-05T12:00:00.123456Z' }`. The fraction is carried over as digits, never
 * through a `Date` (which holds milliseconds); offsets are whole minutes, so they never touch it.
 * Trailing zeros past the sixth digit are accepted (nothing is lost). Implements docs/decisions.md
 * "Dates, times" (instants are UTC with microseconds; a leap second is rejected).
 * @returns `{ instant }`, or `{ problem }` saying why not
 */
export function parseInstant(text: string): { instant: string } | { problem: InstantProblem } {
  const match = DATE_TIME.exec(text);
  if (!match) return { problem: 'malformed' };
  const [, year, month, day, hour, minute, second, fraction = '', sign, offH, offM] = match;
  if (/[1-9]/.test(fraction.slice(6))) return { problem: 'sub-microsecond' };
  const [y, mo, d, h, mi, s, oh, om] = [year, month, day, hour, minute, second, offH, offM].map(
    (group) => Number(group ?? 0),
  ) as DateTimeFields;
  if (h > 23 || mi > 59 || oh > 23 || om > 59) return { problem: 'malformed' };
  if (s > 59) return { problem: 'nonexistent' };
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  at.setUTCFullYear(y, mo - 1, d);
  if (at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) return { problem: 'nonexistent' };
  at.setUTCHours(h, mi - (sign === '-' ? -1 : 1) * (oh * 60 + om), s, 0);
  const utc = at.toISOString();
  // An offset can carry 0000-01-01 or 9999-12-31 out of the four-digit years of the wire form.
  if (!/^\d{4}-/.test(utc)) return { problem: 'nonexistent' };
  return { instant: `${utc.slice(0, 19)}.${fraction.slice(0, 6).padEnd(6, '0')}Z` };
}
