/**
 * Sources written to hurt (issue 47, docs/api.md §10.21), each as the outside world sends it, and
 * a real HTTP server on loopback that serves them; shared by the hostile-sources test and
 * `npm run bench:hostile`.
 */
import { createServer } from 'node:http';
import { listen, type Running } from './listen.js';

const calendar = (...vevents: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//hostile//EN', ...vevents, 'END:VCALENDAR', ''].join(
    '\r\n',
  );

/** One VEVENT; `start` as `YYYYMMDDTHHMMSSZ`. */
const vevent = (uid: string, start: string, ...lines: string[]) =>
  ['BEGIN:VEVENT', `UID:${uid}`, `SUMMARY:${uid}`, `DTSTART:${start}`, ...lines, 'END:VEVENT'].join(
    '\r\n',
  );

/** `YYYYMMDDT190000Z` of the day `days` after `now`. */
function dayAfter(now: Date, days: number): string {
  return `${isoDay(now, days).replaceAll('-', '')}T190000Z`;
}

/** `YYYY-MM-DD` of the day `days` after `now` (UTC). */
function isoDay(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A feed's body and its Content-Type. */
export interface HostileFeed {
  body: string;
  type: string;
}

/**
 * The hostile sources by name, each with two good nights (`{name}-good-1`, `-good-2`) a week and
 * two weeks after `now`, so a test can tell that the venue keeps what it can read.
 */
export function hostileFeeds(now: Date): Record<string, HostileFeed> {
  const good = (name: string) => [
    vevent(`${name}-good-1`, dayAfter(now, 7)),
    vevent(`${name}-good-2`, dayAfter(now, 14)),
  ];
  const ics = (...vevents: string[]): HostileFeed => ({
    body: calendar(...vevents),
    type: 'text/calendar',
  });
  return {
    // A rule that never matches: ical.js loops inside one `next()`.
    'never-matches.ics': ics(
      ...good('never-matches'),
      vevent('never', dayAfter(now, 3), 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'),
    ),
    // Three hundred series repeating every minute since 1970.
    'every-minute.ics': ics(
      ...good('every-minute'),
      ...Array.from({ length: 300 }, (_, i) =>
        vevent(`minutely-${i}`, '19700101T000000Z', 'RRULE:FREQ=MINUTELY'),
      ),
    ),
    // 40,000 blanks around a line break in a description.
    'blanks.ics': ics(
      ...good('blanks'),
      vevent('blanks', dayAfter(now, 5), `DESCRIPTION:a${' '.repeat(40_000)}\\nb`),
    ),
    // RDATE periods, as Zimbra and Exchange write them.
    'periods.ics': ics(
      ...good('periods'),
      vevent(
        'periods',
        dayAfter(now, 4),
        `RDATE;VALUE=PERIOD:${dayAfter(now, 5)}/PT2H,${dayAfter(now, 6)}/PT3H`,
      ),
    ),
    // Outlook's HTML description, with script in it.
    'script.ics': ics(
      ...good('script'),
      vevent(
        'script',
        dayAfter(now, 4),
        'X-ALT-DESC;FMTTYPE=text/html:<p>Hi<script>alert(1)</script><img src=x onerror=alert(2)></p>',
      ),
    ),
    // `title,date,time` and 250,000 rows of `x,,` (1 MB).
    'bad-rows.csv': {
      body: `title,date,time\nGood Night,${isoDay(now, 7)},20:00\n${'x,,\n'.repeat(250_000)}`,
      type: 'text/csv',
    },
    // 9 MB of events that each take memory: the parse itself runs out of the worker's heap.
    'memory.ics': ics(
      ...Array.from({ length: 45_000 }, (_, i) =>
        vevent(`big-${i}`, dayAfter(now, 1 + (i % 300)), `DESCRIPTION:${'z'.repeat(150)}`),
      ),
    ),
    // A plain, good feed.
    'good.ics': ics(...good('good')),
  };
}

/** Serves `feeds` at `/{name}` on 127.0.0.1; anything else is a 404. */
export async function serveFeeds(feeds: Record<string, HostileFeed>): Promise<Running> {
  const server = createServer((req, res) => {
    const feed = feeds[(req.url ?? '').slice(1).split('?')[0]!];
    if (!feed) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': feed.type }).end(feed.body);
  });
  return listen(server);
}

/** A venue file of `count` venues named `{prefix}-{n}`, each fed by one of `names` in turn. */
export function sourceVenues(baseUrl: string, names: readonly string[], count = names.length) {
  return Array.from({ length: count }, (_, i) => ({
    slug: `src-${i}`,
    name: `Source ${i}`,
    timezone: 'Europe/London',
    source: { url: `${baseUrl}/${names[i % names.length]!}` },
  }));
}
