/**
 * The widget's side of structured data and sharing: schema.org `Event` JSON-LD in the elements' light DOM, "Add to
 * calendar" links to the server's `.ics` files, and the share control. Real Chromium, real API
 * (and, with `npm run test:widget:proxy`, the real proxy), real clipboard.
 */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import {
  axeViolations,
  card,
  cleanup,
  deepQueryAll,
  frozen,
  loaded,
  mount,
  waitFor,
} from './helpers.js';
import { injectedHandlersSettled } from '../support/injected-handlers.js';
import type { VenueBuyButton } from '../../widget/venue-buy-button.js';
import type { VenueEvent } from '../../widget/venue-event.js';
import type { VenueEvents } from '../../widget/venue-events.js';

const SCHEMA = 'https://schema.org/';

type Place = { '@type': string; name: string; address?: string | Record<string, string> };
type Offer = { '@type': string; url: string; availability: string; validThrough?: string };
type LdEvent = {
  '@context': string;
  '@type': string;
  '@id': string;
  name: string;
  startDate: string;
  eventStatus: string;
  eventAttendanceMode: string;
  location: Place;
  url: string;
  organizer?: { '@type': string; name: string; url?: string };
  description?: string;
  image?: string[];
  offers?: Offer;
};

const list = async (attrs: string, wrap = (m: string) => m) => {
  const el = mount<VenueEvents>(wrap(`<venue-events ${attrs}></venue-events>`), (e) => {
    const host = e.localName === 'venue-events' ? e : e.querySelector('venue-events')!;
    host.clock = frozen;
  });
  const host = el.localName === 'venue-events' ? el : el.querySelector('venue-events')!;
  await loaded(host);
  return host;
};

const blocks = (el: Element) =>
  [...el.querySelectorAll('script')].filter((s) => s.type === 'application/ld+json');

/** The element's one JSON-LD block, once written (it is built in a lazily loaded chunk). */
async function block(el: Element, what = 'the JSON-LD block'): Promise<HTMLScriptElement> {
  const found = await waitFor(() => blocks(el)[0], what);
  expect(blocks(el)).to.have.length(1);
  expect(found.parentElement, 'a light-DOM child of the element').to.equal(el);
  return found;
}

const jsonLd = async (el: Element): Promise<LdEvent[]> =>
  JSON.parse((await block(el)).textContent!) as LdEvent[];

const byName = (events: LdEvent[], name: string) => {
  const found = events.filter((e) => e.name === name);
  expect(found, name).to.not.have.length(0);
  return found;
};

/** `{origin of links.self}/t/{venue}/events/{slug}`: the page's origin (also through the proxy). */
const eventPage = (venue: string, slug: string) => `${location.origin}/t/${venue}/events/${slug}`;

/**
 * Google's event rich results: required `name`, `startDate`, `location` (a `Place` with a name and
 * an address, here the location label as text); recommended `eventStatus`,
 * `eventAttendanceMode`, `organizer` or `url`, `offers` with `url` and `availability` when sold.
 */
function expectRichResult(e: LdEvent): void {
  expect(e['@context']).to.equal('https://schema.org');
  expect(e['@type']).to.equal('Event');
  expect(e.name).to.be.a('string').and.not.equal('');
  // Venue-local wall-clock time; the widget knows no zone, so no UTC offset.
  expect(e.startDate).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  expect(e.location['@type']).to.equal('Place');
  expect(e.location.name).to.be.a('string').and.not.equal('');
  expect(e.location.address, `${e.name}: location.address`).to.be.a('string').and.not.equal('');
  expect([`${SCHEMA}EventScheduled`, `${SCHEMA}EventCancelled`]).to.include(e.eventStatus);
  expect(e.eventAttendanceMode).to.equal(`${SCHEMA}OfflineEventAttendanceMode`);
  expect(e.url).to.match(/^https?:\/\//);
  expect(e.organizer?.name).to.be.a('string').and.not.equal('');
  if (e.offers) {
    expect(e.offers['@type']).to.equal('Offer');
    expect(e.offers.url).to.match(/^https?:\/\//);
    expect(e.offers.availability).to.match(/^https:\/\/schema\.org\/\w+$/);
  }
  if (e.image) for (const src of e.image) expect(new URL(src).href).to.equal(src); // absolute
}

describe('structured data: one JSON-LD block in the light DOM', () => {
  afterEach(cleanup);

  it('describes the events on screen with the required and recommended properties', async () => {
    const el = await list('venue="reach" locale="en"');
    const events = await jsonLd(el);
    // 5 single-date events + 3 stops of the tour (the past stop left out).
    expect(events).to.have.length(8);
    for (const e of events) expectRichResult(e);
    const open = byName(events, 'Reach Open')[0]!;
    expect(open.url).to.equal(eventPage('reach', 'event-600'));
    expect(open['@id']).to.equal(`${eventPage('reach', 'event-600')}#event`);
    expect(open.startDate).to.equal('2026-12-10T20:00:00');
    expect(open.location).to.deep.equal({
      '@type': 'Place',
      name: 'Main Room',
      address: 'Main Room',
    });
    // Plain text of the HTML description, entities decoded, blocks spaced.
    expect(open.description).to.equal('Trio set & more. Doors 7pm.');
    // The venue is named by its slug: the API does not carry its name.
    expect(open.organizer).to.deep.equal({ '@type': 'Organization', name: 'reach' });
  });

  it('per state: open, closed by hand, closed by schedule, cancelled, not ticketed', async () => {
    const el = await list('venue="reach" locale="en"');
    const events = await jsonLd(el);
    const one = (name: string) => byName(events, name)[0]!;
    const page = (id: number) => eventPage('reach', `event-${id}`);

    expect(one('Reach Open').eventStatus).to.equal(`${SCHEMA}EventScheduled`);
    expect(one('Reach Open').offers).to.deep.equal({
      '@type': 'Offer',
      url: page(600),
      availability: `${SCHEMA}InStock`,
      validThrough: '2026-12-09T18:00:00.000000Z',
    });
    expect(one('Reach Closed By Hand').offers).to.deep.equal({
      '@type': 'Offer',
      url: page(601),
      availability: `${SCHEMA}SoldOut`,
    });
    expect(one('Reach Sales Ended').offers?.availability).to.equal(`${SCHEMA}SoldOut`);
    expect(one('Reach Called Off').eventStatus).to.equal(`${SCHEMA}EventCancelled`);
    expect(one('Reach Called Off').offers?.availability).to.equal(`${SCHEMA}Discontinued`);
    expect(one('Reach Free')).to.not.have.property('offers');
    expect(one('Reach Free').eventStatus).to.equal(`${SCHEMA}EventScheduled`);
  });

  it('an image only when the venue shows images, as an absolute URL', async () => {
    const el = await list('venue="reach" locale="en"');
    const events = await jsonLd(el);
    expect(byName(events, 'Reach Open')[0]!.image).to.deep.equal([
      `${location.origin}/storage/demo/jazz.svg`,
    ]);
    // Reach Closed By Hand has an image path but show_images false.
    expect(byName(events, 'Reach Closed By Hand')[0]).to.not.have.property('image');
  });

  it('a tour: one Event per upcoming stop with its own date and place; the cancelled stop EventCancelled', async () => {
    const el = await list('venue="reach" locale="en"');
    const stops = byName(await jsonLd(el), 'Reach Tour');
    const page = eventPage('reach', 'event-605');
    expect(
      stops.map((s) => [s.startDate, s.location.name, s.location.address, s.eventStatus, s.url]),
    ).to.deep.equal([
      [
        '2026-12-08T19:00:00',
        'Leeds',
        'Leeds',
        `${SCHEMA}EventScheduled`,
        `${page}#stop-2026-12-08-1900`,
      ],
      [
        '2026-12-12T19:30:00',
        'Bristol',
        'Bristol',
        `${SCHEMA}EventCancelled`,
        `${page}#stop-2026-12-12-1930`,
      ],
      [
        '2026-12-20T20:00:00',
        'Glasgow',
        'Glasgow',
        `${SCHEMA}EventScheduled`,
        `${page}#stop-2026-12-20-2000`,
      ],
    ]);
    expect(stops.map((s) => s.offers?.availability)).to.deep.equal([
      `${SCHEMA}InStock`,
      `${SCHEMA}Discontinued`,
      `${SCHEMA}InStock`,
    ]);
    for (const s of stops) expect(s.offers?.url).to.equal(page);
  });

  it('the earlier API shape (no ticket_office) is described by the derived ticket office', async () => {
    const el = await list('venue="earlier" locale="en"');
    const events = await jsonLd(el);
    for (const e of events) {
      expect(e.name).to.be.a('string');
      expect(e.url).to.match(/^https?:\/\//);
    }
    expect(byName(events, 'Open Show')[0]!.offers?.availability).to.equal(`${SCHEMA}InStock`);
    expect(byName(events, 'Called Off')[0]!.eventStatus).to.equal(`${SCHEMA}EventCancelled`);
    expect(byName(events, 'Free Entry')[0]).to.not.have.property('offers');
  });

  it('is replaced when the page of events changes, never duplicated', async () => {
    const el = await list('venue="many" locale="en"');
    const first = await block(el);
    const names = (s: HTMLScriptElement) =>
      (JSON.parse(s.textContent!) as LdEvent[]).map((e) => e.name);
    expect(names(first)).to.deep.equal(Array.from({ length: 12 }, (_, i) => `Gig ${i + 1}`));
    const next = [
      ...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="page-button"]'),
    ].find((b) => b.textContent!.includes('Next'))!;
    next.click();
    const second = await waitFor(() => blocks(el).find((s) => s !== first), 'the block of page 2');
    expect(first.isConnected, 'the old block is gone').to.equal(false);
    expect(blocks(el)).to.have.length(1);
    expect(names(second)).to.deep.equal(['Gig 13', 'Gig 14']);
  });

  it('is removed with the element, back when it is re-added, and gone for a venue without events', async () => {
    const el = await list('venue="reach" locale="en"');
    const written = await block(el);
    const parent = el.parentElement!;
    el.remove();
    expect(el.querySelector('script'), 'removed at once').to.equal(null);
    expect(document.querySelectorAll('script[type="application/ld+json"]')).to.have.length(0);
    parent.append(el);
    expect(await block(el)).to.equal(written);
    el.venue = 'empty';
    await waitFor(() => blocks(el).length === 0, 'the block to go');
    await waitFor(() => el.shadowRoot!.querySelector('[part="empty"]'), 'the empty state');
    expect(blocks(el)).to.have.length(0);
  });

  it('is never rendered, even under page CSS that shows scripts, and the fallback content still hides', async () => {
    const style = document.createElement('style');
    style.textContent = 'venue-events > *, script { display: block !important; }';
    document.head.append(style);
    try {
      const el = await list('venue="reach" locale="en"', (m) =>
        m.replace(
          '></venue-events>',
          '><a href="/t/reach/events">See what’s on</a></venue-events>',
        ),
      );
      const script = await block(el);
      expect(script.getClientRects().length, 'no box').to.equal(0);
      expect(script.checkVisibility()).to.equal(false);
      const fallback = el.querySelector('a')!;
      expect(fallback.getClientRects().length, 'fallback hidden after upgrade').to.equal(0);
      expect(el.shadowRoot!.querySelector('slot')).to.equal(null);
    } finally {
      style.remove();
    }
  });

  it('a hostile title cannot close the block or run a script; it round-trips as data', async () => {
    const el = await list('venue="hostile" locale="en"');
    const script = await block(el);
    await injectedHandlersSettled();
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
    const text = script.textContent!;
    expect(text).to.not.match(/[<>]/); // `<` `>` `&` escaped as \uXXXX
    expect(script.children).to.have.length(0);
    const events = JSON.parse(text) as LdEvent[];
    expect(events[0]!.name).to.equal(
      `<script>window.__pwned=3</script><img src=x onerror="window.__pwned=4">`,
    );
    // A javascript: image path never becomes an image.
    for (const e of events) expect(e.image ?? []).to.deep.equal([]);
    expect(document.querySelectorAll('script[type="application/ld+json"]')).to.have.length(1);
  });

  it('<venue-event>: one block for its event, removed when it is disconnected', async () => {
    const el = mount<VenueEvent>(
      '<venue-event venue="reach" event-id="605" locale="en"></venue-event>',
      (e) => (e.clock = frozen),
    );
    const events = await jsonLd(el);
    expect(events.map((e) => e.startDate)).to.deep.equal([
      '2026-12-08T19:00:00',
      '2026-12-12T19:30:00',
      '2026-12-20T20:00:00',
    ]);
    for (const e of events) expectRichResult(e);
    el.remove();
    expect(blocks(el)).to.have.length(0);
  });
});

describe('Add to calendar', () => {
  afterEach(cleanup);

  const links = (c: Element) => [
    ...c.querySelectorAll<HTMLAnchorElement>('[part="calendar-link"]'),
  ];

  it('per event a menu: the calendar file, Google Calendar and Outlook (the server redirects to them)', async () => {
    const el = await list('venue="reach" locale="en"');
    const menu = card(el, 'Reach Open').querySelector<HTMLDetailsElement>(
      '[part="calendar-menu"]',
    )!;
    const summary = menu.querySelector('summary')!;
    expect(summary.getAttribute('part')).to.equal('calendar-link');
    expect(summary.textContent!.trim()).to.equal('Add to calendar');
    const options = () => [...menu.querySelectorAll<HTMLAnchorElement>('[part="calendar-option"]')];
    expect(
      options().every((a) => a.checkVisibility()),
      'closed',
    ).to.equal(false);
    summary.click();
    expect(menu.open).to.equal(true);
    expect(
      options().every((a) => a.checkVisibility()),
      'open',
    ).to.equal(true);
    const page = eventPage('reach', 'event-600');
    expect(options().map((a) => [a.textContent!.trim(), a.href])).to.deep.equal([
      ['Calendar file (.ics)', `${page}.ics`],
      ['Google Calendar', `${page}/calendar/google`],
      ['Outlook', `${page}/calendar/outlook`],
    ]);
    for (const a of options().slice(1)) {
      expect(a.target).to.equal('_blank');
      const res = await fetch(a.href, { redirect: 'manual' });
      expect(res.type, a.href).to.equal('opaqueredirect');
    }
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('in German the menu says Google Kalender, and its file and links carry locale=de: the server’s words in German', async () => {
    const el = await list('venue="reach" locale="de"');
    const menu = await waitFor(
      () => card(el, 'Reach Open').querySelector<HTMLDetailsElement>('[part="calendar-menu"]'),
      'the menu',
    );
    const options = [...menu.querySelectorAll<HTMLAnchorElement>('[part="calendar-option"]')];
    const page = eventPage('reach', 'event-600');
    expect(options.map((a) => [a.textContent!.trim(), a.href])).to.deep.equal([
      ['Kalenderdatei (.ics)', `${page}.ics?locale=de`],
      ['Google Kalender', `${page}/calendar/google?locale=de`],
      ['Outlook', `${page}/calendar/outlook?locale=de`],
    ]);
    const ics = await (await fetch(options[0]!.href)).text();
    // The file says which language its own words are in (docs/server.md "Calendar files").
    expect(ics).to.contain('PRODID:-//venue-events//venue-events//DE');
  });

  it("per scheduled stop, to the event's calendar file, which downloads as text/calendar", async () => {
    const el = await list('venue="reach" locale="en"');
    const open = card(el, 'Reach Open').querySelectorAll<HTMLAnchorElement>(
      '[part="calendar-option"]',
    );
    const res = await fetch(open[0]!.href);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/calendar/);
    const ics = await res.text();
    expect(ics).to.contain('BEGIN:VCALENDAR');
    expect(ics).to.contain('SUMMARY:Reach Open');

    const tour = card(el, 'Reach Tour');
    const stopLinks = [...tour.querySelectorAll('[part="stops"] li')].map(
      (li) => li.querySelector<HTMLAnchorElement>('[part="calendar-link"]')?.href,
    );
    const file = `${eventPage('reach', 'event-605')}.ics`;
    // York, Leeds, Bristol (cancelled: none), Glasgow; and the event's own menu.
    expect(stopLinks).to.deep.equal([file, file, undefined, file]);
    expect(links(tour)).to.have.length(4);
    expect(tour.querySelectorAll('[part="calendar-menu"]')).to.have.length(1);
    const tourIcs = await (await fetch(file)).text();
    expect(tourIcs.match(/BEGIN:VEVENT/g)!.length).to.be.at.least(3);
  });

  it('none for a cancelled event', async () => {
    const el = await list('venue="reach" locale="en"');
    expect(links(card(el, 'Reach Called Off'))).to.have.length(0);
  });

  for (const [locale, text, share] of [
    ['en', 'Add to calendar', 'Share'],
    ['de', 'Zum Kalender hinzufügen', 'Teilen'],
    ['fr', 'Ajouter au calendrier', 'Partager'],
  ] as const) {
    it(`${locale}: translated; each accessible name begins with the visible text and names the event`, async () => {
      const el = await list(`venue="reach" locale="${locale}"`);
      const tour = card(el, 'Reach Tour');
      for (const a of links(tour)) {
        expect(a.textContent!.trim()).to.equal(text);
        expect(a.getAttribute('aria-label')).to.match(new RegExp(`^${text} ?: Reach Tour`));
      }
      const stopLabel = tour.querySelector('[part="stops"] [part="calendar-link"]')!;
      expect(stopLabel.getAttribute('aria-label')).to.contain('York');
      const button = tour.querySelector('[part="share-button"]')!;
      expect(button.textContent!.trim()).to.equal(share);
      expect(button.getAttribute('aria-label')).to.match(new RegExp(`^${share} ?: Reach Tour$`));
    });
  }

  it('is styleable by ::part(calendar-link)', async () => {
    const style = document.createElement('style');
    style.textContent = 'venue-events::part(calendar-link) { text-transform: uppercase; }';
    document.head.append(style);
    try {
      const el = await list('venue="reach" locale="en"');
      const a = links(card(el, 'Reach Open'))[0]!;
      expect(getComputedStyle(a).textTransform).to.equal('uppercase');
    } finally {
      style.remove();
    }
  });
});

describe('Share', () => {
  afterEach(cleanup);

  const shareButton = (c: Element) => c.querySelector<HTMLButtonElement>('[part="share-button"]');

  /** The clipboard's text, read for real: pasted with Ctrl+V into a field. */
  async function pasted(): Promise<string> {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'KeyV' });
    await sendKeys({ up: 'Control' });
    const value = input.value;
    input.remove();
    return value;
  }

  it('by keyboard, without the Web Share API (Chromium on Linux has none): copies the link for real, shows and announces "Link copied"', async () => {
    expect(navigator.share, 'this Chromium has no Web Share API').to.equal(undefined);
    const el = await list('venue="reach" locale="en"');
    const c = card(el, 'Reach Open');
    // Keyboard: from the buy link, Tab reaches the calendar link, then the share button.
    c.querySelector('venue-buy-button')!
      .shadowRoot!.querySelector<HTMLElement>('[part="buy-button"]')!
      .focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal('calendar-link');
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(shareButton(c));
    await sendKeys({ press: 'Enter' });
    const status = await waitFor(() => c.querySelector('[part="share-status"]'), 'Link copied');
    expect(status.textContent!.trim()).to.equal('Link copied');
    const live = deepQueryAll(el, '[aria-live]');
    expect(live).to.have.length(1);
    await waitFor(() => live[0]!.textContent!.trim() === 'Link copied', 'the announcement');
    expect(await pasted()).to.equal(eventPage('reach', 'event-600'));
  });

  it('uses navigator.share where the browser has it (stubbed: Chromium on Linux has none)', async () => {
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => void shared.push(data),
    });
    try {
      const el = await list('venue="reach" locale="en"');
      const c = card(el, 'Reach Tour');
      shareButton(c)!.click();
      await waitFor(() => shared.length > 0, 'the share sheet');
      expect(shared).to.deep.equal([{ title: 'Reach Tour', url: eventPage('reach', 'event-605') }]);
      // The share's promise chain settles in microtasks, before the next task; then its update.
      await new Promise((r) => setTimeout(r, 0));
      await el.updateComplete;
      expect(c.querySelector('[part="share-status"]'), 'nothing copied').to.equal(null);
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('hidden by the no-share attribute, or by ::part(share-button)', async () => {
    const el = await list('venue="reach" locale="en" no-share');
    expect(deepQueryAll(el, '[part="share-button"]')).to.have.length(0);
    expect(deepQueryAll(el, '[part="calendar-link"]').length).to.be.greaterThan(0);
    const style = document.createElement('style');
    style.textContent = 'venue-events::part(share-button) { display: none; }';
    document.head.append(style);
    try {
      const other = await list('venue="reach" locale="en"');
      const button = shareButton(card(other, 'Reach Open'))!;
      expect(button.getClientRects().length).to.equal(0);
    } finally {
      style.remove();
    }
  });

  it('<venue-event>: its share control and its one polite live region', async () => {
    const el = mount<VenueEvent>(
      '<venue-event venue="reach" event-id="600" locale="fr"></venue-event>',
      (e) => (e.clock = frozen),
    );
    const button = await waitFor(
      () => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="share-button"]'),
      'the share button',
    );
    expect(button.textContent!.trim()).to.equal('Partager');
    button.focus();
    await sendKeys({ press: 'Enter' });
    const live = deepQueryAll(el, '[aria-live]');
    expect(live).to.have.length(1);
    await waitFor(() => live[0]!.textContent!.trim() === 'Lien copié', 'the announcement');
    expect(el.shadowRoot!.querySelector('[part="share-status"]')!.textContent!.trim()).to.equal(
      'Lien copié',
    );
    expect(await pasted()).to.equal(eventPage('reach', 'event-600'));
  });
});

describe('structured data and sharing belong to the list and the event only', () => {
  afterEach(cleanup);

  it('a buy button writes no JSON-LD block and has no no-share attribute', async () => {
    const button = mount<VenueBuyButton>(
      '<venue-buy-button venue="reach" event-id="600" locale="en"></venue-buy-button>',
      (b) => (b.clock = frozen),
    );
    await waitFor(() => button.shadowRoot!.querySelector('[part="buy-button"]'), 'the button');
    // A <venue-event> of the same event, painted after the button: its block is written after
    // the structured-data chunk loaded, by work queued after any the button's paint could queue.
    const event = mount<VenueEvent>(
      '<venue-event venue="reach" event-id="600" locale="en"></venue-event>',
      (e) => (e.clock = frozen),
    );
    await block(event, "the <venue-event>'s block");
    await button.updateComplete;
    expect(blocks(button)).to.have.length(0);
    expect('noShare' in button).to.equal(false);
    const observed = (name: string) =>
      (customElements.get(name) as unknown as { observedAttributes: string[] }).observedAttributes;
    expect(observed('venue-buy-button')).to.not.include('no-share');
    expect(observed('venue-events')).to.include('no-share');
    expect(observed('venue-event')).to.include('no-share');
  });

  it('"Link copied" ends when the element is disconnected, and is not back when it is re-added', async () => {
    const el = await list('venue="reach" locale="en"');
    const c = card(el, 'Reach Open');
    c.querySelector<HTMLButtonElement>('[part="share-button"]')!.click();
    await waitFor(() => c.querySelector('[part="share-status"]'), 'Link copied');
    const live = el.shadowRoot!.querySelector('[aria-live]')!;
    await waitFor(() => live.textContent!.trim() === 'Link copied', 'the announcement');
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await el.updateComplete;
    expect(!!card(el, 'Reach Open').querySelector('[part="share-status"]')).to.equal(false);
    expect(live.textContent!.trim()).to.equal('');
  });
});

describe('calendar links and share controls are accessible', () => {
  afterEach(cleanup);

  it('no axe violations in the list and the event', async () => {
    const el = await list(
      'venue="reach" locale="en"',
      (m) => `<main><h1>What’s on</h1>${m}</main>`,
    );
    await block(el);
    expect(await axeViolations(el.parentElement!)).to.deep.equal([]);
    const one = mount<VenueEvent>(
      '<venue-event venue="reach" event-id="605" locale="de"></venue-event>',
      (e) => (e.clock = frozen),
    );
    await waitFor(() => one.shadowRoot!.querySelector('[part="share-button"]'), 'the event');
    expect(await axeViolations(one)).to.deep.equal([]);
  });
});
