import { expect } from 'chai';
import { emulateMedia, executeServerCommand, sendKeys } from '@web/test-runner-commands';
import {
  axeViolations,
  card,
  cleanup,
  contrasts,
  deepQueryAll,
  frozen,
  listRequests,
  mount,
  waitFor,
} from './helpers.js';
import '../../widget/venue-calendar.js';
import type { VenueCalendar } from '../../widget/venue-calendar.js';

type Load = { month: string; start: string; end: string; entries: unknown[] };

/** Mounts `<venue-calendar>` (clock at NOW, 5 Dec 2026) and waits for its month's counts. */
async function calendar(attrs: string, wrap = (m: string) => m) {
  const loads: Load[] = [];
  const markup = wrap(`<venue-calendar ${attrs}></venue-calendar>`);
  const host = mount<HTMLElement>(markup);
  const el = (host.matches('venue-calendar') ? host : host.querySelector('venue-calendar'))!;
  (el as VenueCalendar).clock = frozen;
  el.addEventListener('venue-calendar-load', (e) => loads.push((e as CustomEvent<Load>).detail));
  await waitFor(() => loads.length > 0, 'the feed to load');
  await (el as VenueCalendar).updateComplete;
  return { el: el as VenueCalendar, loads };
}

const root = (el: VenueCalendar) => el.shadowRoot!;
/** What a screen reader says for `el`'s content: its text but for `aria-hidden` parts. */
function spoken(el: Element): string {
  const walk = (node: Node): string =>
    node.nodeType === Node.TEXT_NODE
      ? node.textContent!
      : (node as Element).getAttribute?.('aria-hidden') === 'true'
        ? ''
        : [...node.childNodes].map(walk).join(' ');
  return walk(el).replace(/\s+/g, ' ').trim();
}
const cell = (el: VenueCalendar, date: string) =>
  root(el).querySelector<HTMLElement>(`td[data-date="${date}"]`)!;
/** Day cells with a count, as `date → count`. */
const counts = (el: VenueCalendar) =>
  Object.fromEntries(
    [...root(el).querySelectorAll('td[data-date]')]
      .filter((td) => td.querySelector('[part="count"]'))
      .map((td) => [
        td.getAttribute('data-date'),
        Number(td.querySelector('[part="count"]')!.textContent),
      ]),
  );
const heading = (el: VenueCalendar) =>
  root(el).querySelector('[part="month"]')!.textContent!.trim();
const weekdays = (el: VenueCalendar) =>
  [...root(el).querySelectorAll('th')].map((th) => th.getAttribute('abbr'));
const focused = (el: VenueCalendar) => root(el).activeElement?.getAttribute('data-date');
const tabbable = (el: VenueCalendar) =>
  [...root(el).querySelectorAll('td[tabindex="0"]')].map((td) => td.getAttribute('data-date'));

async function press(el: VenueCalendar, key: string) {
  await sendKeys({ press: key });
  await el.updateComplete;
}

/** Waits for the chosen day's cards (or its empty state). */
const dayLoaded = (el: VenueCalendar) =>
  waitFor(
    () => root(el).querySelector('[part="day-events"] :is([part="card"], [part="empty"])'),
    "the day's events",
  );

describe('<venue-calendar>', () => {
  afterEach(cleanup);

  it('shows the month of its clock with each event on its venue-local date', async () => {
    const { el, loads } = await calendar('venue="states" locale="en-GB"');
    expect(el.getAttribute('month')).to.equal(null);
    expect(heading(el)).to.equal('December 2026');
    const grid = root(el).querySelector('[role="grid"]')!;
    expect(grid.getAttribute('part')).to.equal('calendar');
    expect(loads[0]).to.include({ month: '2026-12', start: '2026-12-01', end: '2027-01-01' });
    // Five events on the 10th (one cancelled), the tour's stops on the 8th, 12th (cancelled) and
    // 20th, "Closing Soon" on the 6th.
    expect(counts(el)).to.deep.equal({
      '2026-12-06': 1,
      '2026-12-08': 1,
      '2026-12-10': 5,
      '2026-12-12': 1,
      '2026-12-20': 1,
    });
    expect(root(el).querySelectorAll('td[data-date]')).to.have.length(31);
    // Days of the neighbouring months are empty and never focusable.
    const outside = root(el).querySelectorAll('td.outside');
    expect(outside).to.have.length(4); // Mon 30 Nov; 1–3 Jan
    for (const td of outside) {
      expect(td.textContent!.trim()).to.equal('');
      expect(td.hasAttribute('tabindex')).to.equal(false);
    }
    expect(cell(el, '2026-12-05').getAttribute('aria-current')).to.equal('date');
  });

  it('says each count to a screen reader, plural-aware', async () => {
    const { el } = await calendar('venue="states" locale="en-GB"');
    expect(spoken(cell(el, '2026-12-10'))).to.equal('Thursday, 10 December 2026, 5 events');
    expect(spoken(cell(el, '2026-12-06'))).to.equal('Sunday, 6 December 2026, 1 event');
    expect(spoken(cell(el, '2026-12-07'))).to.equal('Monday, 7 December 2026');
  });

  it('choosing a day lists its cards, the cancelled one as cancelled', async () => {
    const selects: string[] = [];
    const { el } = await calendar('venue="states" locale="en-GB"');
    el.addEventListener('venue-calendar-select', (e) =>
      selects.push((e as CustomEvent<{ date: string }>).detail.date),
    );
    cell(el, '2026-12-10').click();
    await dayLoaded(el);
    await waitFor(() => deepQueryAll(el, 'article[part="card"]').length === 5, 'five cards');
    expect(selects).to.deep.equal(['2026-12-10']);
    expect(cell(el, '2026-12-10').getAttribute('aria-selected')).to.equal('true');
    expect(root(el).querySelectorAll('[aria-selected="true"]')).to.have.length(1);
    const section = root(el).querySelector('[part="day-events"]')!;
    expect(section.querySelector('[role="heading"]')!.textContent!.trim()).to.equal(
      'Events on Thursday 10 December',
    );
    const titles = deepQueryAll(section, '[part="title"]').map((t) => t.textContent);
    expect(titles).to.have.members([
      'Open Show',
      'Closed By Hand',
      'Closure Fired',
      'Called Off',
      'Free Entry',
    ]);
    expect(card(el, 'Called Off').querySelector('[part="cancelled"]')!.textContent).to.contain(
      'Cancelled',
    );
    // The cards' titles sit one level below the day's heading.
    expect(card(el, 'Open Show').querySelector('h3')).to.not.equal(null);
  });

  it("a tour's cancelled stop is listed with the tour's card, said to be cancelled", async () => {
    const { el } = await calendar('venue="states" locale="en-GB"');
    cell(el, '2026-12-12').click();
    await dayLoaded(el);
    const section = root(el).querySelector('[part="day-events"]')!;
    expect(card(el, 'The Tour').getAttribute('part')).to.equal('card');
    expect(section.querySelector('[part="stop-cancelled"]')!.textContent!.trim()).to.equal(
      'Cancelled on this date: 19:30, Bristol',
    );
  });

  // It asked for each event by id: a day of two events, two requests (issue 40).
  it("a chosen day's events come from one list request of that day, not one per event", async () => {
    /** The list requests made while `date` is chosen in `el` until its `n` cards show. */
    const dayRequests = (el: VenueCalendar, date: string, n: number) =>
      listRequests(async () => {
        cell(el, date).click();
        await waitFor(() => deepQueryAll(el, 'article[part="card"]').length === n, `${n} cards`);
      });
    const { el } = await calendar('venue="harbour-hall night-owl" locale="en-GB"');
    expect(counts(el)['2026-12-06']).to.equal(2);
    expect(await dayRequests(el, '2026-12-06', 2)).to.deep.equal([
      `${location.origin}/api/events?venues=harbour-hall,night-owl&start_date=2026-12-06&end_date=2026-12-06&page=1`,
    ]);
    const titles = deepQueryAll(el, '[part="title"]').map((t) => t.textContent);
    expect(titles).to.have.members(['Harbour Hall Night 1', 'Night Owl Night 1']);
    cleanup();
    // Five events, one of them cancelled: one request still.
    const { el: states } = await calendar('venue="states" locale="en-GB"');
    expect(await dayRequests(states, '2026-12-10', 5)).to.deep.equal([
      `${location.origin}/t/states/api/events?start_date=2026-12-10&end_date=2026-12-10&page=1`,
    ]);
    cleanup();
    // The calendar's filters go with the day's dates: the list holds the feed's events of the day.
    const { el: jazz } = await calendar('venue="states" locale="en-GB" categories="Jazz"');
    expect(await dayRequests(jazz, '2026-12-10', 1)).to.deep.equal([
      `${location.origin}/t/states/api/events?start_date=2026-12-10&end_date=2026-12-10&categories=Jazz&page=1`,
    ]);
  });

  it('a day without events says so', async () => {
    const { el } = await calendar('venue="states" locale="en-GB"');
    cell(el, '2026-12-07').click();
    await dayLoaded(el);
    expect(root(el).querySelector('[part="empty"]')!.textContent).to.equal('No events on this day');
  });

  it('previous and next month fetch their range and render it', async () => {
    const months: string[] = [];
    const { el, loads } = await calendar('venue="states" locale="en-GB" month="2026-11"');
    el.addEventListener('venue-calendar-month', (e) =>
      months.push((e as CustomEvent<{ month: string }>).detail.month),
    );
    expect(heading(el)).to.equal('November 2026');
    // A past month shows its past nights (docs/api.md §10.20): "Long Gone" on the 1st.
    expect(counts(el)).to.deep.equal({ '2026-11-01': 1 });
    const [prev, next] = root(el).querySelectorAll<HTMLButtonElement>('[part="month-nav"]');
    expect(spoken(prev!)).to.equal('Previous month');
    expect(spoken(next!)).to.equal('Next month');
    next!.click();
    await waitFor(() => loads.length === 2, 'December to load');
    await el.updateComplete;
    expect(loads[1]).to.include({ start: '2026-12-01', end: '2027-01-01' });
    expect(heading(el)).to.equal('December 2026');
    expect(el.getAttribute('month')).to.equal('2026-12');
    expect(counts(el)['2026-12-10']).to.equal(5);
    next!.click();
    await waitFor(() => loads.length === 3, 'January to load');
    await el.updateComplete;
    expect(loads[2]).to.include({ start: '2027-01-01', end: '2027-02-01' });
    expect(counts(el)).to.deep.equal({});
    prev!.click();
    prev!.click();
    await waitFor(() => loads.at(-1)?.month === '2026-11', 'November again');
    expect(months).to.deep.equal(['2026-12', '2027-01', '2026-12', '2026-11']);
  });

  it('keyboard: one tab stop, arrows by day and week, Home/End, PageUp/PageDown across months', async () => {
    const { el, loads } = await calendar('venue="states" locale="en-GB"');
    // The tab stop starts on today.
    expect(tabbable(el)).to.deep.equal(['2026-12-05']);
    cell(el, '2026-12-05').focus();
    await press(el, 'ArrowRight');
    expect(focused(el)).to.equal('2026-12-06');
    await press(el, 'ArrowDown');
    expect(focused(el)).to.equal('2026-12-13');
    await press(el, 'ArrowLeft');
    await press(el, 'ArrowUp');
    expect(focused(el)).to.equal('2026-12-05');
    expect(tabbable(el)).to.deep.equal(['2026-12-05']);
    // Thursday the 10th: the week runs Monday 7 to Sunday 13 in en-GB.
    cell(el, '2026-12-10').focus();
    await press(el, 'Home');
    expect(focused(el)).to.equal('2026-12-07');
    await press(el, 'End');
    expect(focused(el)).to.equal('2026-12-13');
    await press(el, 'Enter');
    expect(cell(el, '2026-12-13').getAttribute('aria-selected')).to.equal('true');
    await press(el, 'PageDown');
    expect(heading(el)).to.equal('January 2027');
    expect(focused(el)).to.equal('2027-01-13');
    await press(el, 'PageUp');
    await press(el, 'PageUp');
    expect(focused(el)).to.equal('2026-11-13');
    await sendKeys({ down: 'Shift' });
    await press(el, 'PageDown');
    await sendKeys({ up: 'Shift' });
    expect(focused(el)).to.equal('2027-11-13');
    expect(heading(el)).to.equal('November 2027');
    await waitFor(() => loads.at(-1)?.month === '2027-11', 'November 2027 to load');
  });

  it('arrows past the month edge change month and keep focus on the date', async () => {
    const { el, loads } = await calendar('venue="states" locale="en-GB"');
    cell(el, '2026-12-31').focus();
    await press(el, 'ArrowRight');
    expect(heading(el)).to.equal('January 2027');
    expect(focused(el)).to.equal('2027-01-01');
    expect(tabbable(el)).to.deep.equal(['2027-01-01']);
    await press(el, 'ArrowUp');
    expect(heading(el)).to.equal('December 2026');
    expect(focused(el)).to.equal('2026-12-25');
    // January's request may be cut short by the move back; December loads again either way.
    await waitFor(() => loads.length >= 2 && loads.at(-1)!.month === '2026-12', 'December again');
    await press(el, 'Space');
    await dayLoaded(el);
    expect(cell(el, '2026-12-25').getAttribute('aria-selected')).to.equal('true');
  });

  for (const [when, attrs, wrap] of [
    [
      'in a right-to-left page',
      'venue="states" locale="en-GB"',
      (m: string) => `<div dir="rtl">${m}</div>`,
    ],
    [
      'by its own language: a standalone Arabic calendar on a left-to-right page',
      'venue="states" locale="ar"',
      undefined,
    ],
  ] as const) {
    it(`right-to-left ${when}: ArrowLeft moves forward in time, ArrowRight back`, async () => {
      const { el } = await calendar(attrs, wrap);
      expect(getComputedStyle(cell(el, '2026-12-10')).direction).to.equal('rtl');
      cell(el, '2026-12-10').focus();
      await press(el, 'ArrowLeft');
      expect(focused(el)).to.equal('2026-12-11');
      await press(el, 'ArrowRight');
      await press(el, 'ArrowRight');
      expect(focused(el)).to.equal('2026-12-09');
    });
  }

  it('the week starts on Monday for de and en-GB, on Sunday for en-US', async () => {
    const { el: gb } = await calendar('venue="states" locale="en-GB"');
    expect(weekdays(gb)[0]).to.equal('Monday');
    expect(root(gb).querySelector('tbody td.outside + td')!.getAttribute('data-date')).to.equal(
      '2026-12-01',
    );
    cleanup();
    const { el: us } = await calendar('venue="states" locale="en-US"');
    expect(weekdays(us)).to.deep.equal([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    // Sunday-first: Tuesday the 1st is the third cell.
    const first = [...root(us).querySelectorAll('tbody tr:first-child td')];
    expect(first.map((td) => td.getAttribute('data-date'))).to.deep.equal([
      null,
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    cell(us, '2026-12-10').focus();
    await press(us, 'Home');
    expect(focused(us)).to.equal('2026-12-06');
    cleanup();
    const { el: de } = await calendar('venue="states" locale="de"');
    expect(weekdays(de)[0]).to.equal('Montag');
  });

  it('speaks German and French', async () => {
    const { el: de } = await calendar('venue="states" locale="de"');
    await waitFor(() => heading(de) === 'Dezember 2026', 'German');
    expect(spoken(cell(de, '2026-12-10'))).to.equal(
      'Donnerstag, 10. Dezember 2026, 5 Veranstaltungen',
    );
    expect(spoken(cell(de, '2026-12-06'))).to.contain('1 Veranstaltung');
    const navDe = [...root(de).querySelectorAll('[part="month-nav"]')].map(spoken);
    expect(navDe).to.deep.equal(['Vorheriger Monat', 'Nächster Monat']);
    cell(de, '2026-12-07').click();
    await dayLoaded(de);
    expect(root(de).querySelector('[part="empty"]')!.textContent).to.equal(
      'Keine Veranstaltungen an diesem Tag',
    );
    cleanup();
    const { el: fr } = await calendar('venue="states" locale="fr"');
    await waitFor(() => heading(fr) === 'décembre 2026', 'French');
    expect(weekdays(fr)[0]).to.equal('lundi');
    expect(spoken(cell(fr, '2026-12-10'))).to.equal('jeudi 10 décembre 2026, 5 événements');
    expect(spoken(cell(fr, '2026-12-06'))).to.equal('dimanche 6 décembre 2026, 1 événement');
    const navFr = [...root(fr).querySelectorAll('[part="month-nav"]')].map(spoken);
    expect(navFr).to.deep.equal(['Mois précédent', 'Mois suivant']);
    cell(fr, '2026-12-10').click();
    await dayLoaded(fr);
    expect(
      root(fr).querySelector('[part="day-events"] [role="heading"]')!.textContent!.trim(),
    ).to.equal('Événements du jeudi 10 décembre');
  });

  it('a feed that fails keeps the grid and offers to try again', async () => {
    const el = mount<VenueCalendar>(
      `<venue-calendar venue="states" base-url="${location.origin}/__stall" timeout="300" locale="en-GB"></venue-calendar>`,
      (e) => {
        e.clock = frozen;
      },
    );
    const error = await waitFor(() => el.shadowRoot?.querySelector('[part="error"]'), 'the error');
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.textContent).to.contain('The calendar could not be loaded.');
    expect(error.querySelector('button')!.textContent!.trim()).to.equal('Try again');
    expect(root(el).querySelectorAll('td[data-date]')).to.have.length(31);
    expect(counts(el)).to.deep.equal({});
  });

  it('an unknown venue keeps the grid and says which venue was not found, with no retry', async () => {
    const el = mount<VenueCalendar>(
      '<venue-calendar venue="nowhere" locale="en-GB"></venue-calendar>',
      (e) => {
        e.clock = frozen;
      },
    );
    const error = await waitFor(
      () => el.shadowRoot?.querySelector('[part="error not-found"]'),
      'the not-found state',
    );
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.textContent!.trim()).to.equal('No venue "nowhere" was found.');
    expect(error.querySelector('button')).to.equal(null);
    expect(root(el).querySelectorAll('td[data-date]')).to.have.length(31);
  });

  it('categories and search filter the feed', async () => {
    const { el, loads } = await calendar('venue="states" locale="en-GB" categories="Jazz"');
    expect(counts(el)).to.deep.equal({ '2026-12-10': 1 });
    el.search = 'tour';
    el.categories = undefined;
    await waitFor(() => loads.length === 2, 'the search to load');
    await el.updateComplete;
    expect(counts(el)).to.deep.equal({ '2026-12-08': 1, '2026-12-12': 1, '2026-12-20': 1 });
  });

  it('has no axe violations: the month, a chosen day, forced colours, right-to-left', async () => {
    const { el } = await calendar('venue="states" locale="en-GB"');
    expect(await axeViolations(el)).to.deep.equal([]);
    cell(el, '2026-12-10').click();
    await dayLoaded(el);
    await waitFor(() => deepQueryAll(el, 'article[part="card"]').length === 5, 'five cards');
    expect(await axeViolations(el)).to.deep.equal([]);
    await executeServerCommand('emulate-forced-colors', { value: 'active' });
    try {
      const selected = cell(el, '2026-12-10');
      // The chosen day stays distinguishable when the page's colours are forced.
      expect(getComputedStyle(selected).borderTopWidth).to.equal('3px');
      expect(await axeViolations(el)).to.deep.equal([]);
    } finally {
      await executeServerCommand('emulate-forced-colors', { value: 'none' });
    }
    cleanup();
    const { el: rtl } = await calendar(
      'venue="states" locale="fr"',
      (m) => `<div dir="rtl">${m}</div>`,
    );
    expect(await axeViolations(rtl)).to.deep.equal([]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`${colorScheme}: every text of the grid and the chosen day meets 4.5:1`, async () => {
      await emulateMedia({ colorScheme });
      try {
        const { el } = await calendar('venue="states" locale="en-GB"');
        cell(el, '2026-12-10').click();
        await waitFor(() => deepQueryAll(el, 'article[part="card"]').length === 5, 'five cards');
        // The chosen day's inverted colours, its count and the other counts included.
        const worst = contrasts(el)[0]!;
        expect(worst.ratio, `"${worst.text}"`).to.be.at.least(4.5);
      } finally {
        await emulateMedia({ colorScheme: 'light' });
      }
    });
  }
});
