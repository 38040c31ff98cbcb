/**
 * The month grid's one set of date rules, for `<venue-calendar>` and the listing's month view
 * (`server/pages/month-view.ts`, docs/api.md §10.5): month grids, week starts and keyboard moves
 * over calendar dates written `YYYY-MM-DD`. Dates are days of the venue's calendar, not instants,
 * so all arithmetic runs on UTC midnights: no visitor time zone or daylight-saving change can move
 * a day. The clock is passed in wherever "today" matters.
 */
import { DAY_MS } from './days.js';

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/** ISO weekday: 1 Monday … 7 Sunday (as `Intl.Locale` week info numbers them). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a UTC epoch ms (its UTC date). */
const isoOf = (ms: number): IsoDate => {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** UTC midnight of `date`, in epoch ms. */
export const utcMs = (date: IsoDate): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** `date` plus `days` (negative: back). */
export const addDays = (date: IsoDate, days: number): IsoDate => isoOf(utcMs(date) + days * DAY_MS);

/** The ISO weekday of `date`. */
export const weekday = (date: IsoDate): Weekday =>
  (((new Date(utcMs(date)).getUTCDay() + 6) % 7) + 1) as Weekday;

/** Days in `month` (1–12) of `year`: leap years by the Gregorian rule. */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * `date` moved by `months`, its day kept where the target month has it, else that month's last
 * day (31 January + 1 month = 28 or 29 February), as date pickers move by month.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const total = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Every date of `month` (`YYYY-MM`, a real month), first to last. */
export const monthDates = (month: IsoMonth): IsoDate[] =>
  Array.from(
    { length: daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7))) },
    (_, i) => addDays(`${month}-01`, i),
  );

/** A month, `YYYY-MM`. */
export type IsoMonth = string;

/** `value` when it is a real month `YYYY-MM` (years 1000–9999), else undefined. */
export function parseMonth(value: unknown): IsoMonth | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^([1-9]\d{3})-(0[1-9]|1[0-2])$/.exec(value);
  return m ? value : undefined;
}

/** The month `date` lies in. */
export const monthOf = (date: IsoDate): IsoMonth => date.slice(0, 7);

/**
 * Today's date at `nowMs` in `timeZone` (an IANA zone; undefined: the runtime's), from the clock
 * passed in, so a preview or a test can choose the day.
 */
export function today(nowMs: number, timeZone?: string): IsoDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(nowMs);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The weeks shown for `month` (1–12) of `year` when weeks start on `firstDay`: whole weeks of
 * dates, from the week holding the 1st to the week holding the last day (4 to 6 weeks). Days of
 * the neighbouring months are in it too; the caller decides how to show them.
 */
export function monthGrid(year: number, month: number, firstDay: Weekday): IsoDate[][] {
  const first = `${pad(year, 4)}-${pad(month)}-01`;
  const last = `${pad(year, 4)}-${pad(month)}-${pad(daysInMonth(year, month))}`;
  const start = startOfWeek(first, firstDay);
  const end = endOfWeek(last, firstDay);
  const weeks: IsoDate[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  }
  return weeks;
}

/** The first day of the week holding `date`, weeks starting on `firstDay`. */
export const startOfWeek = (date: IsoDate, firstDay: Weekday): IsoDate =>
  addDays(date, -((weekday(date) - firstDay + 7) % 7));

/** The last day of the week holding `date`, weeks starting on `firstDay`. */
export const endOfWeek = (date: IsoDate, firstDay: Weekday): IsoDate =>
  addDays(startOfWeek(date, firstDay), 6);

/** The dates the feed is asked for to show `month`: its 1st, and the 1st of the next (exclusive). */
export function monthRange(month: IsoMonth): { start: IsoDate; end: IsoDate } {
  const start = `${month}-01`;
  return { start, end: addMonths(start, 1) };
}

/**
 * Regions whose week starts on Sunday, for a runtime without `Intl.Locale` week info (Chromium,
 * Safari and Node have it; Firefox did not until recently): the larger ones of CLDR's list. Every
 * other region starts on Monday, as ISO 8601 does.
 */
const SUNDAY_FIRST = new Set([
  'US',
  'CA',
  'JP',
  'BR',
  'MX',
  'IL',
  'IN',
  'KR',
  'PH',
  'TW',
  'ZA',
  'AU',
]);

interface WeekInfo {
  firstDay: number;
}
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The day `locale`'s weeks start on (CLDR data through `Intl.Locale`, else the table above). */
export function firstDayOfWeek(locale: string): Weekday {
  let loc: LocaleWithWeekInfo;
  try {
    loc = new Intl.Locale(locale);
  } catch {
    return 1;
  }
  const info = loc.getWeekInfo?.() ?? loc.weekInfo;
  if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay as Weekday;
  // Without a region, English means the US (as CLDR's likely subtags say); other languages Monday.
  const region = loc.region ?? (loc.language === 'en' ? 'US' : '');
  return SUNDAY_FIRST.has(region) ? 7 : 1;
}

/** How a key moves the focused date in the grid. */
export interface MoveOptions {
  /** Shift held: PageUp/PageDown move by a year. */
  shift: boolean;
  /** Right-to-left page: ArrowLeft goes forward in time, ArrowRight back. */
  rtl: boolean;
  firstDay: Weekday;
}

/**
 * The date a key moves the focus to from `date` (the WAI-ARIA date picker grid's keys), or
 * undefined for a key the grid does not use. It may lie in another month: the grid then shows it.
 */
export function moveByKey(date: IsoDate, key: string, { shift, rtl, firstDay }: MoveOptions) {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, rtl ? 1 : -1);
    case 'ArrowRight':
      return addDays(date, rtl ? -1 : 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return startOfWeek(date, firstDay);
    case 'End':
      return endOfWeek(date, firstDay);
    case 'PageUp':
      return addMonths(date, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(date, shift ? 12 : 1);
    default:
      return undefined;
  }
}

/** The venue-local date of a feed `start` (`2026-12-05T19:30:00+00:00`): its own date part, never shifted. */
export const feedDate = (start: string): IsoDate => start.slice(0, 10);
