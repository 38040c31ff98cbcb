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

let origin: TestServer;
let proxy: Running;
beforeAll(async () => {
  origin = await startServer(widgetVenueFile, NOW);
  proxy = await listen(
    createServer(
      createProxyApp({ upstream: origin.url, logger: false, venueZones: SEVERAL_ZONES }),
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
    // One root for the element, one per buy control, each with its styles.
    expect(roots).toHaveLength(cards.length + 1);
    expect(all.filter((e) => e.tagName === 'style')).toHaveLength(roots.length);
    expect(all.some((e) => attrOf(e, 'part') === 'buy-button')).toBe(true);
    expect(all.some((e) => attrOf(e, 'part') === 'share-button')).toBe(false);
    const data = all.find((e) => attrOf(e, 'type') === 'application/json')!;
    expect(attrOf(data, 'data-url')).toBe(`${base()}/t/states/api/events?page=1`);
    expect(all.some((e) => attrOf(e, 'type') === 'application/ld+json')).toBe(true);
    expect(html).toMatch(
      new RegExp(`<a href="${base()}/t/states/events">See all upcoming events</a></venue-events>$`),
    );
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
    for (const bad of ['harbour-hall', 'a,a', 'Harbour,x', '']) {
      const answer = await fetch(`${base()}/widget.html?venues=${bad}`);
      expect(answer.status, bad).toBe(400);
    }
    const unknown = await fetch(`${base()}/widget.html?venues=harbour-hall,no-such-venue`);
    expect(unknown.status).toBe(404);
  });

  it('draws no shadow root for an empty list: the fallback link shows', async () => {
    const html = await (await fetch(`${base()}/t/empty/widget.html`)).text();
    expect(html).not.toContain('<template');
    expect(html).toContain('See all upcoming events');
  });
});
