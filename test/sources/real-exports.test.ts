/**
 * Real iCalendar exports with RDATE (issue 47, item 4): files written by Lotus Notes and Data::ICal
 * and kept as test data by public calendar projects (test/fixtures/sources/real/README.md: origin,
 * commit, licence). Every expected stop was worked out by hand from the file's text — each RDATE
 * value put on the venue's wall clock with the feed's VTIMEZONE or UTC — not from the code.
 *
 * RFC 5545 §3.8.5.2: an RDATE of VALUE=PERIOD gives an instance's start and its own end; §3.8.5.3:
 * DTSTART is the first instance, and an instance that both DTSTART (or RRULE) and an RDATE give is
 * one instance.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventsFromIcs } from '../../server/sources/ics.js';
import type { SourceContext, SourceEvent } from '../../server/sources/source-event.js';

const feed = (name: string): string =>
  readFileSync(new URL(`../fixtures/sources/real/${name}.ics`, import.meta.url), 'utf8');

/** The venue's clock: London, at noon UTC on `day` (the window starts the day before). */
const london = (day: string): SourceContext => ({
  zone: 'Europe/London',
  now: new Date(`${day}T12:00:00Z`),
});

/** A series' stops as a listing shows them: `date time–end`. */
function stops(event: SourceEvent['event']): string[] {
  expect(event.date).toBeUndefined();
  expect(event.time).toBeUndefined();
  return (event.occurrences ?? []).map(
    (stop) =>
      `${stop.date} ${stop.time}` +
      (stop.end_time ? `–${stop.end_time}` : '') +
      (stop.status === 'cancelled' ? ' cancelled' : ''),
  );
}

/** The feed's one event, read whole: nothing skipped. */
function onlyEvent(name: string, context: SourceContext): SourceEvent {
  const { events, skipped } = eventsFromIcs(feed(name), context);
  expect(skipped).toEqual([]);
  expect(events).toHaveLength(1);
  return events[0]!;
}

describe('Lotus Notes 6.0: RDATE;TZID=Eastern;VALUE=PERIOD (ical4j calconnect samples)', () => {
  // The feed's VTIMEZONE "Eastern": EDT (-04:00) from the first Sunday of April, 3 April 2005, to
  // the last Sunday of October. London is on BST (+01:00) from 27 March 2005. So in April 2005 an
  // Eastern wall time is +4 h in UTC and +5 h in London.

  it('lists the five periods of a moved meeting, each at its own start and end', () => {
    // 24 April, noon: the window runs from 23 April.
    const { key, event } = onlyEvent('lotus-notes-rdate-period-moved', london('2005-04-24'));
    expect(key).toBe('6BA1ECA4D58B306C85256FDB0071B664-Lotus_Notes_Generated');
    expect(event.title).toBe('More complicated stream (5 day recurring)');
    expect(event.status).toBe('published');
    expect(stops(event)).toEqual([
      // DTSTART 20050425T090000 Eastern (= the first PERIOD, one instance) → 09:00 EDT = 13:00Z
      // = 14:00 BST; the period ends 09:30 EDT = 14:30 BST.
      '2005-04-25 14:00–14:30',
      // 20050426T100000/20050426T103000 Eastern → 14:00Z–14:30Z → 15:00–15:30 BST
      '2005-04-26 15:00–15:30',
      // 20050427T090000/20050427T093000 Eastern → 13:00Z–13:30Z → 14:00–14:30 BST
      '2005-04-27 14:00–14:30',
      // 20050428T110000/20050428T113000 Eastern → 15:00Z–15:30Z → 16:00–16:30 BST
      '2005-04-28 16:00–16:30',
      // 20050429T090000/20050429T093000 Eastern → 13:00Z–13:30Z → 14:00–14:30 BST
      '2005-04-29 14:00–14:30',
    ]);
  });

  it('lists the five periods of a daily meeting', () => {
    // 10 April, noon: the window runs from 9 April.
    const { key, event } = onlyEvent('lotus-notes-rdate-period-daily', london('2005-04-10'));
    expect(key).toBe('E88157FE01BE8A5C85256FDB006EBCC3-Lotus_Notes_Generated');
    expect(event.title).toBe('5 day daily repeating meeting');
    // Each PERIOD 10:00–11:00 Eastern, 11 to 15 April → 10:00 EDT = 14:00Z = 15:00 BST, to 11:00
    // EDT = 15:00Z = 16:00 BST. DTSTART 20050411T100000 is the first PERIOD's start: one instance.
    expect(stops(event)).toEqual([
      '2005-04-11 15:00–16:00',
      '2005-04-12 15:00–16:00',
      '2005-04-13 15:00–16:00',
      '2005-04-14 15:00–16:00',
      '2005-04-15 15:00–16:00',
    ]);
  });
});

describe('Data::ICal (Hacker Public Radio): twelve RDATE;VALUE=DATE-TIME lines in UTC', () => {
  it('lists each RDATE on the London clock, across both changes of the clocks', () => {
    // 2 August 2013, noon: the window runs from 1 August 2013 to 6 September 2014.
    const { key, event } = onlyEvent('hpr-rdate-list', london('2013-08-02'));
    // No UID: the key is the title and the London date of DTSTART (20:00 BST on 3 August 2013).
    expect(key).toBe('HPR Community News|2013-08-03');
    expect(event.title).toBe('HPR Community News');
    expect(event.location).toBe('mumble.openspeak.cc port: 64747');
    // DTEND - DTSTART = 21:00Z - 19:00Z: every instance lasts 2 h. BST (+01:00) ran 31 March to
    // 27 October 2013 and from 30 March 2014; GMT (+00:00) in between.
    expect(stops(event)).toEqual([
      // DTSTART 20130803T190000Z, also the first RDATE (one instance) → 20:00 BST, to 22:00
      '2013-08-03 20:00–22:00',
      // RDATE 20130831T190000Z → 19:00 UTC = 20:00 BST
      '2013-08-31 20:00–22:00',
      // RDATE 20131005T190000Z → 20:00 BST (the clocks go back on 27 October)
      '2013-10-05 20:00–22:00',
      // RDATE 20131102T190000Z → 19:00 GMT
      '2013-11-02 19:00–21:00',
      // RDATE 20131130T190000Z → 19:00 GMT
      '2013-11-30 19:00–21:00',
      // RDATE 20140104T190000Z → 19:00 GMT
      '2014-01-04 19:00–21:00',
      // RDATE 20140201T190000Z → 19:00 GMT
      '2014-02-01 19:00–21:00',
      // RDATE 20140301T190000Z → 19:00 GMT (the clocks go forward on 30 March)
      '2014-03-01 19:00–21:00',
      // RDATE 20140405T190000Z → 20:00 BST
      '2014-04-05 20:00–22:00',
      // RDATE 20140503T190000Z → 20:00 BST
      '2014-05-03 20:00–22:00',
      // RDATE 20140531T190000Z → 20:00 BST
      '2014-05-31 20:00–22:00',
      // RDATE 20140705T190000Z → 20:00 BST
      '2014-07-05 20:00–22:00',
    ]);
  });
});
