/**
 * The one-line snippet (`GET /t/{slug}/venue-events.js`, docs/api.md §10.17): the built script
 * with the venue's first page in it. A page with only that tag and the element shows the first
 * cards without any API request, and the element then takes them over without one either.
 */
import { expect } from 'chai';
import { waitFor } from './helpers.js';

/** A page of its own (same origin, so the test can look in) holding `body`. */
async function page(body: string): Promise<Window> {
  const frame = document.createElement('iframe');
  frame.style.width = '900px';
  frame.style.height = '700px';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.srcdoc = `<!doctype html><html lang="en"><body>${body}</body></html>`;
  document.body.append(frame);
  await loaded;
  return frame.contentWindow!;
}

const apiRequests = (win: Window) =>
  win.performance
    .getEntriesByType('resource')
    .map((r) => r.name)
    .filter((name) => new URL(name).pathname.includes('/api/'));

describe('the one-line snippet', () => {
  after(() => document.body.replaceChildren());

  it('shows the first cards with no API request, and the element keeps them', async () => {
    const win = await page(
      `<script type="module" src="${location.origin}/t/many/venue-events.js"></script><venue-events venue="many" no-filters></venue-events>`,
    );
    const el = win.document.querySelector('venue-events')!;
    const first = await waitFor(
      () => el.shadowRoot?.querySelector('[part="card"] [part="title"]'),
      'the first card',
    );
    expect(first.textContent).to.equal('Gig 1');
    expect(apiRequests(win), 'API requests before the first card').to.deep.equal([]);
    await waitFor(() => win.customElements.get('venue-events'), 'the elements');
    await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    await waitFor(
      () => el.shadowRoot!.querySelectorAll('[part="card"] venue-buy-button').length === 12,
      "the element's cards",
    );
    expect(apiRequests(win), 'API requests once the element runs').to.deep.equal([]);
  });

  it('is served as a short-lived module readable from any origin', async () => {
    const res = await fetch('/t/many/venue-events.js');
    expect(res.headers.get('content-type')).to.match(/^text\/javascript/);
    expect(res.headers.get('access-control-allow-origin')).to.equal('*');
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control')!)![1]);
    expect(maxAge).to.be.within(1, 300);
    expect(res.headers.get('etag')).to.match(/^"/);
    expect((await fetch('/t/no-such-venue/venue-events.js')).status).to.equal(404);
  });
});
