/**
 * Where buyers came from (docs/api.md §10.19) through the proxy, the origin its real upstream on
 * loopback: a venue's list passes `meta.ticket_link_params` through as the upstream sends it, a
 * list the proxy builds (filtered) carries them too, and the proxy's `widget.html` draws the buy
 * links with them, or with its own `ticket-link-params`; a venue without them has none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';
import { startProxy, type Running } from './support.js';

const NOW = '2026-12-05T12:00:00Z';
const SHOP = 'https://tickets.example/e/jazz';
const PARAMS = { utm_source: 'our-site', utm_campaign: '{event_slug}' };

const venue = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  name: slug,
  timezone: 'Europe/London',
  ...extra,
  events: [
    {
      id: slug === 'tracked' ? 1 : 2,
      slug: 'jazz-night',
      title: 'Jazz Night',
      status: 'published',
      tickets_enabled: true,
      date: '2026-12-10',
      time: '20:00',
      ticket_url: SHOP,
    },
  ],
});

let origin: TestServer;
let proxy: Running;
beforeAll(async () => {
  const file = { venues: [venue('tracked', { ticket_link_params: PARAMS }), venue('plain')] };
  origin = await startServer(file, NOW);
  proxy = await startProxy({ upstream: origin.url, clock: () => new Date(NOW) });
});
afterAll(async () => {
  await proxy.close();
  await origin.close();
});

const meta = async (slug: string) =>
  (
    (await (await fetch(`${proxy.url}/t/${slug}/api/events?page=1`)).json()) as {
      meta: Record<string, unknown>;
    }
  ).meta;

describe('ticket_link_params through the proxy (docs/api.md §10.19)', () => {
  it('passes the list’s meta.ticket_link_params through; none for a venue without them', async () => {
    expect((await meta('tracked')).ticket_link_params).toEqual(PARAMS);
    expect(await meta('plain')).not.toHaveProperty('ticket_link_params');
  });

  it('a list the proxy builds itself (a filtered one) carries its upstream’s too', async () => {
    const built = async (slug: string) =>
      (await (await fetch(`${proxy.url}/t/${slug}/api/events?search=jazz`)).json()) as {
        data: unknown[];
        meta: Record<string, unknown>;
      };
    const tracked = await built('tracked');
    expect(tracked.data).toHaveLength(1);
    expect(tracked.meta.ticket_link_params).toEqual(PARAMS);
    expect((await built('plain')).meta).not.toHaveProperty('ticket_link_params');
  });

  it('its widget.html draws the buy links with them', async () => {
    const html = async (slug: string) =>
      (await (await fetch(`${proxy.url}/t/${slug}/widget.html`)).text()).replaceAll('&#38;', '&');
    expect(await html('tracked')).toContain(
      `href="${SHOP}?utm_source=our-site&utm_campaign=jazz-night"`,
    );
    expect(await html('plain')).toContain(`href="${SHOP}"`);
  });

  it('its widget.html takes ticket-link-params in place of them, on its element too; a malformed one is a 400 naming it', async () => {
    const drawn = async (slug: string, params: string) =>
      (
        await (
          await fetch(
            `${proxy.url}/t/${slug}/widget.html?ticket-link-params=${encodeURIComponent(params)}`,
          )
        ).text()
      ).replaceAll('&#38;', '&');
    for (const slug of ['tracked', 'plain']) {
      const blog = await drawn(slug, 'utm_source=blog&utm_campaign={event_slug}');
      expect(blog).toMatch(
        /^<venue-events [^>]* ticket-link-params="utm_source=blog&utm_campaign=\{event_slug\}">/,
      );
      expect(blog, slug).toContain(`href="${SHOP}?utm_source=blog&utm_campaign=jazz-night"`);
    }
    const none = await drawn('tracked', '');
    expect(none).toMatch(/^<venue-events [^>]* ticket-link-params="">/);
    expect(none).toContain(`href="${SHOP}"`);
    const bad = await fetch(
      `${proxy.url}/t/tracked/widget.html?ticket-link-params=${encodeURIComponent('a=1&a=2')}`,
    );
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as {
      errors: { detail: string; source?: { parameter: string } }[];
    };
    expect(body.errors[0]!.source?.parameter).toBe('ticket-link-params');
    expect(body.errors[0]!.detail).toMatch(/given twice/);
  });
});
