/**
 * The card's menu beyond "Add to calendar": "Directions" to the event's place (docs/api.md
 * §10.25: the venue's point, a tour's current stop's own), opening in a new tab; "Remind me" on a
 * card whose sales open later (§10.23: the server's reminder file and its Google Calendar link);
 * neither where it does not apply, and a directions link that is not https is never an `href`.
 */
import { expect } from 'chai';
import { apiBody, card, cleanup, frozen, loaded, mount, serveWire, waitFor } from './helpers.js';
import type { VenueEvent } from '../../widget/venue-event.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import { AWAY_DIRECTIONS, ON_SALE_AT, WAYFINDING_DIRECTIONS } from '../fixtures/widget-venues.js';

const list = async (venue: string, locale = 'en-GB', base?: string) => {
  const el = mount<VenueEvents>(
    `<venue-events venue="${venue}" locale="${locale}"${base ? ` base-url="${base}"` : ''}></venue-events>`,
    (e) => (e.clock = frozen),
  );
  await loaded(el);
  return el;
};

/** The menu's options of the card titled `title` (else the element's one), once it has loaded. */
async function options(root: Element, title?: string) {
  const menu = await waitFor(
    () =>
      (title ? card(root, title) : root.shadowRoot!).querySelector<HTMLDetailsElement>(
        '[part="calendar-menu"]',
      ),
    'the menu',
  );
  return [...menu.querySelectorAll<HTMLAnchorElement>('[part="calendar-option"]')];
}
const named = (links: HTMLAnchorElement[], text: string) =>
  links.filter((a) => a.textContent!.trim() === text);
const eventPage = (venue: string, slug: string) => `${location.origin}/t/${venue}/events/${slug}`;

describe('Directions in the card’s menu (docs/api.md §10.25)', () => {
  afterEach(cleanup);

  it('to the venue’s point, and a tour’s current stop’s own, in a new tab', async () => {
    const el = await list('wayfinding');
    const [home] = named(await options(el, 'Find Us'), 'Directions');
    expect(home!.href).to.equal(WAYFINDING_DIRECTIONS);
    expect([home!.target, home!.rel]).to.deep.equal(['_blank', 'noopener']);
    const [away] = named(await options(el, 'Away Tour'), 'Directions');
    expect(away!.href).to.equal(AWAY_DIRECTIONS);
  });

  it('in the visitor’s language, and in the single event’s card too', async () => {
    const el = mount<VenueEvent>(
      '<venue-event venue="wayfinding" event-id="1700" locale="de"></venue-event>',
      (e) => (e.clock = frozen),
    );
    const [link] = named(await options(el), 'Anfahrt');
    expect(link!.href).to.equal(WAYFINDING_DIRECTIONS);
  });

  it('none without an address or a point; one that is not https is dropped', async () => {
    const plain = await list('box-office');
    expect(named(await options(plain, 'Full House'), 'Directions')).to.have.length(0);
    const body = await apiBody<{ data: { attributes: Record<string, unknown> }[] }>(
      '/t/wayfinding/api/events?page=1',
    );
    for (const event of body.data) event.attributes.directions_url = 'javascript:window.__way=1';
    const base = await serveWire('/t/wayfinding-hostile/api/events?page=1', body);
    const hostile = await list('wayfinding-hostile', 'en-GB', base);
    expect(named(await options(hostile, 'Find Us'), 'Directions')).to.have.length(0);
  });
});

describe('Remind me in the card’s menu (docs/api.md §10.23)', () => {
  afterEach(cleanup);

  it('on a card whose sales open later: the reminder file and its Google Calendar link', async () => {
    const el = await list('box-office');
    const links = await options(el, 'Coming Soon');
    const page = eventPage('box-office', 'event-1503');
    const [file] = named(links, 'Remind me');
    expect(file!.href).to.equal(`${page}/reminder.ics?locale=en-GB`);
    const ics = await (await fetch(file!.href)).text();
    expect(ics).to.contain('BEGIN:VALARM');
    expect(ics).to.contain(`DTSTART:${ON_SALE_AT.replace(/[-:]/g, '').slice(0, 15)}Z`);
    // Google Calendar through the server's redirect, which writes the title on the venue's clock.
    const [google] = named(links, 'Remind me: Google Calendar');
    expect(google!.href).to.equal(`${page}/reminder/google?locale=en-GB`);
    const res = await fetch(google!.href, { redirect: 'manual' });
    expect(res.type).to.equal('opaqueredirect');
    expect([google!.target, google!.rel]).to.deep.equal(['_blank', 'noopener']);
  });

  it('in German, the file in German; not on a card already on sale', async () => {
    const el = await list('box-office', 'de');
    const [file] = named(await options(el, 'Coming Soon'), 'Erinnern');
    expect(file!.href).to.equal(`${eventPage('box-office', 'event-1503')}/reminder.ics?locale=de`);
    const open = await list('wayfinding');
    expect(named(await options(open, 'Find Us'), 'Remind me')).to.have.length(0);
  });
});
