/**
 * The month grid names each day's events where it has room (docs/widget.md "Finding a night"):
 * a wide grid (a container query on its own width) shows start times and titles, three a day and
 * "+N more"; a narrow one keeps the counts. Sizes are the viewport's, as a visitor's laptop and
 * phone have them.
 */
import { expect } from 'chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import {
  axeViolations,
  cleanup,
  deepQueryAll,
  frozen,
  mount,
  statesMonthGrid,
  waitFor,
} from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';

/** `<venue-events view="calendar">` over the fixture venue `states`, its month grid loaded. */
async function monthView(attrs = '') {
  const el = mount<VenueEvents>(
    `<venue-events venue="states" locale="en-GB" view="calendar" ${attrs}></venue-events>`,
    (e) => {
      e.clock = frozen;
    },
  );
  return { el, grid: await statesMonthGrid(el) };
}

const day = (grid: Element, date: string) =>
  grid.shadowRoot!.querySelector<HTMLElement>(`td[data-date="${date}"]`)!;
/** The lines a visitor sees in a day cell: each named event, "+N more". */
const lines = (td: Element) =>
  [...td.querySelectorAll('li')]
    .filter((li) => li.checkVisibility())
    .map((li) => li.textContent!.replace(/\s+/g, ' ').trim());
const countShown = (td: Element) => !!td.querySelector('[part="count"]')?.checkVisibility();

describe('the month grid names the days’ events where it has room', () => {
  afterEach(async () => {
    cleanup();
    await setViewport({ width: 800, height: 600 });
  });

  it('1280 px: times and titles in the cells, three then "+N more", a cancelled stop struck through', async () => {
    await setViewport({ width: 1280, height: 900 });
    const { grid } = await monthView();
    expect(lines(day(grid, '2026-12-06'))).to.deep.equal(['20:00 Closing Soon']);
    expect(lines(day(grid, '2026-12-10'))).to.deep.equal([
      '20:00 Open Show',
      '20:00 Closed By Hand',
      '20:00 Closure Fired',
      '+2 more',
    ]);
    expect(countShown(day(grid, '2026-12-10'))).to.equal(false);
    // The tour's stop on its own day, off that day only.
    const stop = day(grid, '2026-12-12').querySelector('li')!;
    expect([
      stop.textContent!.replace(/\s+/g, ' ').trim(),
      getComputedStyle(stop).textDecorationLine,
    ]).to.deep.equal(['19:30 The Tour', 'line-through']);
    const other = day(grid, '2026-12-08').querySelector('li')!;
    expect(getComputedStyle(other).textDecorationLine).to.equal('none');
    // The cell still says its date and count, as the grid pattern has it.
    expect(day(grid, '2026-12-10').querySelector('.visually-hidden')!.textContent).to.equal(
      'Thursday, 10 December 2026, 5 events',
    );
  });

  it('1280 px: "+2 more" opens the day\'s list of all five; the keyboard chooses a day as before', async () => {
    await setViewport({ width: 1280, height: 900 });
    const { el, grid } = await monthView();
    const more = [...day(grid, '2026-12-10').querySelectorAll('li')].at(-1)!;
    more.click();
    await waitFor(() => deepQueryAll(el, 'article[part="card"]').length === 5, 'five cards');
    expect(day(grid, '2026-12-10').getAttribute('aria-selected')).to.equal('true');
    day(grid, '2026-12-10').focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => day(grid, '2026-12-12').getAttribute('aria-selected') === 'true',
      'the 12th chosen',
    );
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('390 px: the counts, no titles', async () => {
    await setViewport({ width: 390, height: 800 });
    const { grid } = await monthView();
    expect(lines(day(grid, '2026-12-10'))).to.deep.equal([]);
    expect(countShown(day(grid, '2026-12-10'))).to.equal(true);
    expect(day(grid, '2026-12-10').querySelector('[part="count"]')!.textContent).to.equal('5');
  });
});
