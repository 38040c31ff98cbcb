/**
 * Never stuck (timeouts, pages beyond the last), and right across
 * the element's life (venue changes, moves and re-adds during a countdown).
 */
import { expect } from 'chai';
import {
  buyControl,
  card,
  cleanup,
  deepQueryAll,
  frozen,
  loaded,
  mount,
  NOW_MS,
  setServerClock,
  waitFor,
} from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import type { VenueEvent } from '../../widget/venue-event.js';
import type { VenueBuyButton } from '../../widget/venue-buy-button.js';

describe('requests time out', () => {
  afterEach(cleanup);

  for (const path of ['__stall', '__stall-body']) {
    it(`<venue-events>: ${path === '__stall' ? 'no answer' : 'headers, then a stalled body'} → the error state with retry`, async () => {
      const started = performance.now();
      const el = mount<VenueEvents>(
        `<venue-events venue="states" base-url="${location.origin}/${path}" timeout="300" locale="en"></venue-events>`,
      );
      const error = await waitFor(
        () => el.shadowRoot!.querySelector('[part="error"]'),
        'the error state',
        3000,
      );
      expect(performance.now() - started).to.be.lessThan(2000);
      expect(error.querySelector('button')!.textContent).to.equal('Try again');
      expect(el.shadowRoot!.querySelector('.skeleton')).to.equal(null);
    });
  }

  it('<venue-event>: the error state with retry', async () => {
    const el = mount<VenueEvent>(
      `<venue-event venue="states" event-id="1" base-url="${location.origin}/__stall" timeout="300" locale="en"></venue-event>`,
    );
    const error = await waitFor(
      () => el.shadowRoot!.querySelector('[part="error"]'),
      'the error state',
      3000,
    );
    expect(error.querySelector('button')!.textContent).to.equal('Try again');
  });

  it('<venue-buy-button> fetching by event-id: the error state with retry', async () => {
    const el = mount<VenueBuyButton>(
      `<venue-buy-button venue="states" event-id="1" base-url="${location.origin}/__stall" timeout="300" locale="en"></venue-buy-button>`,
    );
    const error = await waitFor(
      () => el.shadowRoot!.querySelector('[part="buy-status"][data-reason="error"]'),
      'the error state',
      3000,
    );
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.querySelector('button')!.textContent).to.equal('Try again');
  });

  it('an unusable timeout attribute means the default', async () => {
    const el = mount<VenueEvents>(
      '<venue-events venue="states" timeout="soon" locale="en"></venue-events>',
      (e) => (e.clock = frozen),
    );
    await loaded(el);
    expect(el.shadowRoot!.querySelectorAll('[part="card"]').length).to.equal(7);
  });

  it('the default is 10 s', () => {
    expect(document.createElement('venue-events').timeout).to.equal(10_000);
  });
});

describe('a start page beyond the last', () => {
  afterEach(cleanup);

  it('shows the last page, with its events and pagination', async () => {
    // Waits on the cause, the element's load of the last page, not on a time of its own.
    let lastPage!: Promise<unknown>;
    const el = mount<VenueEvents>(
      '<venue-events venue="many" page="9" locale="en"></venue-events>',
      (e) => {
        e.clock = frozen;
        lastPage = new Promise((resolve) =>
          e.addEventListener('venue-events-load', (event) => {
            if ((event as CustomEvent<{ page: number }>).detail.page === 2) resolve(undefined);
          }),
        );
      },
    );
    await lastPage;
    await el.updateComplete;
    expect(el.page).to.equal(2);
    expect(el.shadowRoot!.querySelectorAll('[part="card"]')).to.have.length(2);
    expect(el.getAttribute('page')).to.equal('2');
    expect(el.shadowRoot!.querySelector('[aria-current="page"]')!.textContent!.trim()).to.equal(
      '2',
    );
  });
});

describe('a start page that is not a page number', () => {
  afterEach(cleanup);

  for (const page of ['abc', '0', '-2', '2.5']) {
    it(`page="${page}" → page 1`, async () => {
      const el = mount<VenueEvents>(
        `<venue-events venue="many" page="${page}" locale="en"></venue-events>`,
        (e) => (e.clock = frozen),
      );
      await loaded(el);
      expect(el.page).to.equal(1);
      expect(el.shadowRoot!.querySelectorAll('[part="card"]').length).to.equal(12);
      expect(el.shadowRoot!.querySelector('[aria-current="page"]')!.textContent!.trim()).to.equal(
        '1',
      );
    });
  }
});

describe('changing venue or base-url starts again', () => {
  afterEach(cleanup);

  it('page 2 of one venue → another venue with one page: its page 1', async () => {
    const el = mount<VenueEvents>(
      '<venue-events venue="many" page="2" locale="en"></venue-events>',
      (e) => (e.clock = frozen),
    );
    await loaded(el);
    expect(el.shadowRoot!.querySelectorAll('[part="card"]').length).to.equal(2);
    el.venue = 'states';
    await waitFor(() => el.shadowRoot!.querySelectorAll('[part="card"]').length === 7, 'states');
    expect(el.page).to.equal(1);
    expect(el.shadowRoot!.querySelector('[part="pagination"]')).to.equal(null);
  });

  it('→ an unknown venue: the not-found state, nothing of the old venue', async () => {
    const el = mount<VenueEvents>(
      '<venue-events venue="states" locale="en"></venue-events>',
      (e) => (e.clock = frozen),
    );
    await loaded(el);
    el.venue = 'nowhere';
    const error = await waitFor(
      () => el.shadowRoot!.querySelector('[part~="not-found"]'),
      'the not-found state',
    );
    expect(error.textContent!.trim()).to.equal('No venue "nowhere" was found.');
    expect(deepQueryAll(el, '[part="card"], [part="buy-button"]')).to.have.length(0);
  });

  it('→ another base-url: page 1 from there', async () => {
    const el = mount<VenueEvents>(
      '<venue-events venue="many" page="2" locale="en"></venue-events>',
      (e) => (e.clock = frozen),
    );
    await loaded(el);
    el.baseUrl = `${location.origin}/__stall`;
    el.timeout = 300;
    await el.updateComplete;
    expect(deepQueryAll(el, '[part="card"]')).to.have.length(0);
    expect(el.page).to.equal(1);
  });
});

describe('a standalone <venue-buy-button> given another event or API', () => {
  afterEach(cleanup);

  it('shows nothing of the previous event while the next loads', async () => {
    const button = mount<VenueBuyButton>(
      '<venue-buy-button venue="states" event-id="1" locale="en"></venue-buy-button>',
      (b) => (b.clock = frozen),
    );
    await waitFor(() => button.shadowRoot!.querySelector('[part="buy-button"]'), 'the link');
    button.baseUrl = `${location.origin}/__stall`;
    button.timeout = 300;
    await button.updateComplete;
    expect(button.shadowRoot!.querySelector('[part="buy-button"]')).to.equal(null);
    await waitFor(
      () => button.shadowRoot!.querySelector('[data-reason="error"]'),
      'the error state',
    );
    button.baseUrl = undefined;
    button.eventId = '3';
    await waitFor(
      () => button.shadowRoot!.querySelector('[data-reason="manual"]'),
      "event 3's closed state",
    );
  });
});

/** A base URL for the real API that no earlier test has fetched (and the browser cached). */
const fresh = () => `${location.origin}/__via/${Math.random().toString(36).slice(2)}`;

/** A clock that runs from NOW (2 s before the `countdown` venue's closure) in real time. */
const running = () => {
  const started = Date.now();
  return () => NOW_MS + (Date.now() - started);
};

/** Moves `el` to a new parent (disconnect + connect). */
function move(el: Element): void {
  const parent = document.createElement('section');
  document.body.append(parent);
  parent.append(el);
}

describe('the countdown survives moves and re-adds', () => {
  beforeEach(() => setServerClock('2026-12-05T12:00:00Z'));
  afterEach(async () => {
    cleanup();
    await setServerClock('2026-12-05T12:00:00Z');
  });

  const expectClosedAtDeadline = async (root: Element) => {
    await waitFor(
      () => buyControl(root).status?.getAttribute('data-reason') === 'scheduled',
      'the flip to closed',
      4000,
    );
    expect(buyControl(root).link).to.equal(undefined);
  };

  it('a standalone <venue-buy-button> moved during its countdown flips at the deadline', async () => {
    const clock = running();
    const button = mount<VenueBuyButton>(
      `<venue-buy-button venue="countdown" event-id="300" base-url="${fresh()}" locale="en"></venue-buy-button>`,
      (b) => (b.clock = clock),
    );
    await waitFor(() => button.shadowRoot!.querySelector('[part="buy-button"]'), 'the open link');
    move(button);
    await expectClosedAtDeadline(button.parentElement!);
  });

  it('a standalone <venue-buy-button> removed, then re-added after the deadline, shows it passed', async () => {
    const clock = running();
    const button = mount<VenueBuyButton>(
      `<venue-buy-button venue="countdown" event-id="300" base-url="${fresh()}" locale="en"></venue-buy-button>`,
      (b) => (b.clock = clock),
    );
    await waitFor(() => button.shadowRoot!.querySelector('[part="buy-button"]'), 'the open link');
    const parent = button.parentElement!;
    button.remove();
    await new Promise((r) => setTimeout(r, 2200));
    parent.append(button);
    await expectClosedAtDeadline(parent);
  });

  it('<venue-events> moved during a countdown: its buy control flips at the deadline', async () => {
    const clock = running();
    const el = mount<VenueEvents>(
      `<venue-events venue="countdown" base-url="${fresh()}" locale="en"></venue-events>`,
      (e) => (e.clock = clock),
    );
    await loaded(el);
    move(el);
    await expectClosedAtDeadline(card(el, 'Last Call'));
  });

  it('<venue-events> removed and re-added: flips at the deadline', async () => {
    const clock = running();
    const el = mount<VenueEvents>(
      `<venue-events venue="countdown" base-url="${fresh()}" locale="en"></venue-events>`,
      (e) => (e.clock = clock),
    );
    await loaded(el);
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await expectClosedAtDeadline(card(el, 'Last Call'));
  });

  it('<venue-event> moved during a countdown: flips at the deadline', async () => {
    const clock = running();
    const el = mount<VenueEvent>(
      `<venue-event venue="countdown" event-id="300" base-url="${fresh()}" locale="en"></venue-event>`,
      (e) => (e.clock = clock),
    );
    await waitFor(() => el.shadowRoot!.querySelector('[part="card"] venue-buy-button'), 'card');
    move(el);
    await expectClosedAtDeadline(el.shadowRoot!.querySelector('[part="card"]')!);
  });
});
