import { expect } from 'chai';
import { cleanup, deepQueryAll, frozen, loaded, mount, waitFor } from './helpers.js';
import { injectedHandlersSettled } from '../support/injected-handlers.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import type { VenueEvent } from '../../widget/venue-event.js';

const pwned = () => (window as unknown as { __pwned?: number }).__pwned;

/** No element anywhere in `root` carries a javascript:/data: URL or an inline event handler. */
function assertInert(root: Element) {
  for (const el of deepQueryAll(root, '*')) {
    for (const attr of el.getAttributeNames()) {
      expect(attr.startsWith('on'), `${el.tagName} has ${attr}`).to.equal(false);
      const value = el.getAttribute(attr) ?? '';
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attr)) {
        expect(value.trim().toLowerCase(), `${el.tagName} ${attr}`).to.not.match(
          /^(javascript|data|vbscript):/,
        );
      }
    }
  }
  expect(deepQueryAll(root, 'iframe, svg, math, object, embed, form').length).to.equal(0);
  // The only script is the element's JSON-LD block: a data block, never executed.
  for (const script of deepQueryAll(root, 'script')) {
    expect(script.parentElement, 'a light-DOM child of the element').to.equal(root);
    expect(script.getAttribute('type')).to.equal('application/ld+json');
  }
}

describe('hostile content never executes (titles, messages, locations, image paths, descriptions)', () => {
  afterEach(cleanup);

  it('in the list', async () => {
    const el = mount<VenueEvents>(
      '<venue-events venue="hostile" locale="en"></venue-events>',
      (e) => (e.clock = frozen),
    );
    await loaded(el);
    await injectedHandlersSettled();
    expect(pwned()).to.equal(undefined);
    assertInert(el);
    // Text stays text: the payloads are shown literally, not parsed.
    const title = deepQueryAll(el, '[part="title"]')[0]!;
    expect(title.textContent).to.contain('<script>');
    expect(deepQueryAll(el, '[part="buy-message"]')[0]!.textContent).to.contain('<img');
    expect(deepQueryAll(el, '[part="image"]').length).to.equal(0);
  });

  it('in the full, sanitised description of <venue-event>', async () => {
    const el = mount<VenueEvent>(
      '<venue-event venue="hostile" event-id="200" locale="en"></venue-event>',
      (e) => (e.clock = frozen),
    );
    const description = await waitFor(
      () => el.shadowRoot!.querySelector('[part="description"]'),
      'the description',
    );
    await injectedHandlersSettled();
    expect(pwned()).to.equal(undefined);
    assertInert(el);
    // Harmless markup survives; the link without a safe URL lost its href.
    expect(description.textContent).to.contain('click');
    expect(description.querySelector('p')!.textContent).to.equal('text');
  });

  it('and the buy link never points anywhere but the event page', async () => {
    const el = mount<VenueEvents>(
      '<venue-events venue="hostile" locale="en"></venue-events>',
      (e) => (e.clock = frozen),
    );
    await loaded(el);
    // The filter bar's "Subscribe" links (webcal:) are the venue feed's, built from the page's
    // venue attribute, not from the API's data.
    for (const a of deepQueryAll(el, 'a:not([part="subscribe"] a)')) {
      expect((a as HTMLAnchorElement).protocol).to.match(/^https?:$/);
    }
  });
});

describe('<venue-event>', () => {
  afterEach(cleanup);

  it('renders one event in full with its HTML description', async () => {
    const el = mount<VenueEvent>(
      '<venue-event venue="states" event-id="1" locale="en"></venue-event>',
      (e) => (e.clock = frozen),
    );
    const description = await waitFor(
      () => el.shadowRoot!.querySelector('[part="description"]'),
      'the description',
    );
    expect(description.querySelector('strong')!.textContent).to.equal('Doors 7pm.');
    expect(el.shadowRoot!.querySelector('h2[part="title"]')!.textContent).to.equal('Open Show');
  });
});
