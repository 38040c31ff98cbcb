/**
 * The script's first paint (widget/first-paint.ts, docs/architecture.md "First paint"): before Lit
 * loads it draws the list's skeleton and first cards, and the element takes them over without a
 * second request, a moved card or a lost focus. Its markup is compared event by event with what the
 * element then shows over the fixture venues (the card, the buy control and the list's frame are
 * each one template, `markup.ts`, which the element draws too). This file imports the first paint
 * alone first: the elements are defined only by the hand-over test (and stay so for the tests
 * after it).
 */
import { expect } from 'chai';
import { firstFetch, firstPaint } from '../../widget/first-paint.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import { canonicalTree, cardLayout, cards, FROZEN_MS, listRequests, place } from './drawn.js';

const frozen = () => FROZEN_MS;
const layout = cardLayout;
/** Trees compared without the whitespace between tags, which templates and strings write apart. */
const canonical = (node: Node) => canonicalTree(node, { dropSpaceAroundTags: true });

/**
 * Fixture venues, the locale each is drawn in (German loads its table before the cards) and any
 * more attributes; then several venues' merged list (docs/widget.md "Several venues"), and the
 * compact layout (one line per event: the same cards, styled by the host's attribute).
 */
const VENUES = [
  ['states', 'en', ''],
  ['states', 'de', ''],
  ['earlier', 'en', ''],
  ['nights', 'fr', ''],
  ['hostile', 'en', ''],
  ['contained', 'en', ''],
  ['reach', 'en', ''],
  // Price, performers, end times, few tickets left (docs/api.md §10.18).
  ['facts', 'en', ''],
  ['facts', 'de', ''],
  // Ticket links (docs/api.md §10.19): the buy control goes to the venue's shop, with the embed's
  // parameters when it gives them.
  ['shop', 'en', ''],
  ['shop', 'en', 'ticket-link-params="utm_source=blog&amp;utm_campaign={event_slug}"'],
  // Postponed and rescheduled nights, doors, age limits (docs/api.md §10.20).
  ['plans', 'en', ''],
  ['plans', 'fr', ''],
  // Sold out, the waiting list (docs/api.md §10.23).
  ['box-office', 'en', ''],
  ['box-office', 'de', ''],
  ['harbour-hall blue-cellar night-owl', 'en', ''],
  ['states', 'en', 'layout="compact"'],
  ['facts', 'de', 'layout="compact"'],
  ['plans', 'de', 'layout="compact"'],
  ['harbour-hall blue-cellar night-owl', 'en', 'layout="compact"'],
] as const;
/** A `VENUES` entry's key in `painted`. */
const key = (venue: string, locale: string, attrs: string) => `${venue} ${locale} ${attrs}`;

describe('first paint', () => {
  /**
   * Each venue's first paint, drawn before any element is defined (the definitions would upgrade
   * its buy controls): into a `<div>`, which no definition upgrades, as into a `<venue-events>`.
   */
  const painted = new Map<string, HTMLElement>();
  /** A list whose first page arrives after the elements are defined (set by the hand-over test). */
  let slow: VenueEvents;
  /** A lone buy button and a single event, whose events the script requests before Lit. */
  let button: HTMLElement;
  let single: HTMLElement;
  before(async () => {
    button = place('venue-buy-button', 'venue="states" event-id="3" locale="en"');
    single = place('venue-event', 'venue="contained" event-id="500" locale="en"');
    [button, single].forEach(firstFetch);
    for (const [venue, locale, attrs] of VENUES) {
      const div = place<HTMLElement>(
        'div',
        `venue="${venue}" locale="${locale}" no-filters ${attrs}`,
      );
      painted.set(key(venue, locale, attrs), div);
      await firstPaint(div);
    }
  });
  after(() => document.body.replaceChildren());

  it('draws the skeleton at once and the first cards before Lit; the element takes them over with no second request, no card moved and the focus kept', async () => {
    expect(customElements.get('venue-events')).to.equal(undefined);
    const el = place<VenueEvents>('venue-events', 'venue="many" locale="en"');
    el.style.width = '900px';
    // Cards with a price, performers, an end time and "Few tickets left" (docs/api.md §10.18).
    const facts = place<VenueEvents>('venue-events', 'venue="facts" locale="en"');
    facts.style.width = '900px';
    await firstPaint(facts);
    const factsBefore = layout(facts);
    expect(factsBefore[0]!.text).to.contain('Few tickets left');
    const factsRequests = listRequests('/t/facts');
    // The compact layout (a sidebar's): the same cards, one line each, from its own URL.
    const compact = place<VenueEvents>(
      'venue-events',
      `venue="many" base-url="${location.origin}/__via/compact-hand-over" layout="compact" locale="en"`,
    );
    compact.style.width = '300px';
    await firstPaint(compact);
    const compactBefore = layout(compact);
    expect(compactBefore).to.have.length(12);
    expect(compactBefore[0]!.height, 'a line or two, not a card').to.be.below(140);
    const painting = firstPaint(el);
    expect(el.shadowRoot!.querySelectorAll('.skeleton')).to.have.length(3);
    expect(el.shadowRoot!.querySelector('.list')!.getAttribute('aria-label')).to.equal(
      'Loading events…',
    );
    await painting;
    expect(cards(el)).to.have.length(12);
    expect(customElements.get('venue-events')).to.equal(undefined);
    const before = layout(el);
    expect(before[0]!.buy).to.equal('Buy tickets');
    const share = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="share-button"]')[2]!;
    share.focus();
    const label = share.getAttribute('aria-label');

    // A second list whose API answers late: still on its way when the elements are defined.
    slow = place<VenueEvents>(
      'venue-events',
      `venue="many" base-url="${location.origin}/__slow" locale="en"`,
    );
    void firstPaint(slow);

    const loads: unknown[] = [];
    el.addEventListener('venue-events-load', (e) => loads.push((e as CustomEvent).detail));
    await import('../../widget/index.js');
    expect(listRequests('/__slow/t/many'), 'the slow page is still on its way').to.equal(0);
    await el.updateComplete;
    const buttons = el.shadowRoot!.querySelectorAll<VenueEvents>('venue-buy-button');
    await Promise.all([...buttons].map((b) => b.updateComplete));

    expect(layout(el)).to.deep.equal(before);
    await facts.updateComplete;
    const factButtons = facts.shadowRoot!.querySelectorAll<VenueEvents>('venue-buy-button');
    await Promise.all([...factButtons].map((b) => b.updateComplete));
    expect(layout(facts)).to.deep.equal(factsBefore);
    expect(listRequests('/t/facts')).to.equal(factsRequests);
    await compact.updateComplete;
    const compactButtons = compact.shadowRoot!.querySelectorAll<VenueEvents>('venue-buy-button');
    await Promise.all([...compactButtons].map((b) => b.updateComplete));
    expect(layout(compact), 'the compact cards, unmoved').to.deep.equal(compactBefore);
    expect(listRequests('/__via/compact-hand-over/t/many')).to.equal(1);
    expect(listRequests('/t/many')).to.equal(1);
    expect(loads).to.have.length(1);
    expect(el.shadowRoot!.activeElement?.getAttribute('aria-label')).to.equal(label);
    expect(el.shadowRoot!.activeElement).not.to.equal(share); // a node of the element's own
  });

  it('a list defined while its first page is on its way takes the request, and the first paint draws nothing over it', async () => {
    // The load event comes with the page, the render it causes a task later.
    await new Promise((resolve) =>
      slow.addEventListener('venue-events-load', () => setTimeout(resolve), { once: true }),
    );
    await slow.updateComplete;
    expect(listRequests('/__slow/t/many')).to.equal(1);
    expect(cards(slow)).to.have.length(12);
    // The nodes are the element's: a change of its own shows (drawn over, they would not).
    slow.noShare = true;
    await slow.updateComplete;
    expect(slow.shadowRoot!.querySelectorAll('[part="share-button"]')).to.have.length(0);
    expect(cards(slow)).to.have.length(12);
  });

  it('a lone buy button and a <venue-event> take the event the script requested for them: one request each', async () => {
    const { waitFor } = await import('./helpers.js');
    const closed = await waitFor(
      () => button.shadowRoot?.querySelector('[part="buy-message"]'),
      'the buy control',
    );
    expect(closed.textContent).to.equal('Tickets on the door from 7pm.');
    await waitFor(() => single.shadowRoot?.querySelector('[part="title"]'), 'the event');
    expect(single.shadowRoot!.querySelector('[part="title"]')!.textContent).to.equal('Contained');
    const requests = (path: string) =>
      performance.getEntriesByType('resource').filter((r) => r.name === `${location.origin}${path}`)
        .length;
    expect(requests('/t/states/api/events/3')).to.equal(1);
    expect(requests('/t/contained/api/events/500')).to.equal(1);
  });

  for (const [venue, locale, attrs] of VENUES) {
    it(`draws every event of "${venue}" as the card template does, buy control included (${locale}${attrs && `, ${attrs}`})`, async () => {
      const { html, render } = await import('lit');
      const { eventCard } = await import('../../widget/event-card.js');
      const { resolveI18n, textLocale } = await import('../../widget/i18n/load.js');
      const drawn = cards(painted.get(key(venue, locale, attrs))!);
      expect(drawn.length, 'cards of the first paint').to.be.greaterThan(0);
      // Compact: the category row (and the image, the excerpt…) hidden by the list's own styles.
      const meta = drawn[0]!.querySelector('.meta')!;
      const compact = attrs.startsWith('layout');
      expect(meta.checkVisibility(), 'the category row shows').to.equal(!compact);
      expect(drawn[0]!.closest('[lang]')!.getAttribute('lang'), 'in its language').to.equal(locale);

      const { eventsUrl } = await import('../../widget/api.js');
      // The venue's text in the language the element asked it in (docs/api.md §10.24).
      const asked = textLocale(locale, painted.get(key(venue, locale, attrs))!);
      const res = await fetch(
        `${eventsUrl(location.origin, venue, 1)}${asked ? `&locale=${asked}` : ''}`,
      );
      const { readPage } = await import('../../widget/wire.js');
      const events = readPage(await res.json(), 1).events;
      const host = document.createElement('div');
      document.body.append(host);
      // Styled as the first paint's cards are (a flex row's spaces are not its text), the compact
      // layout by the same attribute: the text compared below is only what shows.
      if (compact) host.setAttribute('layout', 'compact');
      const lit = host.attachShadow({ mode: 'open' });
      lit.adoptedStyleSheets = painted.get(
        key(venue, locale, attrs),
      )!.shadowRoot!.adoptedStyleSheets;
      const ctx = {
        venue,
        base: location.origin,
        i18n: resolveI18n(locale, host),
        clock: frozen,
        level: 2 as const,
        share: () => {},
        linkParams: painted.get(key(venue, locale, attrs))!.getAttribute('ticket-link-params'),
      };
      render(html`${events.map((e) => eventCard(e, ctx))}`, lit);
      const buttons = lit.querySelectorAll<VenueEvents>('venue-buy-button');
      await Promise.all([...buttons].map((b) => b.updateComplete));

      const templated = [...lit.querySelectorAll('[part="card"]')];
      expect(drawn.map(canonical)).to.deep.equal(templated.map(canonical));
      if (attrs.startsWith('ticket-link-params'))
        expect(canonical(drawn[0]!)).to.contain('utm_source=blog&utm_campaign=event-1300');
      expect(drawn.map((c) => (c as HTMLElement).innerText)).to.deep.equal(
        templated.map((c) => (c as HTMLElement).innerText),
      );
    });
  }

  it('leaves what it does not draw to the element: a calendar, no venue', async () => {
    for (const attrs of [
      'venue="many" view="calendar"',
      'venue="many" views="calendar"',
      'venue=""',
    ]) {
      const el = place<HTMLElement>('div', attrs);
      await firstPaint(el);
      expect(el.shadowRoot, attrs).to.equal(null);
    }
  });

  it('keeps the skeleton for the element to show what it cannot: an event it cannot read, no events, no answer', async () => {
    const { serveWire } = await import('./helpers.js');
    const body = (await (await fetch('/t/many/api/events?page=1')).json()) as {
      data: { attributes: Record<string, unknown> }[];
    };
    body.data[3]!.attributes.event_date = 'soon';
    const broken = await serveWire('/t/first-paint-broken/api/events?page=1', body);
    for (const attrs of [
      `venue="first-paint-broken" base-url="${broken}"`,
      'venue="empty"',
      `venue="many" base-url="${location.origin}/__stall" timeout="300"`,
    ]) {
      const el = place<HTMLElement>('div', `${attrs} locale="en" no-filters`);
      await firstPaint(el);
      expect(el.shadowRoot!.querySelectorAll('.skeleton'), attrs).to.have.length(3);
      expect(cards(el), attrs).to.have.length(0);
    }
  });
});
