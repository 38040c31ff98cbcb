/**
 * Real calendars read as calendar apps read them (issue 48; docs/sources.md "iCalendar" and
 * "Recurrence", docs/decisions.md "Sources"): DATE values written without `VALUE=DATE`, events
 * without SUMMARY, two VEVENTs of one UID, overrides with a title or text of their own, EXDATE over
 * RDATE, overrides that add an instance, and all-day series whose RECURRENCE-ID, EXDATE or UNTIL
 * is a date-time. Feeds as Google Calendar, Outlook, Thunderbird and a holiday publisher write
 * them (test/fixtures/sources/calendars/README.md says which are real exports and which are
 * written here), read by the real `eventsFromIcs` and `readSource`, and one synced by the real
 * `SourceSync` from a real HTTP server on loopback into the real store and API.
 *
 * Every expectation was worked out by hand from the feed's text (the reasoning is beside it), not
 * from the code.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { createApp } from '../../server/origin/app.js';
import { eventsFromIcs } from '../../server/sources/ics.js';
import { readSource } from '../../server/sources/read-source.js';
import type { SourceContext, SourceEvent } from '../../server/sources/source-event.js';
import { SourceSync, type SyncLogger } from '../../server/sources/sync.js';
import { listen } from '../support/listen.js';
import { openTestStore } from '../support/store.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/sources/calendars/${name}.ics`, import.meta.url), 'utf8');

/** 1 March 2027, noon in London: the window runs from 28 February 2027 to 4 April 2028. */
const NOW = '2027-03-01T12:00:00Z';
const LONDON: SourceContext = { zone: 'Europe/London', now: new Date(NOW) };
/** The same instant in New York (07:00 there): the window runs from 28 February too. */
const NEW_YORK: SourceContext = { zone: 'America/New_York', now: new Date(NOW) };
/** The same instant in Auckland (01:00 on 2 March there): the window runs from 1 March. */
const AUCKLAND: SourceContext = { zone: 'Pacific/Auckland', now: new Date(NOW) };

const CRLF = '\r\n';
const calendar = (...vevents: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...vevents, 'END:VCALENDAR', ''].join(
    CRLF,
  );
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join(CRLF);

/** A series' stops as a listing shows them: `date time–end` (cancelled, location where given). */
function stops(event: SourceEvent['event']): string[] {
  expect(event.date).toBeUndefined();
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

describe('a holiday publisher writing DATE values without VALUE=DATE', () => {
  const text = fixture('holidays-bare-dates');

  it('reads DTSTART:20270503 as a date, in DTEND, EXDATE, RDATE and RECURRENCE-ID too', () => {
    // Through the real readSource, as a sync reads the fetched bytes (a .ics address, no type).
    const url = 'https://holidays.example/uk.ics';
    const source = { url, refreshSeconds: 900, extras: {} };
    const read = readSource(source, new TextEncoder().encode(text), undefined, url, LONDON);
    expect(read.skipped).toEqual([]);
    expect(read.skippedCount).toBe(0);
    expect(read.events.map(({ key, event }) => [key, event.title])).toEqual([
      ['early-may-2027@holidays.example', 'Early May bank holiday'],
      ['spring@holidays.example', 'Spring bank holiday'],
      ['christmas@holidays.example|2027-12-25', 'Christmas Day (substitute day)'],
      ['boxing@holidays.example', 'Boxing Day'],
    ]);
    const [early, spring, christmas, boxing] = read.events.map(({ event }) => event);
    // DTSTART:20270503, DTEND:20270504: one all-day event, listed on its date at 00:00.
    expect(single(early!)).toBe('2027-05-03 00:00');
    // Last Monday of May: 31 May 2027 (in the window; 29 May 2028 is past 4 April 2028).
    // EXDATE:20270531 takes it, RDATE:20270607 adds 7 June → one stop.
    expect(stops(spring!)).toEqual(['2027-06-07 00:00']);
    // Yearly from 25 December 2026 (before the window): 25 December 2027 is in it, and its
    // override (RECURRENCE-ID:20271225, its own SUMMARY) is an event of its own on 27 December,
    // keyed by the date it overrides. The series has no other instance in the window: not listed.
    expect(single(christmas!)).toBe('2027-12-27 00:00');
    // Boxing Day 26 December 2027 moved to 28 December by an override of the same SUMMARY: a
    // stop of the series, which has no other instance in the window.
    expect(stops(boxing!)).toEqual(['2027-12-28 00:00']);
  });
});

describe('a Google Calendar series with its overrides', () => {
  const read = eventsFromIcs(fixture('google-detached-override'), LONDON);
  const byKey = (key: string) => read.events.find((one) => one.key === key)!.event;
  const SERIES = '5d2q8v1m0r7t3y6u9i4o2p8a1s@google.com';

  it('makes an override with its own title and description an event of its own, not a stop', () => {
    // Weekly on Thursdays at 19:30 GMT from 4 March, UNTIL 18:30Z on 1 April (19:30 BST, the
    // clocks go forward on 28 March): 4, 11, 18, 25 March and 1 April. 18 March has its own
    // SUMMARY and DESCRIPTION → its own event at its own 20:00–23:30 upstairs, keyed by its
    // RECURRENCE-ID (19:30 GMT = 19:30Z), and no longer a stop of the series.
    const launch = byKey(`${SERIES}|2027-03-18T19:30:00Z`);
    expect(launch.title).toBe('Thursday Jazz Night: Album Launch');
    expect(launch.description).toBe('<p>The trio launch their first album, played in full.</p>');
    expect(launch.location).toBe(
      'Upstairs Bar, The Blue Room, 1 Example Street, London N1 9ZZ, UK',
    );
    expect(launch.status).toBe('published');
    expect(single(launch)).toBe('2027-03-18 20:00–23:30');
  });

  it('keeps an override that changes only the time, or cancels, a stop of the series', () => {
    // 25 March moved to 20:00–23:00 with the series' own SUMMARY and DESCRIPTION: a stop at its
    // new time. 1 April STATUS:CANCELLED, otherwise the series': a cancelled stop.
    const series = byKey(SERIES);
    expect(series.title).toBe('Thursday Jazz Night');
    expect(stops(series)).toEqual([
      '2027-03-04 19:30–22:30',
      '2027-03-11 19:30–22:30',
      '2027-03-25 20:00–23:00',
      '2027-04-01 19:30–22:30 cancelled',
    ]);
  });

  it('keeps an override that repeats its series’ text in one form only a stop', () => {
    // Written here: a series with DESCRIPTION and Outlook's X-ALT-DESC HTML; its override of 11
    // March repeats the DESCRIPTION only, and moves to 20:00. Same text as written → a stop at
    // 20:00, not an event of its own (its HTML would differ from the plain text's). The override
    // of 18 March gives new HTML only → an event of its own, keyed by 19:00Z on 18 March.
    const text = calendar(
      vevent(
        'UID:trio@blue-room.example',
        'SUMMARY:Trio',
        'DTSTART:20270304T190000Z',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'DESCRIPTION:Our house trio.',
        'X-ALT-DESC;FMTTYPE=text/html:<p><b>Our house trio.</b></p>',
      ),
      vevent(
        'UID:trio@blue-room.example',
        'RECURRENCE-ID:20270311T190000Z',
        'DTSTART:20270311T200000Z',
        'DESCRIPTION:Our house trio.',
      ),
      vevent(
        'UID:trio@blue-room.example',
        'RECURRENCE-ID:20270318T190000Z',
        'DTSTART:20270318T190000Z',
        'X-ALT-DESC;FMTTYPE=text/html:<p>The trio and a string quartet.</p>',
      ),
    );
    const { events } = eventsFromIcs(text, LONDON);
    expect(events.map(({ key }) => key)).toEqual([
      'trio@blue-room.example',
      'trio@blue-room.example|2027-03-18T19:00:00Z',
    ]);
    // GMT in March: UTC times are London times.
    expect(stops(events[0]!.event)).toEqual(['2027-03-04 19:00', '2027-03-11 20:00']);
    expect(events[1]!.event.title).toBe('Trio');
    expect(events[1]!.event.description).toBe('<p>The trio and a string quartet.</p>');
    expect(single(events[1]!.event)).toBe('2027-03-18 19:00');
  });

  it('lists an event without SUMMARY as "Untitled event", with a warning that is not a skip', () => {
    // VEVENT 5 (the file's 86th line) has no SUMMARY: listed on 6 March 21:00–23:00.
    const untitled = byKey('1b7n4c9x2z5l8k3j6h0g1f4d7s@google.com');
    expect(untitled.title).toBe('Untitled event');
    expect(single(untitled)).toBe('2027-03-06 21:00–23:00');
    expect(read.skipped).toEqual([
      {
        path: 'VEVENT 5 (UID 1b7n4c9x2z5l8k3j6h0g1f4d7s@google.com), SUMMARY',
        message: 'missing: listed as "Untitled event" (not skipped)',
        line: 86,
      },
    ]);
    expect(read.skippedCount).toBe(0);
    expect(read.events).toHaveLength(3);
  });
});

describe('an Outlook all-day series with a date-time RECURRENCE-ID', () => {
  const text = fixture('outlook-all-day-moved');

  it.each([
    ['London', LONDON],
    ['New York', NEW_YORK],
    ['Auckland', AUCKLAND],
  ])('moves the instance it names to its new date, never across midnight (%s)', (_, context) => {
    // DTSTART;VALUE=DATE:20270408, weekly on Thursdays UNTIL=20270429T000000Z (the date 29 April
    // as written): 8, 15, 22, 29 April. EXDATE;TZID=GMT Standard Time:20270422T000000 names 22
    // April: gone. RECURRENCE-ID;TZID=GMT Standard Time:20270415T000000 names 15 April (as
    // written, not 14 April 23:00 UTC): moved to DTSTART;VALUE=DATE:20270416, same SUMMARY, so
    // a stop on the 16th. Dates are dates wherever the venue is.
    const { events, skipped } = eventsFromIcs(text, context);
    expect(skipped).toEqual([]);
    expect(events).toHaveLength(1);
    expect(events[0]!.event.title).toBe('Record Fair');
    expect(stops(events[0]!.event)).toEqual([
      '2027-04-08 00:00',
      '2027-04-16 00:00',
      '2027-04-29 00:00',
    ]);
  });

  it('ends an all-day series at the date its date-time UNTIL names, in any zone', () => {
    // Daily from 10 March: UNTIL=20270312T235959Z and UNTIL=20270312T000000Z both name 12 March
    // as written → 10, 11, 12 March, whichever the venue's zone (never 13 March, never 11).
    for (const until of ['20270312T235959Z', '20270312T000000Z']) {
      const text2 = calendar(
        vevent(
          'UID:fair@blue-room.example',
          'SUMMARY:Book Fair',
          'DTSTART;VALUE=DATE:20270310',
          `RRULE:FREQ=DAILY;UNTIL=${until}`,
        ),
      );
      for (const context of [LONDON, NEW_YORK, AUCKLAND]) {
        const [fair] = eventsFromIcs(text2, context).events;
        expect(stops(fair!.event), `${until} in ${context.zone}`).toEqual([
          '2027-03-10 00:00',
          '2027-03-11 00:00',
          '2027-03-12 00:00',
        ]);
      }
    }
  });
});

describe('a Thunderbird series with two overrides (a real export)', () => {
  it('keeps a moved instance and a relocated one as stops of the series', () => {
    // Clock: 22 April 2025, noon UTC; the window runs from 21 April. Daily at 09:00 London (BST)
    // from 23 April, UNTIL 08:00Z on 27 April (= 09:00 BST): 23–27 April. The override of 24
    // April moves it to 11:00–12:00; the one of 25 April adds LOCATION "new place". Both keep
    // SUMMARY "event" and have no DESCRIPTION: stops of the series, not events of their own.
    const context = { zone: 'Europe/London', now: new Date('2025-04-22T12:00:00Z') };
    const { events, skipped } = eventsFromIcs(fixture('thunderbird-moved-and-relocated'), context);
    expect(skipped).toEqual([]);
    expect(events.map(({ key }) => key)).toEqual(['b143dcdc-2154-49a8-abea-5c64310ebabd']);
    expect(stops(events[0]!.event)).toEqual([
      '2025-04-23 09:00–10:00',
      '2025-04-24 11:00–12:00',
      '2025-04-25 09:00–10:00 @ new place',
      '2025-04-26 09:00–10:00',
      '2025-04-27 09:00–10:00',
    ]);
  });
});

describe('recurrence as RFC 5545 says (feeds written here)', () => {
  const start = (day: string) => `DTSTART;TZID=Europe/London:202703${day}T190000`;
  const on = (name: string, days: string) => `${name};TZID=Europe/London:${days}`;

  it('lets an EXDATE remove an instance an RDATE gives', () => {
    // Weekly from Saturday 6 March, COUNT=4: 6, 13, 20, 27 March at 19:00. EXDATE 20 March
    // 19:00 and RDATE 20 March 19:00: the exclusion wins over both → 6, 13, 27 March.
    const text = calendar(
      vevent(
        'UID:quiz@blue-room.example',
        'SUMMARY:Quiz',
        start('06'),
        'RRULE:FREQ=WEEKLY;COUNT=4',
        on('EXDATE', '20270320T190000'),
        on('RDATE', '20270320T190000'),
      ),
    );
    expect(stops(eventsFromIcs(text, LONDON).events[0]!.event)).toEqual([
      '2027-03-06 19:00',
      '2027-03-13 19:00',
      '2027-03-27 19:00',
    ]);
  });

  it('lets an EXDATE remove an instance an override moves or makes an event of its own', () => {
    // Weekly from 6 March, COUNT=3: 6, 13, 20 March. EXDATE 13 and 20 March; an override moves
    // 13 March to 21:00 (a stop), another gives 20 March its own SUMMARY (an event): both
    // instances are excluded, so neither is listed → 6 March alone, nothing else.
    const text = calendar(
      vevent(
        'UID:quiz@blue-room.example',
        'SUMMARY:Quiz',
        start('06'),
        'RRULE:FREQ=WEEKLY;COUNT=3',
        on('EXDATE', '20270313T190000,20270320T190000'),
      ),
      vevent(
        'UID:quiz@blue-room.example',
        'SUMMARY:Quiz',
        on('RECURRENCE-ID', '20270313T190000'),
        on('DTSTART', '20270313T210000'),
      ),
      vevent(
        'UID:quiz@blue-room.example',
        'SUMMARY:Quiz: Final',
        on('RECURRENCE-ID', '20270320T190000'),
        start('20'),
      ),
    );
    const { events } = eventsFromIcs(text, LONDON);
    expect(events.map(({ key }) => key)).toEqual(['quiz@blue-room.example']);
    expect(stops(events[0]!.event)).toEqual(['2027-03-06 19:00']);
  });

  it('lists an instant that both the rule and an RDATE give once', () => {
    // Weekly from 6 March, COUNT=3: 6, 13, 20 March; RDATE 13 March 19:00 is the rule's own
    // 13 March → one instance: 6, 13, 20 March.
    const text = calendar(
      vevent(
        'UID:quiz@blue-room.example',
        'SUMMARY:Quiz',
        start('06'),
        'RRULE:FREQ=WEEKLY;COUNT=3',
        on('RDATE', '20270313T190000'),
      ),
    );
    expect(stops(eventsFromIcs(text, LONDON).events[0]!.event)).toEqual([
      '2027-03-06 19:00',
      '2027-03-13 19:00',
      '2027-03-20 19:00',
    ]);
  });

  it('adds the instance of an override whose RECURRENCE-ID the rule does not give', () => {
    // Weekly on Thursdays from 4 March, COUNT=3: 4, 11, 18 March. An override for Saturday 13
    // March 19:00 (not an instance of the rule; same SUMMARY) adds it → 4, 11, 13, 18 March.
    const text = calendar(
      vevent('UID:jam@blue-room.example', 'SUMMARY:Jam', start('04'), 'RRULE:FREQ=WEEKLY;COUNT=3'),
      vevent(
        'UID:jam@blue-room.example',
        'SUMMARY:Jam',
        on('RECURRENCE-ID', '20270313T190000'),
        start('13'),
      ),
    );
    expect(stops(eventsFromIcs(text, LONDON).events[0]!.event)).toEqual([
      '2027-03-04 19:00',
      '2027-03-11 19:00',
      '2027-03-13 19:00',
      '2027-03-18 19:00',
    ]);
  });

  it('matches a RECURRENCE-ID written as a date to the timed instance of that day', () => {
    // Weekly on Thursdays at 19:00 London from 4 March, COUNT=3: 4, 11, 18 March. An override
    // with RECURRENCE-ID;VALUE=DATE:20270311 (the instance of that day) moves it to 21:00 → 4
    // March 19:00, 11 March 21:00, 18 March 19:00 (not a fourth stop beside the 11th's).
    const text = calendar(
      vevent('UID:jam@blue-room.example', 'SUMMARY:Jam', start('04'), 'RRULE:FREQ=WEEKLY;COUNT=3'),
      vevent(
        'UID:jam@blue-room.example',
        'SUMMARY:Jam',
        'RECURRENCE-ID;VALUE=DATE:20270311',
        'DTSTART;TZID=Europe/London:20270311T210000',
      ),
    );
    expect(stops(eventsFromIcs(text, LONDON).events[0]!.event)).toEqual([
      '2027-03-04 19:00',
      '2027-03-11 21:00',
      '2027-03-18 19:00',
    ]);
  });

  it('keeps two VEVENTs of one UID without RECURRENCE-ID, the second keyed by its start', () => {
    // Both are listed: the first keyed by its UID, the second by the UID and its start on the
    // venue's clock (8 March 20:00 GMT), with a warning that is not a skip.
    const text = calendar(
      vevent('UID:gig@blue-room.example', 'SUMMARY:Gig', start('06')),
      vevent(
        'UID:gig@blue-room.example',
        'SUMMARY:Gig (late show)',
        'DTSTART;TZID=Europe/London:20270308T200000',
      ),
    );
    const read = eventsFromIcs(text, LONDON);
    expect(read.events.map(({ key, event }) => [key, event.title, single(event)])).toEqual([
      ['gig@blue-room.example', 'Gig', '2027-03-06 19:00'],
      ['gig@blue-room.example|2027-03-08 20:00', 'Gig (late show)', '2027-03-08 20:00'],
    ]);
    expect(read.skipped).toEqual([
      {
        path: 'VEVENT 2 (UID gig@blue-room.example), UID',
        message:
          'also the UID of VEVENT 1 (UID gig@blue-room.example): listed as an event of its own, keyed "gig@blue-room.example|2027-03-08 20:00" (not skipped)',
        line: 9,
      },
    ]);
    expect(read.skippedCount).toBe(0);
  });
});

describe('a calendar synced from its feed', () => {
  it('lists an override of its own, the series without it, and an untitled event, warning apart', async () => {
    const body = fixture('google-detached-override');
    const feed = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
        res.end(body);
      }),
    );
    const store = await openTestStore();
    const warned: string[] = [];
    const logger: SyncLogger = {
      info: () => undefined,
      warn: (_f, message) => warned.push(message),
    };
    const clock = () => new Date(NOW);
    const sync = new SourceSync({ store, clock, fetch: { allowHosts: ['127.0.0.1'] }, logger });
    const app = await listen(createServer(createApp({ store, clock, logger: false })));
    try {
      await importVenueFile(store, {
        venues: [
          {
            slug: 'blue-room',
            name: 'The Blue Room',
            timezone: 'Europe/London',
            source: { url: `${feed.url}/calendar/blue-room/basic.ics` },
          },
        ],
      });
      const [state] = await sync.syncAll();
      // Three events: the series (4, 11, 25 March, 1 April cancelled), the album launch of 18
      // March on its own, the untitled night of 6 March. Nothing skipped; the warning named.
      expect(state).toMatchObject({ outcome: 'applied', events: 3, skipped: 0 });
      expect(state!.skippedEvents.map((p) => p.message)).toEqual([
        'missing: listed as "Untitled event" (not skipped)',
      ]);
      expect(warned).toEqual([]);
      const listed = (await (await fetch(`${app.url}/t/blue-room/api/events?page=1`)).json()) as {
        data: { attributes: { title: string; event_date: string; event_time: string } }[];
      };
      expect(
        listed.data.map(({ attributes: a }) => [a.title, a.event_date.slice(0, 10), a.event_time]),
      ).toEqual([
        ['Thursday Jazz Night', '2027-03-04', '19:30:00'],
        ['Untitled event', '2027-03-06', '21:00:00'],
        ['Thursday Jazz Night: Album Launch', '2027-03-18', '20:00:00'],
      ]);
    } finally {
      await sync.stop();
      await app.close();
      await feed.close();
      await store.close();
    }
  });
});
