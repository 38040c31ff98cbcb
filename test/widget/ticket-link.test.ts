/**
 * Where buyers go (docs/api.md §10.19): a card of an event sold on the venue's own ticket shop
 * links its buy control there and says so in `venue-events-buy`; a card without one links to the
 * event page; a link that is not https, whatever a server sends, never reaches an `href`.
 */
import { expect } from 'chai';
import {
  apiBody,
  buyControl,
  card,
  cleanup,
  deepQuery,
  deepQueryAll,
  frozen,
  loaded,
  mount,
  serveWire,
  waitFor,
} from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import { SHOP_URL } from '../fixtures/widget-venues.js';

type Json = Record<string, unknown>;

const list = async (venue: string, base?: string) => {
  const el = mount<VenueEvents>(
    `<venue-events venue="${venue}" locale="en-GB"${base ? ` base-url="${base}"` : ''}></venue-events>`,
    (e) => (e.clock = frozen),
  );
  await loaded(el);
  return el;
};

describe('ticket links (docs/api.md §10.19)', () => {
  afterEach(cleanup);

  it('the buy control goes to the shop, and venue-events-buy says so', async () => {
    const el = await list('shop');
    const { link } = buyControl(card(el, 'Shop Night'));
    expect(link!.href).to.equal(SHOP_URL);
    expect(link!.textContent!.trim()).to.equal('Buy tickets');
    // "Sales close" at the start: the office of a night sold on a shop closes when it begins.
    expect(buyControl(card(el, 'Shop Night')).status!.textContent).to.contain('Sales close');
    const house = buyControl(card(el, 'House Night')).link!;
    expect(house.href).to.equal(`${location.origin}/t/shop/events/event-1302`);
    let detail: { url: string } | undefined;
    el.addEventListener('venue-events-buy', (e) => {
      detail = (e as CustomEvent<{ url: string }>).detail;
      e.preventDefault();
    });
    const before = location.href;
    link!.click();
    expect(detail!.url).to.equal(SHOP_URL);
    expect(location.href).to.equal(before);
  });

  it('a link that is not https from a hostile server is dropped: the control goes to the event page', async () => {
    const body = await apiBody<{ data: { attributes: Json }[] }>('/t/shop/api/events?page=1');
    body.data[0]!.attributes.ticket_url = 'javascript:window.__pwned=4';
    body.data[1]!.attributes.ticket_url = 'http://tickets.example/clear-text';
    const base = await serveWire('/t/shop-hostile/api/events?page=1', body);
    const el = await list('shop-hostile', base);
    const hrefs = [...el.shadowRoot!.querySelectorAll('venue-buy-button')].map(
      (b) => b.shadowRoot!.querySelector<HTMLAnchorElement>('[part="buy-button"]')?.href,
    );
    expect(hrefs.filter(Boolean)).to.have.length(3);
    for (const href of hrefs)
      expect(href!.startsWith(`${location.origin}/t/shop-hostile/events/`)).to.equal(true, href);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });
});

describe('where buyers came from (docs/api.md §10.19)', () => {
  afterEach(cleanup);

  /** The shop venue's list as the API would send it for a venue with `ticket_link_params`. */
  const tracked = async (path: string) => {
    const body = await apiBody<{ meta: Json }>('/t/shop/api/events?page=1');
    body.meta.ticket_link_params = {
      utm_source: 'our-site',
      utm_medium: 'events',
      utm_campaign: '{event_slug}',
    };
    return serveWire(`/t/${path}/api/events?page=1`, body);
  };
  const shopLink = (el: Element) => buyControl(card(el, 'Shop Night')).link!;

  it('the card’s buy link carries the venue’s parameters, and venue-events-buy names it', async () => {
    const el = await list('shop-tracked', await tracked('shop-tracked'));
    const link = shopLink(el);
    expect(link.href).to.equal(
      `${SHOP_URL}&utm_source=our-site&utm_medium=events&utm_campaign=event-1300`,
    );
    // A buy link to the event page (no shop) is the widget's own: left as it is.
    expect(buyControl(card(el, 'House Night')).link!.href).to.equal(
      `${location.origin}/t/shop-tracked/events/event-1302`,
    );
    let url: string | undefined;
    el.addEventListener('venue-events-buy', (e) => {
      url = (e as CustomEvent<{ url: string }>).detail.url;
      e.preventDefault();
    });
    link.click();
    expect(url).to.equal(link.href);
  });

  it('the element’s ticket-link-params override the venue’s; empty, none at all', async () => {
    const base = await tracked('shop-own');
    const mountWith = async (params: string) => {
      const el = mount<VenueEvents>(
        `<venue-events venue="shop-own" locale="en-GB" base-url="${base}" ticket-link-params="${params}"></venue-events>`,
        (e) => (e.clock = frozen),
      );
      await loaded(el);
      return el;
    };
    const blog = await mountWith('utm_source=blog&amp;utm_campaign={event_slug}-{locale}');
    expect(shopLink(blog).href).to.equal(
      `${SHOP_URL}&utm_source=blog&utm_campaign=event-1300-en-GB`,
    );
    cleanup();
    expect(shopLink(await mountWith('')).href).to.equal(SHOP_URL);
  });

  it('the month view’s day cards follow the list’s ticket-link-params', async () => {
    const el = mount<VenueEvents>(
      `<venue-events venue="shop" locale="en-GB" view="calendar" ticket-link-params="utm_source=cal"></venue-events>`,
      (e) => (e.clock = frozen),
    );
    const day = await waitFor(
      () =>
        deepQuery(el, 'venue-calendar')?.shadowRoot?.querySelector<HTMLElement>(
          'td[data-date="2026-12-08"]',
        ),
      'the month grid',
    );
    day.click();
    const link = await waitFor(
      () =>
        deepQueryAll(el, 'venue-buy-button')
          .map((b) => b.shadowRoot?.querySelector<HTMLAnchorElement>('[part="buy-button"]'))
          .find((a) => a?.href.startsWith(SHOP_URL)),
      'the day’s buy link',
    );
    expect(link.href).to.equal(`${SHOP_URL}&utm_source=cal`);
  });

  it('a buy button and an event embedded alone carry the venue’s parameters from the single event', async () => {
    const body = await apiBody<{ meta?: Json }>('/t/shop/api/events/1300');
    body.meta = { ticket_link_params: { utm_source: 'our-site', utm_campaign: '{event_slug}' } };
    const base = await serveWire('/t/shop-alone/api/events/1300', body);
    const expected = `${SHOP_URL}&utm_source=our-site&utm_campaign=event-1300`;
    const button = mount(
      `<venue-buy-button venue="shop-alone" event-id="1300" locale="en-GB" base-url="${base}"></venue-buy-button>`,
      (e) => ((e as Element & { clock: () => number }).clock = frozen),
    );
    const link = await waitFor(
      () => button.shadowRoot?.querySelector<HTMLAnchorElement>('[part="buy-button"]'),
      'the buy link',
    );
    expect(link.href).to.equal(expected);
    const event = mount(
      `<venue-event venue="shop-alone" event-id="1300" locale="en-GB" base-url="${base}"></venue-event>`,
      (e) => ((e as Element & { clock: () => number }).clock = frozen),
    );
    const inCard = await waitFor(
      () =>
        deepQueryAll(event, 'venue-buy-button')
          .map((b) => b.shadowRoot?.querySelector<HTMLAnchorElement>('[part="buy-button"]'))
          .find(Boolean),
      'the card’s buy link',
    );
    expect(inCard!.href).to.equal(expected);
  });

  it('a venue without them: the link as the API gives it', async () => {
    expect(shopLink(await list('shop')).href).to.equal(SHOP_URL);
  });
});
