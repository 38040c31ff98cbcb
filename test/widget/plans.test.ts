/**
 * When plans change, doors and age limits, and past events (docs/api.md §10.20), as a visitor
 * sees them: a postponed or rescheduled night says so with the date it had and the venue's reason
 * (`part="schedule-status"`, read with the card as "Cancelled" is), "Doors 19:00" beside the
 * start, the age limit ("14+", "21+") where "18+" shows; `views` with `past` offers the past
 * events, newest first and without buy controls, from the end of the list and from its empty
 * state; the month calendar shows past nights in past months. Against the real API over the
 * fixture venues `plans` and `bygone` (test/fixtures/widget-venues.ts), and malformed members as
 * an upstream could send them (`/__wire`). The first paint's and `widget.html`'s drawing of the
 * same cards is compared with the element's in first-paint.test.ts and declarative.test.ts.
 */
import { expect } from 'chai';
import {
  apiBody,
  axeViolations,
  buyControl,
  card,
  cleanup,
  deepQueryAll,
  fetchesDuring,
  frozen,
  loaded,
  mount,
  serveWire,
  waitFor,
  warnings,
} from './helpers.js';
import { PLANS_REASON } from '../fixtures/widget-venues.js';
import '../../widget/venue-calendar.js';
import type { VenueCalendar } from '../../widget/venue-calendar.js';
import type { VenueEvents } from '../../widget/venue-events.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `<venue-events>` with `attrs` (clock at 5 Dec 2026), its first page loaded. */
async function list(attrs: string) {
  const el = mount<VenueEvents>(`<venue-events ${attrs}></venue-events>`, (e) => {
    e.clock = frozen;
  });
  await loaded(el);
  return el;
}

/** A part's text in `root`, whitespace collapsed. */
const part = (root: Element, name: string) =>
  root.querySelector(`[part~="${name}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
const titles = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part="card"] [part="title"]')].map((t) => t.textContent);
const toggle = (el: Element) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>('[part="past-toggle"]');
const live = (el: Element) => el.shadowRoot!.querySelector('[aria-live]')!.textContent!.trim();
/** Waits for the list's cards to be `expected`, in that order. */
const showing = (el: Element, expected: string[]) =>
  waitFor(
    () => JSON.stringify(titles(el)) === JSON.stringify(expected),
    `cards ${expected.join(', ')} (showing ${titles(el).join(', ')})`,
  );

describe('postponed and rescheduled nights, doors and age limits on the cards', () => {
  afterEach(cleanup);

  it('a rescheduled night says so with the date it had and the reason, read with the card as "Cancelled" is', async () => {
    const el = await list('venue="plans" locale="en-GB"');
    const moved = card(el, 'Moved Night');
    expect(part(moved, 'schedule-status')).to.equal(
      `Rescheduled (was Sat 5 Dec) — ${PLANS_REASON}`,
    );
    const status = moved.querySelector('[part="schedule-status"]')!;
    expect(status.querySelector('strong')!.textContent).to.equal('Rescheduled (was Sat 5 Dec)');
    // In the card (its article, named by its title), in no live region, as a cancellation is.
    expect(status.closest('article')).to.equal(moved);
    expect(status.closest('[aria-live]')).to.equal(null);
    expect(live(el)).not.to.contain('Rescheduled');
    const cancelled = card(el, 'Moved Night').querySelector('[part="cancelled"]');
    expect(cancelled).to.equal(null);
    // Moved by an hour on its own date: the time it had.
    expect(part(card(el, 'Later Start'), 'schedule-status')).to.equal(
      'Rescheduled (was Wed 9 Dec, 20:00)',
    );
    // Postponed: its date kept, its sales closed by hand with the reason as the message.
    const held = card(el, 'On Hold');
    expect(part(held, 'schedule-status')).to.equal('Postponed — A new date follows.');
    expect(part(held, 'date')).to.equal('Tue, 8 Dec 2026, 20:00');
    expect(buyControl(held).link).to.equal(undefined);
    expect(buyControl(held).message!.textContent).to.equal('A new date follows.');
    // Nothing for a night whose plans did not change.
    expect(card(el, 'Club 21').querySelector('[part="schedule-status"]')).to.equal(null);
    expect(buyControl(moved).link!.textContent).to.equal('Buy tickets');
  });

  it('"Doors 19:00" beside the start, and the age limit where "18+" shows', async () => {
    const el = await list('venue="plans" locale="en-GB"');
    const moved = card(el, 'Moved Night');
    expect(part(moved, 'date')).to.equal('Sat, 12 Dec 2026, 20:00, Doors 19:00');
    expect(part(moved, 'doors')).to.equal('Doors 19:00');
    const badge = moved.querySelector('[part="badge"]')!;
    expect(badge.querySelector('[aria-hidden="true"]')!.textContent).to.equal('14+');
    expect(badge.getAttribute('title')).to.equal('Over 14s only');
    expect(badge.querySelector('.visually-hidden')!.textContent).to.equal('Over 14s only');
    expect(part(card(el, 'Club 21'), 'doors')).to.equal('Doors 22:00');
    expect(part(card(el, 'Club 21'), 'badge')).to.contain('21+');
    // `over_18` without an age limit: 18+ as before.
    expect(part(card(el, 'Grown Ups'), 'badge')).to.contain('18+');
    expect(card(el, 'Grown Ups').querySelector('[part="doors"]')).to.equal(null);
    expect(card(el, 'On Hold').querySelector('[part="badge"]')).to.equal(null);
    // A tour: its current stop's doors, and a stop postponed on its own said beside it.
    const tour = card(el, 'Moving Tour');
    expect(part(tour, 'doors')).to.equal('Doors 18:30');
    const [leeds, bristol] = tour.querySelectorAll('[part="stops"] li');
    expect(bristol!.querySelector('.tag')!.textContent).to.equal('Postponed');
    expect(leeds!.querySelector('.tag')).to.equal(null);
    // As the card writes times: 12-hour in American English.
    cleanup();
    const us = await list('venue="plans" locale="en-US"');
    expect(part(card(us, 'Moved Night'), 'doors')).to.equal('Doors 7:00 PM');
  });

  it('in German and French, each language’s own words', async () => {
    const de = await list('venue="plans" locale="de"');
    expect(part(card(de, 'Moved Night'), 'schedule-status')).to.equal(
      `Verlegt (vorher Sa., 5. Dez.) — ${PLANS_REASON}`,
    );
    expect(part(card(de, 'On Hold'), 'schedule-status')).to.equal(
      'Verschoben — A new date follows.',
    );
    expect(part(card(de, 'Moved Night'), 'doors')).to.equal('Einlass 19:00');
    const badge = card(de, 'Moved Night').querySelector('[part="badge"]')!;
    expect(badge.querySelector('[aria-hidden="true"]')!.textContent).to.equal('ab 14');
    expect(badge.getAttribute('title')).to.equal('Ab 14 Jahren');
    cleanup();
    const fr = await list('venue="plans" locale="fr"');
    expect(part(card(fr, 'Moved Night'), 'schedule-status')).to.equal(
      `Reprogrammé (initialement sam. 5 déc.) — ${PLANS_REASON}`,
    );
    expect(part(card(fr, 'On Hold'), 'schedule-status')).to.equal('Reporté — A new date follows.');
    expect(part(card(fr, 'Moved Night'), 'doors')).to.equal('Ouverture des portes 19:00');
    const frBadge = card(fr, 'Club 21').querySelector('[part="badge"]')!;
    expect(frBadge.getAttribute('title')).to.equal('Réservé aux plus de 21 ans');
  });

  it('a malformed member from an upstream is dropped alone and named; the reason is text', async () => {
    const body = await apiBody<Json>('/t/plans/api/events?page=1');
    const a = (title: string) =>
      body.data.find((e: Json) => e.attributes.title === title).attributes;
    Object.assign(a('Moved Night'), {
      schedule_status: 'moved',
      previous_date: '2026-02-30',
      doors_time: '7pm',
      min_age: 30,
    });
    Object.assign(a('On Hold'), { status_reason: '<img src=x onerror="window.__pwned=1">' });
    Object.assign(a('Club 21'), { status_reason: { text: 'not text' }, min_age: '21' });
    a('Moving Tour').occurrences[1].schedule_status = 'gone';
    const base = await serveWire('/t/plans-bad/api/events?page=1', body);
    const said = await warnings(async () => {
      const el = await list(`venue="plans-bad" base-url="${base}" locale="en-GB"`);
      const moved = card(el, 'Moved Night');
      expect(moved.querySelector('[part="schedule-status"]')).to.equal(null);
      expect(moved.querySelector('[part="doors"]')).to.equal(null);
      expect(moved.querySelector('[part="badge"]')).to.equal(null);
      expect(part(moved, 'date')).to.equal('Sat, 12 Dec 2026, 20:00');
      expect(part(card(el, 'On Hold'), 'schedule-status')).to.equal(
        'Postponed — <img src=x onerror="window.__pwned=1">',
      );
      expect(card(el, 'On Hold').querySelector('img')).to.equal(null);
      expect(card(el, 'Club 21').querySelector('[part="badge"]')!.textContent).to.contain('18+');
      expect(card(el, 'Moving Tour').querySelector('[part="stops"] .tag')).to.equal(null);
    });
    const moved = said.find((w) => w.includes('event 1400'))!;
    for (const name of ['schedule_status', 'previous_date', 'doors_time', 'min_age'])
      expect(moved).to.contain(`bad ${name}`);
    expect(said.find((w) => w.includes('event 1403'))).to.contain('bad status_reason');
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('has no axe-core violations with the new parts', async () => {
    const el = await list('venue="plans" locale="en-GB"');
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});

describe('past events (views with "past")', () => {
  afterEach(() => {
    cleanup();
    history.replaceState(null, '', location.pathname);
  });

  it('a "Past events" control at the end of the list shows the past events, newest first without buy controls, and back', async () => {
    const el = await list('venue="plans" views="list past" locale="en-GB" no-filters');
    const upcoming = titles(el);
    expect(upcoming).to.have.length(7);
    const control = toggle(el)!;
    expect(control.textContent!.trim()).to.equal('Past events');
    // At the end: after the list.
    const listEl = el.shadowRoot!.querySelector('[part="list"]')!;
    expect(listEl.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(
      0,
    );
    const urls = await fetchesDuring(async () => {
      control.focus();
      control.click();
      await showing(el, ['Yesterday', 'Last Week', 'November Night']);
    });
    expect(urls.filter((u) => u.includes('/api/events'))).to.deep.equal([
      `${location.origin}/t/plans/api/events?when=past&page=1`,
    ]);
    expect(deepQueryAll(el, '[part="card"] venue-buy-button')).to.have.length(0);
    expect(part(card(el, 'Last Week'), 'doors')).to.equal('Doors 19:00');
    expect(part(card(el, 'November Night'), 'badge')).to.contain('16+');
    expect(el.shadowRoot!.querySelector('[part="list"]')!.getAttribute('aria-label')).to.equal(
      'Past events',
    );
    await waitFor(() => toggle(el)?.textContent!.trim() === 'Upcoming events', 'the way back');
    expect(el.shadowRoot!.activeElement).to.equal(toggle(el));
    await waitFor(() => live(el) === '3 past events, newest first', 'the announcement');
    expect(el.view).to.equal('list');
    expect(await axeViolations(el)).to.deep.equal([]);

    toggle(el)!.click();
    await showing(el, upcoming as string[]);
    await Promise.all(
      deepQueryAll(el, 'venue-buy-button').map(
        (b) => (b as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete,
      ),
    );
    expect(buyControl(card(el, 'Moved Night')).link!.textContent).to.equal('Buy tickets');
    await waitFor(() => live(el) === '7 upcoming events', 'the announcement');
    expect(toggle(el)!.textContent!.trim()).to.equal('Past events');
  });

  it('no such control without "past" in views', async () => {
    for (const attrs of ['', 'views="list"', 'views="calendar list"']) {
      const el = await list(`venue="plans" ${attrs} locale="en-GB"`);
      expect(el.shadowRoot!.querySelector('[part="past-toggle"]'), attrs).to.equal(null);
      cleanup();
    }
    // `views="list past"` still fixes the list view (no switch), as `views="list"` does.
    const fixed = await list('venue="plans" views="list past" locale="en-GB"');
    expect(fixed.shadowRoot!.querySelector('[part="view-switch"]')).to.equal(null);
    expect(toggle(fixed)).to.not.equal(null);
  });

  it('an empty venue: "No upcoming events — see past events", which shows them, and back', async () => {
    const el = await list('venue="bygone" views="past" locale="en-GB" no-filters');
    const empty = el.shadowRoot!.querySelector('[part="empty"]')!;
    expect(empty.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'No upcoming events — see past events',
    );
    // The only control: no second one at the end.
    expect(el.shadowRoot!.querySelectorAll('[part="past-toggle"]')).to.have.length(1);
    const seePast = empty.querySelector<HTMLButtonElement>('button[part="past-toggle"]')!;
    seePast.focus();
    seePast.click();
    await showing(el, ['Bygone Two', 'Bygone One']);
    // The focus goes on to the control that goes back, the one it was on gone with the state.
    await waitFor(() => el.shadowRoot!.activeElement === toggle(el), 'the focus on the way back');
    expect(toggle(el)!.textContent!.trim()).to.equal('Upcoming events');
    toggle(el)!.click();
    await waitFor(() => el.shadowRoot!.querySelector('[part="empty"]'), 'the empty state again');
    expect(part(el.shadowRoot as unknown as Element, 'empty')).to.equal(
      'No upcoming events — see past events',
    );
  });

  it('in German and French', async () => {
    const de = await list('venue="bygone" views="past" locale="de" no-filters');
    expect(part(de.shadowRoot as unknown as Element, 'empty')).to.equal(
      'Keine kommenden Veranstaltungen — vergangene Veranstaltungen ansehen',
    );
    toggle(de)!.click();
    await showing(de, ['Bygone Two', 'Bygone One']);
    await waitFor(
      () => toggle(de)?.textContent!.trim() === 'Kommende Veranstaltungen',
      'the way back',
    );
    expect(de.shadowRoot!.querySelector('[part="list"]')!.getAttribute('aria-label')).to.equal(
      'Vergangene Veranstaltungen',
    );
    cleanup();
    const fr = await list('venue="plans" views="past" locale="fr" no-filters');
    expect(toggle(fr)!.textContent!.trim()).to.equal('Événements passés');
    toggle(fr)!.click();
    await showing(fr, ['Yesterday', 'Last Week', 'November Night']);
    await waitFor(() => toggle(fr)?.textContent!.trim() === 'Événements à venir', 'the way back');
  });

  it('a venue without past events says so in the past events', async () => {
    const el = await list('venue="countdown" views="past" locale="en-GB" no-filters');
    toggle(el)!.click();
    await waitFor(() => part(el.shadowRoot as unknown as Element, 'empty'), 'the empty state');
    expect(part(el.shadowRoot as unknown as Element, 'empty')).to.equal('No past events');
    expect(toggle(el)!.textContent!.trim()).to.equal('Upcoming events');
  });

  it('widget.html?views=list past: the element it draws offers the past events', async () => {
    const res = await fetch('/t/plans/widget.html?views=list%20past&locale=en-GB');
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.match(/^<venue-events [^>]*views="list past"[^>]*>/);
    // The control comes with the element's lazy parts, never in the drawing.
    expect(html).not.to.contain('past-toggle');
    expect(html).to.contain('part="schedule-status"');
  });

  it('sync-url keeps the past events in the page’s query (ve-when=past) and reads them back', async () => {
    const el = await list('venue="plans" views="past" sync-url locale="en-GB" no-filters');
    toggle(el)!.click();
    await showing(el, ['Yesterday', 'Last Week', 'November Night']);
    await waitFor(() => location.search.includes('ve-when=past'), 'the query');
    cleanup();
    const shared = await list('venue="plans" views="past" sync-url locale="en-GB" no-filters');
    await showing(shared, ['Yesterday', 'Last Week', 'November Night']);
    cleanup();
    // Not where the list offers no past events.
    const plain = await list('venue="plans" sync-url locale="en-GB" no-filters');
    expect(titles(plain)).to.have.length(7);
  });
});

describe('the month calendar’s past nights', () => {
  afterEach(cleanup);

  /** A `<venue-calendar>` (clock at 5 Dec 2026) once its month loaded. */
  async function calendar(attrs: string) {
    let loads = 0;
    const el = mount<VenueCalendar>(`<venue-calendar ${attrs}></venue-calendar>`, (e) => {
      e.clock = frozen;
      e.addEventListener('venue-calendar-load', () => loads++);
    });
    await waitFor(() => loads > 0, 'the month');
    await el.updateComplete;
    return el;
  }
  const counts = (el: VenueCalendar) =>
    Object.fromEntries(
      [...el.shadowRoot!.querySelectorAll('td[data-date]')]
        .filter((td) => td.querySelector('[part="count"]'))
        .map((td) => [td.getAttribute('data-date'), Number(part(td, 'count'))]),
    );
  const dayCards = (el: VenueCalendar, n: number) =>
    waitFor(
      () =>
        el.shadowRoot!.querySelectorAll('[part="day-events"] [part="card"]').length === n &&
        el.shadowRoot!.querySelectorAll<HTMLElement>('[part="day-events"] [part="card"]'),
      `${n} cards`,
    );

  it('a past month shows its past nights; a past night’s card has no buy control', async () => {
    const el = await calendar('venue="plans" month="2026-11" locale="en-GB"');
    expect(counts(el)).to.deep.equal({ '2026-11-20': 1, '2026-11-28': 1 });
    el.shadowRoot!.querySelector<HTMLElement>('td[data-date="2026-11-20"]')!.click();
    const [night] = await dayCards(el, 1);
    expect(part(night!, 'title')).to.equal('November Night');
    expect(part(night!, 'badge')).to.contain('16+');
    expect(night!.querySelector('venue-buy-button')).to.equal(null);
  });

  it('this month: its past days’ nights beside the upcoming ones, reached by month navigation too', async () => {
    const el = await calendar('venue="plans" locale="en-GB"');
    expect(counts(el)).to.include({ '2026-12-04': 1, '2026-12-12': 1, '2026-12-16': 1 });
    el.shadowRoot!.querySelector<HTMLElement>('td[data-date="2026-12-04"]')!.click();
    const [yesterday] = await dayCards(el, 1);
    expect(part(yesterday!, 'title')).to.equal('Yesterday');
    expect(yesterday!.querySelector('venue-buy-button')).to.equal(null);
    el.shadowRoot!.querySelector<HTMLElement>('td[data-date="2026-12-12"]')!.click();
    await waitFor(
      () => part(el.shadowRoot!.querySelector('[part="day-events"]')!, 'title') === 'Moved Night',
      'the 12th',
    );
    const moved = el.shadowRoot!.querySelector('[part="day-events"] [part="card"]')!;
    expect(part(moved, 'schedule-status')).to.contain('Rescheduled (was Sat 5 Dec)');
    expect(moved.querySelector('venue-buy-button')).to.not.equal(null);
    // Back a month, as a visitor would.
    el.shadowRoot!.querySelector<HTMLElement>('[part="month-nav"]')!.click();
    await waitFor(() => counts(el)['2026-11-28'] === 1, 'November’s nights');
    expect(el.getAttribute('month')).to.equal('2026-11');
  });

  it('this month: a night postponed from a passed day stays on that day, saying so, its sales closed', async () => {
    const el = await calendar('venue="plans" locale="en-GB"');
    expect(counts(el)).to.include({ '2026-12-02': 1 });
    el.shadowRoot!.querySelector<HTMLElement>('td[data-date="2026-12-02"]')!.click();
    const [waiting] = await dayCards(el, 1);
    expect(part(waiting!, 'title')).to.equal('Still Waiting');
    expect(part(waiting!, 'schedule-status')).to.equal('Postponed');
    expect(part(waiting!, 'date')).to.equal('Wed, 2 Dec 2026, 20:00');
    expect(buyControl(waiting!).link).to.equal(undefined);
  });

  it('in the list’s calendar view: the month before shows its past nights', async () => {
    const el = mount<VenueEvents>(
      '<venue-events venue="plans" view="calendar" locale="en-GB"></venue-events>',
      (e) => (e.clock = frozen),
    );
    const cal = await waitFor(
      () =>
        el.shadowRoot!.querySelector<VenueCalendar>('venue-calendar')?.shadowRoot &&
        el.shadowRoot!.querySelector<VenueCalendar>('venue-calendar')!,
      'the month grid',
    );
    await waitFor(() => counts(cal)['2026-12-04'] === 1, 'this month');
    cal.shadowRoot!.querySelector<HTMLElement>('[part="month-nav"]')!.click();
    await waitFor(() => counts(cal)['2026-11-20'] === 1, 'November’s nights');
    expect(counts(cal)).to.deep.equal({ '2026-11-20': 1, '2026-11-28': 1 });
  });
});
