/**
 * Data from upstream platforms (through the proxy) that the widget must
 * survive. The bodies are real API responses broken in one place, served by the test server.
 */
import { expect } from 'chai';
import {
  apiBody,
  buyControl,
  cleanup,
  contrasts,
  deepQueryAll,
  frozen,
  loaded,
  mount,
  serveWire,
  visibleText,
  waitFor,
  warnings,
} from './helpers.js';
import type { VenueEvent } from '../../widget/venue-event.js';
import type { VenueEvents } from '../../widget/venue-events.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let uncaught: unknown[] = [];
const onError = (e: ErrorEvent | PromiseRejectionEvent) =>
  uncaught.push('reason' in e ? e.reason : e.error);

/**
 * Page 1 of the `many` venue (12 events of 14) with `breakIt` applied, as venue `slug`; or of
 * another venue's list (`from`), in another locale.
 */
async function brokenList(
  slug: string,
  breakIt: (events: Json[]) => void,
  { from = 'many', locale = 'en-GB' } = {},
) {
  const body = await apiBody<Json>(`/t/${from}/api/events?page=1`);
  breakIt(body.data);
  const base = await serveWire(`/t/${slug}/api/events?page=1`, body);
  const el = mount<VenueEvents>(
    `<venue-events venue="${slug}" base-url="${base}" locale="${locale}"></venue-events>`,
    (e) => (e.clock = frozen),
  );
  await loaded(el);
  return el;
}

const titles = (el: Element) => deepQueryAll(el, '[part="title"]').map((t) => t.textContent);

describe('bad data never blanks the list', () => {
  beforeEach(() => {
    uncaught = [];
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
  });
  afterEach(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onError);
    cleanup();
  });

  const cases: [string, (e: Json) => void, 'left out' | 'shown'][] = [
    ['event_date "TBA"', (e) => (e.attributes.event_date = 'TBA'), 'left out'],
    ['event_time "25:99:00"', (e) => (e.attributes.event_time = '25:99:00'), 'shown'],
    ['event_time missing', (e) => delete e.attributes.event_time, 'shown'],
    [
      'date_mode multiple, occurrences missing',
      (e) => {
        e.attributes.date_mode = 'multiple';
        delete e.attributes.occurrences;
      },
      'shown',
    ],
    [
      'date_mode multiple, occurrences not an array',
      (e) => {
        e.attributes.date_mode = 'multiple';
        e.attributes.occurrences = 'soon';
      },
      'shown',
    ],
    ['description 42', (e) => (e.attributes.description = 42), 'shown'],
    ['title missing', (e) => delete e.attributes.title, 'left out'],
    ['attributes null', (e) => (e.attributes = null), 'left out'],
  ];
  cases.forEach(([what, breakIt, outcome], i) => {
    it(`${what} on 1 of 12 events: the other 11 render, the bad one is ${outcome}, one warning`, async () => {
      let el: Element;
      const warned = await warnings(async () => {
        el = await brokenList(`bad-item-${i}`, (events) => {
          events[3]!.id = String(900 + i); // warnings are logged once per event and problem
          breakIt(events[3]!);
        });
      });
      const shown = titles(el!);
      expect(shown.length).to.equal(outcome === 'shown' ? 12 : 11);
      expect(shown).to.include('Gig 1');
      expect(shown.includes('Gig 4')).to.equal(outcome === 'shown');
      expect(el!.shadowRoot!.querySelector('.skeleton')).to.equal(null);
      expect(warned.filter((w) => w.includes(`event ${900 + i}`))).to.have.length(1);
      expect(uncaught).to.deep.equal([]);
    });
  });

  it('an event time that cannot be read shows the date alone', async () => {
    const el = await brokenList('bad-time', (events) => (events[0]!.attributes.event_time = 'x'));
    const time = deepQueryAll(el, '[part="date"] time')[0]!;
    expect(time.textContent).to.equal('Sun, 6 Dec 2026');
    expect(time.getAttribute('datetime')).to.equal('2026-12-06');
  });
});

describe('a ticket office the widget does not understand', () => {
  afterEach(cleanup);

  const offices: [string, unknown][] = [
    ['null', null],
    ['a string', 'open'],
    ['open without closes_at', { status: 'open' }],
    [
      'closes_at "soon"',
      { status: 'open', reason: null, closes_at: 'soon', closed_at: null, message: null },
    ],
    [
      'an unknown status',
      { status: 'on_sale', reason: null, closes_at: null, closed_at: null, message: null },
    ],
    [
      'closed with an unknown reason',
      { status: 'closed', reason: 'sold_out', closes_at: null, closed_at: null, message: null },
    ],
    [
      'open with a reason',
      { status: 'open', reason: 'manual', closes_at: null, closed_at: null, message: null },
    ],
  ];
  offices.forEach(([what, office], i) => {
    it(`${what} → "Online sales closed", no buy link, one request`, async () => {
      const body = await apiBody<Json>('/t/states/api/events/1');
      body.data.attributes.ticket_office = office;
      const path = `/t/office-${i}/api/events/1`;
      const base = await serveWire(path, body);
      const button = mount<HTMLElement & { clock: () => number }>(
        `<venue-buy-button venue="office-${i}" event-id="1" base-url="${base}" locale="en"></venue-buy-button>`,
        (b) => (b.clock = frozen),
      );
      const status = await waitFor(
        () => button.shadowRoot!.querySelector('[part="buy-status"]'),
        'the buy status',
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(status.textContent!.trim()).to.equal('Online sales closed');
      expect(status.getAttribute('data-reason')).to.equal('unknown');
      expect(button.shadowRoot!.querySelector('[part="buy-button"]')).to.equal(null);
      const requests = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith(`/__wire${path}`));
      expect(requests).to.have.length(1);
    });
  });
});

describe('a ticket office the widget does not understand, in the list', () => {
  afterEach(cleanup);

  it('open without closes_at, and closes_at "soon": neutral closed, no extra list request', async () => {
    const el = await brokenList('office-list', (events) => {
      events[0]!.attributes.ticket_office = { status: 'open' };
      events[1]!.attributes.ticket_office.closes_at = 'soon';
    });
    await new Promise((r) => setTimeout(r, 300));
    for (const title of ['Gig 1', 'Gig 2']) {
      const card = deepQueryAll(el, 'article').find(
        (a) => a.querySelector('[part=title]')!.textContent === title,
      )!;
      expect(buyControl(card).link, title).to.equal(undefined);
      expect(buyControl(card).status!.textContent!.trim(), title).to.equal('Online sales closed');
    }
    const requests = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/__wire/t/office-list/api/events'));
    expect(requests).to.have.length(1);
  });
});

describe('wire types are checked once, at the boundary', () => {
  afterEach(cleanup);

  it('booleans, impossible dates, missing links.self', async () => {
    const el = await brokenList('bad-wire', (events) => {
      events[0]!.attributes.over_18 = 'false';
      events[0]!.attributes.show_images = 'true';
      events[0]!.attributes.small_image_path = '/storage/demo/jazz.svg';
      events[1]!.attributes.event_date = '2027-02-30T00:00:00.000000Z';
      delete events[2]!.links.self;
      events[3]!.attributes.tickets_enabled = 'false';
      events[3]!.attributes.ticket_office.status = 'open';
      events[4]!.attributes.title = 42;
    });
    const root = el.shadowRoot!;
    expect(titles(el)).to.not.include('Gig 2').and.not.include('Gig 5');
    expect(titles(el)).to.have.length(10);
    const card = (title: string) =>
      deepQueryAll(root, 'article').find(
        (a) => a.querySelector('[part=title]')!.textContent === title,
      )!;
    expect(card('Gig 1').querySelector('[part="badge"]')).to.equal(null);
    expect(card('Gig 1').querySelector('[part="image"]')).to.equal(null);
    const noSelf = buyControl(card('Gig 3'));
    expect(noSelf.link).to.equal(undefined);
    expect(noSelf.status!.getAttribute('data-reason')).to.equal('unknown');
    // ticket_office decides, not tickets_enabled (docs/api.md §1).
    expect(buyControl(card('Gig 4')).link).to.not.equal(undefined);
  });

  it('an earlier-shape event with tickets_enabled "true" is not sold', async () => {
    const body = await apiBody<Json>('/t/earlier/api/events/1001');
    body.data.attributes.tickets_enabled = 'true';
    const base = await serveWire('/t/earlier-bad/api/events/1001', body);
    const button = mount<HTMLElement & { clock: () => number }>(
      `<venue-buy-button venue="earlier-bad" event-id="1001" base-url="${base}"></venue-buy-button>`,
      (b) => (b.clock = frozen),
    );
    const status = await waitFor(
      () => button.shadowRoot!.querySelector('[part="buy-status"]'),
      'the buy status',
    );
    expect(status.getAttribute('data-reason')).to.equal('unknown');
  });
});

describe('at most one page is rendered', () => {
  afterEach(cleanup);

  // How fast is `npm run bench:widget`'s to say (timings are not asserted in tests): drawing a
  // page's cards, not a thousand, is what keeps it quick.
  it('1,000 events in one response: 12 cards, a page, drawn', async () => {
    const el = await brokenList('huge', (events) => {
      const template = events[0]!;
      events.length = 0;
      for (let i = 0; i < 1000; i++) events.push({ ...template, id: String(5000 + i) });
    });
    expect(el.shadowRoot!.querySelectorAll('[part="card"]').length).to.equal(12);
    expect(deepQueryAll(el, 'venue-buy-button').length).to.equal(12);
  });
});

describe('events the widget could not show are never "no events"', () => {
  afterEach(cleanup);

  const part = (el: Element, name: string) => el.shadowRoot!.querySelector(`[part="${name}"]`);
  const requests = (slug: string) =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith(`/__wire/t/${slug}/api/events?page=1`)).length;

  it('all titles null: the error state with "Try again", not the empty text; Try again asks again', async () => {
    const el = await brokenList('unshown-titles', (events) => {
      for (const e of events) e.attributes.title = null;
    });
    const error = part(el, 'error')!;
    expect(error.querySelector('p')!.textContent).to.equal('Events could not be shown.');
    expect(error.getAttribute('role')).to.equal('alert');
    expect(!!part(el, 'empty'), 'the empty state').to.equal(false);
    expect(visibleText(el)).to.not.contain('No upcoming events');
    expect(titles(el)).to.have.length(0);
    // The page's other page (14 events in all) can still be reached.
    expect(!!part(el, 'pagination'), 'the pagination').to.equal(true);

    // The platform fixed its data: "Try again" shows it.
    await serveWire('/t/unshown-titles/api/events?page=1', await apiBody('/t/many/api/events'));
    const before = requests('unshown-titles');
    const retry = error.querySelector('button')!;
    expect(retry.textContent!.trim()).to.equal('Try again');
    retry.click();
    await waitFor(() => titles(el).length === 12, 'the events');
    expect(requests('unshown-titles')).to.equal(before + 1);
    expect(!!part(el, 'error'), 'the error state').to.equal(false);
    expect(!!el.shadowRoot!.querySelector('.notice'), 'the notice').to.equal(false);
  });

  it('every event_date unreadable: the same error state', async () => {
    const el = await brokenList('unshown-dates', (events) => {
      for (const e of events) e.attributes.event_date = 'TBA';
    });
    expect(part(el, 'error')!.textContent).to.contain('Events could not be shown.');
    expect(part(el, 'error')!.querySelector('button')!.textContent!.trim()).to.equal('Try again');
    expect(!!part(el, 'empty'), 'the empty state').to.equal(false);
    expect(titles(el)).to.have.length(0);
  });

  it('translated: German error state, French notice', async () => {
    const de = await brokenList(
      'unshown-de',
      (events) => events.forEach((e) => (e.attributes.title = null)),
      { locale: 'de' },
    );
    expect(part(de, 'error')!.querySelector('p')!.textContent).to.equal(
      'Die Veranstaltungen konnten nicht angezeigt werden.',
    );
    expect(part(de, 'error')!.querySelector('button')!.textContent!.trim()).to.equal(
      'Erneut versuchen',
    );
    const fr = await brokenList('unshown-fr', (events) => (events[0]!.attributes.title = null), {
      locale: 'fr',
    });
    expect(fr.shadowRoot!.querySelector('.notice')!.textContent).to.equal(
      'Certains événements n’ont pas pu être affichés.',
    );
  });

  it('one bad among good: the good ones, and a short notice above them', async () => {
    const el = await brokenList('unshown-one', (events) => (events[5]!.attributes.title = null));
    expect(titles(el)).to.have.length(11);
    expect(titles(el)).to.not.include('Gig 6');
    const notice = el.shadowRoot!.querySelector('.notice')!;
    expect(notice.textContent).to.equal('Some events could not be shown.');
    expect(notice.nextElementSibling!.getAttribute('part')).to.equal('list');
    expect(!!part(el, 'error'), 'the error state').to.equal(false);
    expect(!!part(el, 'empty'), 'the empty state').to.equal(false);
    const worst = contrasts(el)[0]!;
    expect(worst.ratio, worst.text).to.be.at.least(4.5);
  });

  it('a page the API sent empty (meta.total 0) is still "No upcoming events"', async () => {
    const el = mount<VenueEvents>('<venue-events venue="empty" locale="en"></venue-events>');
    await loaded(el);
    expect(part(el, 'empty')!.textContent).to.equal('No upcoming events');
    expect(!!part(el, 'error'), 'the error state').to.equal(false);
    expect(!!el.shadowRoot!.querySelector('.notice'), 'the notice').to.equal(false);
  });
});

describe('optional strings that are null drop only their line', () => {
  afterEach(cleanup);

  /** Open Show (id 1): the `states` event with a category, a location and a description. */
  const openShow = (events: Json[]) => events.find((e) => e.id === '1')!;
  const lines: [string, string][] = [
    ['category', 'category'],
    ['location', 'location'],
    ['description', 'excerpt'],
  ];
  lines.forEach(([key, line]) => {
    it(`${key} null: the event is shown without its ${line}, no warning, no notice`, async () => {
      let el: Element;
      const warned = await warnings(async () => {
        el = await brokenList(
          `null-${key}`,
          (events) => (openShow(events).attributes[key] = null),
          {
            from: 'states',
          },
        );
      });
      const open = deepQueryAll(el!, 'article').find(
        (a) => a.querySelector('[part=title]')!.textContent === 'Open Show',
      )!;
      expect(!!open.querySelector(`[part="${line}"]`), line).to.equal(false);
      const others = lines.filter(([k]) => k !== key).map(([, l]) => `[part="${l}"]`);
      for (const other of others) expect(!!open.querySelector(other), other).to.equal(true);
      expect(!!buyControl(open).link, 'the buy link').to.equal(true);
      expect(titles(el!)).to.have.length(7);
      expect(!!el!.shadowRoot!.querySelector('.notice'), 'the notice').to.equal(false);
      expect(warned.filter((w) => w.includes('event 1:'))).to.deep.equal([]);
    });
  });

  it('<venue-event>: category, location and description null → the card without those lines', async () => {
    const body = await apiBody<Json>('/t/states/api/events/1');
    Object.assign(body.data.attributes, { category: null, location: null, description: null });
    const base = await serveWire('/t/null-single/api/events/1', body);
    const el = mount<VenueEvent>(
      `<venue-event venue="null-single" event-id="1" base-url="${base}" locale="en"></venue-event>`,
      (e) => (e.clock = frozen),
    );
    const article = await waitFor(
      () => el.shadowRoot!.querySelector('article[part="card"]'),
      'the event',
    );
    expect(article.querySelector('[part="title"]')!.textContent).to.equal('Open Show');
    for (const line of ['category', 'location', 'description', 'excerpt'])
      expect(!!article.querySelector(`[part="${line}"]`), line).to.equal(false);
    expect(!!el.shadowRoot!.querySelector('[part="error"]'), 'the error state').to.equal(false);
  });
});
