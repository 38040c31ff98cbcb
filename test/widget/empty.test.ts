/**
 * A venue with no events, and a start page beyond the last, through the script as on a site: the
 * first paint fetches the page and leaves it to the element (it draws no empty state), which takes
 * it over before the list's lazy parts have loaded. The state shows with no page error (the
 * page-error check of every widget test, test/widget/page-errors.ts, asserts that part).
 */
import { expect } from 'chai';
import type { VenueEvents } from '../../widget/venue-events.js';

const byId = (id: string) => document.getElementById(id) as VenueEvents;

describe('no events to show, through the first paint', () => {
  before(async () => {
    document.body.innerHTML = [
      '<venue-events id="empty" venue="empty" locale="en"></venue-events>',
      '<venue-events id="empty-beyond" venue="empty" page="3" locale="en"></venue-events>',
      '<venue-events id="beyond" venue="many" page="99" locale="en"></venue-events>',
    ].join('');
    await import('../../widget/script.js');
  });
  after(() => document.body.replaceChildren());

  it('an empty venue: "No upcoming events"', async () => {
    const { waitFor } = await import('./helpers.js');
    for (const id of ['empty', 'empty-beyond']) {
      const empty = await waitFor(
        () => byId(id).shadowRoot?.querySelector('[part="empty"]'),
        `${id}: the empty state`,
      );
      expect(empty.textContent, id).to.equal('No upcoming events');
      expect(byId(id).shadowRoot!.querySelector('.skeleton'), id).to.equal(null);
    }
  });

  it('a start page beyond the last: the last page', async () => {
    const { waitFor } = await import('./helpers.js');
    const el = byId('beyond');
    await waitFor(() => el.shadowRoot?.querySelector('[part="card"]'), 'the last page');
    const last = (
      (await (await fetch('/t/many/api/events?page=1')).json()) as {
        meta: { last_page: number };
      }
    ).meta.last_page;
    expect(el.page).to.equal(last);
    expect(el.shadowRoot!.querySelector('[part="empty"]')).to.equal(null);
  });
});
