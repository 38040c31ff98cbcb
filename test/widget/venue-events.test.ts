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
  visibleText,
  waitFor,
} from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import { REACH_IMAGE_ALT } from '../fixtures/widget-venues.js';

const list = async (attrs: string, setup?: (el: VenueEvents) => void) => {
  const el = mount<VenueEvents>(`<venue-events ${attrs}></venue-events>`, (e) => {
    e.clock = frozen;
    setup?.(e);
  });
  await loaded(el);
  return el;
};

describe('<venue-events>', () => {
  afterEach(cleanup);

  it('shows title, category, venue-local date and time, location, 18+ badge, image and excerpt', async () => {
    const el = await list('venue="states" locale="en-GB"');
    const c = card(el, 'Open Show');
    expect(c.querySelector('[part="category"]')!.textContent).to.equal('Jazz');
    // 20:00 venue-local on 10 Dec whatever the viewer's zone (formatted in UTC from the parts).
    expect(c.querySelector('[part="date"] time')!.textContent).to.equal('Thu, 10 Dec 2026, 20:00');
    expect(c.querySelector('[part="date"] time')!.getAttribute('datetime')).to.equal(
      '2026-12-10T20:00',
    );
    expect(c.querySelector('[part="location"]')!.textContent).to.equal('Main Room');
    expect(c.querySelector('[part="badge"]')!.textContent).to.contain('18+');
    const img = c.querySelector<HTMLImageElement>('[part="image"]')!;
    expect(img.src).to.equal(`${location.origin}/storage/demo/jazz.svg`);
    expect(img.loading).to.equal('lazy');
    expect(img.alt).to.equal('Image for Open Show');
    // An image whose venue says what it shows (docs/api.md §10.26) is named by that, in the
    // element as in its first paint.
    const reach = await list('venue="reach" locale="en"');
    const named = card(reach, 'Reach Open').querySelector<HTMLImageElement>('[part="image"]')!;
    expect(named.alt).to.equal(REACH_IMAGE_ALT);
    expect(c.querySelector('[part="excerpt"]')!.textContent).to.equal('Trio set. Doors 7pm.');
    expect(card(el, 'Free Entry').querySelector('[part="image"]')).to.equal(null);
    expect(card(el, 'Free Entry').querySelector('[part="badge"]')).to.equal(null);
  });

  it('is a semantic list with headings, soonest first', async () => {
    const el = await list('venue="states" locale="en"');
    const root = el.shadowRoot!;
    const items = root.querySelectorAll('ul[part="list"] > li');
    expect(items.length).to.equal(7);
    const titles = [...root.querySelectorAll('h2[part="title"]')].map((h) => h.textContent);
    expect(titles[0]).to.equal('Closing Soon');
    expect(titles).to.not.include('Long Gone');
  });

  it('multi-date: the next stop prominently, every stop listed, cancelled stops struck and announced', async () => {
    const el = await list('venue="states" locale="en-GB"');
    const stops = card(el, 'The Tour').querySelector('[part="stops"]')!;
    const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();
    expect(text(stops.querySelector('.next-stop')!)).to.equal(
      'Next date: Tue 8 Dec, 19:00 — Leeds',
    );
    const items = [...stops.querySelectorAll('li')];
    expect(items.map(text)).to.deep.equal([
      // The API's "7:00 PM" as British English writes times (`Intl`).
      'Tue 8 Dec 19:00 — Leeds Add to calendar',
      'Sat 12 Dec 19:30 — Bristol cancelled',
      'Sun 20 Dec 20:00 — Glasgow Add to calendar',
    ]);
    expect(items[1]!.querySelector('s')).to.not.equal(null);
    expect(getComputedStyle(items[1]!.querySelector('s')!).textDecorationLine).to.equal(
      'line-through',
    );
  });

  it('pages by keyboard, announces the new page and keeps the focus in the navigation', async () => {
    const el = await list('venue="many" locale="en"');
    const root = el.shadowRoot!;
    expect(root.querySelectorAll('[part="card"]').length).to.equal(12);
    const next = [...root.querySelectorAll<HTMLButtonElement>('[part="page-button"]')].find((b) =>
      b.textContent!.includes('Next'),
    )!;
    next.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => el.page === 2 && root.querySelectorAll('[part="card"]').length === 2,
      'page 2',
    );
    expect(root.querySelector('[aria-live="polite"]')!.textContent).to.equal('Page 2 of 2');
    expect(root.querySelector('[aria-current="page"]')!.textContent!.trim()).to.equal('2');
    expect(root.activeElement?.closest('nav')).to.not.equal(null);
    // Back with Tab + Enter on the "Previous" button.
    const prev = [...root.querySelectorAll<HTMLButtonElement>('[part="page-button"]')].find((b) =>
      b.textContent!.includes('Previous'),
    )!;
    prev.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => el.page === 1 && root.querySelectorAll('[part="card"]').length === 12,
      'page 1',
    );
  });

  it('empty venue: "No upcoming events"', async () => {
    const el = await list('venue="empty" locale="en"');
    expect(el.shadowRoot!.querySelector('[part="empty"]')!.textContent).to.equal(
      'No upcoming events',
    );
  });

  it('unknown venue: says which venue was not found, with no retry (asking again cannot help)', async () => {
    const el = await list('venue="nowhere" locale="en"');
    const error = el.shadowRoot!.querySelector('[part="error not-found"]')!;
    expect(error.getAttribute('role')).to.equal('alert');
    expect(visibleText(error)).to.equal('No venue "nowhere" was found.');
    expect(error.querySelector('button')).to.equal(null);
  });

  it('error then retry (injected 503: a server fault we cannot cause for real)', async () => {
    await fetch('/__test/flaky?fails=1', { method: 'POST' });
    const el = await list(`venue="flaky" base-url="${location.origin}/__flaky" locale="en"`);
    const error = el.shadowRoot!.querySelector('[part="error"]')!;
    expect(visibleText(error)).to.equal('Events could not be loaded. Try again');
    const retry = error.querySelector('button')!;
    retry.click();
    await waitFor(() => el.shadowRoot!.querySelector('[part="card"]'), 'the retried list');
    expect(card(el, 'Flaky Gig')).to.not.equal(undefined);
  });

  it('a failed refresh keeps the last good data on screen (injected 503)', async () => {
    const el = await list(`venue="flaky" base-url="${location.origin}/__flaky" locale="en"`);
    await fetch('/__test/flaky?fails=1', { method: 'POST' });
    el.refresh();
    await waitFor(() => el.shadowRoot!.querySelector('.notice'), 'the refresh notice');
    expect(card(el, 'Flaky Gig')).to.not.equal(undefined);
    expect(el.shadowRoot!.querySelector('.notice')!.textContent).to.contain('Could not refresh');
  });

  it('a skeleton reserves space while loading', async () => {
    const el = mount<VenueEvents>('<venue-events venue="states"></venue-events>');
    await el.updateComplete;
    const skeleton = el.shadowRoot!.querySelector('.skeleton');
    expect(skeleton, 'the skeleton on first render').to.not.equal(null);
    expect(skeleton!.getBoundingClientRect().height).to.be.greaterThan(100);
    await loaded(el);
  });

  it('speaks German and French', async () => {
    const de = await list('venue="states" locale="de-DE"');
    expect(visibleText(card(de, 'Free Entry'))).to.contain('Kein Online-Verkauf');
    expect(card(de, 'Open Show').querySelector('[part="date"] time')!.textContent).to.equal(
      'Do., 10. Dez. 2026, 20:00',
    );
    cleanup();
    document.documentElement.lang = 'fr';
    try {
      const fr = await list('venue="empty"');
      expect(fr.shadowRoot!.querySelector('[part="empty"]')!.textContent).to.equal(
        'Aucun événement à venir',
      );
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('fires venue-events-load with the page', async () => {
    let detail: { page: number; total: number } | undefined;
    await list('venue="many"', (e) =>
      e.addEventListener('venue-events-load', (ev) => (detail = (ev as CustomEvent).detail)),
    );
    expect(detail).to.include({ page: 1, total: 14 });
  });

  it('has no axe-core violations', async () => {
    const el = await list('venue="states" locale="en"');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('shows its light-DOM fallback only until it upgrades', async () => {
    const el = await list('venue="states"');
    el.innerHTML = '<a href="/t/states/api/events">All events</a>';
    expect(el.shadowRoot!.querySelector('slot')).to.equal(null);
    expect(deepQueryAll(el.shadowRoot!, 'a').some((a) => a.textContent === 'All events')).to.equal(
      false,
    );
  });
});
