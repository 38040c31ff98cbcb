/**
 * Recurrence for the iCalendar feed source (docs/sources.md "Recurrence", RFC 5545 §3.8.5): a
 * series' instances from RRULE and RDATE, less its EXDATEs, its overrides (RECURRENCE-ID) applied,
 * within the window and the expansion steps of docs/api.md §10.21. ical.js walks the rule and
 * moves an overridden instance; what it does not do as RFC 5545 says is done here: an EXDATE
 * removes an RDATE's instance too, an instant given twice is one instance, an override of an
 * instant the rule does not give adds it, and an all-day series reads a date-time RECURRENCE-ID
 * or EXDATE by the date it names.
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { SourceContext, SourceLimits } from './source-event.js';
import {
  dateOf,
  keyOf,
  writtenDate,
  type Component,
  type IcalEvent,
  type Time,
} from './ics-time.js';

/** A series' stops run to this many days after the clock (docs/sources.md). */
const WINDOW_DAYS = 400;

/** The venue-local dates a series' stops may start on, inclusive, and the same as instants. */
export interface Window {
  from: string;
  to: string;
  /** Unix seconds: the start of `from`, the end of `to` (exclusive), in the venue's zone. */
  start: number;
  end: number;
}

/** What one read shares across its series: the limits and the expansion steps left. */
export interface Budget {
  limits: SourceLimits;
  stepsLeft: number;
}

/** One instance of a series, as ical.js details it (an override's own start, end and props). */
export interface Instance {
  start: Time;
  end: Time;
  item: Component;
}

/** A series' EXDATEs: date-times as Unix seconds, dates as `YYYY-MM-DD`. */
export interface Excluded {
  instants: Set<number>;
  dates: Set<string>;
}

/** A series ready to expand. */
export interface Expandable {
  /** The series as ical.js walks it: its EXDATEs taken out, the overrides that stay stops related. */
  event: IcalEvent;
  /** Its VEVENT (the master), and the end of each `RDATE;VALUE=PERIOD` instance by its key. */
  master: Component;
  periodEnds: ReadonlyMap<string, Time>;
  excluded: Excluded;
  /** The overrides that stay stops of the series (in `event`). */
  overrides: readonly Component[];
  /** Keys (`keyOf`) of the instances overrides made events of their own: not stops. */
  detached: ReadonlySet<string>;
}

/** From yesterday to 400 days after the clock, as venue-local dates and as instants. */
export function windowOf(context: SourceContext): Window {
  const today = DateTime.fromJSDate(context.now, { zone: context.zone }).startOf('day');
  const from = today.minus({ days: 1 });
  const to = today.plus({ days: WINDOW_DAYS });
  return {
    from: from.toISODate()!,
    to: to.toISODate()!,
    start: from.toSeconds(),
    end: to.plus({ days: 1 }).toSeconds(),
  };
}

/**
 * Takes a VEVENT's EXDATEs out of it (ical.js applies them to the rule's instances only, and
 * misses one after several earlier ones), to be applied to every instance here. Of an all-day
 * series every EXDATE is the date it names, a date-time too; of a timed one a date-time is its
 * instant, a date every instance on that date. Zones must be settled first.
 */
export function takeExdates(component: Component): Excluded {
  const excluded: Excluded = { instants: new Set(), dates: new Set() };
  const properties = component.getAllProperties('exdate');
  if (properties.length === 0) return excluded;
  const start: unknown = component.getFirstPropertyValue('dtstart');
  const allDay = start instanceof ICAL.Time && start.isDate;
  for (const property of properties) {
    for (const value of property.getValues() as unknown[]) {
      if (!(value instanceof ICAL.Time)) continue;
      if (allDay || value.isDate) excluded.dates.add(dateOf(value));
      else excluded.instants.add(value.toUnixTime());
    }
  }
  component.removeAllProperties('exdate');
  return excluded;
}

/** Whether an instance (by its original start) is one of the series' EXDATEs. */
export function isExcluded(time: Time, excluded: Excluded): boolean {
  if (time.isDate) return excluded.dates.has(dateOf(time));
  if (excluded.instants.has(time.toUnixTime())) return true;
  // A DATE EXDATE of a timed series takes the instances on that date (on their own clock).
  return excluded.dates.size > 0 && excluded.dates.has(time.toString().slice(0, 10));
}

/** An override's RECURRENCE-ID, undefined when it cannot be read as a date or date-time. */
export function recurrenceIdOf(override: Component): Time | undefined {
  const value: unknown = override.getFirstPropertyValue('recurrence-id');
  return value instanceof ICAL.Time ? value : undefined;
}

/** `start` (a date-time) moved to the date of `date`, its wall time and zone kept. */
function onDate(start: Time, date: Time): Time {
  const moved = start.clone();
  moved.year = date.year;
  moved.month = date.month;
  moved.day = date.day;
  return moved;
}

/**
 * Makes each override's RECURRENCE-ID name its instance as ical.js matches them (by the text of
 * the instance's start on its own clock, or in UTC): of an all-day series, the date it names as
 * written (Outlook writes `RECURRENCE-ID;TZID=GMT Standard Time:20200416T000000` for the all-day
 * instance of 16 April: never converted, so it never crosses midnight); of a timed series, its
 * instant in UTC, whatever zone it is written in, and a date the series' start time that day.
 */
export function settleRecurrenceIds(master: Component, overrides: readonly Component[]): void {
  const start: unknown = master.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) return;
  for (const override of overrides) {
    const property = override.getFirstProperty('recurrence-id');
    const id = recurrenceIdOf(override);
    if (property === null || id === undefined) continue;
    if (id.isDate) {
      // A date names the timed series' instance of that day (as Google writes some): the series'
      // start time on that date, in the series' zone.
      if (!start.isDate)
        property.setValue(onDate(start, id).convertToZone(ICAL.Timezone.utcTimezone));
      continue;
    }
    if (start.isDate) {
      property.resetType('date');
      property.setValue(writtenDate(id));
    } else if (id.zone !== ICAL.Timezone.utcTimezone) {
      property.setValue(id.convertToZone(ICAL.Timezone.utcTimezone));
    }
  }
}

/**
 * The instances of a series whose (original) start is up to the window's end, less its EXDATEs
 * and the instances detached as events of their own, overrides applied; before the window only
 * those an override may move into it. An instant given twice (an RDATE repeating the rule's) is
 * one instance. An override whose RECURRENCE-ID the series does not give (nor excludes) adds its
 * instance as it stands. Stops once the window has `maxStops` stops that `listed` keeps: later
 * instances can only come after them, bar an override moving one earlier, which a venue does not
 * do 500 instances ahead. ical.js walks a series from its DTSTART (COUNT and INTERVAL count from
 * there), so an old and dense series costs steps: past the series' or the source's steps it fails
 * (`fail`), never hangs (a rule that never matches hangs inside one step: the worker's clock ends
 * that, docs/api.md §10.21).
 */
export function expand(
  series: Expandable,
  window: Window,
  budget: Budget,
  listed: (item: Component) => boolean,
  fail: (message: string) => void,
): Instance[] {
  const instances: Instance[] = [];
  const { maxStops, maxExpansionSteps } = budget.limits;
  const overridden = series.overrides.length > 0;
  let inside = 0;
  let previous: string | undefined;
  // The last instance walked (null: the series has no more), to know which overrides it passed.
  let reached: Time | null | undefined;
  try {
    const iterator = series.event.iterator();
    for (let step = 0; inside < maxStops; step++, budget.stepsLeft--) {
      if (step === maxExpansionSteps || budget.stepsLeft <= 0) {
        fail(
          step === maxExpansionSteps
            ? `more than ${maxExpansionSteps} instances before ${window.to}: too many to expand`
            : `the source's ${budget.limits.maxSourceExpansionSteps} expansion steps are spent`,
        );
        return [];
      }
      // ical.js answers undefined, not null, once the series is over.
      const next: Time | null = (reached = (iterator.next() as Time | undefined) ?? null);
      const place = next ? placeOf(next, window) : 1;
      if (!next || place > 0) break;
      if (place < 0 && !overridden) continue;
      // ical.js walks the rule and the RDATEs side by side, in order: a repeat comes right after.
      const key = keyOf(next);
      if (key === previous) continue;
      previous = key;
      if (series.detached.has(key) || isExcluded(next, series.excluded)) continue;
      const instance = instanceOf(series, next);
      instances.push(instance);
      if (placeOf(instance.start, window) === 0 && listed(instance.item)) inside++;
    }
  } catch (error) {
    fail(`cannot expand: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
  return overridden ? [...instances, ...unmatched(series, instances, reached)] : instances;
}

/**
 * The overrides no instance took, each as it stands (RFC 5545 §3.8.4.4: an override may add an
 * instance the rule does not give), but for those an EXDATE removes or that became events. Only
 * those the walk passed (`reached`; null when it walked the whole series): where the walk stopped,
 * past the window or its last stop, the series may still give a later one.
 */
function unmatched(
  series: Expandable,
  instances: readonly Instance[],
  reached: Time | null | undefined,
): Instance[] {
  const used = new Set(instances.map((instance) => instance.item));
  const passed = (id: Time) =>
    reached === null || (reached !== undefined && id.toUnixTime() <= reached.toUnixTime());
  return series.overrides
    .filter((override) => {
      if (used.has(override)) return false;
      const id = recurrenceIdOf(override);
      if (id === undefined || !passed(id) || isExcluded(id, series.excluded)) return false;
      return !series.detached.has(keyOf(id));
    })
    .map(ownInstance);
}

/** -1 before the window, 0 in it, 1 after it: a date by its date, a date-time as an instant. */
export function placeOf(time: Time, window: Window): number {
  if (time.isDate) {
    const date = dateOf(time);
    return date < window.from ? -1 : date > window.to ? 1 : 0;
  }
  const at = time.toUnixTime();
  return at < window.start ? -1 : at >= window.end ? 1 : 0;
}

/**
 * The instance of a series starting at `occurrence` (its RECURRENCE-ID), overrides applied; an
 * `RDATE` period's instance ends where its period does.
 */
export function instanceOf(series: Expandable, occurrence: Time): Instance {
  const details = series.event.getOccurrenceDetails(occurrence);
  const item = details.item.component;
  const periodEnd = item === series.master ? series.periodEnds.get(keyOf(occurrence)) : undefined;
  return { start: details.startDate, end: periodEnd ?? details.endDate, item };
}

/** A VEVENT's one instance as it stands: its own DTSTART and end. */
export function ownInstance(component: Component): Instance {
  const event = new ICAL.Event(component);
  return { start: event.startDate, end: event.endDate, item: component };
}
