/**
 * The iCalendar feed source (docs/sources.md "iCalendar"; the choices made here are recorded in
 * docs/decisions.md "Sources"): an RFC 5545 / RFC 7986 feed as Google Calendar, Outlook/Exchange,
 * Apple Calendar, Thunderbird, The Events Calendar (WordPress) or Meetup publish it, mapped to the
 * events of the venue file, read as calendar apps read it. Pure: text, the venue's zone and the
 * clock in; events, and every event it could not read (`VEVENT 3 (UID abc), DTSTART`), out.
 *
 * Reading the text, recurrence rules and a feed's own VTIMEZONE rules are ical.js's (with what it
 * leaves out done in `ics-recurrence.ts`); zones and the venue's wall clock are `ics-time.ts`'s.
 * Nothing here parses iCalendar itself.
 */
import ICAL from 'ical.js';
import { DateTime, FixedOffsetZone } from 'luxon';
import { allDayInput } from '../../shared/rules/all-day-span.js';
import { endDay } from '../../shared/rules/next-day.js';
import { DAY_MS } from '../../shared/rules/days.js';
import type { GeoPoint } from '../../shared/rules/structured-data.js';
import type { OccurrenceInput } from '../../shared/venue-file.js';
import {
  expand,
  instanceOf,
  isExcluded,
  ownInstance,
  recurrenceIdOf,
  settleRecurrenceIds,
  takeExdates,
  windowOf,
  type Budget,
  type Excluded,
  type Expandable,
  type Instance,
  type Window,
} from './ics-recurrence.js';
import {
  dateOf,
  keyOf,
  WallClock,
  writtenDate,
  Zones,
  type Component,
  type IcalEvent,
  type Property,
  type Time,
  type Timezone,
} from './ics-time.js';
import { cutFeed, unescapeText, type VeventText } from './ics-feed.js';
import { icsTranslations, ownText } from './ics-translations.js';
import {
  firstEvents,
  limitsOf,
  plainTextHtml,
  ProblemList,
  SourceFormatError,
  type ReadOptions,
  type SourceContext,
  type SourceEvent,
  type SourceProblem,
  type SourceRead,
} from './source-event.js';

type Event = SourceEvent['event'];
/** Reports a problem of one VEVENT, at one of its properties (or the VEVENT as a whole). */
type Report = (property: string | undefined, message: string) => void;

/** The properties holding date-times a TZID applies to (RRULE's UNTIL is settled apart). */
const TIME_PROPERTIES = ['dtstart', 'dtend', 'recurrence-id', 'exdate', 'rdate'] as const;
/** The title of an event without SUMMARY, as calendar apps show one (docs/sources.md). */
export const UNTITLED = 'Untitled event';
/** How ical.js writes a DATE it read as a DATE-TIME (`DTSTART:20190101` without `VALUE=DATE`). */
const BARE_DATE = /^(\d{4}-\d{2}-\d{2})T::$/;

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
  /** Its EXDATEs, taken out of `component` (`takeExdates`). */
  excluded: Excluded;
  component: Component;
  uid: string | undefined;
  /** SUMMARY, trimmed; undefined when it has none (an override then has its series' title). */
  title: string | undefined;
  /** An override: it has a RECURRENCE-ID. */
  override: boolean;
}

/** A UID's VEVENTs (read, or their text): the series (or single event) and its overrides. */
interface Series<V extends { path: string } = Vevent> {
  master: V | undefined;
  overrides: V[];
  /** Another VEVENT without RECURRENCE-ID of the same UID came first: this one is keyed apart. */
  duplicateOf?: { path: string };
}

/** An event skipped while mapped: why. */
interface Unmapped {
  problem: SourceProblem;
}

/** A mapped event, with what ordering and the key check need. */
interface Mapped {
  path: string;
  first: string;
  /** Keyed by its UID (else by its title and date). */
  hasUid: boolean;
  source: SourceEvent;
  /** What was made up to list it ("Untitled event", a key of its own), named if it is listed. */
  warnings: SourceProblem[];
}

/** What mapping a series needs: the window, the clock, the budget. */
interface Mapping {
  /** The venue's language (BCP 47): which of a property's languages is its own. */
  language: string;
  window: Window;
  clock: WallClock;
  budget: Budget;
}

/**
 * Maps an iCalendar feed to a venue's events (docs/sources.md "iCalendar", docs/api.md §10.21).
 *
 * Each VEVENT (with its RECURRENCE-ID overrides, by UID) is one event keyed by its UID, else
 * `"{title}|{first date}"` (the venue-local date of its DTSTART). A recurring one has `occurrences`:
 * its instances (RRULE, and RDATE as dates, date-times or periods, less EXDATE) starting from
 * yesterday to 400 days after `context.now` (venue-local dates), at most the first `maxStops`, each
 * `{date, time}` on the venue's wall clock (`HH:MM`), with `end_time` when it ends within 24
 * hours, and `status: 'cancelled'`, `location` or `ticket_url` where an override says so. An
 * override with its own SUMMARY or DESCRIPTION is an event of its own, keyed
 * `"{UID}|{RECURRENCE-ID}"` (`2027-03-18T19:30:00Z`, or `2027-03-18` for an all-day series). A
 * second VEVENT of one UID without RECURRENCE-ID is its own event too, keyed
 * `"{UID}|{YYYY-MM-DD HH:MM}"` (its start on the venue's clock). Any other is single-date (`date`,
 * `time`, `end_time`), kept from yesterday on. Private, confidential and tentative events are left
 * out. Events come out by first date and time, then key, at most `maxEvents`.
 *
 * An event that cannot be read (no DTSTART, a date it cannot read, a TZID that is neither IANA,
 * Windows nor a VTIMEZONE of the feed, a title over `maxTitleLength`, a series past its expansion
 * steps, a key another event has) is skipped and named in `skipped`, with the line of its
 * `BEGIN:VEVENT`, and counted in `skippedCount`; the feed's other events are read. An event listed
 * with a warning (no SUMMARY: "Untitled event"; a second VEVENT of a UID) is named in `skipped`
 * after the skipped ones (those of the events listed, by date), its message saying it was listed,
 * and not counted.
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
  // Each series parsed when it is mapped, and let go after (ics-feed.ts says why).
  const feed = cutFeed(text);
  const calendars = readCalendars(feed.shell);
  const mapping: Mapping = {
    window: windowOf(context),
    clock: new WallClock(context.zone),
    budget: { limits, stepsLeft: limits.maxSourceExpansionSteps },
    language: context.language ?? 'en',
  };
  const mapped: Mapped[] = [];
  for (const found of seriesOf(feed.vevents)) {
    const series = readSeries(found, text, calendars, zones, mapping.language);
    const lead = series.master ?? series.overrides[0]!;
    const cause = options.skip?.get(lead.index);
    if (cause !== undefined) lead.problems.push({ path: lead.path, message: cause });
    const problem = [series.master, ...series.overrides].flatMap((one) => one?.problems ?? [])[0];
    if (problem !== undefined) {
      skipped.add({ ...problem, line: lead.line });
      continue;
    }
    options.onEvent?.(lead.index, lead.path, lead.line);
    for (const one of mapSeries(series, mapping)) {
      if ('problem' in one) skipped.add(one.problem);
      else mapped.push(one);
    }
  }
  const sorted = uniqueKeys(mapped, skipped).sort(
    (a, b) => compare(a.first, b.first) || compare(a.source.key, b.source.key),
  );
  const listed = firstEvents(
    sorted.map((one) => one.source),
    limits,
    skipped,
    'VCALENDAR',
  );
  // The warnings of the events listed, after the skipped events, within the same bound; they are
  // not in `skippedCount` (SourceRead has no channel of its own for them).
  const warnings = sorted.slice(0, listed.length).flatMap((one) => one.warnings);
  return {
    events: listed,
    skipped: [...skipped.kept, ...warnings].slice(0, limits.maxProblems),
    skippedCount: skipped.count,
  };
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

/** A series found in the text, each of its VEVENTs parsed (in its VCALENDAR) and read. */
function readSeries(
  found: Series<VeventText>,
  text: string,
  calendars: readonly Component[],
  zones: Zones,
  language: string,
): Series {
  const read = (one: VeventText): Vevent => {
    try {
      const jcal = ICAL.parse(text.slice(one.start, one.end)) as unknown[];
      return readVevent(new ICAL.Component(jcal, calendars[one.calendar]), one, zones, language);
    } catch (error) {
      // Its text is not one VEVENT ical.js reads: this event is skipped, the feed's others read.
      const vevent = readVevent(new ICAL.Component('vevent'), one, zones, language);
      vevent.problems.unshift({
        path: one.path,
        message: `not iCalendar text: ${messageOf(error)}`,
      });
      return vevent;
    }
  };
  const master = found.master && read(found.master);
  const overrides = found.overrides.map(read);
  return found.duplicateOf
    ? { master, overrides, duplicateOf: found.duplicateOf }
    : { master, overrides };
}

/**
 * Reads one VEVENT: checks what the mapping needs, puts each date-time in its zone, and takes its
 * EXDATEs out (they are applied to every instance, `ics-recurrence.ts`).
 */
function readVevent(
  component: Component,
  found: VeventText,
  zones: Zones,
  language: string,
): Vevent {
  const { uid, path, index, line } = found;
  const problems: SourceProblem[] = [];
  const report: Report = (property, message) =>
    problems.push({ path: property === undefined ? path : `${path}, ${property}`, message });
  const override = found.override;
  // The venue's own SUMMARY: untagged, else in its language (ics-translations.ts).
  const title = ownText(component, 'summary', language);
  const periodEnds = new Map<string, Time>();
  let excluded: Excluded = { instants: new Set(), dates: new Set() };
  if (override && uid === undefined) report('UID', 'missing on an override (RECURRENCE-ID)');
  readBareDates(component);
  if (!component.hasProperty('dtstart')) report('DTSTART', 'missing (every event needs a start)');
  else if (settleZones(component, zones, report)) {
    checkTimes(component, report);
    startPeriods(component, periodEnds);
    startWithDtstart(component);
    excluded = takeExdates(component);
  }
  return { path, index, line, problems, periodEnds, excluded, component, uid, title, override };
}

/**
 * A DATE written without `VALUE=DATE` (`DTSTART:20190101`, as holiday calendars and some
 * exporters write it) read as the date it is, as calendar apps read it: ical.js takes the
 * property's default type, DATE-TIME, and reads it as `2019-01-01T::`, which it cannot use.
 */
function readBareDates(component: Component): void {
  for (const name of TIME_PROPERTIES) {
    for (const property of component.getAllProperties(name)) {
      if (property.type !== 'date-time') continue;
      const dates = property.jCal
        .slice(3)
        .map((value: unknown) =>
          typeof value === 'string' ? BARE_DATE.exec(value)?.[1] : undefined,
        );
      if (dates.length === 0 || dates.some((date) => date === undefined)) continue;
      const times = dates.map((date) => ICAL.Time.fromDateString(date!));
      property.resetType('date');
      if (times.length === 1) property.setValue(times[0]!);
      else property.setValues(times);
    }
  }
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

/**
 * A floating UNTIL counts in the zone of the series' start (RFC 5545 §3.3.10). An all-day series'
 * date-time UNTIL is the date it names as written, in whatever zone: the series never moves
 * across midnight.
 */
function settleUntil(component: Component, report: Report): void {
  const start: unknown = component.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) return;
  for (const property of component.getAllProperties('rrule')) {
    try {
      const rule: unknown = property.getFirstValue();
      const until = rule instanceof ICAL.Recur ? rule.until : null;
      if (!(rule instanceof ICAL.Recur) || !until || until.isDate) continue;
      if (start.isDate) rule.until = writtenDate(until);
      else if (until.zone !== ICAL.Timezone.utcTimezone) until.zone = start.zone;
    } catch (error) {
      report('RRULE', `cannot read "${rawValue(property)}": ${messageOf(error)}`);
    }
  }
}

/** A DATE or DATE-TIME value luxon reads as a real date and time (a 13th month is not). */
function realDate(value: string): boolean {
  return DateTime.fromISO(value, { zone: FixedOffsetZone.utcInstance }).isValid;
}

/**
 * A value (as ical.js writes it: `2027-02-28T19:00:00`) that is real in every month of every
 * year (day 1–28, hour 0–23…): most values of most feeds, which then skip luxon's reading (0.1 s
 * in 5,000 events). False says nothing: `realDate` decides those.
 */
function plainlyReal(value: string): boolean {
  const m = /^\d{4}-(\d\d)-(\d\d)(?:T(\d\d):(\d\d):(\d\d)Z?)?$/.exec(value);
  if (!m) return false;
  const [month, day, hour, minute, second] = m.slice(1).map((d) => Number(d ?? 0));
  return [month! - 1, day! - 1, hour, minute, second].every(
    (n, i) => n! >= 0 && n! < [12, 28, 24, 60, 60][i]!,
  );
}

/**
 * DTSTART and DTEND must be real calendar dates (ical.js would roll a 13th month into the next
 * year), and the end must be readable (DTEND, DURATION).
 */
function checkTimes(component: Component, report: Report): void {
  for (const name of ['dtstart', 'dtend'] as const) {
    const property = component.getFirstProperty(name);
    const value = property ? rawValue(property) : undefined;
    if (value !== undefined && !plainlyReal(value) && !realDate(value))
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
 * Groups the VEVENTs by UID: each series with its overrides; a VEVENT without UID is its own. A
 * second VEVENT without RECURRENCE-ID of a UID is a series of its own (`duplicateOf` the first),
 * keyed apart: calendar apps show both, and the overrides go with the first.
 */
function seriesOf(vevents: readonly VeventText[]): Series<VeventText>[] {
  const byUid = new Map<string, Series<VeventText>>();
  const all: Series<VeventText>[] = [];
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
    else all.push({ master: vevent, overrides: [], duplicateOf: series.master });
  }
  return all;
}

/**
 * One UID's events: its series (or single event) and each override that is an event of its own
 * (`isDetached`). None when the series is private, confidential or tentative. Unmapped (with its
 * problem) when a title is over the limit, or the series cannot be expanded in its steps.
 */
function mapSeries(series: Series, mapping: Mapping): (Mapped | Unmapped)[] {
  const master = series.master;
  const lead = master ?? series.overrides[0]!;
  if (leftOut(lead.component)) return [];
  if (master === undefined) return optional(orphans(series.overrides, mapping));
  const { maxTitleLength, maxDescriptionLength } = mapping.budget.limits;
  const title = master.title ?? UNTITLED;
  if (title.length > maxTitleLength) return [tooLong(lead, title, maxTitleLength)];
  const base = baseOf(master.component, title, maxDescriptionLength, mapping.language);
  const overrides = series.overrides.map((one) => one.component);
  settleRecurrenceIds(master.component, overrides);
  const detached = series.overrides.filter((one) => isDetached(one, master));
  const own = new Set(detached.map((one) => one.component));
  const stays = overrides.filter((one) => !own.has(one));
  const expandable: Expandable = {
    event: seriesEvent(master.component, stays),
    master: master.component,
    periodEnds: master.periodEnds,
    excluded: master.excluded,
    overrides: stays,
    detached: new Set(
      detached.flatMap((one) => {
        const id = recurrenceIdOf(one.component);
        return id === undefined ? [] : [keyOf(id)];
      }),
    ),
  };
  return [
    ...optional(seriesOutcome(series, master, expandable, base, mapping)),
    ...detached.flatMap((one) =>
      optional(detachedOutcome(one, master, base, expandable.excluded, mapping)),
    ),
  ];
}

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

function tooLong(vevent: Vevent, title: string, max: number): Unmapped {
  return {
    problem: {
      path: `${vevent.path}, SUMMARY`,
      message: `${title.length} characters, over the limit of ${max}`,
      line: vevent.line,
    },
  };
}

/**
 * Whether an override is an event of its own, not a stop of its series: its SUMMARY or
 * DESCRIPTION (given, and not the series') says it is another night (docs/decisions.md
 * "Sources": every client then shows its own title and text with no new field). One that leaves
 * them out, or changes only the time, end, location, link or status, stays a stop. A description
 * is compared as written, DESCRIPTION with DESCRIPTION, else X-ALT-DESC with X-ALT-DESC: an
 * override that repeats its series' text in one form only is not another night.
 */
function isDetached(override: Vevent, master: Vevent): boolean {
  if (override.title !== undefined && override.title !== master.title) return true;
  const text = textOf(override.component, 'description');
  if (text !== undefined) return text !== textOf(master.component, 'description');
  const html = htmlDescriptionOf(override.component);
  return html !== undefined && html !== htmlDescriptionOf(master.component);
}

/** The series, or its single event; undefined when nothing of it is in the window. */
function seriesOutcome(
  series: Series,
  master: Vevent,
  expandable: Expandable,
  base: Event,
  mapping: Mapping,
): Mapped | Unmapped | undefined {
  const { window, clock, budget } = mapping;
  const untitled = master.title === undefined;
  const event = expandable.event;
  if (!event.isRecurring()) {
    if (expandable.detached.has(keyOf(event.startDate))) return undefined;
    const stop = stopOf(instanceOf(expandable, event.startDate), base, clock);
    if (stop === undefined || stop.date < window.from) return undefined;
    return mappedOf(series, master, singleEvent(base, stop), untitled, mapping);
  }
  let failed: string | undefined;
  const listed = (item: Component) => !leftOut(item);
  const instances = expand(expandable, window, budget, listed, (m) => (failed = m));
  if (failed !== undefined)
    return { problem: { path: `${master.path}, RRULE`, message: failed, line: master.line } };
  const withStops = multiDateEvent(instances, base, mapping);
  return withStops && mappedOf(series, master, withStops, untitled, mapping);
}

/**
 * Overrides whose series is not in the feed (an invitation to some instances only): one event,
 * each override a stop as it stands; its title the first one's that has one.
 */
function orphans(overrides: readonly Vevent[], mapping: Mapping): Mapped | Unmapped | undefined {
  const lead = overrides[0]!;
  const { maxTitleLength, maxDescriptionLength } = mapping.budget.limits;
  const given = overrides.find((one) => one.title !== undefined)?.title;
  const title = given ?? UNTITLED;
  if (title.length > maxTitleLength) return tooLong(lead, title, maxTitleLength);
  const base = baseOf(lead.component, title, maxDescriptionLength, mapping.language);
  const instances = overrides.map((one) => ownInstance(one.component));
  const event = multiDateEvent(instances, base, mapping);
  return event && mappedOf({ master: undefined, overrides: [] }, lead, event, !given, mapping);
}

/** The multi-date event of `instances`: their stops in the window; undefined when none is. */
function multiDateEvent(
  instances: readonly Instance[],
  base: Event,
  { window, clock, budget }: Mapping,
): Event | undefined {
  const stops = instances
    .map((instance) => stopOf(instance, base, clock))
    .filter((stop): stop is OccurrenceInput => stop !== undefined && inWindow(stop, window))
    .sort((a, b) => compare(a.date, b.date) || compare(a.time, b.time))
    .slice(0, budget.limits.maxStops);
  return stops.length === 0 ? undefined : { ...base, occurrences: stops };
}

/**
 * An override that is an event of its own: single-date, at its own start and end, with its own
 * title, description, location, link and status where it gives them (else its series'), keyed
 * `"{UID}|{RECURRENCE-ID}"`. Undefined when private, excluded, or before yesterday.
 */
function detachedOutcome(
  override: Vevent,
  master: Vevent,
  masterBase: Event,
  excluded: Excluded,
  mapping: Mapping,
): Mapped | Unmapped | undefined {
  const id = recurrenceIdOf(override.component);
  if (id === undefined || leftOut(override.component) || isExcluded(id, excluded)) return undefined;
  const { maxTitleLength, maxDescriptionLength } = mapping.budget.limits;
  const title = override.title ?? masterBase.title;
  if (title.length > maxTitleLength) return tooLong(override, title, maxTitleLength);
  const own = baseOf(override.component, title, maxDescriptionLength, mapping.language);
  const cancelled = own.status === 'cancelled' || masterBase.status === 'cancelled';
  const base: Event = {
    ...masterBase,
    ...own,
    status: cancelled ? 'cancelled' : 'published',
    ...(cancelled && { cancelled_visibility: 'listed' as const }),
  };
  const stop = stopOf(ownInstance(override.component), base, mapping.clock);
  if (stop === undefined || stop.date < mapping.window.from) return undefined;
  const event = singleEvent(base, stop);
  const key = `${override.uid!}|${instantOf(id)}`;
  const untitled = override.title === undefined && master.title === undefined;
  return {
    path: override.path,
    first: `${event.date} ${event.time}`,
    hasUid: true,
    source: { key, event },
    warnings: untitled ? [untitledWarning(override)] : [],
  };
}

/** A RECURRENCE-ID as a key's part: `2027-03-18T19:30:00Z` (UTC), or `2027-03-18` for a date. */
function instantOf(id: Time): string {
  if (id.isDate) return dateOf(id);
  return new Date(id.toUnixTime() * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * The event as mapped, with its key: the UID; of a second VEVENT of a UID, the UID and its start
 * on the venue's clock (`"{UID}|2027-03-12 19:00"`, a warning); without UID, the title and the
 * venue-local date of its DTSTART (a series' first instance, not its first in the window, so the
 * key holds as the days pass). An event without SUMMARY is listed with a warning.
 */
function mappedOf(
  series: Series,
  lead: Vevent,
  event: Event,
  untitled: boolean,
  { clock }: Mapping,
): Mapped {
  const first = event.occurrences?.[0] ?? { date: event.date!, time: event.time! };
  const start: unknown = lead.component.getFirstPropertyValue('dtstart');
  const wall = start instanceof ICAL.Time ? clock.wallOf(start) : first;
  let key = lead.uid ?? `${event.title}|${wall.date}`;
  const warnings: SourceProblem[] = [];
  if (series.duplicateOf !== undefined) {
    key = `${lead.uid!}|${wall.date} ${wall.time}`;
    warnings.push({
      path: `${lead.path}, UID`,
      message: `also the UID of ${series.duplicateOf.path}: listed as an event of its own, keyed "${key}" (not skipped)`,
      line: lead.line,
    });
  }
  if (untitled) warnings.push(untitledWarning(lead));
  return {
    path: lead.path,
    first: `${first.date} ${first.time}`,
    hasUid: lead.uid !== undefined,
    source: { key, event },
    warnings,
  };
}

function untitledWarning(vevent: Vevent): SourceProblem {
  return {
    path: `${vevent.path}, SUMMARY`,
    message: `missing: listed as "${UNTITLED}" (not skipped)`,
    line: vevent.line,
  };
}

/** The series as ical.js expands it, the overrides that stay its stops related by RECURRENCE-ID. */
function seriesEvent(master: Component, overrides: readonly Component[]): IcalEvent {
  return new ICAL.Event(master, { exceptions: [...overrides] });
}

/**
 * One instance as a stop: its start on the venue's wall clock, `end_time` when it ends within
 * 24 hours, and what an override changes (cancelled, another location, with its `GEO`, or ticket
 * URL). Undefined
 * when an override makes it private, confidential or tentative.
 */
function stopOf(instance: Instance, base: Event, clock: WallClock): OccurrenceInput | undefined {
  if (leftOut(instance.item)) return undefined;
  const start = clock.wallOf(instance.start);
  const endTime = endTimeOf(instance.start, instance.end, clock);
  const location = textOf(instance.item, 'location');
  const ownPlace = location !== undefined && location !== base.location;
  // Its point on the map (docs/api.md §10.25) only with a place of its own: an override copies its
  // series' GEO, the venue's, along with the rest.
  const geo = ownPlace ? geoOf(instance.item) : undefined;
  const ticketUrl = ticketUrlOf(instance.item);
  const cancelled = isCancelled(instance.item) && base.status !== 'cancelled';
  // An all-day instance (a DATE start) says so, with its span when its DATE end is days later.
  const allDay = instance.start.isDate
    ? allDayInput(start.date, instance.end.isDate ? dateOf(instance.end) : undefined)
    : undefined;
  return {
    date: start.date,
    time: start.time,
    ...allDay,
    ...(endTime !== undefined && { end_time: endTime }),
    ...(cancelled && { status: 'cancelled' as const }),
    ...(ownPlace && { location }),
    ...(ticketUrl !== undefined && ticketUrl !== base.ticket_url && { ticket_url: ticketUrl }),
    ...(geo !== undefined && { geo }),
  };
}

/**
 * `GEO:53.4808;-2.2426` (RFC 5545 §3.8.1.6: latitude and longitude, WGS 84 degrees) as a point;
 * undefined when absent or out of range.
 */
function geoOf(component: Component): GeoPoint | undefined {
  const value: unknown = component.getFirstPropertyValue('geo');
  if (!Array.isArray(value)) return undefined;
  const [lat, lon] = value.map(Number);
  return Math.abs(lat!) <= 90 && Math.abs(lon!) <= 180 ? { lat: lat!, lon: lon! } : undefined;
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
    ...(stop.all_day && { all_day: true }),
    ...(stop.end_date !== undefined && { end_date: stop.end_date }),
    ...(stop.end_time !== undefined && { end_time: stop.end_time }),
  };
}

function inWindow(stop: OccurrenceInput, window: Window): boolean {
  return stop.date >= window.from && stop.date <= window.to;
}

/**
 * The events whose keys are their own: of two events of one key (two without UID of one title and
 * first date, two VEVENTs of one UID and start), the second is skipped (it would take the first
 * one's identity).
 */
function uniqueKeys(mapped: readonly Mapped[], skipped: ProblemList): Mapped[] {
  const seen = new Map<string, string>();
  const unique: Mapped[] = [];
  for (const one of mapped) {
    const earlier = seen.get(one.source.key);
    if (earlier === undefined) {
      seen.set(one.source.key, one.path);
      unique.push(one);
      continue;
    }
    skipped.add({
      path: `${one.path}, UID`,
      message: one.hasUid
        ? `its key "${one.source.key}" is also ${earlier}'s (the same UID and start)`
        : `missing, and its key "${one.source.key}" is also ${earlier}'s: give each a UID`,
    });
  }
  return unique;
}

/**
 * What the event says beyond its dates: title, category (the first of CATEGORIES), description,
 * location, status, image and ticket URL, each only when the feed gives it.
 */
function baseOf(
  component: Component,
  title: string,
  maxDescription: number,
  language: string,
): Event {
  const category = component.getFirstProperty('categories')?.getValues()[0] as unknown;
  const description = descriptionOf(component, maxDescription, language);
  const location = ownText(component, 'location', language);
  const translations = icsTranslations(component, language, maxDescription);
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
    ...(translations !== undefined && { translations }),
  };
}

/**
 * X-ALT-DESC;FMTTYPE=text/html as it is (the import sanitises it), else DESCRIPTION as plain
 * text: escaped, blank-line-separated paragraphs as `<p>`, other line breaks as `<br>`. HTML over
 * `maxLength` characters gives way to the plain text (cutting markup would garble it), which is
 * cut at `maxLength` with "…".
 */
function descriptionOf(
  component: Component,
  maxLength: number,
  language: string,
): string | undefined {
  const htmlValue = htmlDescriptionOf(component);
  if (htmlValue && htmlValue.length <= maxLength) return htmlValue;
  const text = ownText(component, 'description', language);
  return text === undefined ? undefined : plainTextHtml(text, maxLength);
}

/** X-ALT-DESC;FMTTYPE=text/html, unescaped and trimmed; undefined when none or empty. */
function htmlDescriptionOf(component: Component): string | undefined {
  const html = component
    .getAllProperties('x-alt-desc')
    .find((property) => /^text\/html\b/i.test(property.getFirstParameter('fmttype') ?? ''));
  return (html && unescapeText(rawValue(html)).trim()) || undefined;
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
  // Later the same day, or not after the start the next day: the day `endDay` reads it on.
  return to.date === endDay(from.date, from.time, to.time) ? to.time : undefined;
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
