/**
 * The languages after English, German and French (issue 43; docs/widget.md "Elements and
 * attributes": `locale`): for each, a list of the `states` venue (a buy control in every state, a
 * cancelled event, an 18+ badge, a tour, the filter bar's search) shows none of the widget's English
 * strings, in its text or in the names and hints it gives controls; Arabic and Hebrew lay the
 * widget out right to left; a region falls back to its language and the page's `lang` is
 * followed.
 */
import { expect } from 'chai';
import {
  barRoot,
  buyControl,
  card,
  cleanup,
  deepQueryAll,
  frozen,
  loaded,
  mount,
  visibleText,
  waitFor,
} from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';

/**
 * The English strings a list of `states` could show (`i18n/en.ts`, `en-later.ts`, `list.en.ts`,
 * `filters.en.ts`), as whole words: none of the venue's own texts (titles, the sales messages,
 * the excerpt's "Doors 7pm", the "Free Entry" title) holds one.
 */
const ENGLISH = [
  'Buy tickets',
  'Sales close',
  'Online sales closed',
  'Online sales have ended',
  'This event has ended',
  'no tickets on sale',
  'Not sold online',
  'Cancelled',
  'cancelled',
  'Over 18s only',
  'Next date',
  'All dates',
  'Image for',
  'Upcoming events',
  'Add to calendar',
  'Calendar file',
  'Share',
  'Save',
  'Access',
  'Loading events',
  'Search events',
  'Category',
  'All categories',
  'Reset',
  'Subscribe',
  'Any access',
  'Previous',
  'Next',
  'Show all events',
  'No events match',
];

/** One buy control's words by card, as `buy-state.ts` picks them. */
const BUY_STATES = [
  'Open Show',
  'Closing Soon',
  'Closed By Hand',
  'Closure Fired',
  'Called Off',
  'Free Entry',
];

/** Every text and every name or hint a control gives, across shadow roots. */
function everything(el: Element): string {
  const attrs = deepQueryAll(el, '[aria-label], [placeholder], [title], [alt]').flatMap((e) =>
    ['aria-label', 'placeholder', 'title', 'alt'].map((a) => e.getAttribute(a) ?? ''),
  );
  return [visibleText(el), ...attrs].join(' | ');
}

const list = async (markup: string) => {
  const el = mount<VenueEvents>(markup, (e) => {
    const list = e.localName === 'venue-events' ? e : e.querySelector('venue-events')!;
    list.clock = frozen;
  });
  const events =
    el.localName === 'venue-events' ? el : el.querySelector<VenueEvents>('venue-events')!;
  await loaded(events);
  await waitFor(() => barRoot(events)?.querySelector('[part~="search"]'), 'the filter bar');
  return events;
};

/** The element's root in its shadow DOM: the `<div>` with its `lang` (and `dir`). */
const rootOf = (el: Element): Element =>
  [...el.shadowRoot!.children].find((e) => e.localName === 'div')!;

const englishIn = (text: string) =>
  ENGLISH.filter((s) => new RegExp(`(^|[^\\p{L}])${s}($|[^\\p{L}])`, 'u').test(text));

/** Spanish, Italian, … by the words every one of them says for "Buy tickets". */
const BUY: Record<string, string> = {
  es: 'Comprar entradas',
  it: 'Acquista biglietti',
  nl: 'Kaarten kopen',
  pt: 'Comprar bilhetes',
  'pt-BR': 'Comprar ingressos',
  pl: 'Kup bilety',
  sv: 'Köp biljetter',
  da: 'Køb billetter',
  cs: 'Koupit vstupenky',
  ar: 'شراء التذاكر',
  he: 'לרכישת כרטיסים',
};

describe('<venue-events> in every language', () => {
  afterEach(cleanup);

  for (const [locale, buy] of Object.entries(BUY)) {
    it(`${locale}: the cards, the filter bar and the buy control's states say no English`, async () => {
      const el = await list(`<venue-events venue="states" locale="${locale}"></venue-events>`);
      const root = rootOf(el);
      expect(root.getAttribute('lang')).to.equal(locale);
      expect(root.getAttribute('dir')).to.equal(locale === 'ar' || locale === 'he' ? 'rtl' : null);
      expect(buyControl(card(el, 'Open Show')).link!.textContent!.trim()).to.equal(buy);
      for (const title of BUY_STATES) {
        const { link, status } = buyControl(card(el, title));
        expect((link ?? status)?.textContent?.trim(), `${title}'s buy control`).to.not.equal(
          undefined,
        );
        expect((link ?? status)!.textContent!.trim()).to.not.equal('');
      }
      expect(englishIn(everything(el)), 'English strings shown').to.deep.equal([]);
    });
  }

  it('a region falls back to its language: de-AT is German', async () => {
    const el = await list('<venue-events venue="states" locale="de-AT"></venue-events>');
    expect(buyControl(card(el, 'Open Show')).link!.textContent!.trim()).to.equal('Tickets kaufen');
    expect(rootOf(el).getAttribute('dir')).to.equal(null);
  });

  it('pt-PT is Portugal’s Portuguese, pt-BR Brazil’s', async () => {
    const pt = await list('<venue-events venue="states" locale="pt-PT"></venue-events>');
    expect(buyControl(card(pt, 'Open Show')).link!.textContent!.trim()).to.equal(BUY.pt);
    cleanup();
    const br = await list('<venue-events venue="states" locale="pt-BR"></venue-events>');
    expect(buyControl(card(br, 'Open Show')).link!.textContent!.trim()).to.equal(BUY['pt-BR']);
  });

  it('without `locale`, the nearest lang around the element is followed: Spanish', async () => {
    const el = await list(
      '<div lang="es"><section><venue-events venue="states"></venue-events></section></div>',
    );
    expect(buyControl(card(el, 'Open Show')).link!.textContent!.trim()).to.equal(BUY.es);
    expect(englishIn(everything(el))).to.deep.equal([]);
  });
});
