/**
 * One `<venue-events>` for several venues (docs/widget.md "Several venues", docs/api.md §10.16):
 * `venue="harbour-hall blue-cellar night-owl"` lists three venues in London, New York and Auckland
 * (test/fixtures/widget-venues.ts `SEVERAL`) merged in time order, each card naming its venue and
 * linking into that venue's own pages, with the filter bar's "Venue" select, `sync-url`, the month
 * view, saved nights, the first paint and the not-found state; a single venue requests exactly what
 * it did before. Against the real app (and, with `npm run test:widget:proxy`, the real proxy, whose
 * venue names are the slugs). The first test draws the first paint before any element is defined;
 * the elements are defined from it on.
 */
import { expect } from 'chai';
import { setViewport } from '@web/test-runner-commands';
import { firstPaint } from '../../widget/first-paint.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import type { VenueCalendar } from '../../widget/venue-calendar.js';
import { cards, FROZEN_MS, place } from './drawn.js';

const frozen = () => FROZEN_MS;
const VENUES = 'harbour-hall blue-cellar night-owl';
const LIST_URL = `${location.origin}/api/events?venues=harbour-hall,blue-cellar,night-owl&page=1`;

/**
 * Page 1 at NOW (12:00Z on the 5th): on each date Auckland's 21:00 (08:00Z), London's 20:00
 * (20:00Z), New York's 19:00 (00:00Z the next day); Auckland's opening on the 5th is over there.
 */
const PAGE_1 = [
  'Harbour Hall Opening',
  'Blue Cellar Opening',
  'Night Owl Night 1',
  'Harbour Hall Night 1',
  'Blue Cellar Night 1',
  'Night Owl Night 2',
  'Harbour Hall Night 2',
  'Blue Cellar Night 2',
  'Night Owl Night 3',
  'Harbour Hall Night 3',
  'Blue Cellar Night 3',
  'Night Owl Night 4',
];
const PAGE_2 = [
  'Harbour Hall Night 4',
  'Blue Cellar Night 4',
  'Night Owl Night 5',
  'Harbour Hall Night 5',
  'Blue Cellar Night 5',
  'Night Owl Night 6',
  'Harbour Hall Night 6',
  'Blue Cellar Night 6',
];
/** The venue of a fixture title: its first two words' slug. */
const slugOf = (title: string) =>
  ({ Harbour: 'harbour-hall', Blue: 'blue-cellar', Night: 'night-owl' })[title.split(' ')[0]!]!;

const titles = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part="title"]')].map((h) => h.textContent);
/** Each card's venue as it names it (`part="venue"`), by title. */
const venueParts = (el: Element) =>
  Object.fromEntries(
    cards(el).map((c) => [
      c.querySelector('[part="title"]')!.textContent,
      c.querySelector('[part="venue"]')?.textContent ?? null,
    ]),
  );
/** The list's part `name`, or its filter bar's. */
const part = <T extends Element = HTMLElement>(el: Element, name: string) =>
  el.shadowRoot!.querySelector<T>(`[part~="${name}"]`) ??
  el
    .shadowRoot!.querySelector('venue-events-filters')
    ?.shadowRoot?.querySelector<T>(`[part~="${name}"]`) ??
  null;
const listRequests = (url: string) =>
  performance.getEntriesByType('resource').filter((r) => r.name === url).length;

/** The venues' names as the API gives them (the proxy knows none: each is its slug). */
async function apiNames(): Promise<Record<string, string>> {
  const body = (await (await fetch(LIST_URL)).json()) as {
    data: { attributes: { venue: { slug: string; name: string } } }[];
  };
  return Object.fromEntries(body.data.map(({ attributes: { venue } }) => [venue.slug, venue.name]));
}

describe('several venues: the first paint', () => {
  after(() => document.body.replaceChildren());

  it('draws the merged first page naming each venue before Lit; the element takes it over with one list request', async () => {
    expect(customElements.get('venue-events')).to.equal(undefined);
    const el = place<VenueEvents>('venue-events', `venue="${VENUES}" locale="en"`);
    await firstPaint(el);
    expect(customElements.get('venue-events'), 'drawn before the elements').to.equal(undefined);
    expect(titles(el)).to.deep.equal(PAGE_1);
    const names = await apiNames();
    const named = Object.fromEntries(PAGE_1.map((t) => [t, names[slugOf(t)]]));
    expect(venueParts(el)).to.deep.equal(named);
    const buy = cards(el)[1]!.querySelector('venue-buy-button')!;
    expect(buy.getAttribute('venue'), 'the buy control of its own venue').to.equal('blue-cellar');
    expect(buy.shadowRoot!.querySelector('a')!.getAttribute('href')).to.equal(
      `${location.origin}/t/blue-cellar/events/opening-night`,
    );
    const drawn = cards(el)[0]!;

    const loads: unknown[] = [];
    el.addEventListener('venue-events-load', (e) => loads.push((e as CustomEvent).detail));
    await import('../../widget/index.js');
    await el.updateComplete;
    expect(cards(el)[0], 'the element’s own nodes').not.to.equal(drawn);
    expect(titles(el)).to.deep.equal(PAGE_1);
    expect(venueParts(el)).to.deep.equal(named);
    // apiNames() asked once more, from this test: the widget once.
    expect(listRequests(LIST_URL) - 1, 'one list request').to.equal(1);
    expect(loads).to.have.length(1);
  });
});

describe('several venues', () => {
  let h: typeof import('./helpers.js');
  let names: Record<string, string>;
  const startUrl = location.href;
  before(async () => {
    h = await import('./helpers.js');
    names = await apiNames();
  });
  afterEach(async () => {
    h.cleanup();
    localStorage.clear();
    history.replaceState(null, '', startUrl);
    await setViewport({ width: 800, height: 600 });
  });

  const list = async (attrs: string) => {
    const el = h.mount<VenueEvents>(`<venue-events ${attrs}></venue-events>`, (e) => {
      e.clock = frozen;
    });
    await h.loaded(el);
    return el;
  };
  const waitTitles = (el: Element, expected: string[]) =>
    h.waitFor(
      () => JSON.stringify(titles(el)) === JSON.stringify(expected),
      `cards ${expected.join(', ')} (showing ${titles(el).join(', ')})`,
    );
  /** The filter bar, once it arrived. */
  const bar = (el: Element) => h.waitFor(() => h.barRoot(el)?.querySelector('.bar'), 'the bar');
  /** The requests the widget makes while `fn` runs (the real fetch, counted), as paths. */
  const requests = async (fn: () => Promise<void>): Promise<string[]> =>
    (await h.fetchesDuring(fn)).map((url) => url.replace(location.origin, ''));
  const choose = (el: Element, partName: string, value: string) => {
    const select = part<HTMLSelectElement>(el, partName)!;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };

  it('lists the venues’ events merged in time order across zones, each card naming its venue; slugs once, in any order', async () => {
    const el = await list(`venue="${VENUES}" locale="en"`);
    expect(titles(el)).to.deep.equal(PAGE_1);
    expect(venueParts(el)).to.deep.equal(
      Object.fromEntries(PAGE_1.map((t) => [t, names[slugOf(t)]])),
    );
    if (names['harbour-hall'] !== 'harbour-hall')
      expect(part(el, 'venue')!.textContent).to.equal('Harbour Hall');
    // Styled from the page as any part is.
    const style = document.createElement('style');
    style.textContent = 'venue-events::part(venue) { color: rgb(1, 2, 3); }';
    document.head.append(style);
    expect(getComputedStyle(part(el, 'venue')!).color).to.equal('rgb(1, 2, 3)');
    style.remove();

    // White space of any kind between them, a duplicate, another order: the same three venues.
    const urls = await requests(async () => {
      const again = await list(
        `venue=" night-owl\n harbour-hall  blue-cellar night-owl " locale="en"`,
      );
      expect(titles(again)).to.deep.equal(PAGE_1); // the merge's order, not the attribute's
    });
    expect(urls.filter((u) => u.includes('/api/events'))).to.deep.equal([
      '/api/events?venues=night-owl,harbour-hall,blue-cellar&page=1',
    ]);
  });

  it('refuses more than 20 venues, never cutting them: the error state says so, with no retry', async () => {
    const { MAX_VENUES } = await import('../../shared/rules/venues.js');
    const slugs = ['harbour-hall', ...Array.from({ length: MAX_VENUES }, (_, i) => `room-${i}`)];
    const urls = await requests(async () => {
      const el = await list(`venue="${slugs.join(' ')} harbour-hall" locale="en"`);
      const error = part(el, 'error')!;
      expect(error.getAttribute('part')).to.equal('error');
      expect(error.getAttribute('role')).to.equal('alert');
      expect(error.textContent!.trim()).to.equal(
        'One list shows at most 20 venues; this names 21.',
      );
      expect(error.querySelector('button'), 'no retry: asking again cannot help').to.equal(null);
      expect(cards(el)).to.have.length(0);
    });
    // Whatever was asked named all 21 (the API refuses it alike), never the first 20.
    for (const url of urls.filter((u) => u.startsWith('/api/events?')))
      expect(new URLSearchParams(url.split('?')[1]).get('venues')!.split(',')).to.deep.equal(slugs);
  });

  it('a slug that is not one: the rule’s words, naming it', async () => {
    const el = await list(`venue="harbour-hall Blue_Cellar" locale="de"`);
    expect(part(el, 'error')!.textContent!.trim()).to.equal(
      '“Blue_Cellar” is not a slug: a slug has lowercase letters, digits and single hyphens only.',
    );
  });

  it('links each card into its own venue’s pages: event page, buy link, calendar file and menu, structured data', async () => {
    const el = await list(`venue="${VENUES}" locale="en"`);
    for (const [title, slug] of [
      ['Harbour Hall Opening', 'harbour-hall'],
      ['Blue Cellar Opening', 'blue-cellar'],
    ]) {
      const page = `${location.origin}/t/${slug}/events/opening-night`;
      const c = h.card(el, title!);
      expect(h.buyControl(c).link!.getAttribute('href'), title).to.equal(page);
      const options = await h.waitFor(
        () => [...c.querySelectorAll<HTMLAnchorElement>('[part="calendar-option"]')],
        'the calendar menu',
      );
      expect(options.map((a) => a.getAttribute('href'))).to.deep.equal([
        `${page}.ics`,
        `${page}/calendar/google`,
        `${page}/calendar/outlook`,
      ]);
    }
    const block = await h.waitFor(
      () => el.querySelector('script[type="application/ld+json"]'),
      'the JSON-LD block',
    );
    const data = JSON.parse(block.textContent!) as {
      name: string;
      url: string;
      organizer: { name: string };
      location: { name: string };
    }[];
    const night = data.find((d) => d.name === 'Night Owl Night 1')!;
    expect(night.url).to.equal(`${location.origin}/t/night-owl/events/event-941`);
    expect(night.organizer.name).to.equal(names['night-owl']);
    expect(night.location.name).to.equal('Night Owl Stage');
    const opening = data.find((d) => d.name === 'Blue Cellar Opening')!;
    expect(opening.location.name, 'no location: the venue').to.equal(names['blue-cellar']);
  });

  it('pages through the merged list', async () => {
    const el = await list(`venue="${VENUES}" locale="en"`);
    const urls = await requests(async () => {
      const next = [...el.shadowRoot!.querySelectorAll('[part="page-button"]')].find((b) =>
        b.textContent!.includes('Next'),
      ) as HTMLButtonElement;
      next.click();
      await waitTitles(el, PAGE_2);
    });
    expect(urls).to.deep.equal(['/api/events?venues=harbour-hall,blue-cellar,night-owl&page=2']);
    expect(Object.values(venueParts(el))).to.deep.equal(PAGE_2.map((t) => names[slugOf(t)]));
  });

  it('the "Venue" select, only for several venues, lists one of them (its cards still named), with its categories and feed', async () => {
    const single = await list('venue="find" locale="en"');
    await h.waitFor(() => part(single, 'category-filter'), 'the single venue’s bar');
    expect(part(single, 'venue-filter'), 'no select for one venue').to.equal(null);
    h.cleanup();

    const el = await list(`venue="${VENUES}" locale="en"`);
    await bar(el);
    const select = part<HTMLSelectElement>(el, 'venue-filter')!;
    expect([...select.options].map((o) => [o.value, o.text])).to.deep.equal([
      ['', 'All venues'],
      ['harbour-hall', names['harbour-hall']],
      ['blue-cellar', names['blue-cellar']],
      ['night-owl', names['night-owl']],
    ]);
    expect(select.closest('label')!.querySelector('.visually-hidden')!.textContent).to.equal(
      'Venue',
    );
    const blue = PAGE_1.concat(PAGE_2).filter((t) => t.startsWith('Blue'));
    const urls = await requests(async () => {
      choose(el, 'venue-filter', 'blue-cellar');
      await waitTitles(el, blue);
    });
    expect(urls).to.include('/api/events?venues=blue-cellar&page=1');
    expect(urls).to.include('/api/categories?venues=blue-cellar');
    expect(Object.values(venueParts(el))).to.deep.equal(blue.map(() => names['blue-cellar']));
    const webcal = part(el, 'subscribe')!.querySelector('a')!.getAttribute('href');
    expect(webcal).to.equal(`webcal://${location.host}/events.ics?venues=blue-cellar`);

    // With a category: both filters; "All venues" again keeps the category.
    choose(el, 'category-filter', 'Folk');
    await waitTitles(el, ['Blue Cellar Night 2', 'Blue Cellar Night 4', 'Blue Cellar Night 6']);
    choose(el, 'venue-filter', '');
    await h.waitFor(() => titles(el).length === 9, 'the Folk nights of all three');
    expect(titles(el).every((t) => /Night [246]$/.test(t!))).to.equal(true);
    expect(await h.axeViolations(el)).to.deep.equal([]);
  });

  it('the "Venue" select speaks French and German', async () => {
    for (const [locale, all, label] of [
      ['fr', 'Tous les lieux', 'Lieu'],
      ['de', 'Alle Veranstaltungsorte', 'Veranstaltungsort'],
    ]) {
      const el = await list(`venue="${VENUES}" locale="${locale}"`);
      await bar(el);
      const select = part<HTMLSelectElement>(el, 'venue-filter')!;
      expect(select.options[0]!.text, locale).to.equal(all);
      expect(select.closest('label')!.querySelector('.visually-hidden')!.textContent).to.equal(
        label,
      );
    }
  });

  it('the bar with the "Venue" select arrives into the space kept for it: no card moves, in one row, three, or one folded', async () => {
    for (const width of [320, 800, 1280]) {
      await setViewport({ width, height: 700 });
      const el = await list(`venue="${VENUES}" locale="en"`);
      const top = () => part(el, 'card')!.getBoundingClientRect().top;
      const before = top();
      const bars = await bar(el);
      await h.waitFor(() => part(el, 'category-filter'), 'the categories');
      // On a phone the select is folded under "Filters" (docs/widget.md "Filters").
      expect(part(el, 'venue-filter')!.checkVisibility(), `${width}`).to.equal(width > 576);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(top(), `${width} px`).to.equal(before);
      const rows = new Set(
        [...bars.querySelectorAll(':scope > *, :scope > .more > *')]
          .filter((c) => c.getClientRects().length)
          .map((c) => Math.round(c.getBoundingClientRect().top)),
      );
      expect(rows.size, `${width} px`).to.equal(width < 576 ? 1 : width < 1000 ? 3 : 1);
      h.cleanup();
    }
  });

  it('layout="compact" keeps the venue on each line', async () => {
    const el = await list(`venue="${VENUES}" layout="compact" locale="en"`);
    const venue = part(el, 'venue')!;
    expect(venue.checkVisibility()).to.equal(true);
    expect(venue.textContent).to.equal(names['harbour-hall']);
    expect(part(el, 'location'), 'the location is not').to.satisfy(
      (l: HTMLElement | null) => !l || !l.checkVisibility(),
    );
  });

  it('sync-url keeps the chosen venue as ve-venue, and a shared link opens on it (not one the list does not name, nor for one venue)', async () => {
    const el = await list(`venue="${VENUES}" locale="en" sync-url`);
    await bar(el);
    choose(el, 'venue-filter', 'night-owl');
    await h.waitFor(() => location.search.includes('ve-venue'), 'the query');
    expect(new URLSearchParams(location.search).get('ve-venue')).to.equal('night-owl');
    h.cleanup();

    const urls = await requests(async () => {
      const shared = await list(`venue="${VENUES}" locale="en" sync-url`);
      await waitTitles(
        shared,
        PAGE_1.concat(PAGE_2).filter((t) => t.startsWith('Night Owl')),
      );
      await bar(shared);
      expect(part<HTMLSelectElement>(shared, 'venue-filter')!.value).to.equal('night-owl');
      choose(shared, 'venue-filter', '');
      await h.waitFor(() => !location.search.includes('ve-venue'), 'the query cleared');
    });
    expect(urls).to.include('/api/events?venues=night-owl&page=1');

    for (const [venue, other] of [
      [VENUES, 'find'],
      ['find', 'night-owl'],
    ]) {
      history.replaceState(null, '', `?ve-venue=${other}`);
      const asked = await requests(async () => {
        await list(`venue="${venue}" locale="en" sync-url`);
      });
      const expected =
        venue === 'find'
          ? '/t/find/api/events?page=1'
          : '/api/events?venues=harbour-hall,blue-cellar,night-owl&page=1';
      expect(
        asked.filter((u) => u.includes('/api/events')),
        venue,
      ).to.deep.equal([expected]);
      h.cleanup();
    }
  });

  it('the month view shows the venues’ merged feed: each day cell names its venues, the day’s cards theirs, linking to their pages', async () => {
    const el = h.mount<VenueEvents>(
      `<venue-events venue="${VENUES}" view="calendar" locale="en-GB"></venue-events>`,
      (e) => (e.clock = frozen),
    );
    const cal = await h.waitFor(
      () =>
        el
          .shadowRoot!.querySelector<VenueCalendar>('venue-calendar')
          ?.shadowRoot?.querySelector('td[data-date="2026-12-06"] [part="count"]') &&
        el.shadowRoot!.querySelector<VenueCalendar>('venue-calendar')!,
      'the month grid',
    );
    const cellOf = (date: string) => cal.shadowRoot!.querySelector(`td[data-date="${date}"]`)!;
    const said = cellOf('2026-12-06').querySelector('.visually-hidden')!.textContent!.trim();
    const [no, hh, bc] = [names['night-owl'], names['harbour-hall'], names['blue-cellar']];
    expect(said).to.equal(
      `Sunday, 6 December 2026, 3 events: ${new Intl.ListFormat('en-GB').format([no!, hh!, bc!])}`,
    );
    expect(cellOf('2026-12-06').querySelector('[part="count"]')!.textContent).to.equal('3');
    (cellOf('2026-12-06') as HTMLElement).click();
    await h.waitFor(
      () => cal.shadowRoot!.querySelectorAll('[part="day-events"] [part="card"]').length === 3,
      'the day’s cards',
    );
    const day = [...cal.shadowRoot!.querySelectorAll('[part="day-events"] [part="card"]')];
    expect(day.map((c) => c.querySelector('[part="venue"]')!.textContent)).to.deep.equal([
      no,
      hh,
      bc,
    ]);
    await Promise.all(day.map((c) => c.querySelector('venue-buy-button')!.updateComplete));
    expect(h.buyControl(day[2]!).link!.getAttribute('href')).to.equal(
      `${location.origin}/t/blue-cellar/events/event-921`,
    );
    // The list's "Venue" select narrows the grid too.
    await bar(el);
    choose(el, 'venue-filter', 'night-owl');
    await h.waitFor(
      () => cellOf('2026-12-06').querySelector('[part="count"]')?.textContent === '1',
      'the grid of one venue',
    );
    expect(cellOf('2026-12-06').querySelector('.visually-hidden')!.textContent).to.contain(
      `1 event: ${no}`,
    );
  });

  it('an unknown venue among several in the month view: the same state, naming it', async () => {
    const cal = h.mount<VenueEvents>(
      '<venue-events venue="nigth-owl harbour-hall" view="calendar" locale="en"></venue-events>',
      (e) => (e.clock = frozen),
    );
    const state = await h.waitFor(
      () =>
        cal
          .shadowRoot!.querySelector('venue-calendar')
          ?.shadowRoot?.querySelector('[part~="not-found"]'),
      'the calendar’s not-found state',
    );
    expect(state.textContent!.trim()).to.equal('No venue "nigth-owl" was found.');
  });

  it('saves each event under its own venue: "Saved" lists them together, one calendar file of both, and the venue’s own list shows it saved', async () => {
    const el = await list(`venue="${VENUES}" locale="en"`);
    for (const title of ['Harbour Hall Opening', 'Night Owl Night 2']) {
      const save = await h.waitFor(
        () => h.card(el, title).querySelector<HTMLButtonElement>('[part="save"]'),
        'the toggle',
      );
      save.click();
      await h.waitFor(() => save.getAttribute('aria-pressed') === 'true', 'pressed');
    }
    const key = (slug: string) => `venue-events:saved:${location.origin}:${slug}`;
    expect(JSON.parse(localStorage.getItem(key('harbour-hall'))!)).to.deep.equal([
      { id: '900', until: '2026-12-05' },
    ]);
    expect(JSON.parse(localStorage.getItem(key('night-owl'))!)).to.deep.equal([
      { id: '942', until: '2026-12-07' },
    ]);
    await bar(el);
    const saved = await h.waitFor(() => part<HTMLButtonElement>(el, 'saved-filter'), 'Saved');
    await h.waitFor(() => saved.textContent!.trim() === 'Saved (2)', 'Saved (2)');
    saved.click();
    await waitTitles(el, ['Harbour Hall Opening', 'Night Owl Night 2']);
    expect(Object.values(venueParts(el))).to.deep.equal([
      names['harbour-hall'],
      names['night-owl'],
    ]);
    expect(h.buyControl(h.card(el, 'Night Owl Night 2')).link!.getAttribute('href')).to.equal(
      `${location.origin}/t/night-owl/events/event-942`,
    );
    // One file of the saved nights of both venues (docs/api.md §10.16).
    const files = [...h.barRoot(el)!.querySelectorAll('[part="saved-calendar"]')];
    expect(files.map((a) => [a.getAttribute('href'), a.textContent!.trim()])).to.deep.equal([
      [
        `${location.origin}/events.ics?venues=harbour-hall,night-owl&ids=900,942`,
        'Add saved to calendar',
      ],
    ]);
    const file = await (await fetch(files[0]!.getAttribute('href')!)).text();
    expect(file.match(/^BEGIN:VEVENT/gm)).to.have.length(2);

    const own = await list('venue="harbour-hall" locale="en"');
    const toggle = await h.waitFor(
      () => h.card(own, 'Harbour Hall Opening').querySelector('[part="save"]'),
      'its toggle',
    );
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
  });

  it('an unknown venue among several: the not-found state naming it, no retry', async () => {
    const el = await list('venue="harbour-hall nigth-owl blue-cellar" locale="en"');
    const error = part(el, 'not-found')!;
    expect(error.textContent!.trim()).to.equal('No venue "nigth-owl" was found.');
    expect(error.getAttribute('part')).to.equal('error not-found');
    expect(error.querySelector('button')).to.equal(null);
    const de = await list('venue="harbour-hall nigth-owl" locale="de"');
    // German loads beside the request, and the 404 may come first: then it says it again.
    await h.waitFor(
      () =>
        part(de, 'not-found')!.textContent!.trim() ===
        'Kein Veranstaltungsort „nigth-owl“ gefunden.',
      'the German words',
    );
  });

  it('a single venue requests, draws and links exactly as before: its own endpoints, no venue names', async () => {
    const urls = await requests(async () => {
      const el = await list('venue="find" locale="en"');
      await h.waitFor(() => part(el, 'category-filter'), 'its bar');
      expect(part(el, 'venue')).to.equal(null);
      const c = h.card(el, 'Blue Trio');
      expect(c.querySelector('venue-buy-button')!.getAttribute('venue')).to.equal('find');
      expect(h.buyControl(c).link!.getAttribute('href')).to.equal(
        `${location.origin}/t/find/events/event-700`,
      );
      const webcal = part(el, 'subscribe')!.querySelector('a')!.getAttribute('href');
      expect(webcal).to.equal(`webcal://${location.host}/t/find/events.ics`);
    });
    expect(urls.filter((u) => !u.includes('/widget/')).sort()).to.deep.equal([
      '/t/find/api/access',
      '/t/find/api/categories',
      '/t/find/api/events?page=1',
    ]);
  });
});
