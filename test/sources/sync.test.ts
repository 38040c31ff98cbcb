/**
 * A venue kept in step with its calendar feed or sheet (docs/sources.md "Kept in step"), against a
 * real HTTP server on loopback, the real store and the real app: the listing a visitor gets after
 * a sync, the extras laid over it, ids that survive syncs, nothing written for an unchanged source
 * (a 304 or the same bytes), the last good listing kept through a 500 or a bad file, a file that
 * drops events applied whole (never a mix), a re-import that loses nothing, and `/metrics`.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { createApp } from '../../server/origin/app.js';
import { eventsFromCsv } from '../../server/sources/csv.js';
import { eventsFromIcs } from '../../server/sources/ics.js';
import { SourceSync, type SyncLogger } from '../../server/sources/sync.js';
import type { DateFormat } from '../../shared/venue-file.js';
import type { Store } from '../../server/store/store.js';
import { listen, type Running } from '../support/listen.js';
import { openTestStore } from '../support/store.js';

const NOW = '2026-12-05T12:00:00Z';
const CRLF = '\r\n';

/** A VEVENT as Google Calendar writes one, in London time. */
const vevent = (uid: string, title: string, start: string, extra: string[] = []) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261201T090000Z',
    `DTSTART;TZID=Europe/London:${start}`,
    `SUMMARY:${title}`,
    ...extra,
    'END:VEVENT',
  ].join(CRLF);
const calendar = (...events: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    ...events,
    'END:VCALENDAR',
    '',
  ].join(CRLF);

const FULL = calendar(
  vevent('night-1@hall', 'Night One', '20261210T200000'),
  vevent('night-2@hall', 'Night Two', '20261211T193000', ['CATEGORIES:Jazz']),
  vevent('quiz@hall', 'Quiz', '20261207T190000', ['RRULE:FREQ=WEEKLY;COUNT=3']),
  vevent('old@hall', 'Long Gone', '20261101T200000'),
);
const HALF = calendar(vevent('night-2@hall', 'Night Two', '20261211T193000', ['CATEGORIES:Jazz']));

/** What the feed's server answers next, and what it was asked. */
interface Feed {
  status: number;
  body: string;
  etag?: string;
  type: string;
  asked: IncomingHttpHeaders[];
}

let feed: Feed;
/** Where the feed's server sends its 302s, when a test makes it redirect. */
let feedRedirect: string | undefined;
let feedServer: Running;
let store: Store;
let app: Running;
let logged: string[];
let sync: SourceSync;

const logger: SyncLogger = {
  info: () => undefined,
  warn: (_fields, message) => logged.push(message),
};

const venueFile = (url: string, extras: Record<string, unknown> = {}) => ({
  venues: [
    {
      slug: 'feed-hall',
      name: 'Feed Hall',
      timezone: 'Europe/London',
      source: { url, refresh_seconds: 60 },
      event_extras: {
        'night-1@hall': { price: { currency: 'GBP', min: '12' }, performers: ['The Band'] },
        'no-longer@hall': { price: { currency: 'GBP', min: '99' } },
        ...extras,
      },
    },
  ],
});

interface Listed {
  data: {
    id: string;
    attributes: {
      title: string;
      event_date: string;
      event_time: string;
      price?: { min: string };
      performers?: string[];
      category: string;
      occurrence_count: number;
    };
  }[];
}
const listing = async (): Promise<Listed> =>
  (await fetch(`${app.url}/t/feed-hall/api/events?page=1`)).json() as Promise<Listed>;
const titles = async () => (await listing()).data.map((e) => e.attributes.title);

beforeEach(async () => {
  logged = [];
  feed = { status: 200, body: FULL, etag: '"v1"', type: 'text/calendar; charset=utf-8', asked: [] };
  feedServer = await listen(
    createServer((req, res) => {
      feed.asked.push(req.headers);
      if (feed.etag && req.headers['if-none-match'] === feed.etag) {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(feed.status, {
        'Content-Type': feed.type,
        ...(feed.etag && { ETag: feed.etag }),
        ...(feedRedirect && { Location: feedRedirect }),
      });
      res.end(feed.body);
    }),
  );
  store = await openTestStore();
  await importVenueFile(store, venueFile(`${feedServer.url}/calendar/hall/basic.ics`));
  const clock = () => new Date(NOW);
  sync = new SourceSync({ store, clock, fetch: { allowHosts: ['127.0.0.1'] }, logger });
  app = await listen(
    createServer(
      createApp({ store, clock, logger: false, metrics: true, sources: () => sync.states() }),
    ),
  );
});

afterEach(async () => {
  await sync.stop();
  await app.close();
  await feedServer.close();
  await store.close();
});

describe('a venue whose events come from a calendar feed', () => {
  it('lists the feed’s upcoming events on the venue’s clock, a series as one event, the extras laid over', async () => {
    expect(await titles()).toEqual([]);
    const [state] = await sync.syncAll();
    expect(state).toMatchObject({ venue: 'feed-hall', outcome: 'applied', events: 3, failures: 0 });
    const { data } = await listing();
    expect(
      data.map((e) => [
        e.attributes.title,
        e.attributes.event_date.slice(0, 10),
        e.attributes.event_time,
      ]),
    ).toEqual([
      ['Quiz', '2026-12-07', '19:00:00'],
      ['Night One', '2026-12-10', '20:00:00'],
      ['Night Two', '2026-12-11', '19:30:00'],
    ]);
    expect(data[0]!.attributes.occurrence_count).toBe(3);
    const one = data[1]!.attributes;
    expect(one.price?.min).toBe('12.00');
    expect(one.performers).toEqual(['The Band']);
    expect(data[2]!.attributes.category).toBe('Jazz');
  });

  it('an unchanged source writes nothing: a 304 to its ETag, or the same bytes without one', async () => {
    await sync.syncAll();
    const version = store.version();
    const [again] = await sync.syncAll();
    expect(feed.asked.at(-1)!['if-none-match']).toBe('"v1"');
    expect(again!.outcome).toBe('unchanged');
    expect(store.version()).toBe(version);
    delete feed.etag;
    const [same] = await sync.syncAll();
    expect(same!.outcome).toBe('unchanged');
    expect(store.version()).toBe(version);
    expect(feed.asked).toHaveLength(3);
  });

  it('keeps the last good listing through a 500 and a file that is not iCalendar, with one log line each', async () => {
    await sync.syncAll();
    const before = await listing();
    feed.etag = '"v2"';
    feed.status = 500;
    const [failed] = await sync.syncAll();
    expect(failed).toMatchObject({ failures: 1, lastError: expect.stringContaining('500') });
    expect(await listing()).toEqual(before);
    feed.status = 200;
    feed.body = 'BEGIN:VCALENDAR\r\nthis is not a calendar';
    const [bad] = await sync.syncAll();
    expect(bad!.failures).toBe(2);
    expect(await listing()).toEqual(before);
    expect(logged).toHaveLength(2);
    for (const line of logged)
      expect(line).toMatch(
        /^source of venue "feed-hall" not applied, its last good listing kept: /,
      );
  });

  it('keeps the last good listing when the source grows over the limit or redirects to a private address', async () => {
    await sync.syncAll();
    const before = await listing();
    feed.etag = '"v2"';
    feed.body = `${FULL}${'X-FILLER:padding\r\n'.repeat(100)}`;
    const small = new SourceSync({
      store,
      clock: () => new Date(NOW),
      fetch: { allowHosts: ['127.0.0.1'], maxBytes: FULL.length },
      logger,
    });
    const [over] = await small.syncAll();
    expect(over!.lastError).toMatch(/^the source is over/);
    expect(await listing()).toEqual(before);
    // The address the source moved to is this machine under a name the operator did not allow.
    feed.status = 302;
    const asked = feed.asked.length;
    const moved = createServer((_req, res) => res.writeHead(200).end(FULL));
    const elsewhere = await listen(moved);
    try {
      feedRedirect = `${elsewhere.url.replace('127.0.0.1', 'localhost')}/moved.ics`;
      const [redirected] = await sync.syncAll();
      expect(redirected!.lastError).toContain('--allow-source-host localhost');
      expect(feed.asked).toHaveLength(asked + 1);
      expect(await listing()).toEqual(before);
    } finally {
      feedRedirect = undefined;
      await elsewhere.close();
    }
  });

  it('a feed that drops events is applied whole; an event keeps its id across syncs', async () => {
    await sync.syncAll();
    const idOf = (body: Listed, title: string) =>
      body.data.find((e) => e.attributes.title === title)!.id;
    const before = idOf(await listing(), 'Night Two');
    feed.etag = '"v2"';
    feed.body = HALF;
    await sync.syncAll();
    const after = await listing();
    expect(after.data.map((e) => e.attributes.title)).toEqual(['Night Two']);
    expect(idOf(after, 'Night Two')).toBe(before);
  });

  it('re-importing the venue file (new extras) keeps the synced events; the next sync lays the extras over, the feed unchanged', async () => {
    await sync.syncAll();
    await importVenueFile(
      store,
      venueFile(`${feedServer.url}/calendar/hall/basic.ics`, {
        'night-2@hall': { performers: ['Trio'] },
      }),
    );
    expect(await titles()).toEqual(['Quiz', 'Night One', 'Night Two']);
    // The feed itself is unchanged: the new extras alone make the next sync apply it.
    await sync.syncAll();
    const two = (await listing()).data.find((e) => e.attributes.title === 'Night Two')!;
    expect(two.attributes.performers).toEqual(['Trio']);
  });

  it('says on /metrics when each source last synced, its failures and its events', async () => {
    await sync.syncAll();
    const text = await (await fetch(`${app.url}/metrics`)).text();
    expect(text).toMatch(/^venue_events_source_events\{venue="feed-hall"\} 3$/m);
    expect(text).toMatch(/^venue_events_source_failures\{venue="feed-hall"\} 0$/m);
    expect(text).toMatch(
      new RegExp(
        `^venue_events_source_last_success_seconds\\{venue="feed-hall"\\} ${Date.parse(NOW) / 1000}$`,
        'm',
      ),
    );
  });

  it('refuses a loopback source whose host the operator did not allow, keeping the listing', async () => {
    await sync.syncAll();
    const strict = new SourceSync({
      store,
      clock: () => new Date(NOW),
      fetch: { allowHosts: [] },
      logger,
    });
    const asked = feed.asked.length;
    const [state] = await strict.syncAll();
    expect(state!.lastError).toContain('--allow-source-host 127.0.0.1');
    expect(feed.asked).toHaveLength(asked);
    expect(await titles()).toEqual(['Quiz', 'Night One', 'Night Two']);
  });
});

describe('the sync as the server runs it', () => {
  it('finds a venue given a source after the start, and lists its events', async () => {
    const running = new SourceSync({
      store,
      clock: () => new Date(NOW),
      fetch: { allowHosts: ['127.0.0.1'] },
      logger,
      rescanMs: 20,
    });
    try {
      await running.start();
      expect(running.states().map((s) => s.venue)).toEqual(['feed-hall']);
      await importVenueFile(store, {
        venues: [
          {
            slug: 'late-hall',
            timezone: 'Europe/London',
            source: { url: `${feedServer.url}/late.ics` },
          },
        ],
      });
      const found = async () => {
        for (;;) {
          const late = running.states().find((s) => s.venue === 'late-hall');
          if (late?.outcome === 'applied') return late;
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      expect((await found()).events).toBe(3);
      const body = await (await fetch(`${app.url}/t/late-hall/api/events`)).json();
      expect(body.data).toHaveLength(3);
    } finally {
      await running.stop();
    }
  });
});

describe('a venue whose events come from a sheet', () => {
  it('reads a published CSV in the date format its source names', async () => {
    feed.type = 'text/csv';
    feed.body = 'uid,title,date,time,price,currency\r\ns-1,Sheet Night,12/12/2026,20:00,8,GBP\r\n';
    await importVenueFile(store, {
      venues: [
        {
          slug: 'feed-hall',
          name: 'Feed Hall',
          timezone: 'Europe/London',
          source: { url: `${feedServer.url}/sheet`, date_format: 'DD/MM/YYYY' },
        },
      ],
    });
    const [state] = await sync.syncAll();
    expect(state!.outcome).toBe('applied');
    const { data } = await listing();
    expect(
      data.map((e) => [
        e.attributes.title,
        e.attributes.event_date.slice(0, 10),
        e.attributes.price?.min,
      ]),
    ).toEqual([['Sheet Night', '2026-12-12', '8.00']]);
  });
});

describe('a source’s events in other languages (docs/api.md §10.24)', () => {
  it('a sheet’s title@de and the extras’ translations by uid, laid over each other', async () => {
    feed.type = 'text/csv';
    feed.body =
      'uid,title,title@de,date,time\r\ns-1,Sheet Night,Tabellenabend,2026-12-12,20:00\r\n';
    await importVenueFile(store, {
      venues: [
        {
          slug: 'feed-hall',
          name: 'Feed Hall',
          timezone: 'Europe/London',
          source: { url: `${feedServer.url}/sheet` },
          event_extras: {
            's-1': {
              translations: {
                de: { description: '<p>Ein Abend.</p>' },
                fr: { title: 'Soirée tableur' },
              },
            },
          },
        },
      ],
    });
    const [state] = await sync.syncAll();
    expect(state!.outcome, JSON.stringify(state)).toBe('applied');
    const read = async (locale: string) =>
      (
        (await (await fetch(`${app.url}/t/feed-hall/api/events?locale=${locale}`)).json()) as {
          data: { attributes: Record<string, unknown> }[];
        }
      ).data[0]!.attributes;
    expect(await read('de')).toMatchObject({
      title: 'Tabellenabend',
      description: '<p>Ein Abend.</p>',
      languages: ['en', 'de', 'fr'],
    });
    expect(await read('fr')).toMatchObject({ title: 'Soirée tableur', language: 'fr' });
  });
});

describe('the sample feeds and sheets, each served by a real server on loopback', () => {
  const fixture = (name: string) =>
    readFileSync(new URL(`../fixtures/sources/${name}`, import.meta.url), 'utf8');
  // Each as its producer writes it; the zone and day its own tests read it in.
  const samples: [string, string, string, DateFormat?][] = [
    ['google.ics', 'text/calendar', 'Europe/London'],
    ['outlook.ics', 'text/calendar', 'Europe/Berlin'],
    ['apple.ics', 'text/calendar', 'America/New_York'],
    ['the-events-calendar.ics', 'text/calendar', 'Europe/London'],
    ['meetup.ics', 'text/calendar', 'Europe/London'],
    ['nextcloud-recurrence.ics', 'text/calendar', 'Europe/London'],
    ['google-sheets.csv', 'text/csv', 'Europe/London'],
    ['excel-semicolon.csv', 'text/csv', 'Europe/London', 'DD.MM.YYYY'],
    ['excel-us.csv', 'text/csv', 'Europe/London', 'MM/DD/YYYY'],
  ];

  it.each(samples)(
    '%s: the listing is every event the file gives',
    async (name, type, zone, dateFormat) => {
      feed.body = fixture(name);
      feed.type = type;
      const now = new Date('2027-03-01T17:00:00Z');
      await importVenueFile(store, {
        venues: [
          {
            slug: 'feed-hall',
            name: 'Feed Hall',
            timezone: zone,
            source: {
              url: `${feedServer.url}/${name}`,
              ...(dateFormat && { date_format: dateFormat }),
            },
          },
        ],
      });
      const at = new SourceSync({
        store,
        clock: () => now,
        fetch: { allowHosts: ['127.0.0.1'] },
        logger,
      });
      const [state] = await at.syncAll();
      await at.stop();
      expect(state).toMatchObject({ outcome: 'applied', lastError: null });
      const context = { zone, now };
      const expected = name.endsWith('.ics')
        ? eventsFromIcs(feed.body, context).events
        : eventsFromCsv(feed.body, context, dateFormat).events;
      expect(state!.events).toBe(expected.length);
      expect(expected.length).toBeGreaterThan(0);
      const stored = await store.storedVenue('feed-hall');
      expect(stored!.events.map((e) => e.title).sort()).toEqual(
        expected.map((e) => e.event.title).sort(),
      );
    },
  );
});
