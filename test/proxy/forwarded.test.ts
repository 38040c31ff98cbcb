/**
 * Both modes behind a real forwarding proxy (a TLS terminator standing for
 * `https://events.example`), trusted with `--trust-proxy loopback`: every link the server writes,
 * in the API, its filtered answers, the pages and the calendar files, starts with the public base
 * the visitor used, never with the address the forwarder reached (docs/deploy.md "Behind a TLS
 * proxy"; one rule for both modes, `server/http/public-base.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForwarder } from '../support/forwarder.js';
import { manyEvents, startServer, venueFile, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

const NOW = '2026-12-05T12:00:00Z';
const PUBLIC = 'https://events.example';
const events = manyEvents(14, '2026-12-06').map((e, i) => ({
  ...e,
  category: i % 2 ? 'Jazz' : 'Folk',
}));

let origin: TestServer;
/** The proxy's upstream: a platform that trusts no forwarding headers of its own clients. */
let platform: TestServer;
let proxy: Running;
const fronts: Record<'origin' | 'proxy', Running> = {} as Record<'origin' | 'proxy', Running>;
beforeAll(async () => {
  origin = await startServer(venueFile(events, { slug: 'blue-room' }), NOW, {
    trustProxy: ['loopback'],
  });
  platform = await startServer(venueFile(events, { slug: 'blue-room' }), NOW);
  proxy = await startProxy({
    upstream: platform.url,
    clock: () => new Date(NOW),
    trustProxy: ['loopback'],
    venueZones: { 'blue-room': 'Europe/London' },
  });
  fronts.origin = await startForwarder(origin.url, 'events.example', 'https');
  fronts.proxy = await startForwarder(proxy.url, 'events.example', 'https');
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
  ])('%s links to the public base only', async (_, path) => {
    const res = await fetch(fronts[mode].url + path);
    expect(res.status).toBe(200);
    // Calendar files fold long lines (RFC 5545 §3.1): unfold before reading URLs.
    const text = (await res.text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`${PUBLIC}/t/blue-room/`);
    expect(text).not.toMatch(/https?:\/\/127\.0\.0\.1/);
  });

  it('the links can be followed through the forwarder', async () => {
    const list = await (await fetch(`${fronts[mode].url}/t/blue-room/api/events`)).json();
    const next = new URL(list.links.next as string);
    expect(next.origin).toBe(PUBLIC);
    const page2 = await (await fetch(fronts[mode].url + next.pathname + next.search)).json();
    expect(page2.meta.current_page).toBe(2);
  });
});
