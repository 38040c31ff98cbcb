/**
 * The list's lazily loaded modules (docs/architecture.md "The widget"): once its first page is on
 * screen, the filter bar's module is asked for beside the list's controls, not a round trip after
 * them; and the bar the controls draw is the list's, with its venue's categories.
 */
import { expect } from 'chai';
import { barPart, cleanup, frozen, loaded, mount, waitFor } from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';

/** Every resource the page fetches from now on (an observer misses none, a full buffer would). */
function watchResources(): PerformanceResourceTiming[] {
  const seen: PerformanceResourceTiming[] = [];
  new PerformanceObserver((list) => {
    seen.push(...(list.getEntries() as PerformanceResourceTiming[]));
  }).observe({ type: 'resource' });
  return seen;
}

describe('<venue-events> lazy modules', () => {
  afterEach(cleanup);

  it('asks for the filter bar beside the list’s controls, then draws the bar with the venue’s categories', async () => {
    const seen = watchResources();
    const el = mount<VenueEvents>('<venue-events venue="find" locale="en"></venue-events>', (e) => {
      e.clock = frozen;
    });
    await loaded(el);
    const entry = (module: RegExp) => seen.find((e) => module.test(new URL(e.name).pathname));
    // The controls' own styles module: asked for only once the controls' module has arrived and
    // been read, so whatever is asked for beside the controls starts before it, cached or not.
    const [styles, bar] = await waitFor(() => {
      const both = [
        entry(/\/list-controls\.styles\.[jt]s$/),
        entry(/\/venue-events-filters\.[jt]s$/),
      ];
      return both.every(Boolean) && both;
    }, 'both modules fetched');
    expect(bar!.startTime).to.be.at.most(styles!.startTime);
    const select = await waitFor(
      () => barPart<HTMLSelectElement>(el, 'category-filter'),
      'the category select',
    );
    expect([...select.options].map((o) => o.value)).to.include('Rock');
  });
});
