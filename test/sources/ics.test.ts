/**
 * The iCalendar feed source (server/sources/ics.ts, docs/sources.md): feeds as Google Calendar,
 * Outlook/Exchange, Apple Calendar, The Events Calendar, Meetup and Nextcloud write them
 * (test/fixtures/sources/*.ics), checked by what a visitor would see — each event's and each
 * stop's date and time on the venue's wall clock, what they say, and what is left out.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventsFromIcs } from '../../server/sources/ics.js';
import {
  SourceFormatError,
  type SourceContext,
  type SourceEvent,
  type SourceProblem,
} from '../../server/sources/source-event.js';

const feed = (name: string): string =>
  readFileSync(new URL(`../fixtures/sources/${name}.ics`, import.meta.url), 'utf8');

/** 1 March 2027, noon in London: yesterday is 28 February, the window ends 4 April 2028. */
const LONDON: SourceContext = { zone: 'Europe/London', now: new Date('2027-03-01T12:00:00Z') };
const BERLIN: SourceContext = { zone: 'Europe/Berlin', now: new Date('2027-03-01T12:00:00Z') };
const NEW_YORK: SourceContext = {
  zone: 'America/New_York',
  now: new Date('2027-03-01T17:00:00Z'),
};

function titled(events: SourceEvent[], title: string): SourceEvent['event'] {
  const found = events.find((one) => one.event.title === title);
  if (found === undefined) throw new Error(`no event "${title}" among the feed's events`);
  return found.event;
}

/** A series' stops as a listing shows them: `date time–end` (cancelled, location where given). */
function stops(event: SourceEvent['event']): string[] {
  expect(event.date).toBeUndefined();
  expect(event.time).toBeUndefined();
  return (event.occurrences ?? []).map(
    (stop) =>
      `${stop.date} ${stop.time}` +
      (stop.end_time ? `–${stop.end_time}` : '') +
      (stop.status === 'cancelled' ? ' cancelled' : '') +
      (stop.location ? ` @ ${stop.location}` : ''),
  );
}

/** A single-date event as a listing shows it: `date time–end`. */
function single(event: SourceEvent['event']): string {
  expect(event.occurrences).toBeUndefined();
  return `${event.date} ${event.time}` + (event.end_time ? `–${event.end_time}` : '');
}

function problemsOf(text: string, context: SourceContext = LONDON): SourceProblem[] {
  try {
    eventsFromIcs(text, context);
  } catch (error) {
    if (error instanceof SourceFormatError) return error.problems;
    throw error;
  }
  throw new Error('expected the feed to be rejected');
}

describe('a Google Calendar export', () => {
  const events = eventsFromIcs(feed('google'), LONDON).events;

  it('lists the weekly series as one event at 19:30 on both sides of the clocks going forward', () => {
    // 28 March 2027 is the change to BST: 19:30 GMT is 19:30Z, 19:30 BST is 18:30Z. The EXDATE
    // drops 18 March; 8 April moved to Friday 9 April, 20:00, upstairs; UNTIL (18:30Z on 15 April)
    // includes the last Thursday.
    expect(stops(titled(events, 'Thursday Jazz Night'))).toEqual([
      '2027-03-04 19:30–22:30',
      '2027-03-11 19:30–22:30',
      '2027-03-25 19:30–22:30',
      '2027-04-01 19:30–22:30',
      '2027-04-09 20:00–23:00 @ Upstairs Bar, The Blue Room, 1 Example Street, London N1 9ZZ, UK',
      '2027-04-15 19:30–22:30',
    ]);
    expect(titled(events, 'Thursday Jazz Night').location).toBe(
      'The Blue Room, 1 Example Street, London N1 9ZZ, UK',
    );
  });

  it('shows a UTC time on the London clock (18:00Z in June is 19:00 BST)', () => {
    expect(single(titled(events, 'Summer Solstice Session'))).toBe('2027-06-10 19:00–21:00');
  });

  it('lists an all-day event as all day on its date, without an end time or end date', () => {
    const festival = titled(events, 'May Day Folk Festival');
    expect(single(festival)).toBe('2027-05-01 00:00');
    expect(festival.all_day).toBe(true);
    expect(festival.end_date).toBeUndefined();
  });

  it('keeps the paragraphs and line breaks of a plain-text description, escaped', () => {
    expect(titled(events, 'Thursday Jazz Night').description).toBe(
      '<p>Our house trio with a different guest soloist every week.</p>' +
        '<p>Doors 19:00, music 19:30.<br>' +
        'Under-18s welcome with an adult &#38; it&#39;s &#60;free&#62; before 19:30.</p>',
    );
  });

  it('leaves out an event that was over before yesterday, and lists the rest by date', () => {
    expect(events.map((one) => one.event.title)).toEqual([
      'Thursday Jazz Night',
      'May Day Folk Festival',
      'Summer Solstice Session',
    ]);
    expect(events.map((one) => one.key)).toEqual([
      '3k9v2m1q8r7t6y5u4i3o2p1a0s@google.com',
      '0p9o8i7u6y5t4r3e2w1q0a9s8d@google.com',
      '7h6g5f4d3s2a1q0w9e8r7t6y5u@google.com',
    ]);
    for (const { event } of events) {
      expect(event.status).toBe('published');
      expect(event.tickets_enabled).toBeUndefined();
    }
  });
});

describe('an Outlook/Exchange calendar', () => {
  const text = feed('outlook');
  const events = eventsFromIcs(text, BERLIN).events;

  it('reads "W. Europe Standard Time" as Berlin time', () => {
    expect(single(titled(events, 'Kammermusik am Abend'))).toBe('2027-03-20 20:00–22:00');
    expect(titled(events, 'Kammermusik am Abend').location).toBe('Großer Saal');
  });

  it('keeps a weekly series at 18:00 across the change to summer time on 28 March', () => {
    expect(stops(titled(events, 'Offene Probe'))).toEqual([
      '2027-03-17 18:00–19:30',
      '2027-03-24 18:00–19:30',
      '2027-03-31 18:00–19:30',
      '2027-04-07 18:00–19:30',
    ]);
  });

  it('reads "GMT Standard Time" as London time: 19:30 in London is 20:30 in Berlin', () => {
    expect(single(titled(events, 'Live aus London: Wigmore Hall'))).toBe('2027-04-05 20:30–22:30');
  });

  it("reads a zone of the feed's own by its VTIMEZONE rules", () => {
    // "Customized Time Zone" has US rules: on 20 March New York is already on summer time
    // (UTC−4) and Berlin not yet (UTC+1), so 14:00 there is 19:00 here, not 20:00.
    expect(single(titled(events, 'Live aus New York: Carnegie Hall'))).toBe(
      '2027-03-20 19:00–21:00',
    );
  });

  it('resolves the Windows names without their VTIMEZONE blocks, to the same times', () => {
    const windowsBlocks =
      /BEGIN:VTIMEZONE\r\nTZID:(?:W\. Europe|GMT) Standard Time\r\n[\s\S]*?END:VTIMEZONE\r\n/g;
    const bare = text.replace(windowsBlocks, '');
    expect(bare).not.toContain('TZID:W. Europe Standard Time\r\n');
    expect(eventsFromIcs(bare, BERLIN).events).toEqual(events);
  });
});

describe('an Apple Calendar export', () => {
  const events = eventsFromIcs(feed('apple'), NEW_YORK).events;

  it('lists every second Friday from yesterday to 400 days ahead, at 20:00 in winter and summer', () => {
    // January and February 2027 are past; 14 April 2028 is beyond 4 April 2028.
    expect(stops(titled(events, 'Second Friday Session'))).toEqual(
      [
        '2027-03-12',
        '2027-04-09',
        '2027-05-14',
        '2027-06-11',
        '2027-07-09',
        '2027-08-13',
        '2027-09-10',
        '2027-10-08',
        '2027-11-12',
        '2027-12-10',
        '2028-01-14',
        '2028-02-11',
        '2028-03-10',
      ].map((date) => `${date} 20:00–23:00`),
    );
  });

  it('lists the last weekday of each month, counting COUNT from the first instance', () => {
    // Six instances from 29 January: 29 Jan and 26 Feb are past, the sixth is 30 June.
    expect(stops(titled(events, 'Month-End Jam'))).toEqual([
      '2027-03-31 18:00–21:00',
      '2027-04-30 18:00–21:00',
      '2027-05-31 18:00–21:00',
      '2027-06-30 18:00–21:00',
    ]);
  });

  it("reads a floating time on the venue's own clock, wherever the venue is", () => {
    expect(single(titled(events, 'Rooftop Listening Party'))).toBe('2027-03-20 21:00–23:30');
    const inLondon = eventsFromIcs(feed('apple'), { ...NEW_YORK, zone: 'Europe/London' }).events;
    expect(single(titled(inLondon, 'Rooftop Listening Party'))).toBe('2027-03-20 21:00–23:30');
    // The New York series, by contrast, is in the small hours of Saturday in London.
    expect(stops(titled(inLondon, 'Second Friday Session'))[0]).toBe('2027-03-13 01:00–04:00');
  });
});

describe('a The Events Calendar (WordPress) export', () => {
  const events = eventsFromIcs(feed('the-events-calendar'), LONDON).events;

  it('takes the HTML description, first category, image, ticket link and location', () => {
    expect(titled(events, 'Late Night Jazz: The Ronnie Trio')).toEqual({
      title: 'Late Night Jazz: The Ronnie Trio',
      category: 'Jazz',
      description:
        '<p>The Ronnie Trio return for a night of <strong>hard bop</strong>.</p>\n' +
        '<p>Doors 7pm, first set 8pm.</p>',
      location: 'The Blue Room, 1 Example Street, London, N1 9ZZ, United Kingdom',
      status: 'published',
      show_images: true,
      small_image_path:
        'https://blue-room.example/wp-content/uploads/2027/02/ronnie-trio-1024x683.jpg',
      ticket_url: 'https://blue-room.example/event/late-night-jazz-ronnie-trio/',
      date: '2027-03-12',
      time: '20:00',
      end_time: '23:30',
    });
  });

  it('gives a night that ends after midnight its end time (not after the start: next day)', () => {
    expect(single(titled(events, 'Blue Room Late: Club Night'))).toBe('2027-04-03 23:00–03:00');
    expect(titled(events, 'Blue Room Late: Club Night').show_images).toBeUndefined();
  });

  it('lists a three-day all-day event once, on its first day, its last day as end_date', () => {
    const weekender = titled(events, 'Blue Room Jazz Weekender');
    expect(single(weekender)).toBe('2027-07-16 00:00');
    // DTSTART;VALUE=DATE:20270716, DTEND;VALUE=DATE:20270719 (exclusive): the 16th to the 18th.
    expect(weekender).toMatchObject({ all_day: true, end_date: '2027-07-18' });
    expect(weekender.small_image_path).toBe(
      'https://blue-room.example/wp-content/uploads/2027/01/weekender.png',
    );
    expect(events).toHaveLength(3);
  });
});

describe('a Meetup export', () => {
  const events = eventsFromIcs(feed('meetup'), LONDON).events;

  it('shows UTC times on the London clock, before and after the change to BST', () => {
    expect(single(titled(events, 'March Jam Session'))).toBe('2027-03-10 19:00–22:00');
    expect(single(titled(events, 'April Jam Session'))).toBe('2027-04-14 19:00–22:00');
  });

  it('gives no ticket link for an http:// URL', () => {
    for (const { event } of events) expect(event.ticket_url).toBeUndefined();
  });

  it('lists a cancelled event as cancelled', () => {
    const workshop = titled(events, 'Big Band Reading Workshop');
    expect(single(workshop)).toBe('2027-03-20 14:00–17:00');
    expect(workshop.status).toBe('cancelled');
    expect(workshop.cancelled_visibility).toBe('listed');
  });

  it('leaves out tentative and private events', () => {
    expect(events.map((one) => one.event.title)).toEqual([
      'March Jam Session',
      'Big Band Reading Workshop',
      'April Jam Session',
    ]);
  });
});

describe('recurrence rules (a Nextcloud calendar)', () => {
  const events = eventsFromIcs(feed('nextcloud-recurrence'), LONDON).events;

  it('stops a yearly BYMONTH/BYMONTHDAY series at its UNTIL', () => {
    // 15 March 2028 is within 400 days, but after UNTIL (end of 2027).
    expect(stops(titled(events, 'Equinox Concert'))).toEqual([
      '2027-03-15 19:00–21:00',
      '2027-09-15 19:00–21:00',
    ]);
  });

  it('keeps a series with one instance left in the window a series of one stop', () => {
    expect(stops(titled(events, 'Midsummer Ceilidh'))).toEqual(['2027-06-21 19:00–23:00']);
  });

  it('adds an RDATE to the rule, at its own time', () => {
    expect(stops(titled(events, 'Open Rehearsal'))).toEqual([
      '2027-03-05 18:00–20:00',
      '2027-03-20 14:00–16:00',
      '2027-04-05 18:00–20:00',
      '2027-05-05 18:00–20:00',
    ]);
  });

  it('lists a fortnightly series with its cancelled night marked, not dropped', () => {
    expect(stops(titled(events, 'Fortnightly Folk Club'))).toEqual([
      '2027-03-02 20:00–22:30',
      '2027-03-16 20:00–22:30',
      '2027-03-30 20:00–22:30 cancelled',
      '2027-04-13 20:00–22:30',
      '2027-04-27 20:00–22:30',
    ]);
    expect(titled(events, 'Fortnightly Folk Club').status).toBe('published');
  });

  it('lists the first 500 stops of an endless twice-daily series, from yesterday', () => {
    const tours = stops(titled(events, 'Gallery Tour'));
    expect(tours).toHaveLength(500);
    expect(tours.slice(0, 3)).toEqual([
      '2027-02-28 14:00–15:00',
      '2027-02-28 19:00–20:00',
      '2027-03-01 14:00–15:00',
    ]);
    // 250 days of two tours: 28 February to 4 November.
    expect(tours.at(-1)).toBe('2027-11-04 19:00–20:00');
  });

  it("lists yesterday's instance but not the one two days ago", () => {
    expect(stops(titled(events, 'Morning Coffee Concert'))).toEqual([
      '2027-02-28 11:00–12:00',
      '2027-03-01 11:00–12:00',
    ]);
    expect(single(titled(events, 'Sunday Matinee'))).toBe('2027-02-28 15:00–17:00');
    const titles = events.map((one) => one.event.title);
    expect(titles).not.toContain('Friday Late');
    expect(titles).not.toContain('Winter Series 2026');
  });

  it('lists the events by first date and time', () => {
    expect(events.map((one) => one.event.title)).toEqual([
      'Morning Coffee Concert',
      'Gallery Tour',
      'Sunday Matinee',
      'Fortnightly Folk Club',
      'Open Rehearsal',
      'Equinox Concert',
      'Midsummer Ceilidh',
    ]);
  });
});

describe('feeds it cannot read', () => {
  it.each([
    ['an HTML page', '<!DOCTYPE html>\n<html><body>Not found</body></html>\n'],
    ['a CSV sheet', 'title,date,time\r\nJazz,2027-03-10,19:30\r\n'],
    ['a vCard', 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:The Blue Room\r\nEND:VCARD\r\n'],
    ['nothing', ''],
  ])('rejects %s as not iCalendar', (_what, text) => {
    expect(() => eventsFromIcs(text, LONDON)).toThrow(SourceFormatError);
    expect(problemsOf(text)).toEqual([
      { path: 'VCALENDAR', message: expect.stringContaining('not iCalendar') },
    ]);
  });

  it('lists the events it can read and skips each one it cannot, naming it, its line and why', () => {
    const { events, skipped, skippedCount } = eventsFromIcs(feed('problems'), LONDON);
    // An untitled event and a second VEVENT of a UID are listed, each with a warning (issue 48).
    expect(events.map(({ event }) => `${event.title} ${single(event)}`)).toEqual([
      'A fine evening 2027-03-10 19:00',
      'Untitled event 2027-03-11 19:00',
      'A fine evening, again 2027-03-12 19:00',
    ]);
    expect(skipped).toEqual([
      {
        path: 'VEVENT 2 (UID no-start@blue-room.example), DTSTART',
        message: expect.stringContaining('missing'),
        line: 10,
      },
      {
        path: 'VEVENT 3 (UID mars@blue-room.example), DTSTART',
        message: expect.stringContaining('unknown TZID "Mars/Olympus_Mons"'),
        line: 15,
      },
      {
        path: 'VEVENT 4 (UID untitled@blue-room.example), SUMMARY',
        message: 'missing: listed as "Untitled event" (not skipped)',
        line: 22,
      },
      {
        path: 'VEVENT 5 (UID fine@blue-room.example), UID',
        message: expect.stringMatching(/^also the UID of VEVENT 1 .*\(not skipped\)$/),
        line: 27,
      },
    ]);
    // Only the two events that could not be read count as skipped.
    expect(skippedCount).toBe(2);
  });

  // Each series is parsed when it is mapped (server/sources/ics-feed.ts): a VEVENT ical.js cannot
  // parse costs that event, not the venue's listing.
  const event = (uid: string, day: string, ...lines: string[]) => [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `SUMMARY:${uid}`,
    `DTSTART:202703${day}T190000Z`,
    ...lines,
    'END:VEVENT',
  ];
  const calendar = (...lines: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join(
      '\r\n',
    );

  it('skips a VEVENT whose lines ical.js cannot parse, naming it and its line, and lists the others', () => {
    const text = calendar(
      ...event('before', '10'),
      ...event('broken', '11', 'this line has neither colon nor semicolon'),
      ...event('after', '12'),
    );
    const { events, skipped, skippedCount } = eventsFromIcs(text, LONDON);
    expect(events.map(({ event }) => event.title)).toEqual(['before', 'after']);
    expect(skipped).toEqual([
      {
        path: 'VEVENT 2 (UID broken)',
        message: expect.stringContaining('not iCalendar text'),
        line: 9,
      },
    ]);
    expect(skippedCount).toBe(1);
  });

  it('lists the last days of months and a leap day, and skips a date no calendar has', () => {
    const at = (uid: string, start: string) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `SUMMARY:${uid}`,
      `DTSTART:${start}`,
      'END:VEVENT',
    ];
    const text = calendar(
      ...at('april-30', '20270430T190000Z'),
      ...at('leap-day', '20280229'),
      ...at('february-30', '20270230T190000'),
      ...at('december-31', '20271231T235959Z'),
    );
    const { events, skipped } = eventsFromIcs(text, LONDON);
    expect(events.map(({ event }) => `${event.title} ${event.date}`)).toEqual([
      'april-30 2027-04-30',
      'december-31 2027-12-31',
      'leap-day 2028-02-29',
    ]);
    expect(skipped.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'VEVENT 3 (UID february-30), DTSTART: not a date: "2027-02-30T19:00:00"',
    ]);
  });

  it('takes SUMMARY;LANGUAGE= and DESCRIPTION;LANGUAGE= beside the untagged ones as translations', () => {
    const text = calendar(
      ...event(
        'late-jazz',
        '10',
        'SUMMARY;LANGUAGE=de:Später Jazz',
        'SUMMARY;LANGUAGE=fr:Jazz tardif',
        'DESCRIPTION:Three sets.',
        'DESCRIPTION;LANGUAGE=de:Drei Sets.',
      ),
    );
    const [one] = eventsFromIcs(text, LONDON).events;
    expect(one!.event.title).toBe('late-jazz');
    expect(one!.event.description).toBe('<p>Three sets.</p>');
    expect(one!.event.translations).toEqual({
      de: { title: 'Später Jazz', description: '<p>Drei Sets.</p>' },
      fr: { title: 'Jazz tardif' },
    });
    // A German venue's feed that tags every property: German is its own text, English a translation.
    const tagged = calendar(
      'BEGIN:VEVENT',
      'UID:tagged',
      'SUMMARY;LANGUAGE=en:Late jazz',
      'SUMMARY;LANGUAGE=de:Später Jazz',
      'DTSTART:20270310T190000Z',
      'END:VEVENT',
    );
    const [german] = eventsFromIcs(tagged, { ...LONDON, language: 'de' }).events;
    expect(german!.event.title).toBe('Später Jazz');
    expect(german!.event.translations).toEqual({ en: { title: 'Late jazz' } });
  });

  it("groups a series by the event's own UID and RECURRENCE-ID, not a VALARM's inside it", () => {
    const alarm = ['BEGIN:VALARM', 'UID:alarm', 'ACTION:DISPLAY', 'TRIGGER:-PT1H', 'END:VALARM'];
    const text = calendar(
      ...event('series', '10', 'RRULE:FREQ=WEEKLY;COUNT=3', ...alarm),
      // Folded UID line, and an override of the series' second night, moved an hour later.
      'BEGIN:VEVENT',
      'UID:ser',
      ' ies',
      'RECURRENCE-ID:20270317T190000Z',
      'DTSTART:20270317T200000Z',
      'END:VEVENT',
      ...event('alarm', '20', ...alarm),
    );
    const { events, skippedCount } = eventsFromIcs(text, LONDON);
    expect(events.map(({ event }) => event.title)).toEqual(['series', 'alarm']);
    expect(stops(titled(events, 'series'))).toEqual([
      '2027-03-10 19:00',
      '2027-03-17 20:00',
      '2027-03-24 19:00',
    ]);
    expect(skippedCount).toBe(0);
  });
});

describe('feeds written to hurt', () => {
  const calendar = (...vevents: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...vevents, 'END:VCALENDAR', ''].join(
      '\r\n',
    );
  const vevent = (uid: string, ...lines: string[]) =>
    [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `SUMMARY:${uid}`,
      'DTSTART:20270310T190000Z',
      'DTEND:20270310T210000Z',
      ...lines,
      'END:VEVENT',
    ].join('\r\n');

  it('reads RDATE periods (Zimbra, Exchange): each night with the end its period gives', () => {
    const text = calendar(
      vevent('tour', 'RDATE;VALUE=PERIOD:20270311T190000Z/20270311T200000Z,20270312T190000Z/PT3H'),
    );
    const [tour] = eventsFromIcs(text, LONDON).events;
    expect(stops(tour!.event)).toEqual([
      '2027-03-10 19:00–21:00',
      '2027-03-11 19:00–20:00',
      '2027-03-12 19:00–22:00',
    ]);
  });

  it('skips a series too dense to expand within its steps, and lists the others', () => {
    const text = calendar(
      vevent('every-minute', 'RRULE:FREQ=MINUTELY').replace('20270310T19', '19700101T00'),
      vevent('fine'),
    );
    const read = eventsFromIcs(text, LONDON, { limits: { maxExpansionSteps: 1000 } });
    expect(read.events.map(({ key }) => key)).toEqual(['fine']);
    expect(read.skipped).toEqual([
      expect.objectContaining({
        path: 'VEVENT 1 (UID every-minute), RRULE',
        message: expect.stringContaining('more than 1000 instances'),
      }),
    ]);
  });

  it('keeps the first events by date up to the limit, and counts the rest', () => {
    const text = calendar(
      ...[14, 11, 13, 12].map((day) =>
        vevent(`night-${day}`).replaceAll('20270310', `202703${day}`),
      ),
    );
    const read = eventsFromIcs(text, LONDON, { limits: { maxEvents: 2 } });
    expect(read.events.map(({ key }) => key)).toEqual(['night-11', 'night-12']);
    expect(read.skippedCount).toBe(2);
    expect(read.skipped[0]!.message).toContain('2 events after the first 2');
  });

  it('skips an event whose title is over the limit, and cuts a long description', () => {
    const text = calendar(
      vevent('long-title').replace('SUMMARY:long-title', `SUMMARY:${'x'.repeat(301)}`),
      vevent('long-text', `DESCRIPTION:${'word '.repeat(10)}`),
    );
    const read = eventsFromIcs(text, LONDON, { limits: { maxDescriptionLength: 12 } });
    expect(read.events.map(({ event }) => event.description)).toEqual(['<p>word word wo…</p>']);
    expect(read.skipped).toEqual([
      expect.objectContaining({ message: '301 characters, over the limit of 300' }),
    ]);
  });
});
