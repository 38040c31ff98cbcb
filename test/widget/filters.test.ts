import { expect } from 'chai';
import { emulateMedia, executeServerCommand, setViewport } from '@web/test-runner-commands';
import {
  axeViolations,
  barPart,
  cleanup,
  deepQueryAll,
  frozen,
  listRequests,
  loaded,
  mount,
  waitFor,
} from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import type { VenueEventsFilters } from '../../widget/venue-events-filters.js';
import { barStyles } from '../../widget/venue-events-filters.styles.js';

const FIND = [
  'Blue Trio',
  'Rock Riot',
  'Late Night Jazz',
  'Garage Rock',
  'Folk Evening',
  'Jazz Brunch',
];

const list = async (attrs: string) => {
  const el = mount<VenueEvents>(`<venue-events ${attrs}></venue-events>`, (e) => {
    e.clock = frozen;
  });
  await loaded(el);
  return el;
};

const titles = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part="title"]')].map((h) => h.textContent);

/** The list's part `name`, or its filter bar's. */
const part = <T extends Element = HTMLElement>(el: Element, name: string) =>
  el.shadowRoot!.querySelector<T>(`[part="${name}"]`) ?? barPart<T>(el, name);

/** The filter bar, once it arrived (and the venue's categories with it, when it has 2+). */
const bar = (el: Element, withCategories = true) =>
  waitFor(
    () =>
      part(el, withCategories ? 'category-filter' : 'search') &&
      el.shadowRoot!.querySelector('venue-events-filters:defined'),
    'the filter bar',
  );

const waitTitles = (el: Element, expected: string[]) =>
  waitFor(
    () => JSON.stringify(titles(el)) === JSON.stringify(expected),
    `cards ${expected.join(', ')} (showing ${titles(el).join(', ')})`,
  );

/** What the live region says, each time it says something, while `fn` runs. */
async function announcements(el: Element, fn: () => Promise<void>): Promise<string[]> {
  const region = el.shadowRoot!.querySelector('[aria-live="polite"]')!;
  const said: string[] = [];
  const observer = new MutationObserver(() => {
    const text = region.textContent!.trim();
    if (text) said.push(text);
  });
  observer.observe(region, { childList: true, characterData: true, subtree: true });
  try {
    await fn();
  } finally {
    observer.disconnect();
  }
  return said;
}

const select = (el: Element, value: string) => {
  const s = part<HTMLSelectElement>(el, 'category-filter')!;
  s.value = value;
  s.dispatchEvent(new Event('change', { bubbles: true }));
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('<venue-events> filters', () => {
  const startUrl = location.href;
  afterEach(async () => {
    cleanup();
    history.replaceState(null, '', startUrl);
    await setViewport({ width: 800, height: 600 });
  });

  it('the filter bar arrives after the first cards without moving them', async () => {
    const el = await list('venue="find" locale="en"');
    const first = () => el.shadowRoot!.querySelector('[part="card"]')!.getBoundingClientRect().top;
    const before = first();
    await bar(el);
    await pause(50);
    expect(first()).to.equal(before);
  });

  it('keeps the cards in place at a sidebar width too (the bar wraps into the space kept for it)', async () => {
    await setViewport({ width: 320, height: 640 });
    const el = await list('venue="find" locale="en"');
    const first = () => el.shadowRoot!.querySelector('[part="card"]')!.getBoundingClientRect().top;
    const before = first();
    await bar(el);
    await pause(50);
    expect(first()).to.equal(before);
  });

  // It drew into the list's root, adopted its sheet there and called the list's `filter()`.
  it('the bar is a child with a root of its own: given the list’s settings, it tells the list the filters chosen', async () => {
    const el = await list('venue="find" locale="en" category="Jazz"');
    await bar(el);
    const child = el.shadowRoot!.querySelector<VenueEventsFilters>('venue-events-filters')!;
    expect(child.shadowRoot!.querySelector('[part="search"]')).to.not.equal(null);
    expect([child.venue, child.locale, child.category]).to.deep.equal(['find', 'en', 'Jazz']);
    expect(child.filters).to.equal(el.filters);
    expect(el.shadowRoot!.adoptedStyleSheets).not.to.include(barStyles.styleSheet);
    // Its parts are the list's all the same, for the page's styles.
    const style = document.createElement('style');
    style.textContent = 'venue-events::part(search) { outline-color: rgb(1, 2, 3); }';
    document.head.append(style);
    try {
      expect(getComputedStyle(part(el, 'search')!).outlineColor).to.equal('rgb(1, 2, 3)');
    } finally {
      style.remove();
    }
    const told: unknown[] = [];
    const listen = (e: Event) =>
      told.push([(e as CustomEvent).detail, e.bubbles, e.composed, e.target]);
    document.addEventListener('venue-events-filter-change', listen);
    try {
      select(el, 'Rock');
      await waitTitles(el, ['Rock Riot', 'Garage Rock']);
      expect(el.filters).to.deep.equal({ categories: 'Rock' });
      expect(child.filters).to.equal(el.filters);
      part(el, 'filter-reset')!.click();
      await waitTitles(el, ['Blue Trio', 'Late Night Jazz', 'Jazz Brunch']);
    } finally {
      document.removeEventListener('venue-events-filter-change', listen);
    }
    // Every filter in each (reset: the `category` preset), bubbling out of the list's root.
    expect(told).to.deep.equal([
      [{ categories: 'Rock' }, true, true, el],
      [{ categories: 'Jazz' }, true, true, el],
    ]);
  });

  it('category: a native select of the venue’s categories filters the list, and the request carries it', async () => {
    const el = await list('venue="find" locale="en"');
    expect(titles(el)).to.deep.equal(FIND);
    await bar(el);
    const options = [...part<HTMLSelectElement>(el, 'category-filter')!.options].map((o) => o.text);
    expect(options).to.deep.equal(['All categories', 'Folk', 'Jazz', 'Rock']);
    const urls = await listRequests(async () => {
      select(el, 'Rock');
      await waitTitles(el, ['Rock Riot', 'Garage Rock']);
    });
    expect(urls).to.have.length(1);
    expect(urls[0]).to.contain('categories=Rock');
  });

  it('no select when the venue has fewer than 2 categories', async () => {
    const el = await list('venue="many" locale="en"');
    await bar(el, false);
    await pause(200);
    expect(part(el, 'category-filter')).to.equal(null);
  });

  it('search: typing a 6-letter word makes one request, and the count is announced once', async () => {
    const el = await list('venue="find" locale="en"');
    await bar(el);
    const input = part<HTMLInputElement>(el, 'search')!;
    let said: string[] = [];
    const urls = await listRequests(async () => {
      said = await announcements(el, async () => {
        for (const letter of 'garage') {
          input.value += letter;
          input.dispatchEvent(new InputEvent('input', { bubbles: true }));
          await pause(80); // a brisk typist: well under the pause the search waits for
        }
        await waitTitles(el, ['Garage Rock']);
        await pause(400);
      });
    });
    expect(urls.length).to.be.within(1, 2);
    expect(urls.at(-1)).to.contain('search=garage');
    expect(said).to.deep.equal(['1 event matches']);
  });

  it('from-date: only events on or after the date', async () => {
    const el = await list('venue="find" locale="en"');
    await bar(el);
    const date = part<HTMLInputElement>(el, 'date-filter')!;
    const urls = await listRequests(async () => {
      date.value = '2026-12-14';
      date.dispatchEvent(new Event('change', { bubbles: true }));
      await waitTitles(el, ['Garage Rock', 'Folk Evening', 'Jazz Brunch']);
    });
    expect(urls[0]).to.contain('start_date=2026-12-14');
    const label = date.closest('label')!;
    expect(label.textContent!.trim()).to.equal('From');
  });

  it('reset: every event again, the controls cleared', async () => {
    const el = await list('venue="find" locale="en"');
    await bar(el);
    select(el, 'Jazz');
    await waitTitles(el, ['Blue Trio', 'Late Night Jazz', 'Jazz Brunch']);
    part(el, 'filter-reset')!.click();
    await waitTitles(el, FIND);
    expect(part<HTMLSelectElement>(el, 'category-filter')!.value).to.equal('');
  });

  it('no match: "No events match" with a reset button, never the empty-venue state', async () => {
    const el = await list('venue="find" locale="en"');
    await bar(el);
    const input = part<HTMLInputElement>(el, 'search')!;
    input.value = 'zzzzzz';
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
    const noMatch = await waitFor(() => part(el, 'no-match'), 'the no-match state');
    expect(noMatch.textContent).to.contain('No events match');
    expect(part(el, 'empty')).to.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);
    noMatch.querySelector('button')!.click();
    await waitTitles(el, FIND);
    await waitFor(() => input.value === '', 'the search field to clear');
  });

  it('a venue with no events still says it has none', async () => {
    const el = await list('venue="empty" locale="en"');
    expect(part(el, 'empty')!.textContent).to.contain('No upcoming events');
    expect(part(el, 'no-match')).to.equal(null);
  });

  it('no-filters hides the bar; category presets the list, with or without the bar', async () => {
    const plain = await list('venue="find" locale="en" no-filters category="Jazz"');
    expect(titles(plain)).to.deep.equal(['Blue Trio', 'Late Night Jazz', 'Jazz Brunch']);
    await pause(300);
    expect(plain.shadowRoot!.querySelector('venue-events-filters')).to.equal(null);
    expect(deepQueryAll(plain, '[part="search"]')).to.have.length(0);
    cleanup();
    const el = await list('venue="find" locale="en" category="Jazz"');
    expect(titles(el)).to.deep.equal(['Blue Trio', 'Late Night Jazz', 'Jazz Brunch']);
    await bar(el);
    expect(part<HTMLSelectElement>(el, 'category-filter')!.value).to.equal('Jazz');
  });

  it('pagination keeps the filters', async () => {
    const el = await list('venue="many" locale="en"');
    await bar(el, false);
    const date = part<HTMLInputElement>(el, 'date-filter')!;
    date.value = '2026-12-07';
    date.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => titles(el)[0] === 'Gig 2', 'the filtered list');
    const urls = await listRequests(async () => {
      const next = [...el.shadowRoot!.querySelectorAll('[part="page-button"]')].at(
        -1,
      ) as HTMLElement;
      next.click();
      await waitFor(() => el.page === 2 && titles(el)[0] === 'Gig 14', 'page 2');
    });
    expect(urls[0]).to.contain('start_date=2026-12-07');
    expect(urls[0]).to.contain('page=2');
  });

  it('subscribe in German: the feed carries locale=de, after the category', async () => {
    const el = await list('venue="find" locale="de"');
    await bar(el);
    const host = location.host;
    const webcal = () => part(el, 'subscribe')!.querySelector('a')!.getAttribute('href');
    await waitFor(() => webcal()?.includes('locale'), 'the German feed');
    expect(webcal()).to.equal(`webcal://${host}/t/find/events.ics?locale=de`);
    select(el, 'Jazz');
    await waitFor(() => webcal()!.includes('categories'), 'the feed to follow the category');
    expect(webcal()).to.equal(`webcal://${host}/t/find/events.ics?categories=Jazz&locale=de`);
  });

  it('subscribe: webcal, Google Calendar and Outlook links to the venue feed, following the category', async () => {
    const el = await list('venue="find" locale="en"');
    await bar(el);
    const links = () =>
      [...part(el, 'subscribe')!.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    const host = location.host;
    const http = `${location.protocol}//${host}/t/find/events.ics`;
    expect(links()).to.deep.equal([
      `webcal://${host}/t/find/events.ics`,
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(`webcal://${host}/t/find/events.ics`)}`,
      `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(http)}&name=find`,
    ]);
    select(el, 'Jazz');
    await waitTitles(el, ['Blue Trio', 'Late Night Jazz', 'Jazz Brunch']);
    await waitFor(() => links()[0]!.includes('categories'), 'the feed to follow the category');
    expect(links()).to.deep.equal([
      `webcal://${host}/t/find/events.ics?categories=Jazz`,
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(`webcal://${host}/t/find/events.ics?categories=Jazz`)}`,
      `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(`${http}?categories=Jazz`)}&name=${encodeURIComponent('find – Jazz')}`,
    ]);
    const feed = await fetch(`${http}?categories=Jazz`);
    expect(feed.status).to.equal(200);
    const ics = await feed.text();
    expect(ics).to.contain('Late Night Jazz');
    part(el, 'subscribe')!.querySelector('summary')!.click();
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('sync-url: the filters go into the page’s query, and a new list reads them', async () => {
    const el = await list('venue="find" locale="en" sync-url');
    await bar(el);
    select(el, 'Rock');
    await waitTitles(el, ['Rock Riot', 'Garage Rock']);
    const date = part<HTMLInputElement>(el, 'date-filter')!;
    date.value = '2026-12-10';
    date.dispatchEvent(new Event('change', { bubbles: true }));
    await waitTitles(el, ['Garage Rock']);
    await waitFor(() => location.search.includes('ve-from'), 'the query');
    const query = new URLSearchParams(location.search);
    expect(query.get('ve-category')).to.equal('Rock');
    expect(query.get('ve-from')).to.equal('2026-12-10');
    const shared = location.href;
    cleanup();
    history.replaceState(null, '', shared);
    const again = await list('venue="find" locale="en" sync-url');
    await waitTitles(again, ['Garage Rock']);
    await bar(again);
    expect(part<HTMLSelectElement>(again, 'category-filter')!.value).to.equal('Rock');
    expect(part<HTMLInputElement>(again, 'date-filter')!.value).to.equal('2026-12-10');
    part(again, 'filter-reset')!.click();
    await waitTitles(again, FIND);
    await waitFor(() => !location.search.includes('ve-'), 'the query to be cleared');
  });

  it('sync-url: a category set after the first render (a framework’s prop) lists it and goes into the query', async () => {
    history.replaceState(null, '', location.pathname);
    const el = await list('venue="find" locale="en" sync-url');
    await bar(el);
    el.category = 'Rock';
    await waitTitles(el, ['Rock Riot', 'Garage Rock']);
    await waitFor(() => location.search.includes('ve-category'), 'the query');
    expect(new URLSearchParams(location.search).get('ve-category')).to.equal('Rock');
    expect(part<HTMLSelectElement>(el, 'category-filter')!.value).to.equal('Rock');
    history.replaceState(null, '', location.pathname);
  });

  it('without sync-url the page’s query is left alone', async () => {
    const el = await list('venue="find" locale="en"');
    await bar(el);
    select(el, 'Rock');
    await waitTitles(el, ['Rock Riot', 'Garage Rock']);
    expect(location.search).not.to.contain('ve-');
  });

  it('compact layout: one line per event at 280 px, no horizontal overflow, buy control visible', async () => {
    const host = mount<HTMLDivElement>('<div style="width: 280px"></div>');
    const el = document.createElement('venue-events');
    el.setAttribute('venue', 'find');
    el.setAttribute('locale', 'en');
    el.setAttribute('layout', 'compact');
    el.clock = frozen;
    host.append(el);
    await loaded(el);
    await bar(el);
    expect(el.scrollWidth).to.be.at.most(280);
    for (const c of el.shadowRoot!.querySelectorAll<HTMLElement>('[part="card"]')) {
      expect(c.scrollWidth, 'no overflow').to.be.at.most(c.clientWidth + 1);
      expect(c.getBoundingClientRect().height, 'a line or two, not a card').to.be.below(140);
      expect(c.querySelector('[part="image"], [part="excerpt"]')).to.satisfy(
        (x: Element | null) => !x || !x.checkVisibility(),
      );
      const buy = c
        .querySelector('venue-buy-button')!
        .shadowRoot!.querySelector('[part="buy-button"]')!;
      expect(buy.checkVisibility()).to.equal(true);
      const [b, r] = [buy.getBoundingClientRect(), c.getBoundingClientRect()];
      expect(b.right).to.be.at.most(r.right);
    }
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('German and French: the bar and the no-match state', async () => {
    const de = await list('venue="find" locale="de"');
    await bar(de);
    await waitFor(() => part(de, 'filter-reset')!.textContent!.trim() === 'Zurücksetzen', 'German');
    expect(part<HTMLInputElement>(de, 'search')!.placeholder).to.equal('Veranstaltungen suchen');
    expect(part<HTMLSelectElement>(de, 'category-filter')!.options[0]!.text).to.equal(
      'Alle Kategorien',
    );
    const input = part<HTMLInputElement>(de, 'search')!;
    input.value = 'zzzzzz';
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
    const noMatch = await waitFor(() => part(de, 'no-match'), 'no match');
    expect(noMatch.textContent).to.contain('Keine passenden Veranstaltungen');
    cleanup();
    const fr = await list('venue="find" locale="fr"');
    await bar(fr);
    await waitFor(
      () => part(fr, 'filter-reset')!.textContent!.trim() === 'Réinitialiser',
      'French',
    );
    expect(part(fr, 'subscribe')!.querySelector('summary')!.textContent).to.equal("S'abonner");
  });

  it('axe: no violations with the bar, in dark mode and in forced colours', async () => {
    try {
      for (const colorScheme of ['light', 'dark'] as const) {
        await emulateMedia({ colorScheme });
        const el = await list('venue="find" locale="en"');
        await bar(el);
        expect(await axeViolations(el), colorScheme).to.deep.equal([]);
        cleanup();
      }
      await executeServerCommand('emulate-forced-colors', { value: 'active' });
      const el = await list('venue="find" locale="en"');
      await bar(el);
      for (const name of ['search', 'category-filter', 'date-filter', 'filter-reset']) {
        const s = getComputedStyle(part(el, name)!);
        expect(s.borderTopStyle, name).to.equal('solid');
        expect(parseFloat(s.borderTopWidth), name).to.be.at.least(1);
      }
      // Not axe's contrast check here: in forced colours the system's colours are drawn, which
      // axe does not see (as in a11y.test.ts).
    } finally {
      await emulateMedia({ colorScheme: 'light' });
      await executeServerCommand('emulate-forced-colors', { value: 'none' });
    }
  });

  it('right to left: the bar starts on the right', async () => {
    const rtl = mount<HTMLDivElement>(
      '<div dir="rtl"><venue-events venue="find" locale="en"></venue-events></div>',
    ).firstElementChild as VenueEvents;
    rtl.clock = frozen;
    await loaded(rtl);
    await bar(rtl);
    const search = part(rtl, 'search')!.getBoundingClientRect();
    const reset = part(rtl, 'filter-reset')!.getBoundingClientRect();
    expect(search.right).to.be.greaterThan(reset.right);
    expect(await axeViolations(rtl)).to.deep.equal([]);
  });
});
