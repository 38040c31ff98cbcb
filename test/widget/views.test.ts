import { expect } from 'chai';
import { axeViolations, card, cleanup, frozen, loaded, mount, waitFor } from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';

/** `<venue-events>` over the fixture venue `states` (clock at 5 Dec 2026), first page loaded. */
async function list(attrs: string) {
  const el = mount<VenueEvents>(`<venue-events venue="states" ${attrs}></venue-events>`, (e) => {
    e.clock = frozen;
  });
  if (el.getAttribute('view') !== 'calendar') await loaded(el);
  else {
    // The switch comes with the list's lazy parts, asked for once the page is idle after its
    // first paint (`loaded` waits for them in list view).
    await el.updateComplete;
    if (!el.hasAttribute('views'))
      await waitFor(() => el.shadowRoot!.querySelector('[part="view-switch"]'), 'the switch');
  }
  return el;
}

const viewSwitch = (el: VenueEvents) =>
  el.shadowRoot!.querySelector<HTMLElement>('[part="view-switch"]');
const button = (el: VenueEvents, label: string) =>
  [...viewSwitch(el)!.querySelectorAll('button')].find((b) => b.textContent!.trim() === label)!;
/** The month grid, once `<venue-calendar>` arrived and drew its days. */
const grid = (el: VenueEvents) =>
  waitFor(
    () =>
      el
        .shadowRoot!.querySelector('venue-calendar')
        ?.shadowRoot?.querySelector('[part="calendar"] td[data-date="2026-12-10"]'),
    'the month grid',
  );

describe('<venue-events> list and calendar views', () => {
  afterEach(() => {
    cleanup();
    history.replaceState(null, '', location.pathname);
  });

  it('the switch shows the month grid and back, the pressed button saying which', async () => {
    const el = await list('locale="en-GB"');
    expect(button(el, 'List').getAttribute('aria-pressed')).to.equal('true');
    button(el, 'Calendar').click();
    await grid(el);
    expect(el.getAttribute('view')).to.equal('calendar');
    expect(button(el, 'Calendar').getAttribute('aria-pressed')).to.equal('true');
    expect(el.shadowRoot!.querySelector('[part="list"]')).to.equal(null);
    button(el, 'List').click();
    await waitFor(() => el.shadowRoot!.querySelector('[part="list"]'), 'the list again');
    expect(el.shadowRoot!.querySelector('venue-calendar')).to.equal(null);
  });

  it('view="calendar" starts on the grid; views="calendar" hides the switch', async () => {
    const el = await list('view="calendar"');
    await grid(el);
    expect(viewSwitch(el)).to.not.equal(null);
    const fixed = await list('views="calendar" view="calendar"');
    await grid(fixed);
    expect(viewSwitch(fixed)).to.equal(null);
    const listOnly = await list('views="list" view="calendar"');
    expect(viewSwitch(listOnly)).to.equal(null);
    expect(listOnly.shadowRoot!.querySelector('venue-calendar')).to.equal(null);
  });

  it('German labels, no axe violations', async () => {
    const el = await list('locale="de"');
    expect(viewSwitch(el)!.getAttribute('aria-label')).to.equal('Ansicht');
    expect(button(el, 'Kalender')).to.not.equal(undefined);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('sync-url keeps the view in the page query, and a shared link opens it', async () => {
    const el = await list('sync-url');
    button(el, 'Calendar').click();
    await grid(el);
    expect(new URLSearchParams(location.search).get('ve-view')).to.equal('calendar');
    cleanup();
    const shared = mount<VenueEvents>(
      '<venue-events venue="states" sync-url></venue-events>',
      (e) => {
        e.clock = frozen;
      },
    );
    await grid(shared);
    expect(shared.getAttribute('view')).to.equal('calendar');
  });

  // A React or Vue prop change sets them after the first render: read once, they were ignored.
  it('views, layout and sync-url changed after the first render: the list redraws', async () => {
    const el = await list('locale="en-GB"');
    expect(viewSwitch(el)).to.not.equal(null);
    el.setAttribute('views', 'list');
    await el.updateComplete;
    expect(viewSwitch(el), 'views="list" set later').to.equal(null);
    expect(el.views).to.equal('list');
    el.views = undefined;
    await el.updateComplete;
    expect(viewSwitch(el), 'views removed').to.not.equal(null);
    el.views = 'calendar';
    await el.updateComplete;
    expect(el.getAttribute('views'), 'reflected').to.equal('calendar');
    expect(el.getAttribute('view')).to.equal('calendar');
    expect(viewSwitch(el)).to.equal(null);
    await grid(el);
    el.views = 'list';
    await waitFor(() => el.shadowRoot!.querySelector('[part="list"]'), 'the list again');
    expect(el.shadowRoot!.querySelector('venue-calendar')).to.equal(null);

    // The compact layout is the list's styles of the reflected attribute: one line, no meta row.
    const meta = () => card(el, 'Open Show').querySelector('.meta')!;
    expect(meta().checkVisibility()).to.equal(true);
    el.layout = 'compact';
    await el.updateComplete;
    expect(el.getAttribute('layout')).to.equal('compact');
    expect(meta().checkVisibility(), 'compact').to.equal(false);
    el.setAttribute('layout', 'cards');
    await el.updateComplete;
    expect(el.layout).to.equal('cards');
    expect(meta().checkVisibility(), 'cards again').to.equal(true);

    el.syncUrl = true;
    await el.updateComplete;
    expect(el.hasAttribute('sync-url')).to.equal(true);
    el.views = undefined;
    await waitFor(() => viewSwitch(el), 'the switch');
    button(el, 'Calendar').click();
    await grid(el);
    expect(new URLSearchParams(location.search).get('ve-view')).to.equal('calendar');
  });
});
