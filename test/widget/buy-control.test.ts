import { expect } from 'chai';
import {
  buyControl,
  card,
  cleanup,
  frozen,
  loaded,
  mount,
  NOW_MS,
  setServerClock,
  waitFor,
} from './helpers.js';
import type { EventResource } from '../../shared/contract.js';
import type { VenueEvents } from '../../widget/venue-events.js';

const list = async (venue: string) => {
  const el = mount<VenueEvents>(
    `<venue-events venue="${venue}" locale="en-GB"></venue-events>`,
    (e) => {
      e.clock = frozen;
    },
  );
  await loaded(el);
  return el;
};

describe('buy control, one per ticket-office state (docs/api.md §2.4)', () => {
  afterEach(cleanup);

  it('open → a "Buy tickets" link to the event page', async () => {
    const { link, status } = buyControl(card(await list('states'), 'Open Show'));
    expect(link!.textContent!.trim()).to.equal('Buy tickets');
    expect(link!.href).to.equal(`${location.origin}/t/states/events/event-1`);
    expect(link!.getAttribute('aria-label')).to.equal('Buy tickets for Open Show');
    expect(status).to.equal(undefined);
  });

  it('open with a pending closure → the link and "Sales close in 2 hours"', async () => {
    const { link, status } = buyControl(card(await list('states'), 'Closing Soon'));
    expect(link).to.not.equal(undefined);
    expect(status!.textContent!.trim()).to.equal('Sales close in 2 hours');
  });

  it('closed by hand → no link, the reason and the venue message as text', async () => {
    const { link, status, message } = buyControl(card(await list('states'), 'Closed By Hand'));
    expect(link).to.equal(undefined);
    expect(status!.textContent!.trim()).to.equal('Online sales closed');
    expect(status!.getAttribute('data-reason')).to.equal('manual');
    expect(message!.textContent).to.equal('Tickets on the door from 7pm.');
  });

  it('scheduled closure fired → closed with the venue message', async () => {
    const { link, status, message } = buyControl(card(await list('states'), 'Closure Fired'));
    expect(link).to.equal(undefined);
    expect(status!.getAttribute('data-reason')).to.equal('scheduled');
    expect(status!.textContent!.trim()).to.equal('Online sales have ended');
    expect(message!.textContent).to.equal('Online sales ended at 9.');
  });

  it('cancelled → closed, and the card says Cancelled with the reason', async () => {
    const el = card(await list('states'), 'Called Off');
    const { link, status } = buyControl(el);
    expect(link).to.equal(undefined);
    expect(status!.getAttribute('data-reason')).to.equal('cancelled');
    expect(
      el.querySelector('[part="cancelled"]')!.textContent!.replace(/\s+/g, ' ').trim(),
    ).to.equal('Cancelled — The band is ill.');
  });

  it('not ticketed → "Not sold online"', async () => {
    const { link, status } = buyControl(card(await list('states'), 'Free Entry'));
    expect(link).to.equal(undefined);
    expect(status!.textContent!.trim()).to.equal('Not sold online');
  });

  it('event ended → "This event has ended" (<venue-buy-button> alone, by event-id)', async () => {
    const button = mount<HTMLElement & { clock: () => number }>(
      '<venue-buy-button venue="states" event-id="8" locale="en"></venue-buy-button>',
      (b) => (b.clock = frozen),
    );
    const status = await waitFor(
      () => button.shadowRoot!.querySelector('[part="buy-status"]'),
      'status',
    );
    expect(status.getAttribute('data-reason')).to.equal('event_ended');
    expect(status.textContent!.trim()).to.equal('This event has ended');
  });

  it('venue-events-buy is cancelable: a site builder opens its own checkout', async () => {
    const el = await list('states');
    let detail: { url: string } | undefined;
    el.addEventListener('venue-events-buy', (e) => {
      detail = (e as CustomEvent).detail;
      e.preventDefault();
    });
    const { link } = buyControl(card(el, 'Open Show'));
    const before = location.href;
    link!.click();
    expect(detail!.url).to.equal(link!.href);
    expect(location.href).to.equal(before);
  });
});

describe('earlier shape (no ticket_office): derived as docs/decisions.md says', () => {
  afterEach(cleanup);
  const reasonOf = (el: Element, title: string) =>
    buyControl(card(el, title)).status?.getAttribute('data-reason');

  it('cancelled, not ticketed and open are derived; closures are not known', async () => {
    const el = await list('earlier');
    expect(reasonOf(el, 'Called Off')).to.equal('cancelled');
    expect(reasonOf(el, 'Free Entry')).to.equal('not_ticketed');
    expect(buyControl(card(el, 'Open Show')).link).to.not.equal(undefined);
    // Without ticket_office a manual closure is invisible: the earlier shape sells it.
    expect(buyControl(card(el, 'Closed By Hand')).link).to.not.equal(undefined);
  });

  it('a past event is ended', async () => {
    const button = mount<HTMLElement & { clock: () => number }>(
      '<venue-buy-button venue="earlier" event-id="1008"></venue-buy-button>',
      (b) => (b.clock = frozen),
    );
    const status = await waitFor(
      () => button.shadowRoot!.querySelector('[part="buy-status"]'),
      'status',
    );
    expect(status.getAttribute('data-reason')).to.equal('event_ended');
  });
});

describe('countdown', () => {
  afterEach(async () => {
    cleanup();
    await setServerClock('2026-12-05T12:00:00Z');
  });

  it('updates live and flips to closed at the deadline, then refetches', async () => {
    await setServerClock('2026-12-05T12:00:00Z');
    const started = Date.now();
    let loads = 0;
    const el = mount<VenueEvents>(
      '<venue-events venue="countdown" locale="en"></venue-events>',
      (e) => {
        e.clock = () => NOW_MS + (Date.now() - started); // venue time runs from 12:00:00, 2 s before the deadline
        e.addEventListener('venue-events-load', () => loads++);
      },
    );
    await loaded(el);
    const cardEl = card(el, 'Last Call');
    expect(buyControl(cardEl).status!.textContent).to.match(/Sales close in [12] seconds?/);
    await setServerClock('2026-12-05T12:00:05Z'); // the server passes the deadline too
    const closed = await waitFor(
      () => buyControl(card(el, 'Last Call')).status?.getAttribute('data-reason') === 'scheduled',
      'the flip to closed',
    );
    expect(closed).to.equal(true);
    expect(buyControl(card(el, 'Last Call')).link).to.equal(undefined);
    await waitFor(() => loads >= 2, 'the refetch');
    const ticketOffice = (
      el.shadowRoot!.querySelector('venue-buy-button') as HTMLElement & {
        event: { attributes: { ticket_office: { status: string } } };
      }
    ).event.attributes.ticket_office;
    expect(ticketOffice.status).to.equal('closed');
  });

  it('a standalone <venue-buy-button> flips at the deadline and refetches its event', async () => {
    await setServerClock('2026-12-05T12:00:00Z');
    const started = Date.now();
    const offices: string[] = [];
    const button = mount<HTMLElement & { clock: () => number }>(
      '<venue-buy-button venue="countdown" event-id="300" locale="en"></venue-buy-button>',
      (b) => {
        b.clock = () => NOW_MS + (Date.now() - started);
        b.addEventListener('venue-events-event-load', (e) => {
          const { attributes } = (e as CustomEvent<{ event: EventResource }>).detail.event;
          offices.push('ticket_office' in attributes ? attributes.ticket_office.status : '');
        });
      },
    );
    await waitFor(() => button.shadowRoot!.querySelector('[part="buy-button"]'), 'the open link');
    const requests = performance.getEntriesByType('resource').length;
    await setServerClock('2026-12-05T12:00:05Z');
    await waitFor(
      () =>
        button.shadowRoot!.querySelector('[part="buy-status"]')?.getAttribute('data-reason') ===
        'scheduled',
      'the flip to closed',
    );
    // The refetch went to the server (not the HTTP cache) and it confirmed the closure.
    await waitFor(
      () =>
        performance
          .getEntriesByType('resource')
          .slice(requests)
          .some((e) => e.name.endsWith('/t/countdown/api/events/300')),
      'the refetch',
    );
    await waitFor(() => offices.length === 2, "the server's answer");
    expect(offices).to.deep.equal(['open', 'closed']);
  });
});
