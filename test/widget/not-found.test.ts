/**
 * A mistyped venue or a missing event (the API's 404, readable across origins because every error
 * under `/t/` carries the CORS headers, docs/api.md §10.3): the elements say what was not found,
 * naming the venue, and offer no "Try again", which cannot help. The elements are on the page
 * before the script, as on a site: the script's first paint and its requests come first, the
 * elements take over (widget/script.ts). The API is on another origin than the page.
 */
import { expect } from 'chai';

/** The API on another origin than the page: `localhost` ↔ `127.0.0.1`, same port. */
const api = `${location.protocol}//${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;

const byId = (id: string) => document.getElementById(id)!;

/** The text of `el`'s state once it shows `selector` in its shadow root. */
async function stateOf(id: string, selector: string): Promise<Element> {
  const { waitFor } = await import('./helpers.js');
  return waitFor(() => byId(id).shadowRoot?.querySelector(selector), `${id}: ${selector}`);
}

const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();

describe('not found', () => {
  before(async () => {
    const list = (id: string, attrs: string) =>
      `<venue-events id="${id}" ${attrs} base-url="${api}"></venue-events>`;
    document.body.innerHTML = [
      list('en', 'venue="nigth-owl" locale="en"'),
      list('de', 'venue="nigth-owl" locale="de"'),
      list('fr', 'venue="nigth-owl" locale="fr"'),
      // A network failure (no answer in time): asking again can help.
      `<venue-events id="stalled" venue="states" base-url="${api}/__stall" timeout="300" locale="en"></venue-events>`,
      `<venue-event id="event" venue="states" event-id="424242" base-url="${api}" locale="en"></venue-event>`,
      `<venue-buy-button id="button" venue="states" event-id="424242" base-url="${api}" locale="en"></venue-buy-button>`,
      `<venue-event id="event-fr" venue="states" event-id="424242" base-url="${api}" locale="fr"></venue-event>`,
    ].join('');
    await import('../../widget/script.js');
  });
  after(() => document.body.replaceChildren());

  it('a mistyped venue: "No venue … was found", naming it, with no retry', async () => {
    const error = await stateOf('en', '[part~="not-found"]');
    expect(text(error)).to.equal('No venue "nigth-owl" was found.');
    expect(error.getAttribute('part')).to.equal('error not-found');
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.querySelector('button')).to.equal(null);
    expect(byId('en').shadowRoot!.querySelector('.skeleton'), 'the skeleton is gone').to.equal(
      null,
    );
  });

  it('in German and French', async () => {
    expect(text(await stateOf('de', '[part~="not-found"]'))).to.equal(
      'Kein Veranstaltungsort „nigth-owl“ gefunden.',
    );
    expect(text(await stateOf('fr', '[part~="not-found"]'))).to.equal(
      'Aucun lieu « nigth-owl » n’a été trouvé.',
    );
  });

  it('a request that fails for another reason still offers "Try again"', async () => {
    const error = await stateOf('stalled', '[part~="error"]');
    expect(error.getAttribute('part')).to.equal('error');
    expect(text(error)).to.equal('Events could not be loaded. Try again');
    expect(error.querySelector('button')!.textContent).to.equal('Try again');
  });

  it('<venue-event> with an event-id the venue does not have: "This event was not found", no retry', async () => {
    const error = await stateOf('event', '[part~="not-found"]');
    expect(text(error)).to.equal('This event was not found.');
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.querySelector('button')).to.equal(null);
    expect(text(await stateOf('event-fr', '[part~="not-found"]'))).to.equal(
      'Cet événement est introuvable.',
    );
  });

  it('<venue-buy-button> with that event-id: the same, as its status', async () => {
    const status = await stateOf('button', '[part="buy-status"][data-reason="not-found"]');
    expect(text(status)).to.equal('This event was not found.');
    expect(status.getAttribute('role')).to.equal('alert');
    expect(status.querySelector('button')).to.equal(null);
  });
});
