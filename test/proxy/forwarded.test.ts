/**
 * Both modes behind a real forwarding proxy (a TLS terminator standing for
 * `https://events.example`), trusted by its own address as docs/deploy.md says ("set
 * `--trust-proxy` with the proxy's addresses"): it connects from 127.0.0.2, and only that address
 * is trusted, not the server's own 127.0.0.1. Every link the server writes, in the API, its
 * filtered answers, the pages, the calendar files, the drawn widget and the per-venue script,
 * starts with the public base the visitor used, never with the address the forwarder reached
 * (docs/deploy.md "Behind a TLS proxy"; one rule for both modes, `server/http/public-base.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForwarder } from '../support/forwarder.js';
import { manyEvents, startServer, venueFile, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

const NOW = '2026-12-05T12:00:00Z';
const PUBLIC = 'https://events.example';
/** The forwarding proxy's own address, the only one trusted. */
const FORWARDER = '127.0.0.2';
const events = manyEvents(14, '2026-12-06').map((e, i) => ({
  ...e,
  category: i % 2 ? 'Jazz' : 'Folk',
}));
/** `blue-room` (the events above) and `green-room` (three more), for a widget of several. */
const venueOf = (file: unknown) => (file as { venues: unknown[] }).venues[0];
const FILE = {
  venues: [
    venueOf(venueFile(events, { slug: 'blue-room' })),
    venueOf(
      venueFile(
        manyEvents(3, '2026-12-07').map((e, i) => ({ ...e, id: 101 + i })),
        { slug: 'green-room' },
      ),
    ),
  ],
};

let origin: TestServer;
/** The proxy's upstream: a platform that trusts no forwarding headers of its own clients. */
let platform: TestServer;
let proxy: Running;
const fronts: Record<'origin' | 'proxy', Running> = {} as Record<'origin' | 'proxy', Running>;
beforeAll(async () => {
  origin = await startServer(FILE, NOW, { trustProxy: [FORWARDER] });
  platform = await startServer(FILE, NOW);
  proxy = await startProxy({
    upstream: platform.url,
    clock: () => new Date(NOW),
    trustProxy: [FORWARDER],
    venueZones: { 'blue-room': 'Europe/London', 'green-room': 'Europe/London' },
  });
  const from = { localAddress: FORWARDER };
  fronts.origin = await startForwarder(origin.url, 'events.example', 'https', from);
  fronts.proxy = await startForwarder(proxy.url, 'events.example', 'https', from);
});
afterAll(async () => {
  await Promise.all([fronts.origin.close(), fronts.proxy.close(), proxy.close()]);
  await Promise.all([origin.close(), platform.close()]);
});

describe.each(['origin', 'proxy'] as const)('%s mode behind a forwarding proxy', (mode) => {
  it.each([
    ['the list', '/t/blue-room/api/events'],
    ['a page of the list', '/t/blue-room/api/events?page=2'],
    ['one event', '/t/blue-room/api/events/3'],
    ['the filtered list', '/t/blue-room/api/events?categories=Jazz'],
    ['the calendar feed', '/t/blue-room/api/calendar?start=2026-12-01&end=2027-01-01'],
    ['the listing page', '/t/blue-room/events'],
    ['a filtered listing page', '/t/blue-room/events?categories=Jazz'],
    ['the month view', '/t/blue-room/events?view=calendar&month=2026-12'],
    ['the venue feed', '/t/blue-room/events.ics'],
    ['a category feed', '/t/blue-room/events.ics?categories=Folk'],
    ['an event calendar file', '/t/blue-room/events/event-2.ics'],
    ['the drawn widget', '/t/blue-room/widget.html'],
    ['the drawn widget of several venues', '/widget.html?venues=blue-room,green-room'],
    ['the per-venue script', '/t/blue-room/venue-events.js'],
  ])('%s links to the public base only', async (_, path) => {
    const res = await fetch(fronts[mode].url + path);
    expect(res.status).toBe(200);
    // Calendar files fold long lines (RFC 5545 §3.1): unfold before reading URLs.
    const text = (await res.text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`${PUBLIC}/t/blue-room/`);
    expect(text).not.toMatch(/https?:\/\/127\.0\.0\.1/);
  });

  it.each([
    ['/t/blue-room/widget.html', ['blue-room']],
    ['/widget.html?venues=blue-room,green-room', ['blue-room', 'green-room']],
  ])('%s: its base-url and every card link are the public base’s', async (path, slugs) => {
    const html = await (await fetch(fronts[mode].url + path)).text();
    const bases = [...html.matchAll(/ base-url="([^"]*)"/g)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThan(0);
    expect(new Set(bases)).toEqual(new Set([PUBLIC]));
    const links = [...html.matchAll(/ href="([^"]*)"/g)].map((m) => m[1]!);
    for (const slug of slugs) {
      expect(links.some((href) => href.startsWith(`${PUBLIC}/t/${slug}/events/`))).toBe(true);
    }
    for (const href of links.filter((link) => /^https?:/.test(link))) {
      expect(href.startsWith(`${PUBLIC}/`), href).toBe(true);
    }
  });

  it('the per-venue script is seeded under the public URL the element will ask for', async () => {
    const script = await (await fetch(`${fronts[mode].url}/t/blue-room/venue-events.js`)).text();
    const seeded = /^globalThis\[Symbol\.for\("[^"]+"\)\]=\{("[^"]+"):/.exec(script);
    expect(seeded).not.toBeNull();
    expect(JSON.parse(seeded![1]!)).toMatch(new RegExp(`^${PUBLIC}/t/blue-room/api/events\\?`));
  });

  it('the links can be followed through the forwarder', async () => {
    const list = await (await fetch(`${fronts[mode].url}/t/blue-room/api/events`)).json();
    const next = new URL(list.links.next as string);
    expect(next.origin).toBe(PUBLIC);
    const page2 = await (await fetch(fronts[mode].url + next.pathname + next.search)).json();
    expect(page2.meta.current_page).toBe(2);
  });
});
