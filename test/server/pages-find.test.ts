/**
 * Finding events on the server-rendered listing page (docs/api.md §10.5, §10.12) with JavaScript
 * off: the filter form (category, search, from/to dates) and what it lists, its 400 page for a bad
 * value, and the month view `?view=calendar&month=YYYY-MM`; plus the venue feed's `categories`.
 * Runs on both stores (vitest.config.ts).
 */
import { describe, expect, it } from 'vitest';
import { startServer, venueFile, type TestServer } from '../support/server.js';
import { FIND_EVENTS } from '../fixtures/find-venue.js';

const NOW = '2026-11-30T12:00:00Z';
const LIST = '/t/test-venue/events';

const EVENTS = FIND_EVENTS;

async function withServer<T>(
  events: Record<string, unknown>[],
  run: (server: TestServer) => Promise<T>,
): Promise<T> {
  const server = await startServer(venueFile(events), NOW);
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

const get = async (server: TestServer, path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { res, html: await res.text() };
};

/** `&#38;` (how the pages escape `&` in attributes) back to `&`. */
const unescape = (href: string) => href.replace(/&#38;/g, '&');

/** The titles of the events a listing page lists, in order. */
const titles = (html: string) =>
  [...html.matchAll(/<h2><a href="[^"]+">([^<]+)<\/a><\/h2>/g)].map((m) => m[1]!);

/** The pagination links of a listing page, by label. */
function pageLinks(html: string): Record<string, string> {
  const nav = /<nav aria-label="Pages of events">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return Object.fromEntries(
    [...nav.matchAll(/<a href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((m) => [
      m[2]!.replace(/<[^>]+>/g, '').trim(),
      unescape(m[1]!),
    ]),
  );
}

/** The control labelled `label`: its opening tag (the `<label for>` must name its id). */
function control(html: string, label: string): string {
  const id = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html)?.[1];
  expect(id, `a <label> "${label}"`).toBeDefined();
  const tag = new RegExp(`<(?:input|select)[^>]* id="${id}"[^>]*>`).exec(html)?.[0];
  expect(tag, `the control of "${label}"`).toBeDefined();
  return tag!;
}

/** The month view's day cells: date → its classes and the titles (and links) listed in it. */
function monthCells(html: string) {
  const table = /<table class="month">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  const cells = new Map<string, { attrs: string; titles: string[]; hrefs: string[] }>();
  for (const [, attrs, body] of table.matchAll(/<td([^>]*)>([\s\S]*?)<\/td>/g)) {
    const date = /<time datetime="(\d{4}-\d{2}-\d{2})">/.exec(body!)?.[1];
    if (!date) continue;
    const list = /<ul>([\s\S]*)<\/ul>/.exec(body!)?.[1] ?? '';
    const links = [...list.matchAll(/<a href="([^"]+)">(?:<del>)?([^<]+)/g)];
    cells.set(date, {
      attrs: attrs!,
      titles: links.map((m) => m[2]!),
      hrefs: links.map((m) => unescape(m[1]!)),
    });
  }
  return cells;
}

/** The month navigation's links, by rel. */
function monthLinks(html: string): Record<string, string> {
  const nav = /<nav aria-label="Months">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return Object.fromEntries(
    [...nav.matchAll(/<a href="([^"]+)" rel="(\w+)">/g)].map((m) => [m[2]!, unescape(m[1]!)]),
  );
}

describe('listing page filters', () => {
  it('has a form with labelled controls, the venue’s categories and the current values', async () => {
    await withServer(EVENTS, async (server) => {
      const { html } = await get(
        server,
        `${LIST}?categories=JAZZ&search=Pancakes&start_date=2026-12-01&end_date=2026-12-31`,
      );
      expect(html).toMatch(/<form [^>]*method="get" action="\/t\/test-venue\/events"/);
      expect(control(html, 'Category')).toContain('name="categories"');
      expect(control(html, 'Search')).toMatch(/type="search" [^>]*name="search" value="Pancakes"/);
      expect(control(html, 'From')).toMatch(/type="date" [^>]*value="2026-12-01"/);
      expect(control(html, 'To')).toMatch(/type="date" [^>]*value="2026-12-31"/);
      // Spellings differing in case are one category, named as most events spell it, counted.
      const options = [...html.matchAll(/<option value="([^"]*)"( selected)?>([^<]+)</g)];
      expect(options.map((m) => m[3])).toEqual([
        'All categories',
        'Folk (1)',
        'Jazz (3)',
        'Rock (2)',
      ]);
      expect(options.find((m) => m[2])?.[3]).toBe('Jazz (3)');
      expect(html).toMatch(/<button type="submit">Find events<\/button>/);
      expect(html).toContain(`<a href="${LIST}">Clear filters</a>`);
      expect(titles(html)).toEqual(['Jazz Brunch']);
    });
  });

  it('an empty form submission is the unfiltered page, indexable', async () => {
    await withServer(EVENTS, async (server) => {
      const plain = await get(server, LIST);
      const empty = await get(server, `${LIST}?categories=&search=&start_date=&end_date=`);
      expect(empty.html).toBe(plain.html);
      expect(plain.html).not.toContain('noindex');
      expect(plain.html).toContain('6 upcoming events');
      expect(control(plain.html, 'Category')).not.toContain('aria-invalid');
    });
  });

  it.each([
    ['categories=rock', ['Rock Night', 'Called Off']],
    ['categories=jazz,folk', ['Jazz Trio', 'Jazz Brunch', 'Folk Tour', 'New Year Jazz']],
    ['search=quartet', ['Jazz Brunch']],
    ['search=jaz', ['Jazz Trio', 'Jazz Brunch', 'New Year Jazz']],
    ['search=glasgow', ['Folk Tour']],
    ['start_date=2026-12-08', ['Called Off', 'Folk Tour', 'New Year Jazz']],
    ['start_date=2026-12-06&end_date=2026-12-07', ['Rock Night', 'Jazz Brunch']],
    ['end_date=2026-12-05', ['Jazz Trio', 'Folk Tour']],
    ['categories=jazz&start_date=2027-01-01', ['New Year Jazz']],
  ])('?%s lists only the matching events, in the list’s order', async (query, expected) => {
    await withServer(EVENTS, async (server) => {
      const { res, html } = await get(server, `${LIST}?${query}`);
      expect(res.status).toBe(200);
      expect(titles(html)).toEqual(expected);
      expect(html).toContain(
        `${expected.length} event${expected.length === 1 ? ' matches' : 's match'} these filters`,
      );
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('upcoming events');
    });
  });

  it('pagination, canonical and prev/next links keep the filters, in canonical form', async () => {
    const events = Array.from({ length: 30 }, (_, i) => ({
      title: `${i % 2 ? 'Rock' : 'Jazz'} night ${i + 1}`,
      date: `2026-12-${String(i + 1).padStart(2, '0')}`,
      time: '20:00',
      category: i % 2 ? 'Rock' : 'Jazz',
    }));
    await withServer(events, async (server) => {
      const first = await get(server, `${LIST}?search=Night&categories=Jazz`);
      expect(titles(first.html)).toHaveLength(12);
      expect(first.html).toContain('15 events match these filters · page 1 of 2');
      const links = pageLinks(first.html);
      expect(links['2']).toBe(`${LIST}?categories=jazz&search=night&page=2`);
      expect(links['1']).toBe(`${LIST}?categories=jazz&search=night`);
      expect(links['Next »']).toBe(`${LIST}?categories=jazz&search=night&page=2`);
      expect(first.html).toMatch(
        /<link rel="canonical" href="http:\/\/[^"]+\/t\/test-venue\/events\?categories=jazz&#38;search=night">/,
      );
      expect(first.html).toMatch(
        /<link rel="next" href="http:\/\/[^"]+\/t\/test-venue\/events\?categories=jazz&#38;search=night&#38;page=2">/,
      );
      const second = await get(server, links['2']!);
      expect(titles(second.html)).toEqual(['Jazz night 25', 'Jazz night 27', 'Jazz night 29']);
      expect(second.html).toContain('<ol class="events" start="13">');
      expect(pageLinks(second.html)['« Previous']).toBe(`${LIST}?categories=jazz&search=night`);
      const beyond = await get(server, `${LIST}?categories=jazz&page=5`);
      expect(beyond.html).toContain(`<a href="${LIST}?categories=jazz">See the first page</a>`);
    });
  });

  it.each([
    ['start_date=2026-13-01', 'From', 'Enter a real date for “From”: “2026-13-01” is not one.'],
    ['end_date=tomorrow', 'To', '“tomorrow” is not one'],
    ['start_date=2026-12-10&end_date=2026-12-01', 'To', 'must not be before the “From” date'],
    ['start_date=2026-12-01&end_date=2028-12-01', 'To', 'at most 366 days apart'],
    [`search=${'a'.repeat(101)}`, 'Search', 'at most 100 characters'],
    ['search=a&search=b', 'Search', 'Give one “Search” value only'],
  ])('?%s: the page again, its error by "%s", as a 400', async (query, label, message) => {
    await withServer(EVENTS, async (server) => {
      const { res, html } = await get(server, `${LIST}?categories=jazz&${query}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const tag = control(html, label);
      expect(tag).toContain('aria-invalid="true"');
      const described = /aria-describedby="([^"]+)"/.exec(tag)![1]!;
      const error = new RegExp(`<p class="error" id="${described}" role="alert">([^<]+)</p>`).exec(
        html,
      )?.[1];
      expect(error).toContain(message);
      // Only the bad field is marked; the good values stay filled in; nothing is listed.
      expect(control(html, 'Category')).not.toContain('aria-invalid');
      expect(html).toMatch(/<option value="Jazz" selected>/);
      expect(titles(html)).toEqual([]);
      expect(html).toMatch(/<title>Error: /);
      expect(html).toContain('Correct the filters above to see events');
    });
  });

  it('no match: "No events match these filters" with a link clearing them', async () => {
    await withServer(EVENTS, async (server) => {
      const { res, html } = await get(server, `${LIST}?categories=opera&search=zzz`);
      expect(res.status).toBe(200);
      expect(titles(html)).toEqual([]);
      expect(html).toContain(
        `<p>No events match these filters. <a href="${LIST}">Clear filters</a> to see every event.</p>`,
      );
      expect(html).not.toMatch(/no upcoming events/i);
      // The category nobody has still shows as chosen, so the form says what was asked.
      expect(html).toContain('<option value="opera" selected>opera</option>');
    });
  });

  it('works with JavaScript off: no script but JSON-LD, no inline style or handler, forms to self', async () => {
    await withServer(EVENTS, async (server) => {
      for (const path of [
        `${LIST}?categories=jazz`,
        `${LIST}?start_date=bad`,
        `${LIST}?view=calendar&month=2026-12`,
        `${LIST}?view=calendar&month=bad`,
      ]) {
        const { res, html } = await get(server, path);
        const csp = res.headers.get('content-security-policy')!;
        expect(csp).toContain("form-action 'self'");
        expect(csp).not.toMatch(/script-src|unsafe-inline/);
        const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
        expect(
          scripts.every((attrs) => attrs === ' type="application/ld+json"'),
          path,
        ).toBe(true);
        expect(html, path).not.toMatch(/\son\w+=|\sstyle=/i);
        expect(html.match(/<style>/g), path).toHaveLength(1);
      }
    });
  });

  it('the JSON-LD describes the events shown', async () => {
    await withServer(EVENTS, async (server) => {
      const ld = (html: string) =>
        JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as {
          name: string;
        }[];
      const list = await get(server, `${LIST}?categories=rock`);
      expect(ld(list.html).map((e) => e.name)).toEqual(['Rock Night', 'Called Off']);
      const month = await get(server, `${LIST}?view=calendar&month=2027-01`);
      expect([...new Set(ld(month.html).map((e) => e.name))].sort()).toEqual([
        'Folk Tour',
        'New Year Jazz',
      ]);
    });
  });

  it('the venue feed takes categories: .ics?categories=…, a bad value a JSON 400', async () => {
    await withServer(EVENTS, async (server) => {
      const { res, html: ics } = await get(server, `${LIST}.ics?categories=Rock`);
      expect(res.status).toBe(200);
      const summaries = [...ics.matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim());
      expect(summaries).toEqual(['Rock Night', 'Called Off']);
      expect(ics).toContain('X-WR-CALNAME:Test Venue (rock)');
      const all = await get(server, `${LIST}.ics`);
      expect(all.html).toContain('SUMMARY:Jazz Trio');
      const bad = await fetch(`${server.url}${LIST}.ics?categories=a&categories=b`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        errors: [{ status: '400', source: { parameter: 'categories' } }],
      });
      const page = await get(server, `${LIST}?categories=rock`);
      expect(page.html).toContain(
        '/t/test-venue/events.ics?categories=rock">Subscribe to rock only',
      );
    });
  });
});

describe('month view', () => {
  it('is a table of the month: caption, weekday headers from Monday, one cell per day', async () => {
    await withServer(EVENTS, async (server) => {
      const { res, html } = await get(server, `${LIST}?view=calendar&month=2026-12`);
      expect(res.status).toBe(200);
      expect(html).toContain('<caption>December 2026</caption>');
      const headers = [...html.matchAll(/<th scope="col"><abbr title="(\w+)">/g)].map((m) => m[1]);
      expect(headers).toEqual([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
        'Sunday',
      ]);
      const cells = monthCells(html);
      expect([...cells.keys()]).toHaveLength(31);
      // 1 December 2026 is a Tuesday: one empty cell before it in the first week.
      expect(html).toMatch(
        /<tbody>\n<tr>\n<td><\/td>\n<td><span class="day"><time datetime="2026-12-01">/,
      );
      expect(html.match(/<tr>/g)).toHaveLength(6); // the header row and five weeks
      const feb = monthCells((await get(server, `${LIST}?view=calendar&month=2027-02`)).html);
      expect(feb.size).toBe(28);
      expect(html).toContain('<meta name="robots" content="noindex">');
    });
  });

  it('lists each day’s events as links: a single event on its day, a tour on each stop day', async () => {
    await withServer(EVENTS, async (server) => {
      const cells = monthCells((await get(server, `${LIST}?view=calendar&month=2026-12`)).html);
      expect(cells.get('2026-12-05')!.titles).toEqual(['Jazz Trio', 'Folk Tour']);
      expect(cells.get('2026-12-05')!.hrefs).toEqual([
        '/t/test-venue/events/event-1',
        '/t/test-venue/events/folk-tour#stop-2026-12-05-1930',
      ]);
      expect(cells.get('2026-12-12')!.titles).toEqual(['Folk Tour']);
      expect(cells.get('2026-12-12')!.hrefs).toEqual([
        '/t/test-venue/events/folk-tour#stop-2026-12-12-2000',
      ]);
      expect(cells.get('2026-12-06')!.titles).toEqual(['Rock Night']);
      expect(cells.get('2026-12-09')!.titles).toEqual(['Called Off']);
      expect(cells.get('2026-12-08')!.titles).toEqual([]);
      const html = (await get(server, `${LIST}?view=calendar&month=2026-12`)).html;
      // Cancelled: the event, and the tour's stop in Bristol, are marked.
      expect(html).toMatch(/<del>Called Off<\/del><\/a> <span class="cancelled">\(cancelled\)/);
      expect(html).toMatch(
        /stop-2026-12-05-1930"><del>Folk Tour<\/del><\/a> <span class="cancelled">/,
      );
      const january = monthCells((await get(server, `${LIST}?view=calendar&month=2027-01`)).html);
      expect(january.get('2027-01-03')!.titles).toEqual(['Folk Tour']);
      expect(january.get('2027-01-01')!.titles).toEqual(['New Year Jazz']);
    });
  });

  it('each day with events links to the list of that day', async () => {
    await withServer(EVENTS, async (server) => {
      const html = (await get(server, `${LIST}?view=calendar&month=2026-12&categories=jazz`)).html;
      const href = /<a class="day" href="([^"]+)"><time datetime="2026-12-05">/.exec(html)?.[1];
      expect(unescape(href!)).toBe(
        `${LIST}?categories=jazz&start_date=2026-12-05&end_date=2026-12-05`,
      );
      expect(titles((await get(server, unescape(href!))).html)).toEqual(['Jazz Trio']);
    });
  });

  it('a busy day lists its first events and links the rest to that day’s list', async () => {
    const busy = Array.from({ length: 6 }, (_, i) => ({
      title: `Set ${i + 1}`,
      date: '2026-12-10',
      time: `${String(14 + i).padStart(2, '0')}:00`,
    }));
    await withServer(busy, async (server) => {
      const cells = monthCells((await get(server, `${LIST}?view=calendar&month=2026-12`)).html);
      const day = `${LIST}?start_date=2026-12-10&end_date=2026-12-10`;
      expect(cells.get('2026-12-10')!.titles).toEqual(['Set 1', 'Set 2', 'Set 3', '3 more']);
      expect(cells.get('2026-12-10')!.hrefs.at(-1)).toBe(day);
      expect(titles((await get(server, day)).html)).toHaveLength(6);
    });
  });

  it('defaults to the venue’s current month; days before today are shown, dimmed and empty', async () => {
    await withServer(EVENTS, async (server) => {
      const { html } = await get(server, `${LIST}?view=calendar`);
      expect(html).toContain('<caption>November 2026</caption>');
      const cells = monthCells(html);
      expect(cells.size).toBe(30);
      // The tour's Leeds stop (20 November) is past: not shown.
      expect(cells.get('2026-11-20')).toEqual({ attrs: ' class="past"', titles: [], hrefs: [] });
      expect(cells.get('2026-11-30')!.attrs).toBe(' class="today" aria-current="date"');
    });
  });

  it('links to the previous and next months (none before the current one) and to the list', async () => {
    await withServer(EVENTS, async (server) => {
      const december = (await get(server, `${LIST}?view=calendar&month=2026-12&search=jazz`)).html;
      expect(monthLinks(december)).toEqual({
        prev: `${LIST}?search=jazz&view=calendar&month=2026-11`,
        next: `${LIST}?search=jazz&view=calendar&month=2027-01`,
      });
      expect(december).toContain(`<a href="${LIST}?search=jazz">Show as a list</a>`);
      const november = (await get(server, `${LIST}?view=calendar&month=2026-11`)).html;
      expect(monthLinks(november)).toEqual({
        next: `${LIST}?view=calendar&month=2026-12`,
      });
      const list = (await get(server, `${LIST}?categories=jazz&start_date=2027-01-01`)).html;
      expect(list).toContain(
        `<a href="${LIST}?categories=jazz&#38;view=calendar&#38;month=2027-01">Show as a month calendar</a>`,
      );
    });
  });

  it('applies the category and search filters', async () => {
    await withServer(EVENTS, async (server) => {
      const byCategory = await get(server, `${LIST}?view=calendar&month=2026-12&categories=jazz`);
      const shown = (html: string) =>
        [...monthCells(html).values()].flatMap((cell) => cell.titles).sort();
      expect(shown(byCategory.html)).toEqual(['Jazz Brunch', 'Jazz Trio']);
      expect(byCategory.html).toContain('December 2026 · 2 events match these filters');
      expect(byCategory.html).toContain('<input type="hidden" name="view" value="calendar">');
      expect(control(byCategory.html, 'Month')).toContain('value="2026-12"');
      const bySearch = await get(server, `${LIST}?view=calendar&month=2026-12&search=glasgow`);
      expect(shown(bySearch.html)).toEqual(['Folk Tour', 'Folk Tour']);
      const none = await get(server, `${LIST}?view=calendar&month=2026-12&search=zzz`);
      expect(shown(none.html)).toEqual([]);
      expect(none.html).toContain('No events match these filters in December 2026.');
      expect(none.html).not.toMatch(/no upcoming events/i);
    });
  });

  it.each(['2026-13', '2026-1', 'december', '0001-01'])(
    'month=%s: the page again, with the error by the month field, as a 400',
    async (month) => {
      await withServer(EVENTS, async (server) => {
        const { res, html } = await get(server, `${LIST}?view=calendar&month=${month}`);
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const tag = control(html, 'Month');
        expect(tag).toContain('aria-invalid="true"');
        expect(tag).toContain('aria-describedby="filter-month-error"');
        expect(html).toMatch(
          new RegExp(`<p class="error" id="filter-month-error" role="alert">[^<]*“${month}”`),
        );
        expect(html).not.toContain('<table');
      });
    },
  );
});
