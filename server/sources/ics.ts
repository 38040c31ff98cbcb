/**
 * The iCalendar feed source (docs/sources.md; the choices made here are recorded in
 * docs/decisions.md "Sources"): an RFC 5545 / RFC 7986 feed as Google Calendar, Outlook/Exchange,
 * Apple Calendar, The Events Calendar (WordPress) or Meetup publish it, mapped to the events of
 * the venue file. Pure: text, the venue's zone and the clock in; events, or every problem of the
 * feed at once (`VEVENT 3 (UID abc), DTSTART`), out.
 *
 * Reading the text, recurrence (RRULE, RDATE, EXDATE, RECURRENCE-ID) and a feed's own VTIMEZONE
 * rules are ical.js's; Windows zone names (Outlook, Exchange) are CLDR's through windows-iana; the
 * tz database and the venue's wall clock are luxon's. Nothing here parses iCalendar itself.
 */
import ICAL from 'ical.js';
import { DateTime, FixedOffsetZone, IANAZone } from 'luxon';
import { findIana } from 'windows-iana';
import type { OccurrenceInput } from '../../shared/venue-file.js';
import {
  firstEvents,
  limitsOf,
  plainTextHtml,
  ProblemList,
  SourceFormatError,
  type ReadOptions,
  type SourceContext,
  type SourceEvent,
  type SourceLimits,
  type SourceProblem,
  type SourceRead,
} from './source-event.js';

type Component = InstanceType<typeof ICAL.Component>;
type Property = InstanceType<typeof ICAL.Property>;
type Time = InstanceType<typeof ICAL.Time>;
type Timezone = InstanceType<typeof ICAL.Timezone>;
type IcalEvent = InstanceType<typeof ICAL.Event>;
type Event = SourceEvent['event'];
/** Reports a problem of one VEVENT, at one of its properties (or the VEVENT as a whole). */
type Report = (property: string | undefined, message: string) => void;

/** A series' stops run to this many days after the clock (docs/sources.md). */
const WINDOW_DAYS = 400;
const DAY_MS = 86_400_000;
/** The properties holding date-times a TZID applies to (RRULE's UNTIL is settled apart). */
const TIME_PROPERTIES = ['dtstart', 'dtend', 'recurrence-id', 'exdate', 'rdate'] as const;
/** ical.js reads an unknown property (X-ALT-DESC) raw; this is its own TEXT unescaping. */
const unescapeText: (raw: string) => string = ICAL.design.icalendar.value.text.fromICAL;

/**
 * An IANA zone as ical.js computes with one: its offsets come from the tz database (luxon), so
 * ical.js compares a series' instances with UNTIL, EXDATE and RECURRENCE-ID as instants, across
 * DST changes, exactly as luxon later writes them on the venue's wall clock.
 */
class IanaTimezone extends ICAL.Timezone {
  private readonly zone: IANAZone;
  /** Offsets by wall time: ical.js asks for the same instance's several times. */
  private readonly offsets = new Map<number, number>();

  constructor(iana: string) {
    super({ tzid: iana });
    this.zone = IANAZone.create(iana);
  }

  /** Seconds east of UTC at the wall time `tt` in this zone. */
  override utcOffset(tt: Time): number {
    const wall = Date.UTC(tt.year, tt.month - 1, tt.day, tt.hour, tt.minute, tt.second);
    let offset = this.offsets.get(wall);
    if (offset === undefined) this.offsets.set(wall, (offset = offsetAt(this.zone, wall)));
    return offset;
  }
}

/**
 * Seconds east of UTC of a wall time (milliseconds since the epoch, the wall read as UTC) in
 * `zone`, as RFC 5545 §3.3.5 reads one: of a time a DST change repeats, the first; of a time it
 * skips, the offset before the change. (Not luxon's `fromObject`, which resolves a repeated time
 * by the offset of the real clock's present, so by the season the feed is read in.)
 */
function offsetAt(zone: IANAZone, wall: number): number {
  const before = zone.offset(wall - DAY_MS);
  const after = zone.offset(wall + DAY_MS);
  if (before === after) return before * 60;
  const fits = [before, after].filter((offset) => zone.offset(wall - offset * 60_000) === offset);
  return (fits.length > 0 ? Math.max(...fits) : before) * 60;
}

/**
 * The venue's wall clock for instants: `YYYY-MM-DD` and `HH:MM` there. Each UTC day's offset is
 * asked of the tz database (luxon) once and kept when the day starts and ends on one offset, so
 * 5,000 events cost a few hundred look-ups, not four each (a look-up formats a date with `Intl`).
 * A day with a change is looked up per instant. One per call: nothing is shared between reads.
 */
class WallClock {
  private readonly zone: IANAZone;
  /** Minutes east of UTC by UTC day number; undefined for a day with a change. */
  private readonly days = new Map<number, number | undefined>();

  constructor(iana: string) {
    this.zone = IANAZone.create(iana);
  }

  /** `YYYY-MM-DD` and `HH:MM` on the venue's wall clock; a date (all-day) at `00:00`. */
  wallOf(time: Time): { date: string; time: string } {
    // All-day events are listed on their (first) date at 00:00 without an end: a decision of
    // docs/decisions.md "Sources" (the venue file has no all-day event).
    if (time.isDate) return { date: dateOf(time), time: '00:00' };
    const at = time.toUnixTime() * 1000;
    const wall = new Date(at + this.offsetAt(at) * 60_000).toISOString();
    return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
  }

  /** Minutes east of UTC at the instant `at` (epoch ms). */
  private offsetAt(at: number): number {
    const day = Math.floor(at / DAY_MS);
    if (!this.days.has(day)) {
      const first = this.zone.offset(day * DAY_MS);
      this.days.set(day, first === this.zone.offset((day + 1) * DAY_MS - 1) ? first : undefined);
    }
    return this.days.get(day) ?? this.zone.offset(at);
  }
}

/** Where the zones of one call come from; one `IanaTimezone` per name, none shared between calls. */
class Zones {
  private readonly byName = new Map<string, IanaTimezone>();
  private readonly resolved = new Map<string, Timezone | undefined>();

  constructor(readonly venue: string) {}

  /** The venue's zone: where floating times are read. */
  get floating(): IanaTimezone {
    return this.iana(this.venue);
  }

  /**
   * The zone a TZID names: an IANA name, else a Windows name (CLDR's first IANA zone for it), else
   * the feed's own VTIMEZONE of that TZID (its rules, through ical.js); undefined when none.
   */
  resolve(tzid: string, vevent: Component): Timezone | undefined {
    // Asked once a VEVENT; the answer for a name does not change within a feed.
    if (this.resolved.has(tzid)) return this.resolved.get(tzid);
    const zone = this.lookUp(tzid, vevent);
    this.resolved.set(tzid, zone);
    return zone;
  }

  private lookUp(tzid: string, vevent: Component): Timezone | undefined {
    const name = IANAZone.isValidZone(tzid) ? tzid : findIana(tzid)[0];
    if (name !== undefined) return this.iana(name);
    const root = vevent.parent ?? vevent;
    const defined = root
      .getAllSubcomponents('vtimezone')
      .some((zone) => zone.getFirstPropertyValue('tzid') === tzid);
    return defined ? (root.getTimeZoneByID(tzid) ?? undefined) : undefined;
  }

  private iana(name: string): IanaTimezone {
    let zone = this.byName.get(name);
    if (zone === undefined) this.byName.set(name, (zone = new IanaTimezone(name)));
    return zone;
  }
}

/** One VEVENT of the feed, read and checked. */
interface Vevent {
  /** `VEVENT 3 (UID abc)`: 1-based in file order. */
  path: string;
  /** Its number, 1-based in file order, and the line its `BEGIN:VEVENT` is on. */
  index: number;
  line: number | undefined;
  /** What stops it from being read; a series with any is skipped whole. */
  problems: SourceProblem[];
  /** The end of each instance an `RDATE;VALUE=PERIOD` gives, by its start's key (`keyOf`). */
  periodEnds: Map<string, Time>;
  component: Component;
  uid: string | undefined;
  /** SUMMARY, trimmed; an override may leave it out (the series' title is the event's). */
  title: string | undefined;
  /** An override: it has a RECURRENCE-ID. */
  override: boolean;
}

/** A UID's VEVENTs: the series (or single event) and its overrides. */
interface Series {
  master: Vevent | undefined;
  overrides: Vevent[];
}

/** The venue-local dates a series' stops may start on, inclusive, and the same as instants. */
interface Window {
  from: string;
  to: string;
  /** Unix seconds: the start of `from`, the end of `to` (exclusive), in the venue's zone. */
  start: number;
  end: number;
}

/** What one read shares across its series: the limits and the expansion steps left. */
interface Budget {
  limits: SourceLimits;
  stepsLeft: number;
}

/** One instance of a series, as ical.js details it (an override's own start, end and props). */
interface Instance {
  start: Time;
  end: Time;
  item: Component;
}

/** A series skipped while mapped: why. */
interface Unmapped {
  problem: SourceProblem;
}

/** A mapped event, with what ordering and the key check need. */
interface Mapped {
  path: string;
  first: string;
  source: SourceEvent;
}

/**
 * Maps an iCalendar feed to a venue's events.
 *
 * Each VEVENT (with its RECURRENCE-ID overrides, by UID) is one event keyed by its UID, else
 * `"{title}|{first date}"` (the venue-local date of its DTSTART). A recurring one has `occurrences`:
 * its instances (RRULE, and RDATE as dates, date-times or periods) starting from yesterday to 400
 * days after `context.now` (venue-local dates), at most the first `maxStops`, each `{date, time}`
 * on the venue's wall clock (`HH:MM`), with `end_time` when it ends within 24 hours, and `status:
 * 'cancelled'`, `location` or `ticket_url` where an override says so. Any other is single-date
 * (`date`, `time`, `end_time`), kept from yesterday on. Private, confidential and tentative events
 * are left out. Events come out by first date and time, then key, at most `maxEvents`.
 *
 * An event that cannot be read (no SUMMARY or DTSTART, a date it cannot read, a TZID that is
 * neither IANA, Windows nor a VTIMEZONE of the feed, a UID another series has, a title over
 * `maxTitleLength`, a series past its expansion steps) is skipped and named in `skipped`, with
 * the line of its `BEGIN:VEVENT`; the feed's other events are read (docs/api.md §10.21).
 *
 * @param text the feed (`BEGIN:VCALENDAR` … `END:VCALENDAR`, folded lines and CRLF or LF as written)
 * @param context the venue's IANA zone and the clock
 * @param options limits, VEVENTs not to read (by number, with the cause), a watcher of progress
 * @throws SourceFormatError at `VCALENDAR` when the text is not iCalendar at all
 */
export function eventsFromIcs(
  text: string,
  context: SourceContext,
  options: ReadOptions = {},
): SourceRead {
  const limits = limitsOf(options.limits);
  const skipped = new ProblemList(limits.maxProblems);
  const zones = new Zones(context.zone);
  const clock = new WallClock(context.zone);
  const lines = veventLines(text);
  const vevents = readCalendars(text)
    .flatMap((calendar) => calendar.getAllSubcomponents('vevent'))
    .map((component, index) => readVevent(component, index + 1, lines[index], zones));
  const budget: Budget = { limits, stepsLeft: limits.maxSourceExpansionSteps };
  const window = windowOf(context);
  const mapped: Mapped[] = [];
  for (const series of seriesOf(vevents, skipped)) {
    const lead = series.master ?? series.overrides[0]!;
    const cause = options.skip?.get(lead.index);
    if (cause !== undefined) lead.problems.push({ path: lead.path, message: cause });
    const problem = [series.master, ...series.overrides].flatMap((one) => one?.problems ?? [])[0];
    if (problem !== undefined) {
      skipped.add({ ...problem, line: lead.line });
      continue;
    }
    options.onEvent?.(lead.index, lead.path, lead.line);
    const one = mapSeries(series, window, clock, budget);
    if (one === undefined) continue;
    if ('problem' in one) skipped.add({ ...one.problem, line: lead.line });
    else mapped.push(one);
  }
  const events = uniqueKeys(mapped, skipped)
    .sort((a, b) => compare(a.first, b.first) || compare(a.source.key, b.source.key))
    .map((one) => one.source);
  return {
    events: firstEvents(events, limits, skipped, 'VCALENDAR'),
    skipped: skipped.kept,
    skippedCount: skipped.count,
  };
}

/** The line (1-based) of each `BEGIN:VEVENT`, in file order: where an operator finds an event. */
function veventLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let at = 0;
  for (;;) {
    const next = text.indexOf('\n', at);
    const end = next === -1 ? text.length : next;
    if (/^begin:vevent\r?$/i.test(text.slice(at, Math.min(end, at + 14)))) lines.push(line);
    if (next === -1) return lines;
    at = next + 1;
    line++;
  }
}

/**
 * `calendar`, its TZID look-ups memoised, misses too: ical.js caches a VTIMEZONE it found but scans
 * every subcomponent again for a TZID the feed does not define (most feeds name IANA zones
 * without one), once per date-time read, so a feed of n events cost n² steps (5,000 events: 0.4 s).
 */
function withZoneMemo(calendar: Component): Component {
  const lookUp = calendar.getTimeZoneByID.bind(calendar);
  // Typed as always found; ical.js answers null for a TZID without a VTIMEZONE, kept as it is.
  const known = new Map<string, Timezone>();
  calendar.getTimeZoneByID = (tzid: string) => {
    if (!known.has(tzid)) known.set(tzid, lookUp(tzid));
    return known.get(tzid)!;
  };
  return calendar;
}

/** The feed's VCALENDARs (a feed of several concatenated is read whole). */
function readCalendars(text: string): Component[] {
  const notIcal = (message: string) =>
    new SourceFormatError([{ path: 'VCALENDAR', message: `not iCalendar text: ${message}` }]);
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw notIcal(error instanceof Error ? error.message : String(error));
  }
  // ical.js gives one component's jCal for one, an array of them for several.
  const jcals: unknown[] = !Array.isArray(parsed)
    ? []
    : typeof parsed[0] === 'string'
      ? [parsed]
      : parsed;
  const calendars = jcals.map((jcal) => withZoneMemo(new ICAL.Component(jcal as unknown[])));
  if (calendars.length === 0 || calendars.some((calendar) => calendar.name !== 'vcalendar'))
    throw notIcal('expected BEGIN:VCALENDAR');
  return calendars;
}

/** Reads one VEVENT: checks what the mapping needs and puts each date-time in its zone. */
function readVevent(
  component: Component,
  index: number,
  line: number | undefined,
  zones: Zones,
): Vevent {
  const uid = textOf(component, 'uid');
  const path = uid === undefined ? `VEVENT ${index}` : `VEVENT ${index} (UID ${uid})`;
  const problems: SourceProblem[] = [];
  const report: Report = (property, message) =>
    problems.push({ path: property === undefined ? path : `${path}, ${property}`, message });
  const override = component.hasProperty('recurrence-id');
  const title = textOf(component, 'summary');
  const periodEnds = new Map<string, Time>();
  if (title === undefined && !override) report('SUMMARY', 'missing (every event needs a title)');
  if (override && uid === undefined) report('UID', 'missing on an override (RECURRENCE-ID)');
  if (!component.hasProperty('dtstart')) report('DTSTART', 'missing (every event needs a start)');
  else if (settleZones(component, zones, report)) {
    checkTimes(component, report);
    startPeriods(component, periodEnds);
    startWithDtstart(component);
  }
  return { path, index, line, problems, periodEnds, component, uid, title, override };
}

/**
 * An `RDATE;VALUE=PERIOD` (RFC 5545 §3.8.5.2: Zimbra, Exchange) as the date-times ical.js expands
 * (it cannot compare a period), each period's end kept for its instance.
 */
function startPeriods(component: Component, periodEnds: Map<string, Time>): void {
  for (const property of component.getAllProperties('rdate')) {
    const values: unknown[] = property.getValues();
    if (!values.some((value) => value instanceof ICAL.Period)) continue;
    const starts = values.map((value) => {
      if (!(value instanceof ICAL.Period)) return value as Time;
      periodEnds.set(keyOf(value.start), value.getEnd());
      return value.start;
    });
    property.resetType('date-time');
    property.setValues(starts);
  }
}

/**
 * DTSTART is a series' first instance (RFC 5545 §3.8.5.2), but ical.js leaves it out of a series
 * of RDATEs alone: it is added to them, unless an RDATE already names it.
 */
function startWithDtstart(component: Component): void {
  const start: unknown = component.getFirstPropertyValue('dtstart');
  const rdates = component.getAllProperties('rdate');
  if (!(start instanceof ICAL.Time) || rdates.length === 0 || component.hasProperty('rrule'))
    return;
  const named = rdates.flatMap((property) => property.getValues() as Time[]).map(keyOf);
  if (named.includes(keyOf(start))) return;
  const first = rdates[0]!;
  first.setValues([start, ...(first.getValues() as Time[])]);
}

/** An instant's key (a date's for a date), to find an instance's RDATE period. */
function keyOf(time: Time): string {
  return time.isDate ? time.toString() : String(time.toUnixTime());
}

/**
 * Puts every date-time of a VEVENT in the zone it is read in, for ical.js to compare and convert:
 * UTC as written, a TZID as `Zones` resolves it, floating in the venue's zone. False when a value
 * cannot be read or a TZID is unknown (each reported).
 */
function settleZones(component: Component, zones: Zones, report: Report): boolean {
  let settled = true;
  for (const name of TIME_PROPERTIES) {
    for (const property of component.getAllProperties(name)) {
      const times = timesOf(property, report);
      if (times === undefined) {
        settled = false;
        continue;
      }
      const tzid: string | undefined = property.getFirstParameter('tzid') || undefined;
      const zone = tzid === undefined ? zones.floating : zones.resolve(tzid, component);
      if (zone === undefined) {
        report(name.toUpperCase(), `unknown TZID "${tzid}" (not IANA, Windows or a VTIMEZONE)`);
        settled = false;
        continue;
      }
      for (const time of times)
        if (!time.isDate && time.zone !== ICAL.Timezone.utcTimezone) time.zone = zone;
    }
  }
  if (settled) settleUntil(component, report);
  return settled;
}

/** The date-times of a property (a PERIOD's start and end), or undefined if ical.js cannot read it. */
function timesOf(property: Property, report: Report): Time[] | undefined {
  try {
    const values: unknown[] = property.getValues();
    return values.flatMap((value) => {
      if (value instanceof ICAL.Time) return [value];
      if (value instanceof ICAL.Period) return value.end ? [value.start, value.end] : [value.start];
      throw new Error('expected a date or date-time');
    });
  } catch (error) {
    report(property.name.toUpperCase(), `cannot read "${rawValue(property)}": ${messageOf(error)}`);
    return undefined;
  }
}

/** A floating UNTIL counts in the zone of the series' start (RFC 5545 §3.3.10). */
function settleUntil(component: Component, report: Report): void {
  const start = component.getFirstPropertyValue('dtstart');
  for (const property of component.getAllProperties('rrule')) {
    try {
      const rule = property.getFirstValue();
      const until = rule instanceof ICAL.Recur ? rule.until : null;
      if (
        start instanceof ICAL.Time &&
        until &&
        !until.isDate &&
        until.zone !== ICAL.Timezone.utcTimezone
      )
        until.zone = start.zone;
    } catch (error) {
      report('RRULE', `cannot read "${rawValue(property)}": ${messageOf(error)}`);
    }
  }
}

/**
 * DTSTART and DTEND must be real calendar dates (ical.js would roll a 13th month into the next
 * year), and the end must be readable (DTEND, DURATION).
 */
function checkTimes(component: Component, report: Report): void {
  for (const name of ['dtstart', 'dtend'] as const) {
    const property = component.getFirstProperty(name);
    const value = property ? rawValue(property) : undefined;
    if (
      value !== undefined &&
      !DateTime.fromISO(value, { zone: FixedOffsetZone.utcInstance }).isValid
    )
      report(name.toUpperCase(), `not a date: "${value}"`);
  }
  // Only a DURATION can fail to make an end (DTEND was read above); most events have none.
  if (!component.hasProperty('duration')) return;
  try {
    void new ICAL.Event(component).endDate;
  } catch (error) {
    report('DURATION', `cannot read the end: ${messageOf(error)}`);
  }
}

/**
 * Groups the VEVENTs by UID: each series with its overrides; a VEVENT without UID is its own. Two
 * series of one UID are a problem (the key would name two events).
 */
function seriesOf(vevents: readonly Vevent[], skipped: ProblemList): Series[] {
  const byUid = new Map<string, Series>();
  const all: Series[] = [];
  for (const vevent of vevents) {
    const uid = vevent.uid;
    if (uid === undefined) {
      if (!vevent.override) all.push({ master: vevent, overrides: [] });
      continue;
    }
    let series = byUid.get(uid);
    if (series === undefined) {
      byUid.set(uid, (series = { master: undefined, overrides: [] }));
      all.push(series);
    }
    if (vevent.override) series.overrides.push(vevent);
    else if (series.master === undefined) series.master = vevent;
    else
      skipped.add({
        path: `${vevent.path}, UID`,
        message: `also the UID of ${series.master.path} (only an override may share it)`,
        line: vevent.line,
      });
  }
  return all;
}

/** From yesterday to 400 days after the clock, as venue-local dates and as instants. */
function windowOf(context: SourceContext): Window {
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
 * One series as an event, or undefined when it is left out: private, confidential or tentative,
 * a single event before yesterday, a series with no stop in the window. Overrides whose series is
 * not in the feed (an invitation to some instances only) are that series' stops. Unmapped (with
 * its problem) when it has no title, a title over the limit, or cannot be expanded in its steps.
 */
function mapSeries(
  series: Series,
  window: Window,
  clock: WallClock,
  budget: Budget,
): Mapped | Unmapped | undefined {
  const lead = series.master ?? series.overrides[0]!;
  if (leftOut(lead.component)) return undefined;
  const title = lead.title ?? series.overrides.find((one) => one.title)?.title;
  const summary = (message: string) => ({ problem: { path: `${lead.path}, SUMMARY`, message } });
  if (title === undefined) return summary('missing (every event needs a title)');
  if (title.length > budget.limits.maxTitleLength)
    return summary(`${title.length} characters, over the limit of ${budget.limits.maxTitleLength}`);
  const base = baseOf(lead.component, title, budget.limits.maxDescriptionLength);
  const master = series.master && seriesEvent(series.master, series.overrides);
  if (master !== undefined && !master.isRecurring()) {
    const stop = stopOf(instanceOf(master, master.startDate, lead), base, clock);
    if (stop === undefined || stop.date < window.from) return undefined;
    const event = singleEvent(base, stop);
    return {
      path: lead.path,
      first: `${stop.date} ${stop.time}`,
      source: keyed(lead, event, clock),
    };
  }
  let failed: string | undefined;
  const instances = master
    ? expand(master, lead, window, series.overrides.length > 0, budget, (m) => (failed = m))
    : ownInstances(series.overrides);
  if (failed !== undefined) return { problem: { path: `${lead.path}, RRULE`, message: failed } };
  const stops = instances
    .map((instance) => stopOf(instance, base, clock))
    .filter((stop): stop is OccurrenceInput => stop !== undefined && inWindow(stop, window))
    .sort((a, b) => compare(a.date, b.date) || compare(a.time, b.time))
    .slice(0, budget.limits.maxStops);
  const first = stops[0];
  if (first === undefined) return undefined;
  const event: Event = { ...base, occurrences: stops };
  return {
    path: lead.path,
    first: `${first.date} ${first.time}`,
    source: keyed(lead, event, clock),
  };
}

/** The series as ical.js expands it, its overrides related to it by RECURRENCE-ID. */
function seriesEvent(master: Vevent, overrides: readonly Vevent[]): IcalEvent {
  return new ICAL.Event(master.component, {
    exceptions: overrides.map((one) => one.component),
  });
}

/**
 * The instances of a series whose (original) start is up to the window's end, with overrides
 * applied; before the window only those an override may move into it. Stops once the window has
 * `maxStops` stops: later instances can only come after them, bar an override moving one
 * earlier, which a venue does not do 500 instances ahead. ical.js walks a series from its DTSTART
 * (COUNT and INTERVAL count from there), so an old and dense series costs steps: past the
 * series' or the source's steps it fails (`fail`), never hangs (a rule that never matches hangs
 * inside one step: the worker's clock ends that, docs/api.md §10.21).
 */
function expand(
  series: IcalEvent,
  lead: Vevent,
  window: Window,
  overridden: boolean,
  budget: Budget,
  fail: (message: string) => void,
): Instance[] {
  const instances: Instance[] = [];
  const { maxStops, maxExpansionSteps } = budget.limits;
  let inside = 0;
  try {
    const iterator = series.iterator();
    for (let step = 0; inside < maxStops; step++, budget.stepsLeft--) {
      if (step === maxExpansionSteps || budget.stepsLeft <= 0) {
        fail(
          step === maxExpansionSteps
            ? `more than ${maxExpansionSteps} instances before ${window.to}: too many to expand`
            : `the source's ${budget.limits.maxSourceExpansionSteps} expansion steps are spent`,
        );
        return [];
      }
      const next: Time | null = iterator.next();
      const place = next ? placeOf(next, window) : 1;
      if (!next || place > 0) break;
      if (place < 0 && !overridden) continue;
      const instance = instanceOf(series, next, lead);
      instances.push(instance);
      if (placeOf(instance.start, window) === 0 && !leftOut(instance.item)) inside++;
    }
  } catch (error) {
    fail(`cannot expand: ${messageOf(error)}`);
    return [];
  }
  return instances;
}

/** -1 before the window, 0 in it, 1 after it: a date by its date, a date-time as an instant. */
function placeOf(time: Time, window: Window): number {
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
function instanceOf(series: IcalEvent, occurrence: Time, lead: Vevent): Instance {
  const details = series.getOccurrenceDetails(occurrence);
  const item = details.item.component;
  const periodEnd = item === lead.component ? lead.periodEnds.get(keyOf(occurrence)) : undefined;
  return { start: details.startDate, end: periodEnd ?? details.endDate, item };
}

/** Overrides without their series: each is an instance as it stands. */
function ownInstances(overrides: readonly Vevent[]): Instance[] {
  return overrides.map((one) => {
    const event = new ICAL.Event(one.component);
    return { start: event.startDate, end: event.endDate, item: one.component };
  });
}

/**
 * One instance as a stop: its start on the venue's wall clock, `end_time` when it ends within
 * 24 hours, and what an override changes (cancelled, another location or ticket URL). Undefined
 * when an override makes it private, confidential or tentative.
 */
function stopOf(instance: Instance, base: Event, clock: WallClock): OccurrenceInput | undefined {
  if (leftOut(instance.item)) return undefined;
  const start = clock.wallOf(instance.start);
  const endTime = endTimeOf(instance.start, instance.end, clock);
  const location = textOf(instance.item, 'location');
  const ticketUrl = ticketUrlOf(instance.item);
  const cancelled = isCancelled(instance.item) && base.status !== 'cancelled';
  return {
    date: start.date,
    time: start.time,
    ...(endTime !== undefined && { end_time: endTime }),
    ...(cancelled && { status: 'cancelled' as const }),
    ...(location !== undefined && location !== base.location && { location }),
    ...(ticketUrl !== undefined && ticketUrl !== base.ticket_url && { ticket_url: ticketUrl }),
  };
}

/** A single-date event: the base with its one instance's date, times and an override's changes. */
function singleEvent(base: Event, stop: OccurrenceInput): Event {
  const cancelled = stop.status === 'cancelled';
  return {
    ...base,
    ...(stop.location !== undefined && { location: stop.location }),
    ...(stop.ticket_url !== undefined && { ticket_url: stop.ticket_url }),
    ...(cancelled && { status: 'cancelled', cancelled_visibility: 'listed' }),
    date: stop.date,
    time: stop.time,
    ...(stop.end_time !== undefined && { end_time: stop.end_time }),
  };
}

function inWindow(stop: OccurrenceInput, window: Window): boolean {
  return stop.date >= window.from && stop.date <= window.to;
}

/**
 * The source event, keyed by UID, else by title and the venue-local date of its DTSTART (a
 * series' first instance, not its first in the window, so the key holds as the days pass).
 */
function keyed(lead: Vevent, event: Event, clock: WallClock): SourceEvent {
  if (lead.uid !== undefined) return { key: lead.uid, event };
  const start = lead.component.getFirstPropertyValue('dtstart');
  const date = start instanceof ICAL.Time ? clock.wallOf(start).date : event.date;
  return { key: `${event.title}|${date}`, event };
}

/**
 * The events whose keys are their own: of two events without UID of one title and first date,
 * the second is skipped (it would take the first one's identity).
 */
function uniqueKeys(mapped: readonly Mapped[], skipped: ProblemList): Mapped[] {
  const seen = new Map<string, string>();
  return mapped.filter((one) => {
    const earlier = seen.get(one.source.key);
    if (earlier === undefined) return seen.set(one.source.key, one.path);
    skipped.add({
      path: `${one.path}, UID`,
      message: `missing, and its key "${one.source.key}" is also ${earlier}'s: give each a UID`,
    });
    return false;
  });
}

/**
 * What the event says beyond its dates: title, category (the first of CATEGORIES), description,
 * location, status, image and ticket URL, each only when the feed gives it.
 */
function baseOf(component: Component, title: string, maxDescription: number): Event {
  const category = component.getFirstProperty('categories')?.getValues()[0] as unknown;
  const description = descriptionOf(component, maxDescription);
  const location = textOf(component, 'location');
  const image = imageOf(component);
  const ticketUrl = ticketUrlOf(component);
  const cancelled = isCancelled(component);
  return {
    title,
    ...(typeof category === 'string' && category.trim() !== '' && { category: category.trim() }),
    ...(description !== undefined && { description }),
    ...(location !== undefined && { location }),
    status: cancelled ? 'cancelled' : 'published',
    ...(cancelled && { cancelled_visibility: 'listed' as const }),
    ...(image !== undefined && { show_images: true, small_image_path: image }),
    ...(ticketUrl !== undefined && { ticket_url: ticketUrl }),
  };
}

/**
 * X-ALT-DESC;FMTTYPE=text/html as it is (the import sanitises it), else DESCRIPTION as plain
 * text: escaped, blank-line-separated paragraphs as `<p>`, other line breaks as `<br>`. HTML over
 * `maxLength` characters gives way to the plain text (cutting markup would garble it), which is
 * cut at `maxLength` with "…".
 */
function descriptionOf(component: Component, maxLength: number): string | undefined {
  const html = component
    .getAllProperties('x-alt-desc')
    .find((property) => /^text\/html\b/i.test(property.getFirstParameter('fmttype') ?? ''));
  const htmlValue = html && unescapeText(rawValue(html)).trim();
  if (htmlValue && htmlValue.length <= maxLength) return htmlValue;
  const text = textOf(component, 'description');
  return text === undefined ? undefined : plainTextHtml(text, maxLength);
}

/** RFC 7986 IMAGE, else an ATTACH of an image/* type: an absolute http(s) URI, not inline data. */
function imageOf(component: Component): string | undefined {
  const images = component.getAllProperties('image');
  const attachments = component
    .getAllProperties('attach')
    .filter((property) => /^image\//i.test(property.getFirstParameter('fmttype') ?? ''));
  for (const property of [...images, ...attachments]) {
    if (property.type === 'binary') continue;
    const url = absoluteUrl(rawValue(property), /^https?:$/);
    if (url !== undefined) return url;
  }
  return undefined;
}

/** URL when it is an absolute https URL (the venue file takes no other ticket link). */
function ticketUrlOf(component: Component): string | undefined {
  const property = component.getFirstProperty('url');
  return property ? absoluteUrl(rawValue(property), /^https:$/) : undefined;
}

/** The value as written if it is an absolute URL of a wanted scheme, one word, ≤ 2048 chars. */
function absoluteUrl(value: string, scheme: RegExp): string | undefined {
  const url = value.trim();
  if (url.length > 2048 || /\s/.test(url) || !/^https?:\/\//.test(url)) return undefined;
  try {
    return scheme.test(new URL(url).protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** CLASS:PRIVATE or CONFIDENTIAL, STATUS:TENTATIVE: not for a public listing. */
function leftOut(component: Component): boolean {
  const kind = textOf(component, 'class')?.toUpperCase();
  return (
    kind === 'PRIVATE' ||
    kind === 'CONFIDENTIAL' ||
    textOf(component, 'status')?.toUpperCase() === 'TENTATIVE'
  );
}

function isCancelled(component: Component): boolean {
  return textOf(component, 'status')?.toUpperCase() === 'CANCELLED';
}

/**
 * The end's wall time when it comes within 24 hours after the start and reads right as an
 * `end_time` (later the same day, or not after the start the next day: across a DST change a
 * 24-hour event would read as a short one, so it has none). None for an all-day event.
 */
function endTimeOf(start: Time, end: Time, clock: WallClock): string | undefined {
  if (start.isDate || end.isDate) return undefined;
  const length = (end.toUnixTime() - start.toUnixTime()) * 1000;
  if (length <= 0 || length > DAY_MS) return undefined;
  const from = clock.wallOf(start);
  const to = clock.wallOf(end);
  const sameDay = to.date === from.date && to.time > from.time;
  const nextDay = to.time <= from.time && to.date === dayAfter(from.date);
  return sameDay || nextDay ? to.time : undefined;
}

/** The date after `YYYY-MM-DD`, as `YYYY-MM-DD`. */
function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of a DATE value. */
function dateOf(time: Time): string {
  return DateTime.utc(time.year, time.month, time.day).toISODate()!;
}

/** A TEXT property's first value, trimmed; undefined when absent or empty. */
function textOf(component: Component, name: string): string | undefined {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A property's value as ical.js read it: a string for unknown and URI types. */
function rawValue(property: Property): string {
  const value: unknown = property.jCal[3];
  return typeof value === 'string' ? value : String(value);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
