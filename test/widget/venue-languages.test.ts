/**
 * The venue's own words in the widget's language (issue 50, docs/api.md §10.24, docs/decisions.md
 * "The venue's words in the widget's language"): the element asks the API for its language's
 * translation (`locale`), falls back to the venue's own text, and marks text that is not in its
 * language with `lang` (WCAG 3.1.2). The `polyglot` venue writes in English and translates its
 * first night into German, French and Arabic.
 */
import { expect } from 'chai';
import {
  card,
  cleanup,
  deepQueryAll,
  fetchesDuring,
  frozen,
  listRequests,
  loaded,
  mount,
  visibleText,
  waitFor,
} from './helpers.js';
import '../../widget/venue-calendar.js';
import type { VenueEvents } from '../../widget/venue-events.js';

const titles = (el: Element) =>
  deepQueryAll(el, '[part="title"]').map((t) => t.textContent?.trim() ?? '');

/** A list of `polyglot` in `attributes` (a `locale`, a `lang` around it); its list requests. */
async function list(attributes: string, around = '') {
  let el!: VenueEvents;
  const requests = await listRequests(async () => {
    const markup = `<venue-events venue="polyglot" ${attributes}></venue-events>`;
    const host = mount<HTMLElement>(around ? `<div lang="${around}">${markup}</div>` : markup);
    el = (around ? host.firstElementChild : host) as VenueEvents;
    el.clock = frozen;
    await loaded(el);
  });
  return { el, requests };
}

describe("the venue's words in the widget's language (docs/api.md §10.24)", () => {
  afterEach(cleanup);

  it('asks in German and shows the German title, the untranslated night as written', async () => {
    const { el, requests } = await list('locale="de"');
    expect(requests.every((url) => new URL(url).searchParams.get('locale') === 'de')).to.equal(
      true,
      requests.join(' '),
    );
    expect(titles(el)).to.deep.equal(['Später Jazz', 'Open Mic']);
    expect(card(el, 'Später Jazz').querySelector('[part="location"]')!.textContent).to.equal(
      'Keller',
    );
  });

  it("marks each card's text with its language, read in its own direction (WCAG 3.1.2)", async () => {
    const { el } = await list('locale="de"');
    const german = card(el, 'Später Jazz').querySelector('[part="title"]')!;
    const english = card(el, 'Open Mic').querySelector('[part="title"]')!;
    // In the widget's own language: no mark of its own (the widget's root says `de`).
    expect([german.getAttribute('lang'), german.getAttribute('dir')]).to.deep.equal([null, null]);
    expect(german.closest('[lang]')!.getAttribute('lang')).to.equal('de');
    expect([english.getAttribute('lang'), english.getAttribute('dir')]).to.deep.equal([
      'en',
      'auto',
    ]);
    expect(
      card(el, 'Open Mic').querySelector('[part="title"]')!.closest('[lang]')!.getAttribute('lang'),
    ).to.equal('en');

    // An Arabic widget lays out right to left; the English night's title still reads left to right.
    const arabic = (await list('locale="ar"')).el;
    const rtl = card(arabic, 'جاز متأخر').querySelector('[part="title"]')!;
    const ltr = card(arabic, 'Open Mic').querySelector('[part="title"]')!;
    expect(rtl.closest('[lang]')!.getAttribute('lang')).to.equal('ar');
    expect(getComputedStyle(rtl).direction).to.equal('rtl');
    expect(ltr.getAttribute('lang')).to.equal('en');
    expect(getComputedStyle(ltr).direction).to.equal('ltr');
  });

  it('marks the texts a translation leaves out with the venue’s own language (WCAG 3.1.2)', async () => {
    // French gives "Late Jazz" its title alone: its place and description stay the venue's English.
    const jazz = card((await list('locale="fr"')).el, 'Jazz tardif');
    const marks = (part: string) => {
      const node = jazz.querySelector(`[part="${part}"]`)!;
      return [node.textContent!.trim(), node.getAttribute('lang'), node.getAttribute('dir')];
    };
    expect(marks('title')).to.deep.equal(['Jazz tardif', null, null]);
    expect(jazz.querySelector('[part="title"]')!.closest('[lang]')!.getAttribute('lang')).to.equal(
      'fr',
    );
    expect(marks('location')).to.deep.equal(['Cellar', 'en', 'auto']);
    expect(marks('excerpt')).to.deep.equal(['Three sets.', 'en', 'auto']);
  });

  it('a German element on an English page leaves the German text in German (WCAG 3.1.2)', async () => {
    const { el } = await list('locale="de"', 'en');
    const jazz = card(el, 'Später Jazz');
    for (const part of ['title', 'location', 'excerpt'])
      expect(
        jazz.querySelector(`[part="${part}"]`)!.closest('[lang]')!.getAttribute('lang'),
      ).to.equal('de', part);
    // The English night is the venue's own, marked as such.
    expect(card(el, 'Open Mic').querySelector('[part="title"]')!.getAttribute('lang')).to.equal(
      'en',
    );
  });

  it('marks a stop’s place by its own translation, not the event’s (WCAG 3.1.2)', async () => {
    const el = mount<VenueEvents>(
      '<venue-events venue="tour-languages" locale="de"></venue-events>',
    );
    el.clock = frozen;
    await loaded(el);
    const tour = card(el, 'Gartenführung');
    const places = [...tour.querySelectorAll('[part="stops"] span:not(.tag)')].map((span) => [
      span.textContent!.trim(),
      span.getAttribute('lang'),
      span.getAttribute('dir'),
    ]);
    // The next stop's line, then each stop: the German place unmarked (the widget's `de`), the
    // place the translation leaves out marked as the venue's English.
    expect(places).to.deep.equal([
      ['Rosengarten', null, null],
      ['Rosengarten', null, null],
      ['Orchard', 'en', 'auto'],
    ]);
    expect(
      tour.querySelector('[part="stops"] span')!.closest('[lang]')!.getAttribute('lang'),
    ).to.equal('de');
  });

  it('marks the text of a venue writing in French as French in an English widget (WCAG 3.1.2)', async () => {
    const host = mount<HTMLElement>(
      '<div lang="en"><venue-events venue="salle-ouest"></venue-events></div>',
    );
    const el = host.firstElementChild as VenueEvents;
    el.clock = frozen;
    await loaded(el);
    const french = card(el, 'Soirée chanson');
    for (const part of ['title', 'location'])
      expect([
        french.querySelector(`[part="${part}"]`)!.getAttribute('lang'),
        french.querySelector(`[part="${part}"]`)!.getAttribute('dir'),
      ]).to.deep.equal(['fr', 'auto'], part);
  });

  it("follows the page's lang, and a region falls back to its language", async () => {
    expect(titles((await list('', 'fr')).el)).to.deep.equal(['Jazz tardif', 'Open Mic']);
    expect(titles((await list('locale="de-AT"')).el)).to.deep.equal(['Später Jazz', 'Open Mic']);
  });

  it("asks an English page's list without locale (the pinned preload), the venue's text as written", async () => {
    const { el, requests } = await list('', 'en');
    expect(requests.length).to.be.greaterThan(0);
    expect(requests.some((url) => new URL(url).searchParams.has('locale'))).to.equal(false);
    expect(titles(el)).to.deep.equal(['Late Jazz', 'Open Mic']);
  });

  it('shows <venue-event> in its language', async () => {
    const el = mount<HTMLElement>(
      '<venue-event venue="polyglot" event-id="1600" locale="fr"></venue-event>',
    );
    const title = await new Promise<Element>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        const found = deepQueryAll(el, '[part="title"]')[0];
        if (found) resolve(found);
        else if (Date.now() - started > 5000) reject(new Error('no title'));
        else requestAnimationFrame(poll);
      };
      poll();
    });
    expect(title.textContent).to.equal('Jazz tardif');
  });

  it('a <venue-buy-button> alone asks in its language and names the event so', async () => {
    let link: Element | undefined;
    const urls = await fetchesDuring(async () => {
      const el = mount<HTMLElement>(
        '<venue-buy-button venue="polyglot" event-id="1600" locale="de"></venue-buy-button>',
      );
      link = await waitFor(() => deepQueryAll(el, '[part="buy-button"]')[0], 'a buy link');
    });
    expect(urls.map((url) => new URL(url).searchParams.get('locale'))).to.deep.equal(['de']);
    expect(link!.getAttribute('aria-label')).to.contain('Später Jazz');
    expect(link!.textContent!.trim()).to.equal('Tickets kaufen');
  });

  it("asks the month calendar's feed and a chosen day's list in its language", async () => {
    let el!: HTMLElement;
    const urls = await fetchesDuring(async () => {
      el = mount<HTMLElement>(
        '<venue-calendar venue="polyglot" locale="de" month="2026-12"></venue-calendar>',
        (e) => ((e as unknown as { clock: () => number }).clock = frozen),
      );
      const day = await waitFor(
        () => el.shadowRoot?.querySelector<HTMLElement>('td[data-date="2026-12-10"].has-events'),
        'the month grid with its events',
      );
      day.click();
      await waitFor(
        () => deepQueryAll(el, '[part="title"]').some((t) => t.textContent === 'Später Jazz'),
        "the day's German card",
      );
    });
    const asked = urls.filter((url) => url.includes('/t/polyglot/'));
    expect(asked.length).to.be.greaterThan(1);
    expect(asked.every((url) => new URL(url).searchParams.get('locale') === 'de')).to.equal(
      true,
      asked.join(' '),
    );
    expect(visibleText(el)).not.to.include('Late Jazz');
  });
});
