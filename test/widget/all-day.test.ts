/**
 * All-day dates (issue 48, docs/api.md §10.22) on the widget's cards: a date with `all_day` says
 * "All day" in place of its time (never the `12:00 AM` its `event_time` of `00:00:00` would read
 * as), a span its first and last days; the element's card and the markup the first paint and
 * `widget.html` write (`widget/markup.ts`) say the same. The body is the real app's page 1 of
 * `many` with the members added as the server sends them (served at `/__wire`).
 */
import { expect } from 'chai';
import { card as drawnCard } from '../../widget/markup.js';
import { en } from '../../widget/i18n/en.js';
import type { EventResource } from '../../shared/contract.js';
import {
  apiBody,
  card,
  cleanup,
  frozen,
  loaded,
  mount,
  serveWire,
  visibleText,
} from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Page 1 of `many`, Gig 1 (Sun 6 Dec) all-day, Gig 2 (Mon 7 Dec) all-day until Thu 10 Dec. */
async function allDayBody(): Promise<{ data: Json[] }> {
  const body = await apiBody<{ data: Json[] }>('/t/many/api/events?page=1');
  const a = (i: number) => body.data[i]!.attributes;
  Object.assign(a(0), { event_time: '00:00:00', all_day: true });
  Object.assign(a(1), { event_time: '00:00:00', all_day: true, end_date: '2026-12-10' });
  return body;
}

async function allDayList(slug: string, locale: string) {
  const base = await serveWire(`/t/${slug}/api/events?page=1`, await allDayBody());
  const el = mount<VenueEvents>(
    `<venue-events venue="${slug}" base-url="${base}" locale="${locale}"></venue-events>`,
    (e) => (e.clock = frozen),
  );
  await loaded(el);
  return el;
}

const dateText = (cardEl: Element) =>
  cardEl.querySelector('[part="date"]')!.textContent!.replace(/\s+/g, ' ').trim();

describe('all-day dates on the cards', () => {
  afterEach(cleanup);

  it('say "All day", never 12:00 AM, and a span its first and last days', async () => {
    const el = await allDayList('all-day-en', 'en');
    const day = card(el, 'Gig 1');
    expect(dateText(day)).to.equal('Sun, Dec 6, 2026, All day');
    expect(day.querySelector('[part="date"] time')!.getAttribute('datetime')).to.equal(
      '2026-12-06',
    );
    expect(day.querySelectorAll('[part="date"] time')).to.have.length(1);
    expect(dateText(card(el, 'Gig 2'))).to.equal('Mon, Dec 7 – Thu, Dec 10, 2026, All day');
    const text = visibleText(el);
    expect(text).not.to.contain('12:00 AM');
    // A timed night is as it was.
    expect(dateText(card(el, 'Gig 3'))).to.match(/^Tue, Dec 8, 2026, \d+:\d\d [AP]M$/);
  });

  it('in German: "Ganztägig"', async () => {
    const el = await allDayList('all-day-de', 'de');
    expect(dateText(card(el, 'Gig 1'))).to.equal('So., 6. Dez. 2026, Ganztägig');
    expect(visibleText(el)).not.to.contain('00:00');
  });

  it("the first paint's markup says what the element's card says", async () => {
    const el = await allDayList('all-day-markup', 'en');
    const body = await allDayBody();
    const host = document.createElement('div');
    const i18n = { t: en, locale: 'en', contentLang: undefined };
    const options = {
      venue: 'many',
      base: location.origin,
      level: 2 as const,
      i18n,
      now: frozen(),
    };
    const shared = { share: false, filterBar: false, viewSwitch: false };
    for (const [i, title] of [
      [0, 'Gig 1'],
      [1, 'Gig 2'],
    ] as const) {
      host.innerHTML = drawnCard(body.data[i] as EventResource, { ...options, ...shared });
      expect(dateText(host), title).to.equal(dateText(card(el, title)));
    }
  });
});
