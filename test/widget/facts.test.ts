/**
 * What a visitor decides by (docs/api.md §10.18): price, who is playing, when it ends, few tickets
 * left, on `<venue-events>` and `<venue-event>` cards, in English, German and French, and what the
 * widget does with such facts when an upstream sends them malformed or hostile. The bodies are
 * the real app's answers for the `many` venue with the facts added as a platform would send them
 * (served by the test server at `/__wire`): upstream data the fixture venue file cannot hold.
 */
import { expect } from 'chai';
import {
  apiBody,
  buyControl,
  card,
  cleanup,
  deepQueryAll,
  frozen,
  loaded,
  mount,
  serveWire,
  waitFor,
  warnings,
} from './helpers.js';
import { injectedHandlersSettled } from '../support/injected-handlers.js';
import type { VenueEvent } from '../../widget/venue-event.js';
import type { VenueEvents } from '../../widget/venue-events.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const pwned = () => (window as unknown as { __pwned?: number }).__pwned;

const GIG_1 = {
  end_time: '23:00:00',
  price: { currency: 'GBP', min: '12.00' },
  performers: ['Alice', 'Bob', 'Carol'],
  few_tickets_left: true,
};

/**
 * Page 1 of `many` (Gig 1 on Sun 6 Dec at 20:00, Gig 2 on the 7th, …) with the facts added:
 * Gig 1 one price, an end, three performers and few tickets left; Gig 2 a range ending after
 * midnight; Gig 3 free; Gig 4 a range in euros; Gig 5 few tickets left on an office the viewer's
 * clock has closed; Gig 6 few tickets left on a closed office; Gig 7 hostile performer names.
 */
function withFacts(events: Json[]): void {
  const a = (i: number) => events[i]!.attributes;
  Object.assign(a(0), GIG_1);
  Object.assign(a(1), {
    end_time: '04:00:00',
    price: { currency: 'GBP', min: '12.00', max: '18.00' },
  });
  Object.assign(a(2), { price: { currency: 'GBP', min: '0.00' } });
  Object.assign(a(3), { price: { currency: 'EUR', min: '15.00', max: '20.50' } });
  Object.assign(a(4), { few_tickets_left: true });
  a(4).ticket_office.closes_at = '2026-12-05T11:00:00.000000Z'; // before the frozen clock
  Object.assign(a(5), { few_tickets_left: true });
  a(5).ticket_office = {
    status: 'closed',
    reason: 'manual',
    closes_at: null,
    closed_at: '2026-12-04T09:00:00.000000Z',
    message: null,
  };
  Object.assign(a(6), { performers: [HOSTILE_NAME, 'Dana'] });
}

async function factsList(slug: string, attrs = 'locale="en-GB"') {
  const body = await apiBody<Json>('/t/many/api/events?page=1');
  withFacts(body.data);
  const base = await serveWire(`/t/${slug}/api/events?page=1`, body);
  const el = mount<VenueEvents>(
    `<venue-events venue="${slug}" base-url="${base}" ${attrs}></venue-events>`,
    (e) => (e.clock = frozen),
  );
  await loaded(el);
  return el;
}

const part = (cardEl: Element, name: string) =>
  cardEl.querySelector(`[part="${name}"]`)?.textContent?.replace(/\s+/g, ' ').trim();

describe('price, performers, end time and few tickets left on the cards', () => {
  afterEach(cleanup);

  it('shows each fact as the venue gives it, and nothing for an event without them', async () => {
    const el = await factsList('facts-en');
    const gig1 = card(el, 'Gig 1');
    expect(part(gig1, 'price')).to.equal('£12');
    expect(part(gig1, 'performers')).to.equal('With Alice, Bob and Carol');
    expect(part(gig1, 'date')).to.equal('Sun, 6 Dec 2026, 20:00 – 23:00');
    const [, end] = gig1.querySelectorAll('[part="date"] time');
    expect(end!.getAttribute('datetime')).to.equal('2026-12-06T23:00');
    expect(part(gig1, 'few-left')).to.equal('Few tickets left');
    expect(buyControl(gig1).link!.textContent).to.equal('Buy tickets');

    expect(part(card(el, 'Gig 2'), 'price')).to.equal('£12–£18');
    expect(part(card(el, 'Gig 3'), 'price')).to.equal('Free');
    expect(part(card(el, 'Gig 4'), 'price')).to.equal('€15.00–€20.50');

    const plain = card(el, 'Gig 8');
    for (const name of ['price', 'performers', 'few-left'])
      expect(plain.querySelector(`[part="${name}"]`), name).to.equal(null);
    expect(plain.querySelectorAll('[part="date"] time')).to.have.length(1);
  });

  it('a night ending after midnight ends on the next day', async () => {
    const el = await factsList('facts-midnight');
    const gig2 = card(el, 'Gig 2');
    expect(part(gig2, 'date')).to.equal('Mon, 7 Dec 2026, 20:00 – 4:00');
    const [start, end] = gig2.querySelectorAll('[part="date"] time');
    expect(start!.getAttribute('datetime')).to.equal('2026-12-07T20:00');
    expect(end!.getAttribute('datetime')).to.equal('2026-12-08T04:00');
  });

  it('"Few tickets left" only beside an open buy control: not once the viewer\'s clock or the office has closed it', async () => {
    const el = await factsList('facts-closed');
    for (const title of ['Gig 5', 'Gig 6']) {
      const c = card(el, title);
      expect(buyControl(c).link, title).to.equal(undefined);
      expect(c.querySelector('[part="few-left"]'), title).to.equal(null);
    }
  });

  it('is read with the card as plain text, in no live region', async () => {
    const el = await factsList('facts-a11y');
    const few = card(el, 'Gig 1').querySelector('[part="few-left"]')!;
    expect(few.closest('[aria-live]')).to.equal(null);
    expect(few.closest('article')).to.equal(card(el, 'Gig 1'));
    const live = el.shadowRoot!.querySelector('[aria-live]')!;
    expect(live.textContent).not.to.contain('Few tickets left');
  });

  it('in German and French', async () => {
    const de = await factsList('facts-de', 'locale="de"');
    expect(part(card(de, 'Gig 1'), 'performers')).to.equal('Mit Alice, Bob und Carol');
    expect(part(card(de, 'Gig 1'), 'few-left')).to.equal('Nur noch wenige Tickets');
    expect(part(card(de, 'Gig 1'), 'price')).to.equal('12 £');
    expect(part(card(de, 'Gig 3'), 'price')).to.equal('Eintritt frei');
    expect(part(card(de, 'Gig 1'), 'date')).to.equal('So., 6. Dez. 2026, 20:00 – 23:00');
    cleanup();
    const fr = await factsList('facts-fr', 'locale="fr"');
    expect(part(card(fr, 'Gig 1'), 'performers')).to.equal('Avec Alice, Bob et Carol');
    expect(part(card(fr, 'Gig 1'), 'few-left')).to.equal('Derniers billets');
    expect(part(card(fr, 'Gig 3'), 'price')).to.equal('Gratuit');
    expect(part(card(fr, 'Gig 4'), 'price')).to.equal('15,00 €–20,50 €');
  });

  it('the compact layout keeps the price (and leaves out the performers)', async () => {
    const el = await factsList('facts-compact', 'locale="en-GB" layout="compact"');
    const gig2 = card(el, 'Gig 2');
    const price = gig2.querySelector<HTMLElement>('[part="price"]')!;
    expect(price.offsetHeight).to.be.greaterThan(0);
    expect(price.innerText).to.equal('£12–£18');
    expect(
      card(el, 'Gig 1').querySelector<HTMLElement>('[part="performers"]')!.offsetHeight,
    ).to.equal(0);
  });

  it('hostile performer names are shown as text and never run', async () => {
    const el = await factsList('facts-hostile');
    await injectedHandlersSettled();
    expect(pwned()).to.equal(undefined);
    const performers = card(el, 'Gig 7').querySelector('[part="performers"]')!;
    expect(performers.textContent).to.equal(`With ${HOSTILE_NAME} and Dana`);
    expect(performers.children).to.have.length(0);
    expect(deepQueryAll(el, 'img, script:not([type="application/ld+json"])')).to.have.length(0);
  });

  it('<venue-event> shows every fact of its event', async () => {
    const body = await apiBody<Json>('/t/many/api/events/100');
    Object.assign(body.data.attributes, GIG_1);
    const base = await serveWire('/t/facts-single/api/events/100', body);
    const el = mount<VenueEvent>(
      `<venue-event venue="facts-single" event-id="100" base-url="${base}" locale="en-GB"></venue-event>`,
      (e) => (e.clock = frozen),
    );
    const c = await waitFor(
      () => el.shadowRoot!.querySelector('[part="card"] [part="price"]'),
      'the price',
    );
    const cardEl = c.closest('article')!;
    expect(part(cardEl, 'price')).to.equal('£12');
    expect(part(cardEl, 'performers')).to.equal('With Alice, Bob and Carol');
    expect(part(cardEl, 'date')).to.equal('Sun, 6 Dec 2026, 20:00 – 23:00');
    expect(part(cardEl, 'few-left')).to.equal('Few tickets left');
  });
});

describe('malformed facts from an upstream: the fact is dropped, the event kept, one warning', () => {
  afterEach(cleanup);

  const cases: [string, unknown][] = [
    ['price with a currency "<b>"', { price: { currency: '<b>', min: '12.00' } }],
    ['price with a lower-case currency', { price: { currency: 'gbp', min: '12.00' } }],
    ['price with min "-1"', { price: { currency: 'GBP', min: '-1' } }],
    ['price "12"', { price: '12' }],
    ['performers "Alice"', { performers: 'Alice' }],
    ['performers with a number', { performers: ['Alice', 42] }],
    ['end_time "25:00:00"', { end_time: '25:00:00' }],
    ['few_tickets_left "yes"', { few_tickets_left: 'yes' }],
  ];
  cases.forEach(([what, facts], i) => {
    it(what, async () => {
      let el: VenueEvents;
      const slug = `bad-fact-${i}`;
      const warned = await warnings(async () => {
        const body = await apiBody<Json>('/t/many/api/events?page=1');
        body.data[0].id = String(950 + i); // warnings are logged once per event and problem
        Object.assign(body.data[0].attributes, facts);
        const base = await serveWire(`/t/${slug}/api/events?page=1`, body);
        el = mount<VenueEvents>(
          `<venue-events venue="${slug}" base-url="${base}" locale="en-GB"></venue-events>`,
          (e) => (e.clock = frozen),
        );
        await loaded(el);
      });
      const gig1 = card(el!, 'Gig 1');
      for (const name of ['price', 'performers', 'few-left'])
        expect(gig1.querySelector(`[part="${name}"]`), name).to.equal(null);
      expect(part(gig1, 'date')).to.equal('Sun, 6 Dec 2026, 20:00');
      expect(deepQueryAll(el!, '[part="card"]')).to.have.length(12);
      const key = Object.keys(facts as object)[0]!;
      expect(warned.filter((w) => w.includes(`event ${950 + i}`))).to.deep.equal([
        `venue-events: event ${950 + i}: bad ${key}`,
      ]);
    });
  });
});

describe('the facts venue, from the real app (venue file → store → API → widget)', () => {
  afterEach(cleanup);

  const list = async (attrs = '') => {
    const el = mount<VenueEvents>(
      `<venue-events venue="facts" locale="en-GB" ${attrs}></venue-events>`,
      (e) => (e.clock = frozen),
    );
    await loaded(el);
    return el;
  };

  it('a club night: 23:00 to 4:00 the next morning, a range, its performers, few tickets left', async () => {
    const club = card(await list(), 'Club Night');
    expect(part(club, 'date')).to.equal('Thu, 10 Dec 2026, 23:00 – 4:00');
    const end = club.querySelectorAll('[part="date"] time')[1]!;
    expect(end.getAttribute('datetime')).to.equal('2026-12-11T04:00');
    expect(part(club, 'price')).to.equal('£12–£18');
    expect(part(club, 'performers')).to.equal('With Alice, Bob and Carol');
    expect(part(club, 'few-left')).to.equal('Few tickets left');
  });

  it("free, another currency, few tickets left beside a countdown and never on a closed office, each stop's own end", async () => {
    const el = await list();
    expect(part(card(el, 'Free Matinee'), 'price')).to.equal('Free');
    expect(part(card(el, 'Free Matinee'), 'date')).to.equal('Fri, 11 Dec 2026, 14:00 – 16:30');
    expect(part(card(el, 'Euro Strings'), 'price')).to.equal('€15.00–€20.50');
    const nearly = card(el, 'Nearly Gone');
    expect(part(nearly, 'few-left')).to.equal('Few tickets left');
    expect(buyControl(nearly).status!.textContent).to.equal('Sales close in 2 hours');
    const door = card(el, 'Door Only');
    expect(buyControl(door).link).to.equal(undefined);
    expect(door.querySelector('[part="few-left"]')).to.equal(null);
    const stops = [...card(el, 'Late Tour').querySelectorAll('[part="stops"] li')];
    expect(stops.map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'Tue 15 Dec 19:00–22:00 — Leeds Add to calendar',
      'Wed 16 Dec 21:00–1:00 — Bristol Add to calendar',
    ]);
  });

  it('the compact layout shows the price', async () => {
    const el = await list('layout="compact"');
    const price = card(el, 'Club Night').querySelector<HTMLElement>('[part="price"]')!;
    expect(price.offsetHeight).to.be.greaterThan(0);
    expect(price.innerText).to.equal('£12–£18');
  });

  it('widget.html with scripts off: the server-drawn cards show the same facts', async () => {
    const html = await (await fetch('/t/facts/widget.html?locale=en-GB')).text();
    const doc = (
      Document as unknown as { parseHTMLUnsafe(html: string): Document }
    ).parseHTMLUnsafe(html);
    const root = doc.querySelector('venue-events')!.shadowRoot!;
    const club = [...root.querySelectorAll('[part="card"]')].find(
      (c) => c.querySelector('[part="title"]')!.textContent === 'Club Night',
    )!;
    expect(part(club, 'price')).to.equal('£12–£18');
    expect(part(club, 'performers')).to.equal('With Alice, Bob and Carol');
    expect(part(club, 'date')).to.equal('Thu, 10 Dec 2026, 23:00 – 4:00');
    expect(part(club, 'few-left')).to.equal('Few tickets left');
  });
});
