/**
 * `GET /t/{slug}/widget.html` (docs/api.md §10.17): the element drawn on the server, in both
 * modes — the origin from its store, the proxy from the origin as its upstream. What a site
 * builder includes: the declarative shadow root with the first page's cards, their buy controls
 * and parts, the page as the script's data block, the JSON-LD and the fallback link; hostile API
 * text only ever as text; 404/400 as JSON:API errors; the list's freshness and a 304.
 */
import { createServer } from 'node:http';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxyApp } from '../../server/proxy/app.js';
import { NOW, SEVERAL_ZONES, widgetVenueFile } from '../fixtures/widget-venues.js';
import { listen, type Running } from '../support/listen.js';
import { startServer, type TestServer } from '../support/server.js';

/** An element as parsed: its name and attributes (values decoded). */
interface Element {
  tagName: string;
  attrs: { name: string; value: string }[];
}

/** Every element of `html` in document order, template contents (shadow roots) included. */
function elements(html: string): Element[] {
  const found: Element[] = [];
  const parser = new Parser({
    onopentag: (tagName, attribs) =>
      found.push({
        tagName,
        attrs: Object.entries(attribs).map(([name, value]) => ({ name, value })),
      }),
  });
  parser.write(html);
  parser.end();
  return found;
}
const attrOf = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
/** Twenty-one venue slugs, comma-separated: one more than a list may name. */
const ROOMS_21 = Array.from({ length: 21 }, (_, i) => `room-${i + 1}`).join(',');

let origin: TestServer;
let proxy: Running;
beforeAll(async () => {
  origin = await startServer(widgetVenueFile, NOW);
  proxy = await listen(
    createServer(
      // The origin's frozen clock: on the real one a copy fetched just before a quarter hour
      // would be served with max-age=0 (freshness ends at the quarter, decisions.md "Caching and CORS").
      createProxyApp({
        upstream: origin.url,
        logger: false,
        venueZones: SEVERAL_ZONES,
        clock: () => new Date(NOW),
      }),
    ),
  );
});
afterAll(async () => {
  await proxy.close();
  await origin.close();
});

describe.each([
  ['origin', () => origin.url],
  ['proxy', () => proxy.url],
])('GET /t/{slug}/widget.html (%s)', (_mode, base) => {
  it('is the element with its declarative shadow root: cards, parts, buy controls, JSON-LD, fallback', async () => {
    const res = await fetch(`${base()}/t/states/widget.html?heading-level=3&no-share`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const all = elements(html);
    const host = all[0]!;
    expect(host.tagName).toBe('venue-events');
    expect(attrOf(host, 'venue')).toBe('states');
    expect(attrOf(host, 'base-url')).toBe(base());
    expect(attrOf(host, 'heading-level')).toBe('3');
    expect(attrOf(host, 'no-share')).toBe('');
    const roots = all.filter((e) => e.tagName === 'template');
    expect(roots.every((t) => attrOf(t, 'shadowrootmode') === 'open')).toBe(true);
    const cards = all.filter((e) => attrOf(e, 'part') === 'card');
    const list = (await (await fetch(`${base()}/t/states/api/events?page=1`)).json()) as {
      data: unknown[];
    };
    expect(cards).toHaveLength(list.data.length);
    expect(all.filter((e) => e.tagName === 'h3' && attrOf(e, 'part') === 'title')).toHaveLength(
      cards.length,
    );
    // One root, the element's, with one stylesheet: the buy controls are drawn in the cards.
    expect(roots).toHaveLength(1);
    expect(all.filter((e) => e.tagName === 'style')).toHaveLength(1);
    expect(all.filter((e) => e.tagName === 'venue-buy-button')).toHaveLength(cards.length);
    expect(all.some((e) => attrOf(e, 'part') === 'buy-button')).toBe(true);
    expect(all.some((e) => attrOf(e, 'part') === 'share-button')).toBe(false);
    const data = all.find((e) => attrOf(e, 'type') === 'application/json')!;
    expect(attrOf(data, 'data-url')).toBe(`${base()}/t/states/api/events?page=1`);
    expect(all.some((e) => attrOf(e, 'type') === 'application/ld+json')).toBe(true);
    expect(html).toMatch(
      new RegExp(`<a href="${base()}/t/states/events">See all upcoming events</a></venue-events>$`),
    );
  });

  it('is at most 40 KB for a page of 12 cards: one stylesheet, not one per buy control', async () => {
    const html = await (await fetch(`${base()}/t/many/widget.html`)).text();
    expect(elements(html).filter((e) => attrOf(e, 'part') === 'card')).toHaveLength(12);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(40 * 1024);
    expect(html.match(/<style>/g)).toHaveLength(1);
  });

  it('writes hostile API text as text only', async () => {
    const html = await (await fetch(`${base()}/t/hostile/widget.html`)).text();
    const all = elements(html);
    expect(all.filter((e) => attrOf(e, 'part') === 'card').length).toBeGreaterThan(0);
    for (const el of all) {
      expect(el.attrs.filter((a) => /^on/i.test(a.name))).toEqual([]);
      expect(
        ['iframe', 'svg', 'math', 'img'].includes(el.tagName) ? (attrOf(el, 'src') ?? '') : '',
      ).not.toMatch(/^javascript:/);
      if (el.tagName === 'script')
        expect(['application/json', 'application/ld+json']).toContain(attrOf(el, 'type'));
      for (const a of el.attrs) expect(a.value).not.toMatch(/^\s*javascript:/i);
    }
    expect(all.some((e) => ['iframe', 'svg', 'math'].includes(e.tagName))).toBe(false);
    // The title is shown as its text.
    expect(html).toContain('&#60;script&#62;window.__pwned=3&#60;/script&#62;');
  });

  it('answers 404 for an unknown venue, 400 naming a bad parameter', async () => {
    const missing = await fetch(`${base()}/t/no-such-venue/widget.html`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    for (const [query, parameter] of [
      ['page=0', 'page'],
      ['heading-level=7', 'heading-level'],
      ['locale=%21%21', 'locale'],
      ['colour=red', 'colour'],
      ['views=calendar', 'views'],
      ['no-share=false', 'no-share'],
      ['heading-level=03', 'heading-level'],
      ['page=1.0', 'page'],
      ['category=', 'category'],
      ['ticket-link-params=utm%20source%3Dblog', 'ticket-link-params'],
      ['ticket-link-params=utm_campaign%3D%7Bevent_title%7D', 'ticket-link-params'],
    ]) {
      const res = await fetch(`${base()}/t/states/widget.html?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { errors: { source?: { parameter: string } }[] };
      expect(body.errors[0]!.source?.parameter).toBe(parameter);
    }
  });

  it('is cached as the list it is made from, and answers 304 to its ETag', async () => {
    const res = await fetch(`${base()}/t/many/widget.html?locale=de`);
    const list = await fetch(`${base()}/t/many/api/events?page=1`);
    // The list's max-age (the proxy's counts down as its copy ages: a second apart at most).
    const maxAge = (r: Response) =>
      Number(/max-age=(\d+)/.exec(r.headers.get('cache-control')!)![1]);
    expect(maxAge(res)).toBeGreaterThan(0);
    expect(Math.abs(maxAge(res) - maxAge(list))).toBeLessThanOrEqual(1);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(await res.text()).toContain('lang="de"');
    const again = await fetch(`${base()}/t/many/widget.html?locale=de`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('serves the per-venue script: the first page, then the built script; its chunks beside it', async () => {
    const res = await fetch(`${base()}/t/many/venue-events.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control')!)![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(300);
    const text = await res.text();
    const list = await (await fetch(`${base()}/t/many/api/events?page=1`)).text();
    expect(text.startsWith('globalThis[Symbol.for("venue-events seeded pages")]={')).toBe(true);
    expect(text).toContain(`${JSON.stringify(`${base()}/t/many/api/events?page=1`)}:${list}`);
    const chunk = /import\(`\.\/(lit-[\w-]+\.js)`\)/.exec(text)![1]!;
    const served = await fetch(`${base()}/t/many/${chunk}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base()}/t/no-such-venue/venue-events.js`)).status).toBe(404);
  });

  it('draws several venues: /widget.html?venues=a,b,c, each card naming its venue', async () => {
    const res = await fetch(`${base()}/widget.html?venues=harbour-hall,blue-cellar,night-owl`);
    expect(res.status).toBe(200);
    const all = elements(await res.text());
    expect(attrOf(all[0]!, 'venue')).toBe('harbour-hall blue-cellar night-owl');
    const data = all.find((e) => attrOf(e, 'type') === 'application/json')!;
    expect(attrOf(data, 'data-url')).toBe(
      `${base()}/api/events?venues=harbour-hall,blue-cellar,night-owl&page=1`,
    );
    const named = all.filter((e) => attrOf(e, 'part') === 'venue');
    expect(named.length).toBe(all.filter((e) => attrOf(e, 'part') === 'card').length);
    expect(named.length).toBeGreaterThan(0);
    const link = all.filter((e) => e.tagName === 'a').at(-1)!;
    expect(attrOf(link, 'href')).toBe(`${base()}/events?venues=harbour-hall,blue-cellar,night-owl`);
    for (const bad of ['Harbour,x', '', 'a,,b', ROOMS_21]) {
      const answer = await fetch(`${base()}/widget.html?venues=${bad}`);
      expect(answer.status, bad).toBe(400);
    }
    const unknown = await fetch(`${base()}/widget.html?venues=harbour-hall,no-such-venue`);
    expect(unknown.status).toBe(404);
  });

  it('reads venues as the API does (the one venue-list rule): a slug twice counts once, one is that venue, 21 or a bad slug the same 400', async () => {
    const api = (venues: string) => fetch(`${base()}/api/events?venues=${venues}&page=1`);
    const drawn = (venues: string) => fetch(`${base()}/widget.html?venues=${venues}`);

    // A slug given twice: the API lists harbour-hall and blue-cellar, and so does the element.
    const twice = 'harbour-hall,harbour-hall,blue-cellar';
    const [listed, html] = await Promise.all([api(twice), drawn(twice)]);
    expect([listed.status, html.status]).toEqual([200, 200]);
    const body = (await listed.json()) as { data: unknown[]; links: { first: string } };
    expect(body.links.first).toBe(`${base()}/api/events?venues=harbour-hall,blue-cellar&page=1`);
    const text = await html.text();
    const all = elements(text);
    expect(attrOf(all[0]!, 'venue')).toBe('harbour-hall blue-cellar');
    const data = all.find((e) => attrOf(e, 'type') === 'application/json')!;
    expect(attrOf(data, 'data-url')).toBe(body.links.first);
    expect(all.filter((e) => attrOf(e, 'part') === 'card')).toHaveLength(body.data.length);
    expect(text).toBe(await (await drawn('harbour-hall,blue-cellar')).text());

    // One venue named: the element of that venue.
    const one = elements(await (await drawn('harbour-hall')).text());
    expect(attrOf(one[0]!, 'venue')).toBe('harbour-hall');
    expect(
      attrOf(
        one.find((e) => attrOf(e, 'type') === 'application/json')!,
        'data-url',
      ),
    ).toBe(`${base()}/t/harbour-hall/api/events?page=1`);

    // Refused alike: the same 400 naming venues, in the rule's words.
    for (const refused of [ROOMS_21, 'harbour-hall,Blue_Cellar']) {
      const answers = await Promise.all([api(refused), drawn(refused)]);
      expect(answers.map((r) => r.status)).toEqual([400, 400]);
      const [a, b] = (await Promise.all(answers.map((r) => r.json()))) as {
        errors: { detail: string; source: unknown }[];
      }[];
      expect(b!.errors[0]).toEqual({ ...b!.errors[0], source: { parameter: 'venues' } });
      expect(b!.errors[0]!.detail).toBe(a!.errors[0]!.detail);
    }
    const [refusal] = ((await (await drawn(ROOMS_21)).json()) as { errors: { detail: string }[] })
      .errors;
    expect(refusal!.detail).toBe('One list shows at most 20 venues; this names 21.');
  });

  it('reads its parameters as the element reads its attributes: layout="grid" is the cards, views="list" no switch', async () => {
    const draw = async (query: string) => {
      const res = await fetch(`${base()}/t/states/widget.html${query}`);
      expect(res.status, query).toBe(200);
      return res.text();
    };
    const plain = await draw('');
    expect(plain).toContain('<template shadowrootmode="open">');
    // Any layout but "compact" is the cards, as in the first paint and the element: drawn.
    expect(await draw('?layout=grid')).toBe(plain);
    expect(await draw('?layout=cards')).toBe(plain);
    // Any views but "list" or "calendar" fixes no view: the switch's place, as without it.
    expect(await draw('?views=both')).toBe(plain);
    expect(plain).toContain('<div class="view-switch"></div>');
    const listOnly = await draw('?views=list');
    expect(listOnly).not.toContain('<div class="view-switch">');
    expect(listOnly).toMatch(/^<venue-events [^>]*views="list">/);
    // With past events offered (docs/api.md §10.20): its own drawing, not the list-only one kept.
    const withPast = await draw('?views=list%20past');
    expect(withPast).toMatch(/^<venue-events [^>]*views="list past">/);
    expect(await draw('?views=list')).toBe(listOnly);
    // Compact: the same cards, one line each by the start tag's attribute (the list's styles).
    const compact = await draw('?layout=compact');
    expect(compact).toMatch(
      /^<venue-events [^>]*layout="compact"><template shadowrootmode="open">/,
    );
    expect(compact.replace(' layout="compact"', '')).toBe(plain);
    expect(compact).toContain(':host([layout=compact]) .list{grid-template-columns:1fr;');
    const flags = await draw('?no-share=true&no-filters&heading-level=4&page=1');
    expect(flags).toMatch(/^<venue-events [^>]* heading-level="4" no-filters no-share>/);
    expect(flags).not.toContain('part="share-button"');
    expect(flags).not.toContain('<venue-events-filters');
    expect(flags).toContain('<h4 ');
  });

  it('draws no shadow root for an empty list: the fallback link shows', async () => {
    const html = await (await fetch(`${base()}/t/empty/widget.html`)).text();
    expect(html).not.toContain('<template');
    expect(html).toContain('See all upcoming events');
  });
});
