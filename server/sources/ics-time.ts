/**
 * Time for the iCalendar feed source (docs/sources.md "iCalendar", "Time zones"): the zones a
 * feed's TZIDs name, the venue's wall clock, and the keys instances are matched by. ical.js reads
 * the text and expands recurrence; the tz database and the venue's wall clock are luxon's; Windows
 * zone names (Outlook, Exchange) are CLDR's through windows-iana.
 */
import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';
import { findIana } from 'windows-iana';
import { DAY_MS } from '../../shared/rules/days.js';

export type Component = InstanceType<typeof ICAL.Component>;
export type Property = InstanceType<typeof ICAL.Property>;
export type Time = InstanceType<typeof ICAL.Time>;
export type Timezone = InstanceType<typeof ICAL.Timezone>;
export type IcalEvent = InstanceType<typeof ICAL.Event>;

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
export class WallClock {
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
export class Zones {
  private readonly byName = new Map<string, IanaTimezone>();
  private readonly resolved = new Map<string, Timezone | undefined>();

  constructor(readonly venue: string) {}

  /** The venue's zone: where floating times are read. */
  get floating(): Timezone {
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

/** `YYYY-MM-DD` of a DATE value. */
export function dateOf(time: Time): string {
  return DateTime.utc(time.year, time.month, time.day).toISODate()!;
}

/**
 * The date a value names as written, whatever its zone: a DATE's own; a DATE-TIME's year, month
 * and day on its own clock (`20270416T000000` in any TZID, or UTC, is 16 April). How an all-day
 * series reads a date-time UNTIL, EXDATE or RECURRENCE-ID (docs/sources.md "Recurrence").
 */
export function writtenDate(time: Time): Time {
  return ICAL.Time.fromData({ year: time.year, month: time.month, day: time.day, isDate: true });
}

/**
 * An instance's key: a date's `YYYY-MM-DD`, a date-time's Unix seconds. Instances, RDATE periods,
 * EXDATEs and RECURRENCE-IDs are matched by it.
 */
export function keyOf(time: Time): string {
  return time.isDate ? time.toString() : String(time.toUnixTime());
}
