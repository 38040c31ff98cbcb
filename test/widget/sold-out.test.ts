/**
 * Sold out and the waiting list (docs/api.md §10.23): a sold-out card's control says "Sold out"
 * (in the visitor's language) and, with a waiting list, links there as "Join the waitlist"; a
 * tour's control follows its current stop; a waiting list that is not https, whatever a server
 * sends, never reaches an `href`.
 */
import { expect } from 'chai';
import {
  apiBody,
  buyControl,
  card,
  cleanup,
  frozen,
  loaded,
  mount,
  serveWire,
  waitFor,
} from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import { ON_SALE_AT, WAITLIST_URL } from '../fixtures/widget-venues.js';

type Json = Record<string, unknown>;

const list = async (venue: string, locale = 'en-GB', base?: string) => {
  const el = mount<VenueEvents>(
    `<venue-events venue="${venue}" locale="${locale}"${base ? ` base-url="${base}"` : ''}></venue-events>`,
    (e) => (e.clock = frozen),
  );
  await loaded(el);
  return el;
};

describe('sold out (docs/api.md §10.23)', () => {
  afterEach(cleanup);

  it('says "Sold out" and links the waiting list; without one, no link', async () => {
    const el = await list('box-office');
    const full = buyControl(card(el, 'Full House'));
    expect(full.status!.textContent!.trim()).to.equal('Sold out');
    expect(full.status!.getAttribute('data-reason')).to.equal('sold_out');
    expect(full.link!.href).to.equal(WAITLIST_URL);
    expect(full.link!.textContent!.trim()).to.equal('Join the waitlist');
    const packed = buyControl(card(el, 'Packed Out'));
    expect(packed.status!.textContent!.trim()).to.equal('Sold out');
    expect(packed.link).to.equal(undefined);
    // The tour's current stop (Leeds) is on sale: its control buys.
    const tour = buyControl(card(el, 'Half Full Tour'));
    expect(tour.link!.textContent!.trim()).to.equal('Buy tickets');
  });

  it('in the visitor’s language', async () => {
    const el = await list('box-office', 'de');
    const full = buyControl(card(el, 'Full House'));
    expect(full.status!.textContent!.trim()).to.equal('Ausverkauft');
    expect(full.link!.textContent!.trim()).to.equal('Auf die Warteliste');
  });

  it('a waiting list that is not https from a hostile server is dropped', async () => {
    const body = await apiBody<{ data: { attributes: Json }[] }>('/t/box-office/api/events?page=1');
    body.data[0]!.attributes.waitlist_url = 'javascript:window.__pwned=5';
    const base = await serveWire('/t/box-office-hostile/api/events?page=1', body);
    const el = await list('box-office-hostile', 'en-GB', base);
    const full = buyControl(card(el, 'Full House'));
    expect(full.status!.textContent!.trim()).to.equal('Sold out');
    expect(full.link).to.equal(undefined);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });
});

describe('on sale later (docs/api.md §10.23)', () => {
  afterEach(cleanup);

  it('says when sales open, then turns into "Buy tickets" at that instant without a reload', async () => {
    const started = Date.now();
    const opens = Date.parse(ON_SALE_AT);
    let loads = 0;
    const el = mount<VenueEvents>(
      '<venue-events venue="box-office" locale="en-GB"></venue-events>',
      (e) => {
        // The viewer's clock runs from 2 s before sales open.
        e.clock = () => opens - 2000 + (Date.now() - started);
        e.addEventListener('venue-events-load', () => loads++);
      },
    );
    await loaded(el);
    const before = buyControl(card(el, 'Coming Soon'));
    expect(before.link).to.equal(undefined);
    expect(before.status!.textContent!.trim()).to.match(/^On sale \w{3} \d{1,2} Dec, \d{2}:\d{2}$/);
    const opened = await waitFor(
      () => buyControl(card(el, 'Coming Soon')).link?.textContent?.trim() === 'Buy tickets',
      'the control turning into Buy tickets',
    );
    expect(opened).to.equal(true);
    expect(loads).to.equal(1);
  });

  it('says the hour on the venue’s clock (on_sale_local), not the viewer’s', async () => {
    // 10:00 in Tokyo is 01:00 UTC: a card on the viewer's clock would say another hour.
    const el = mount<VenueEvents>(
      '<venue-events venue="far-office" locale="en-GB"></venue-events>',
    );
    await loaded(el);
    const control = buyControl(card(el, 'Tokyo Opening'));
    expect(control.link).to.equal(undefined);
    expect(control.status!.textContent!.trim()).to.equal('On sale Sat 12 Dec, 10:00');
  });
});
