/**
 * The server-rendered listing page `/t/{slug}/events[?page=n]` and the event pages as HTTP
 * resources: the same events in the same order as the API, 12 per page with numbered links,
 * working without JavaScript (no script runs, strict CSP), conditional requests and bounded
 * caching like the API, and the errors of decisions.md.
 */
import { describe, expect, it } from 'vitest';
import type { ListResponse } from '../../shared/contract.js';
import { expectErrorResponse } from '../support/contract.js';
import { manyEvents, startServer, venueFile, type TestServer } from '../support/server.js';

const NOW = '2026-11-30T12:00:00Z';

async function withServer<T>(
  events: Record<string, unknown>[],
  run: (server: TestServer) => Promise<T>,
  now = NOW,
): Promise<T> {
  const server = await startServer(venueFile(events), now);
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

/** The titles of the events a listing page shows, in order, and the hrefs they link to. */
function listed(html: string) {
  const items = [...html.matchAll(/<h2><a href="([^"]+)">([^<]+)<\/a><\/h2>/g)];
  return { hrefs: items.map((m) => m[1]!), titles: items.map((m) => m[2]!) };
}

/** The pagination links: label → href (and which one is current). */
function pagination(html: string) {
  const nav = /<nav aria-label="Pages of events">([\s\S]*?)<\/nav>/.exec(html)?.[1];
  if (!nav) return null;
  const links = [...nav.matchAll(/<a href="([^"]+)"([^>]*)>(.*?)<\/a>/g)].map((m) => ({
    href: m[1]!.replace(/&#38;/g, '&'),
    current: m[2]!.includes('aria-current="page"'),
    label: m[3]!.replace(/<[^>]+>/g, '').trim(),
  }));
  return links;
}

describe('listing page', () => {
  it.each([
    [0, 1, 0],
    [1, 1, 1],
    [12, 1, 12],
    [13, 2, 1],
    [25, 3, 1],
  ])('%i events: %i page(s), the last showing %i', async (count, pages, onLast) => {
    await withServer(manyEvents(count), async (server) => {
      const last = await fetch(`${server.url}/t/test-venue/events?page=${pages}`).then((r) =>
        r.text(),
      );
      expect(listed(last).titles).toHaveLength(onLast);
      const nav = pagination(last);
      if (pages === 1) {
        expect(nav).toBeNull();
      } else {
        const numbered = nav!.filter((l) => /^\d+$/.test(l.label));
        expect(numbered.map((l) => l.label)).toEqual(
          Array.from({ length: pages }, (_, i) => String(i + 1)),
        );
        expect(numbered.find((l) => l.current)?.label).toBe(String(pages));
        expect(nav!.find((l) => l.label.includes('Previous'))?.href).toBe(
          pages === 2 ? '/t/test-venue/events' : `/t/test-venue/events?page=${pages - 1}`,
        );
        expect(nav!.some((l) => l.label.includes('Next'))).toBe(false);
      }
      if (count === 0) expect(last).toContain('No upcoming events.');
    });
  });

  it('shows the same events in the same order as the API, page by page', async () => {
    const events = [
      ...manyEvents(20),
      { title: 'Tour', occurrences: [{ date: '2026-12-03', time: '18:00', location: 'X' }] },
      {
        title: 'Gone',
        date: '2026-12-02',
        time: '10:00',
        status: 'cancelled',
        cancellation_reason: 'No.',
        cancelled_at: '2026-11-01T00:00:00Z',
      },
      { title: 'Draft', date: '2026-12-02', time: '10:00', status: 'draft' },
      { title: 'Past', date: '2026-11-29', time: '10:00' },
    ].map((e, i) => ({ ...e, title: (e as { title?: string }).title ?? `Night ${i}` }));
    await withServer(events, async (server) => {
      for (const page of [1, 2]) {
        const api = (await fetch(`${server.url}/t/test-venue/api/events?page=${page}`).then((r) =>
          r.json(),
        )) as ListResponse;
        const html = await fetch(`${server.url}/t/test-venue/events?page=${page}`).then((r) =>
          r.text(),
        );
        const { titles, hrefs } = listed(html);
        expect(titles).toEqual(api.data.map((e) => e.attributes.title));
        expect(hrefs).toEqual(api.data.map((e) => `/t/test-venue/events/${e.attributes.slug}`));
        if (page === 1) {
          expect(html).toContain(`${api.meta.total} upcoming events · page 1 of 2`);
        } else {
          expect(html).toContain('<ol class="events" start="13">');
        }
      }
    });
  });

  it('every event link opens its event page', async () => {
    await withServer(manyEvents(3), async (server) => {
      const html = await fetch(`${server.url}/t/test-venue/events`).then((r) => r.text());
      for (const href of listed(html).hrefs) {
        const res = await fetch(`${server.url}${href}`);
        expect(res.status, href).toBe(200);
        expect(await res.text()).toContain('href="/t/test-venue/events"');
      }
    });
  });

  it('works with JavaScript off: no script runs, and it is sent under a strict CSP', async () => {
    await withServer(manyEvents(2), async (server) => {
      for (const path of ['/t/test-venue/events', '/t/test-venue/events/event-1']) {
        const res = await fetch(`${server.url}${path}`);
        const csp = res.headers.get('content-security-policy')!;
        expect(csp).toContain("default-src 'none'");
        expect(csp).not.toMatch(/script-src|unsafe-inline/);
        const html = await res.text();
        const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
        expect(scripts.every((attrs) => attrs === ' type="application/ld+json"')).toBe(true);
        expect(html).not.toMatch(/\son\w+=/i);
        expect(html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
        expect(html).toContain('<meta name="viewport"');
        expect(html).toMatch(
          /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/t\/test-venue/,
        );
      }
    });
  });

  it('offers the calendar feed, as webcal:// and as a download', async () => {
    await withServer(manyEvents(1), async (server) => {
      const html = await fetch(`${server.url}/t/test-venue/events`).then((r) => r.text());
      const host = new URL(server.url).host;
      expect(html).toContain(`href="webcal://${host}/t/test-venue/events.ics"`);
      expect(html).toContain('href="/t/test-venue/events.ics" download');
    });
  });

  it('reads ?page= as the API does, and keeps pages past the end out of search indexes', async () => {
    await withServer(manyEvents(13), async (server) => {
      const first = await fetch(`${server.url}/t/test-venue/events`).then((r) => r.text());
      for (const odd of ['abc', '0', '-1', '02', '2.5']) {
        const html = await fetch(`${server.url}/t/test-venue/events?page=${odd}`).then((r) =>
          r.text(),
        );
        expect(listed(html).titles, odd).toEqual(listed(first).titles);
      }
      const beyond = await fetch(`${server.url}/t/test-venue/events?page=9`);
      expect(beyond.status).toBe(200);
      const html = await beyond.text();
      expect(listed(html).titles).toEqual([]);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('There are no events on this page.');
      expect(first).not.toContain('noindex');
      expect(first).toMatch(
        /<link rel="next" href="http:\/\/[^"]+\/t\/test-venue\/events\?page=2">/,
      );
    });
  });

  it('answers If-None-Match with 304, HEAD with headers, other methods with 405', async () => {
    await withServer(manyEvents(2), async (server) => {
      for (const path of ['/t/test-venue/events', '/t/test-venue/events/event-1']) {
        const res = await fetch(`${server.url}${path}`);
        const etag = res.headers.get('etag')!;
        expect(etag).toMatch(/^"/);
        const again = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': etag } });
        expect(again.status).toBe(304);
        const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const post = await fetch(`${server.url}${path}`, { method: 'POST' });
        expect(post.status).toBe(405);
        expect(post.headers.get('allow')).toContain('GET');
        expectErrorResponse(await post.json());
      }
    });
  });

  it('is cached at most 60 s and never past a pending closure', async () => {
    await withServer(
      [{ date: '2026-12-01', time: '20:00', sales: { close_at: '2026-11-30T12:00:25Z' } }],
      async (server) => {
        for (const path of ['/t/test-venue/events', '/t/test-venue/events/event-1']) {
          const res = await fetch(`${server.url}${path}`);
          expect(res.headers.get('cache-control')).toBe('public, max-age=25');
        }
        server.setNow('2026-11-30T12:00:30Z');
        const res = await fetch(`${server.url}/t/test-venue/events/event-1`);
        expect(res.headers.get('cache-control')).toBe('public, max-age=60');
        expect(await res.text()).toContain('Online sales have ended.');
      },
    );
  });

  it('unknown venues and events are JSON 404s', async () => {
    await withServer(manyEvents(1), async (server) => {
      for (const path of [
        '/t/nope/events',
        '/t/nope/events.ics',
        '/t/test-venue/events/nope',
        '/t/test-venue/events/NOPE',
        '/t/test-venue/events/event-1/extra',
      ]) {
        const res = await fetch(`${server.url}${path}`);
        expect(res.status, path).toBe(404);
        expectErrorResponse(await res.json());
      }
    });
  });
});

describe('event page', () => {
  it('escapes venue text everywhere, in HTML and in JSON-LD', async () => {
    await withServer(
      [
        {
          title: '<img src=x onerror=alert(1)>',
          slug: 'x',
          date: '2026-12-07',
          time: '19:30',
          location: '"><script>',
          category: '<b>',
          description: '<p>Fine &amp; <em>dandy</em></p><img src=x onerror=alert(1)>',
          sales: { closed_manually_at: '2026-11-01T00:00:00Z', message: '<a href=x>door</a>' },
        },
      ],
      async (server) => {
        const page = await fetch(`${server.url}/t/test-venue/events/x`).then((r) => r.text());
        const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page)![1]!;
        expect(JSON.parse(ld)[0].name).toBe('<img src=x onerror=alert(1)>');
        const html = page.replace(ld, '');
        expect(html).not.toMatch(/<img src=x|<script>|<b>|<a href=x>/);
        expect(html).toContain('&#60;a href=x&#62;door&#60;/a&#62;');
        expect(html).toContain('<p>Fine &#38; dandy</p>');
      },
    );
  });

  it('lists every stop of a tour with an anchor, cancelled ones struck through', async () => {
    await withServer(
      [
        {
          slug: 'tour',
          occurrences: [
            { date: '2026-11-20', time: '19:00', location: 'Leeds' },
            { date: '2026-12-05', time: '19:30', location: 'Bristol', status: 'cancelled' },
            { date: '2026-12-12', time: '20:00', location: 'Glasgow' },
          ],
        },
      ],
      async (server) => {
        const html = await fetch(`${server.url}/t/test-venue/events/tour`).then((r) => r.text());
        expect(html).toContain('<li id="stop-2026-11-20-1900">');
        expect(html).toMatch(
          /<li id="stop-2026-12-05-1930"><del><time datetime="2026-12-05T19:30:00\+00:00">Sat,? 5 Dec 2026,? 19:30<\/time> — Bristol<\/del> <span class="cancelled">\(cancelled\)<\/span><\/li>/,
        );
        expect(html).toContain('href="/t/test-venue/events/tour.ics" download');
      },
    );
  });
});
