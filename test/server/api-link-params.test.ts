/**
 * Where buyers came from (docs/api.md §10.19, docs/decisions.md "Ticket links"), on either store:
 * a venue file's `ticket_link_params` through the import (each refusal with its JSON path), the
 * list's `meta` (only for a venue that has them), the event page's and `widget.html`'s ticket
 * links carrying them (or `widget.html`'s own `ticket-link-params`, each refusal a 400 naming it),
 * and the API's `ticket_url` and the JSON-LD's `offers.url` left canonical.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVenueFile, VenueFileError } from '../../server/import/importer.js';
import { startServer, type TestServer } from '../support/server.js';
import { openTestStore } from '../support/store.js';

const NOW = '2026-12-05T12:00:00Z';
const SHOP = 'https://tickets.example/e/jazz?ref=venue';
/** A shop link that already names its own `utm_source`, and a fragment. */
const OWN_SOURCE = 'https://tickets.example/e/blues?utm_source=shop-own#seats';
const STOP_SHOP = 'https://other-shop.example/bristol';
const WAITLIST = 'https://tickets.example/waitlist/full';
const PARAMS = {
  utm_source: 'our-site',
  utm_medium: 'events',
  utm_campaign: '{event_slug}',
  ref_id: '{venue_slug}/{event_id} {locale}',
};

const event = (id: number, extra: Record<string, unknown>) => ({
  id,
  slug: `night-${id}`,
  title: `Night ${id}`,
  status: 'published',
  tickets_enabled: true,
  date: '2026-12-10',
  time: '20:00',
  ...extra,
});

const file = (params: unknown = PARAMS) => ({
  venues: [
    {
      slug: 'tracked',
      name: 'Tracked Hall',
      timezone: 'Europe/London',
      ticket_link_params: params,
      events: [
        event(1, { title: 'Jazz', ticket_url: SHOP }),
        event(2, { title: 'Blues', ticket_url: OWN_SOURCE }),
        event(3, { title: 'Full', sold_out: true, waitlist_url: WAITLIST }),
        event(4, {
          title: 'Tour',
          date: undefined,
          time: undefined,
          ticket_url: SHOP,
          occurrences: [
            { date: '2026-12-15', time: '19:00', location: 'Leeds' },
            { date: '2026-12-16', time: '21:00', location: 'Bristol', ticket_url: STOP_SHOP },
          ],
        }),
      ],
    },
    {
      slug: 'plain',
      name: 'Plain Hall',
      timezone: 'Europe/London',
      events: [event(10, { title: 'Plain', ticket_url: SHOP })],
    },
  ],
});

/** What `PARAMS` add to a link of event `id` (slug `night-{id}`) at `tracked`, in English. */
const added = (id: number, locale = 'en') =>
  `utm_source=our-site&utm_medium=events&utm_campaign=night-${id}&ref_id=tracked%2F${id}%20${locale}`;

async function problems(params: unknown): Promise<{ path: string; message: string }[]> {
  const store = await openTestStore();
  try {
    await importVenueFile(store, file(params));
  } catch (error) {
    expect(error).toBeInstanceOf(VenueFileError);
    return (error as VenueFileError).problems;
  } finally {
    await store.close();
  }
  throw new Error('the file was accepted');
}

/** Attribute text as written (`&#38;`, `&amp;`) read back. */
const decoded = (text: string) => text.replaceAll('&#38;', '&').replaceAll('&amp;', '&');
const jsonLd = (html: string): { offers?: { url: string } }[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].flatMap((m) =>
    [JSON.parse(m[1]!) as unknown].flat(),
  ) as { offers?: { url: string } }[];

describe('ticket_link_params in a venue file (docs/venue-file.md)', () => {
  it('is stored with the venue; none given, none stored', async () => {
    const store = await openTestStore();
    try {
      await importVenueFile(store, file());
      expect((await store.venue('tracked'))?.ticketLinkParams).toEqual(PARAMS);
      expect(await store.venue('plain')).not.toHaveProperty('ticketLinkParams');
    } finally {
      await store.close();
    }
  });

  it('refuses a bad name, an unknown placeholder, a long value and too many, each with its path', async () => {
    expect(await problems({ 'utm source': 'x', ok: 'fine' })).toEqual([
      {
        path: 'venues[0].ticket_link_params["utm source"]',
        message: 'expected a name of 1-64 letters, digits, _ . or -',
      },
    ]);
    expect(await problems({ utm_campaign: '{event_slug}-{event_title}' })).toEqual([
      {
        path: 'venues[0].ticket_link_params.utm_campaign',
        message:
          'unknown placeholder {event_title}: use {event_slug}, {event_id}, {venue_slug}, {locale}',
      },
    ]);
    expect((await problems({ [`n${'x'.repeat(64)}`]: 'v' }))[0]!.path).toBe(
      `venues[0].ticket_link_params["n${'x'.repeat(64)}"]`,
    );
    expect((await problems({ utm_content: 'x'.repeat(257) }))[0]!.path).toBe(
      'venues[0].ticket_link_params.utm_content',
    );
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, 'v']));
    expect((await problems(eleven))[0]!.path).toBe('venues[0].ticket_link_params');
    expect((await problems(['utm_source=x']))[0]!.path).toBe('venues[0].ticket_link_params');
  });
});

describe('ticket links carry the venue’s parameters (docs/api.md §10.19)', () => {
  let origin: TestServer;
  beforeAll(async () => {
    origin = await startServer(file(), NOW);
  });
  afterAll(() => origin.close());

  it('the list’s meta carries them; ticket_url stays canonical; a venue without them has none', async () => {
    type Body = {
      data: { id: string; attributes: { title: string; ticket_url?: string } }[];
      meta: Record<string, unknown>;
    };
    const body = (await (await fetch(`${origin.url}/t/tracked/api/events`)).json()) as Body;
    expect(body.meta.ticket_link_params).toEqual(PARAMS);
    expect(body.data.map((e) => e.attributes.ticket_url)).toEqual([
      SHOP,
      OWN_SOURCE,
      undefined,
      SHOP,
    ]);
    const plain = (await (await fetch(`${origin.url}/t/plain/api/events`)).json()) as Body;
    expect(plain.meta).not.toHaveProperty('ticket_link_params');
    // Several venues' list is no venue's own: no parameters.
    const several = (await (
      await fetch(`${origin.url}/api/events?venues=tracked,plain`)
    ).json()) as Body;
    expect(several.meta).not.toHaveProperty('ticket_link_params');
    type One = { data: { attributes: { ticket_url: string } }; meta?: Record<string, unknown> };
    const one = (await (await fetch(`${origin.url}/t/tracked/api/events/1`)).json()) as One;
    expect(one.data.attributes.ticket_url).toBe(SHOP);
    // A single event carries its venue's too, for a buy button or card embedded alone.
    expect(one.meta?.ticket_link_params).toEqual(PARAMS);
    const alone = await (await fetch(`${origin.url}/t/plain/api/events`)).json();
    const id = (alone as Body).data[0]!.id;
    const plainOne = (await (await fetch(`${origin.url}/t/plain/api/events/${id}`)).json()) as One;
    expect(plainOne).not.toHaveProperty('meta');
  });

  it('the event page’s buy, waiting list and stop links carry them; its JSON-LD does not', async () => {
    const page = async (slug: string, query = '') =>
      decoded(await (await fetch(`${origin.url}/t/tracked/events/${slug}${query}`)).text());
    const jazz = await page('night-1');
    expect(jazz).toContain(`<a href="${SHOP}&${added(1)}">Buy tickets</a>`);
    expect(jsonLd(jazz)[0]!.offers!.url).toBe(SHOP);
    // The link's own utm_source wins; the others go before the fragment.
    const blues = await page('night-2');
    expect(blues).toContain(
      `href="https://tickets.example/e/blues?utm_source=shop-own&${added(2).replace('utm_source=our-site&', '')}#seats"`,
    );
    expect(await page('night-3')).toContain(`href="${WAITLIST}?${added(3)}"`);
    const tour = await page('night-4');
    expect(tour).toContain(`href="${STOP_SHOP}?${added(4)}"`);
    expect(jsonLd(tour).map((e) => e.offers!.url)).toEqual([SHOP, STOP_SHOP]);
    // The page's language fills {locale}.
    expect(await page('night-1', '?locale=de')).toContain(`href="${SHOP}&${added(1, 'de')}"`);
    const plain = decoded(await (await fetch(`${origin.url}/t/plain/events/night-10`)).text());
    expect(plain).toContain(`<a href="${SHOP}">`);
  });

  it('widget.html’s buy links carry them, its JSON-LD does not', async () => {
    const widget = decoded(await (await fetch(`${origin.url}/t/tracked/widget.html`)).text());
    expect(widget).toContain(`href="${SHOP}&${added(1)}"`);
    expect(widget).toContain(`href="${WAITLIST}?${added(3)}"`);
    expect(jsonLd(widget).map((e) => e.offers?.url)).not.toContain(`${SHOP}&${added(1)}`);
    expect(jsonLd(widget).map((e) => e.offers?.url)).toContain(SHOP);
    const plain = decoded(await (await fetch(`${origin.url}/t/plain/widget.html`)).text());
    expect(plain).toContain(`href="${SHOP}"`);
  });

  it('widget.html’s ticket-link-params replace them in its links and on its element; empty, none', async () => {
    /** The drawing of `path` with `ticket-link-params` `params` (undefined: not given). */
    const widget = async (path: string, params?: string) => {
      const query = params === undefined ? '' : `ticket-link-params=${encodeURIComponent(params)}`;
      const res = await fetch(
        `${origin.url}${path}${query && (path.includes('?') ? '&' : '?')}${query}`,
      );
      expect(res.status).toBe(200);
      return decoded(await res.text());
    };
    /** The drawing's links to a shop, in order. */
    const shopLinks = (html: string) =>
      [...html.matchAll(/href="(https:\/\/[^"]*)"/g)].map((m) => m[1]!);
    const blues = 'https://tickets.example/e/blues?utm_source=shop-own';
    // The venue's first, so a drawing kept for it would be found by the others (memo keys).
    expect(shopLinks(await widget('/t/tracked/widget.html'))).toEqual([
      `${SHOP}&${added(1)}`,
      `${blues}&${added(2).replace('utm_source=our-site&', '')}#seats`,
      `${WAITLIST}?${added(3)}`,
      `${SHOP}&${added(4)}`,
    ]);
    const blog = await widget(
      '/t/tracked/widget.html',
      'utm_source=blog&utm_campaign={event_slug}',
    );
    expect(blog).toMatch(
      /^<venue-events [^>]* ticket-link-params="utm_source=blog&utm_campaign=\{event_slug\}">/,
    );
    // In place of the venue's, not beside them; the link's own utm_source still wins.
    expect(shopLinks(blog)).toEqual([
      `${SHOP}&utm_source=blog&utm_campaign=night-1`,
      `${blues}&utm_campaign=night-2#seats`,
      `${WAITLIST}?utm_source=blog&utm_campaign=night-3`,
      `${SHOP}&utm_source=blog&utm_campaign=night-4`,
    ]);
    expect(jsonLd(blog).map((e) => e.offers?.url)).toContain(SHOP);
    // Empty: none at all, over the venue's; and the element says so, for the links it draws.
    const none = await widget('/t/tracked/widget.html', '');
    expect(none).toMatch(/^<venue-events [^>]* ticket-link-params="">/);
    expect(shopLinks(none)).toEqual([SHOP, `${blues}#seats`, WAITLIST, SHOP]);
    // A list of several venues carries no venue's: the embed's are its links' own.
    const several = await widget('/widget.html?venues=tracked,plain', 'utm_source=guide');
    expect(several).toMatch(/^<venue-events [^>]* ticket-link-params="utm_source=guide">/);
    expect(shopLinks(several)).toContain(`${SHOP}&utm_source=guide`);
    expect(shopLinks(several).filter((link) => link.includes('our-site'))).toEqual([]);
    // At the bounds: 10 parameters, a value of 256 characters; every placeholder filled.
    const most = Array.from({ length: 10 }, (_, i) => `p${i}=${'é'.repeat(i ? 1 : 256)}`);
    expect(shopLinks(await widget('/t/plain/widget.html', most.join('&')))).toEqual([
      `${SHOP}&${most.map((pair) => pair.replace(/é/g, '%C3%A9')).join('&')}`,
    ]);
    const filled = await widget('/t/plain/widget.html', 'id={event_id}&at={venue_slug}.{locale}');
    expect(shopLinks(filled)).toEqual([expect.stringMatching(/&id=\d+&at=plain\.en$/)]);
  });

  it('widget.html refuses a ticket-link-params a venue file could not hold: 400 naming it', async () => {
    for (const params of [
      'utm source=x',
      '=x',
      'utm_source=a&utm_source=b',
      Array.from({ length: 11 }, (_, i) => `p${i}=v`).join('&'),
      `utm_content=${'x'.repeat(257)}`,
      `n${'x'.repeat(64)}=v`,
      'utm_campaign={event_title}',
    ]) {
      const res = await fetch(
        `${origin.url}/t/tracked/widget.html?ticket-link-params=${encodeURIComponent(params)}`,
      );
      expect(res.status, params).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/(vnd\.api\+)?json/);
      const body = (await res.json()) as {
        errors: { detail: string; source?: { parameter: string } }[];
      };
      expect(body.errors[0]!.source?.parameter, params).toBe('ticket-link-params');
      expect(body.errors[0]!.detail, params).toMatch(/^ticket-link-params/);
    }
    const twice = await fetch(
      `${origin.url}/t/tracked/widget.html?ticket-link-params=a%3D1&ticket-link-params=b%3D2`,
    );
    expect(twice.status).toBe(400);
    expect(
      ((await twice.json()) as { errors: { source?: { parameter: string } }[] }).errors[0]!.source
        ?.parameter,
    ).toBe('ticket-link-params');
  });
});
