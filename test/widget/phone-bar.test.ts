/**
 * The filter bar on a phone (docs/widget.md "Filters"): in a narrow container the search field
 * and one "Filters (n)" disclosure, so the first card starts near the top; wide ones keep the bar
 * in one row. Sizes are the viewport's, as a visitor's phone and laptop have them.
 */
import { expect } from 'chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { axeViolations, barPart, cleanup, frozen, loaded, mount, waitFor } from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';

/** The list's part `name`, or its filter bar's. */
const part = <T extends HTMLElement = HTMLElement>(el: Element, name: string) =>
  el.shadowRoot!.querySelector<T>(`[part="${name}"]`) ?? barPart<T>(el, name);

/** `<venue-events venue="find">` (three categories), its bar and categories arrived. */
async function list() {
  const el = mount<VenueEvents>('<venue-events venue="find" locale="en"></venue-events>', (e) => {
    e.clock = frozen;
  });
  await loaded(el);
  await waitFor(() => part(el, 'category-filter'), 'the bar with its categories');
  await new Promise((r) => requestAnimationFrame(r));
  return el;
}

const shown = (e: Element | null) => !!e?.checkVisibility();
const top = (e: Element) => e.getBoundingClientRect().top;

describe('the filter bar on a phone', () => {
  afterEach(async () => {
    cleanup();
    await setViewport({ width: 800, height: 600 });
  });

  it('390 px: search and "Filters" only, the first card within 140 px of the top', async () => {
    await setViewport({ width: 390, height: 800 });
    const el = await list();
    const toggle = part(el, 'filters-toggle')!;
    expect(shown(part(el, 'search')), 'search').to.equal(true);
    expect([shown(toggle), toggle.textContent!.trim()]).to.deep.equal([true, 'Filters']);
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    for (const name of ['category-filter', 'date-filter', 'filter-reset', 'subscribe'])
      expect(shown(part(el, name)), name).to.equal(false);
    expect(top(part(el, 'card')!) - top(el)).to.be.at.most(140);
  });

  it('390 px: "Filters" opens and closes by keyboard and counts the filters set', async () => {
    await setViewport({ width: 390, height: 800 });
    const el = await list();
    const toggle = part(el, 'filters-toggle')!;
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'true', 'open');
    const categories = part<HTMLSelectElement>(el, 'category-filter')!;
    expect(shown(categories)).to.equal(true);
    const barRoot = toggle.getRootNode() as ShadowRoot;
    expect(barRoot.getElementById(toggle.getAttribute('aria-controls')!)).to.equal(
      categories.closest('.more'),
    );
    categories.value = 'Rock';
    categories.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => toggle.textContent!.trim() === 'Filters (1)', `"Filters (1)"`);
    // Open, the filters push the switch and the cards down rather than lie over them.
    const bottom = Math.max(
      ...['category-filter', 'date-filter', 'filter-reset', 'subscribe'].map(
        (name) => part(el, name)!.getBoundingClientRect().bottom,
      ),
    );
    expect(top(part(el, 'view-switch')!)).to.be.at.least(bottom);
    expect(await axeViolations(el)).to.deep.equal([]);
    // Escape from inside the open filters folds them and gives the focus back to "Filters".
    part(el, 'filter-reset')!.focus();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'false', 'closed by Escape');
    expect(barRoot.activeElement).to.equal(toggle);
    expect(shown(categories)).to.equal(false);
    await sendKeys({ press: 'Space' });
    await waitFor(() => shown(categories), 'open again by Space');
    await sendKeys({ press: 'Space' });
    await waitFor(() => !shown(categories), 'closed by Space');
  });

  it('1280 px: the bar as before, every control in one row and no "Filters"', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await list();
    expect(shown(part(el, 'filters-toggle'))).to.equal(false);
    const controls = ['search', 'category-filter', 'date-filter', 'filter-reset', 'subscribe'].map(
      (name) => part(el, name)!,
    );
    expect(controls.map(shown)).to.deep.equal(controls.map(() => true));
    expect(new Set(controls.map((c) => Math.round(top(c)))).size).to.equal(1);
  });
});
