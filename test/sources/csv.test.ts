/**
 * The CSV sheet source (server/sources/csv.ts, docs/sources.md): sheets as Google Sheets and Excel
 * write them become the events a visitor sees, and a sheet with problems is rejected with every
 * problem at its spreadsheet row and column.
 */
import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { plainText } from '../../server/lib/html-text.js';
import { eventsFromCsv, type DateFormat } from '../../server/sources/csv.js';
import {
  SourceFormatError,
  type SourceEvent,
  type SourceProblem,
} from '../../server/sources/source-event.js';

const context = { zone: 'Europe/London', now: new Date('2027-03-01T12:00:00Z') };

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/sources/${name}.csv`, import.meta.url), 'utf8');

/** A small sheet as Google Sheets writes it: comma-separated, CRLF. */
const sheet = (...lines: string[]) => lines.join('\r\n') + '\r\n';

/** The problems the sheet is refused with (fails when it is read). */
function problemsOf(text: string, dateFormat?: DateFormat): SourceProblem[] {
  try {
    eventsFromCsv(text, context, dateFormat);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceFormatError);
    return (error as SourceFormatError).problems;
  }
  return expect.unreachable('the sheet was read');
}

/** The rows the sheet skips, each named (fails when it is refused). */
function skippedOf(text: string, dateFormat?: DateFormat): SourceProblem[] {
  return eventsFromCsv(text, context, dateFormat).skipped;
}

const titled = (events: SourceEvent[], title: string) => {
  const found = events.find(({ event }) => event.title === title);
  expect(found, title).toBeDefined();
  return found!.event;
};

/** Each paragraph of a description as a visitor reads it. */
const paragraphs = (html: string | undefined) =>
  [...(html ?? '').matchAll(/<p>(.*?)<\/p>/gs)].map(([, inner]) => plainText(inner!));

describe('a sheet published from Google Sheets', () => {
  const events = eventsFromCsv(fixture('google-sheets'), context).events;

  it('lists every event once, soonest first, whatever the header case', () => {
    expect(events.map(({ event }) => event.title)).toEqual([
      'Late Comedy',
      'Jazz Brunch',
      'Spring Tour',
    ]);
    const brunch = titled(events, 'Jazz Brunch');
    expect([brunch.date, brunch.time, brunch.end_time]).toEqual(['2027-03-07', '11:30', '14:00']);
    expect(brunch.location).toBe('Café Bar');
  });

  it('keeps the line break, the comma and the blank line of the description', () => {
    const brunch = titled(events, 'Jazz Brunch');
    expect(paragraphs(brunch.description)).toEqual([
      'Live jazz with brunch, all afternoon.\nKitchen by Rosa & Sons.',
      'Children <12 eat free.',
    ]);
  });

  it('shows the price range, the performers, the image and the tickets link', () => {
    const brunch = titled(events, 'Jazz Brunch');
    expect(brunch.price).toEqual({ currency: 'GBP', min: '12.50', max: '15' });
    expect(brunch.performers).toEqual(['The Quartet', 'Ann Lee']);
    expect(brunch.access).toEqual(['wheelchair', 'hearing_loop']);
    expect(brunch).toMatchObject({
      small_image_path: 'https://images.example.org/brunch.jpg',
      show_images: true,
      ticket_url: 'https://tickets.example.org/brunch',
      few_tickets_left: true,
      over_18: false,
    });
    expect(titled(events, 'Late Comedy').over_18).toBe(true);
  });

  it('makes the rows of one uid one tour, its stops by date, the cancelled one marked', () => {
    const tour = titled(events, 'Spring Tour');
    expect(tour.status).toBe('published');
    expect(tour.date).toBeUndefined();
    const stops = tour.occurrences ?? [];
    expect(stops.map((stop) => [stop.date, stop.time, stop.status ?? 'scheduled'])).toEqual([
      ['2027-03-12', '19:00', 'cancelled'],
      ['2027-03-15', '19:30', 'scheduled'],
      ['2027-03-20', '19:30', 'scheduled'],
    ]);
    // Each stop is where its row says, and sells its own tickets.
    const where = stops.map((stop) => stop.location ?? tour.location);
    expect(where).toEqual(['Bristol Old Vic', 'Manchester Albert Hall', 'Leeds Town Hall']);
    const tickets = stops.map((stop) => stop.ticket_url ?? tour.ticket_url);
    expect(tickets).toEqual([
      'https://tickets.example.org/tour/bristol',
      'https://tickets.example.org/tour/manchester',
      'https://tickets.example.org/tour/leeds',
    ]);
    expect(stops.map((stop) => stop.end_time)).toEqual(['22:00', '22:30', '22:30']);
  });

  it('keys a row without uid by title and date, and a tour by its uid', () => {
    expect(events.map(({ key }) => key).sort()).toEqual(
      ['Jazz Brunch|2027-03-07', 'Late Comedy|2027-03-05', 'spring-tour-2027'].sort(),
    );
  });
});

describe('a cancelled row', () => {
  it('stays listed as cancelled with its reason, in either spelling', () => {
    const text = sheet(
      'title,date,time,status,cancellation_reason',
      'Quiz,2027-03-10,20:00,Canceled,Host unwell',
      'Folk,2027-03-11,20:00,scheduled,',
    );
    const events = eventsFromCsv(text, context).events;
    expect(titled(events, 'Quiz')).toMatchObject({
      status: 'cancelled',
      cancelled_visibility: 'listed',
      cancellation_reason: 'Host unwell',
    });
    expect(titled(events, 'Folk').status).toBe('published');
  });

  it('skips a row whose status it does not know', () => {
    const text = sheet('title,date,time,status', 'Quiz,2027-03-10,20:00,postponed');
    expect(skippedOf(text)).toEqual([
      {
        path: 'row 2, status',
        message: 'expected scheduled, cancelled or nothing, got "postponed"',
      },
    ]);
  });
});

describe('a sheet saved by Excel in a European locale', () => {
  const text = fixture('excel-semicolon');
  const events = eventsFromCsv(text, context, 'DD.MM.YYYY').events;

  it('reads the BOM, the semicolons and the day-first dates, and skips the empty row', () => {
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(events.map(({ event }) => [event.title, event.date, event.time])).toEqual([
      ['Orgelnacht', '2027-03-06', '20:00'],
      ['Kammerkonzert: Schubert', '2027-03-14', '19:30'],
      ['Tag der offenen Tür', '2027-03-21', '10:00'],
    ]);
  });

  it('reads decimal-comma prices, a free event, and a quoted semicolon', () => {
    expect(titled(events, 'Kammerkonzert: Schubert').price).toEqual({
      currency: 'EUR',
      min: '12.50',
    });
    expect(titled(events, 'Orgelnacht').price).toEqual({
      currency: 'EUR',
      min: '12.50',
      max: '18',
    });
    expect(titled(events, 'Tag der offenen Tür').price).toEqual({ currency: 'EUR', min: '0' });
    expect(titled(events, 'Orgelnacht').performers).toEqual(['Anna Weiß', 'Jonas Kühn']);
    expect(paragraphs(titled(events, 'Kammerkonzert: Schubert').description)).toEqual([
      'Streichquartett in d-Moll; "Der Tod und das Mädchen".',
    ]);
  });

  it('skips every row when read as ISO dates, never guessed', () => {
    const problems = skippedOf(text);
    expect(problems).toContainEqual({
      path: 'row 2, date',
      message: 'expected a date as YYYY-MM-DD, got "14.03.2027"',
    });
    expect(problems).toHaveLength(3);
  });
});

describe('a sheet saved by Excel in the US', () => {
  const text = fixture('excel-us');

  it('reads month-first dates, with or without leading zeros', () => {
    const events = eventsFromCsv(text, context, 'MM/DD/YYYY').events;
    expect(events.map(({ event }) => [event.title, event.date, event.time])).toEqual([
      ['Open Mic', '2027-03-05', '19:00'],
      ['Blues Night', '2027-03-14', '09:30'],
      ['Film Club', '2027-12-02', '18:00'],
    ]);
    expect(titled(events, 'Blues Night').price).toEqual({ currency: 'USD', min: '20', max: '25' });
    expect(titled(events, 'Film Club').price).toBeUndefined();
  });

  it('skips the row read day first: no date is swapped to fit', () => {
    expect(skippedOf(text, 'DD/MM/YYYY')).toEqual([
      { path: 'row 3, date', message: 'expected a date as DD/MM/YYYY, got "3/14/2027"' },
    ]);
  });
});

describe('a row with a problem is skipped and named; a sheet that cannot be read is refused', () => {
  it('names a day that does not exist at its spreadsheet row (a two-line cell is one row)', () => {
    expect(skippedOf(fixture('uk-dates'), 'DD/MM/YYYY')).toEqual([
      { path: 'row 7, date', message: 'expected a date as DD/MM/YYYY, got "31/02/2027"' },
    ]);
  });

  it('names a date in another format at its row', () => {
    const rows = ['Quiz', 'Poetry', 'Folk', 'Choir', 'Ceilidh'].map(
      (title, day) => `${title},2027-03-1${day},20:00`,
    );
    const text = sheet('title,date,time', ...rows, 'Party,Friday 12 March,21:00');
    expect(skippedOf(text)).toEqual([
      { path: 'row 7, date', message: 'expected a date as YYYY-MM-DD, got "Friday 12 March"' },
    ]);
  });

  it('names an unknown column and lists the known ones', () => {
    const [problem] = problemsOf(sheet('title,date,time,Venue', 'Quiz,2027-03-10,20:00,Hall'));
    expect(problem?.path).toBe('row 1, Venue');
    expect(problem?.message).toMatch(/^unknown column "Venue"; the columns are uid, title, date/);
    expect(problem?.message).toContain('few_tickets_left');
  });

  it('skips a row whose point is not "latitude, longitude" in range, and reads one that is', () => {
    const text = sheet(
      'uid,title,date,time,geo',
      't,Tour,2027-03-10,20:00,"53.4808, -2.2426"',
      't,Tour,2027-03-11,20:00,',
      't,Tour,2027-03-12,20:00,"91, 0"',
      't,Tour,2027-03-13,20:00,Manchester',
    );
    const read = eventsFromCsv(text, context);
    const message = (got: string) =>
      `expected a point as "latitude, longitude" in degrees (53.4808, -2.2426), got "${got}"`;
    expect(read.skipped).toEqual([
      { path: 'row 4, geo', message: message('91, 0') },
      { path: 'row 5, geo', message: message('Manchester') },
    ]);
    expect(titled(read.events, 'Tour').occurrences).toEqual([
      { date: '2027-03-10', time: '20:00', geo: { lat: 53.4808, lon: -2.2426 } },
      { date: '2027-03-11', time: '20:00' },
    ]);
  });

  it('reads a stop’s address from the address columns, and skips a row whose country is not a code', () => {
    const text = sheet(
      'uid,title,date,time,street_address,address_locality,postal_code,address_country',
      't,Tour,2027-03-10,20:00,Peter St,Manchester,M2 5QR,gb',
      't,Tour,2027-03-11,20:00,,,,',
      't,Tour,2027-03-12,20:00,Peter St,Manchester,,England',
    );
    const read = eventsFromCsv(text, context);
    expect(read.skipped).toEqual([
      {
        path: 'row 4, address_country',
        message: 'expected a two-letter country code (ISO 3166-1 alpha-2, as GB), got "England"',
      },
    ]);
    expect(titled(read.events, 'Tour').occurrences).toEqual([
      {
        date: '2027-03-10',
        time: '20:00',
        address: {
          streetAddress: 'Peter St',
          addressLocality: 'Manchester',
          postalCode: 'M2 5QR',
          addressCountry: 'GB',
        },
      },
      { date: '2027-03-11', time: '20:00' },
    ]);
  });

  it('names a missing required column', () => {
    expect(problemsOf(sheet('title,time', 'Quiz,20:00'))).toEqual([
      { path: 'row 1, date', message: 'required column "date" is missing' },
    ]);
  });

  it('skips a row whose ticket link is not https', () => {
    const text = sheet('title,date,time,ticket_url', 'Quiz,2027-03-10,20:00,http://t.example/q');
    expect(skippedOf(text)).toEqual([
      {
        path: 'row 2, ticket_url',
        message: 'expected an absolute https URL, got "http://t.example/q"',
      },
    ]);
  });

  it('skips a row with an access id outside the vocabulary', () => {
    const text = sheet('title,date,time,access', 'Quiz,2027-03-10,20:00,wheelchair;ramps');
    const [problem] = skippedOf(text);
    expect(problem?.path).toBe('row 2, access');
    expect(problem?.message).toMatch(/^unknown access id "ramps"; expected one of wheelchair,/);
  });

  it('skips a row with a price without its currency', () => {
    const text = sheet('title,date,time,price,currency', 'Quiz,2027-03-10,20:00,12.50,');
    expect(skippedOf(text)).toEqual([
      { path: 'row 2, currency', message: 'required when a price is given' },
    ]);
  });

  it('skips a row with a decimal comma in a comma-separated sheet', () => {
    const text = sheet('title,date,time,price,currency', 'Quiz,2027-03-10,20:00,"12,50",GBP');
    expect(skippedOf(text)).toEqual([
      {
        path: 'row 2, price',
        message: 'expected an amount such as 12.50 or a range such as 12-15, got "12,50"',
      },
    ]);
  });

  it('names the row whose cell count differs from the header', () => {
    const text = sheet('title,date,time', 'Quiz,2027-03-10,20:00', 'Folk,2027-03-11,20:00,extra');
    expect(skippedOf(text)).toEqual([
      { path: 'row 3', message: 'has 4 cells where the header has 3' },
    ]);
  });

  it('lists the rows before a quote that is never closed, and names the row it starts in', () => {
    const text = sheet('title,date,time', 'Quiz,2027-03-10,20:00', '"Folk,2027-03-11,20:00');
    const read = eventsFromCsv(text, context);
    expect(read.events.map(({ event }) => event.title)).toEqual(['Quiz']);
    expect(read.skipped).toEqual([
      { path: 'row 3', message: 'a quoted cell starts here and is never closed' },
    ]);
  });

  it('skips the second of two rows of the same title and date without uids', () => {
    const text = sheet('title,date,time', 'Quiz,2027-03-10,18:00', 'Quiz,2027-03-10,20:30');
    expect(skippedOf(text)).toEqual([
      {
        path: 'row 3, title',
        message: 'same title and date as row 2: give each a uid to keep both',
      },
    ]);
  });

  it('names every row it skips, and lists the others', () => {
    const read = eventsFromCsv(fixture('three-bad-rows'), context);
    expect(read.events.length).toBeGreaterThan(0);
    expect(read.skippedCount).toBe(3);
    expect(read.skipped).toEqual([
      { path: 'row 3, time', message: 'expected a time as HH:MM (24-hour), got "7pm"' },
      {
        path: 'row 4, ticket_url',
        message: 'expected an absolute https URL, got "http://tickets.example.org/folk"',
      },
      {
        path: 'row 5, access',
        message: expect.stringMatching(/^unknown access id "ramps"/) as string,
      },
    ]);
  });
});

describe('the window', () => {
  // now is 1 March 2027 at noon in London: yesterday is 28 February.
  const text = sheet(
    'uid,title,date,time',
    ',Two Days Ago,2027-02-27,20:00',
    ',Yesterday,2027-02-28,20:00',
    ',Today,2027-03-01,20:00',
    'run,Long Run,2027-02-27,19:30',
    'run,Long Run,2027-03-04,19:30',
    'past,Past Run,2027-02-26,19:30',
    'past,Past Run,2027-02-27,19:30',
  );
  const events = eventsFromCsv(text, context).events;

  it('leaves out a row dated two days ago and keeps yesterday’s', () => {
    expect(events.map(({ event }) => event.title)).toEqual(['Yesterday', 'Today', 'Long Run']);
  });

  it('keeps a tour’s stops from yesterday on', () => {
    const run = titled(events, 'Long Run');
    expect(run.occurrences?.map((stop) => stop.date)).toEqual(['2027-03-04']);
  });
});

describe('sheets written to hurt', () => {
  it('counts 250,000 unreadable rows of a 1 MB sheet, keeping the first 20 named', () => {
    const text = 'title,date,time\n' + 'x,,\n'.repeat(250_000);
    const read = eventsFromCsv(text, context);
    expect(read.events).toEqual([]);
    expect(read.skippedCount).toBe(250_000);
    expect(read.skipped).toHaveLength(20);
    expect(read.skipped[0]).toEqual({
      path: 'row 2, date',
      message: 'missing: expected a date as YYYY-MM-DD (and 1 more in this row)',
    });
  });

  it('reads at most maxRows rows and counts the rest', () => {
    const rows = Array.from({ length: 5 }, (_, i) => `Night ${i},2027-03-1${i},20:00`);
    const read = eventsFromCsv(sheet('title,date,time', ...rows), context, undefined, {
      limits: { maxRows: 3 },
    });
    expect(read.events.map(({ event }) => event.title)).toEqual(['Night 0', 'Night 1', 'Night 2']);
    expect(read.skippedCount).toBe(2);
    expect(read.skipped[0]!.message).toContain('at most 3 rows');
  });

  it('makes one tour of 20,000 rows sharing a uid, its first 500 nights as stops', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => {
      const day = DateTime.fromISO('2027-03-01').plus({ minutes: i * 30 });
      return `tour,Long Tour,${day.toISODate()},${day.toFormat('HH:mm')}`;
    });
    const [tour] = eventsFromCsv(sheet('uid,title,date,time', ...rows), context).events;
    expect(tour!.event.occurrences).toHaveLength(500);
    expect(tour!.event.occurrences![499]).toEqual({ date: '2027-03-11', time: '09:30' });
  });
});
