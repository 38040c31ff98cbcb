/**
 * Every language the widget speaks besides English (issue 43; docs/widget.md "Elements and
 * attributes": `locale`): German, French and the eleven after them show none of the widget's
 * English strings, in their text or in the names and hints they give controls, wherever a visitor
 * can go: a list of the `states` venue (a buy control in every state, a cancelled event, an 18+
 * badge, a tour, the filter bar's search), its month calendar with a chosen day's list, the error
 * and not-found states, an empty venue, the past events, and the single elements
 * (`<venue-event>`, `<venue-buy-button>`). Each view shown in English must show the English
 * strings looked for, so a view that drew less than it should cannot pass unnoticed. Arabic and
 * Hebrew lay the widget out right to left, each element used on its own too; a region falls back
 * to its language and the page's `lang` is followed.
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
  statesMonthGrid,
  visibleText,
  waitFor,
} from './helpers.js';
import { pack as arPack } from '../../widget/i18n/ar.js';
import { calendarStrings } from '../../widget/i18n/calendar.js';
import { en } from '../../widget/i18n/en.js';
import { pack as hePack } from '../../widget/i18n/he.js';
import { pack as itPack } from '../../widget/i18n/it.js';
import { loadedPack } from '../../widget/i18n/load.js';
import { pastStrings } from '../../widget/i18n/past.js';
import '../../widget/venue-calendar.js';
import type { VenueCalendar } from '../../widget/venue-calendar.js';
import type { VenueEvents } from '../../widget/venue-events.js';

/** English's weekdays, the fixtures' months and the 12-hour clock, as `Intl` writes them. */
const ENGLISH_DATES = [
  ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ...['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  ...['November', 'December', 'Dec'],
  // A tour's stop times, which the API labels "7:00 PM" in every language (docs/api.md §2.3).
  ...['AM', 'PM'],
];

/**
 * The English strings the views below could show (`i18n/en.ts`, `en-later.ts`, `list.en.ts`,
 * `filters.en.ts`, `past.ts`, `calendar.en.ts`), as whole words, case and all. Left out: the words
 * another language writes the same ("Page" in French, "Filters" in Dutch, "was" in Dutch's
 * "(was …)").
 */
const ENGLISH = [
  // The core table: the cards, the buy control, the states.
  'Loading events',
  'Buy tickets',
  'Sales close',
  'Online sales closed',
  'Online sales have ended',
  'This event has ended',
  'no tickets on sale',
  'Not sold online',
  'Cancelled',
  'cancelled',
  'Over',
  'Postponed',
  'Rescheduled',
  'Doors',
  'Next date',
  'All dates',
  'Image for',
  'Upcoming events',
  'Add to calendar',
  'Calendar file',
  'Share',
  'Link copied',
  'Save',
  'Free',
  'With',
  'Few tickets left',
  'Access',
  'Events could not be loaded',
  'Try again',
  'No venue',
  'was found',
  'This event was not found',
  'Could not refresh',
  'could not be shown',
  'No upcoming events',
  // The list's controls.
  'View',
  'List',
  'Calendar',
  'No events match',
  'Show all events',
  'events match',
  'Event pages',
  'Previous',
  'Next',
  // The filter bar.
  'Search events',
  'Category',
  'All categories',
  'From',
  'Reset',
  'Subscribe',
  'Calendar app',
  'Any access',
  'Saved',
  'Add saved',
  'All venues',
  // The past events.
  'Past events',
  'see past events',
  'No past events',
  'newest first',
  'past event',
  'past events',
  'upcoming event',
  'upcoming events',
  // The month calendar.
  'Event calendar',
  'Previous month',
  'Next month',
  'event',
  'events',
  'Events on',
  'more',
  'No events on this day',
  'The calendar could not be loaded',
  'Loading the calendar',
  'Cancelled on this date',
  ...ENGLISH_DATES,
];

/**
 * Texts not the widget's, taken out before looking: the venues' own words that hold an English
 * string (a title, the excerpt's "Doors 7pm"), and the calendar services' brand names.
 */
const NOT_OURS = ['Free Entry', 'Doors 7pm', 'November Night', 'Google Calendar', 'Outlook.com'];

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
  const attrs = deepQueryAll(el, '[aria-label], [placeholder], [title], [alt], th[abbr]').flatMap(
    (e) =>
      ['aria-label', 'placeholder', 'title', 'alt', 'abbr'].map((a) => e.getAttribute(a) ?? ''),
  );
  return [visibleText(el), ...attrs].join(' | ');
}

/** `s` as a regular expression matching it literally. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `text` without the texts that are not the widget's (`NOT_OURS`). */
const ours = (text: string) => NOT_OURS.reduce((t, s) => t.replaceAll(s, ' '), text);

/** The English strings in `texts`, each once. */
const englishIn = (...texts: string[]) => {
  const text = ours(texts.join(' | '));
  return ENGLISH.filter((s) =>
    new RegExp(`(^|[^\\p{L}])${literal(s)}($|[^\\p{L}])`, 'u').test(text),
  );
};

/** Mounts `markup` (any number of elements) with every element's clock at NOW, 5 Dec 2026. */
function mountAll(markup: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = markup;
  for (const el of host.querySelectorAll<HTMLElement & { clock: () => number }>('*'))
    if (el.localName.startsWith('venue-')) el.clock = frozen;
  document.body.append(host);
  return host;
}

type Updating = Element & { updateComplete: Promise<unknown> };
/** Waits for the buy controls under `el` (across shadow roots) to have drawn their state. */
const buyButtonsDrawn = async (el: Element) => {
  for (const b of deepQueryAll(el, 'venue-buy-button')) await (b as Updating).updateComplete;
};

/**
 * A list, once its first page, its lazy controls and (unless `no-filters`, or the page failed) its
 * filter bar are in.
 */
const list = async (markup: string) => {
  const host = mountAll(markup);
  const events = host.querySelector<VenueEvents>('venue-events')!;
  await loaded(events);
  if (!events.noFilters && !events.shadowRoot!.querySelector('[part~="error"]'))
    await waitFor(() => barRoot(events)?.querySelector('[part~="search"]'), 'the filter bar');
  return events;
};

/** The element's root in its shadow DOM: the element with its `lang` (and `dir`). */
const rootOf = (el: Element): Element => {
  const root = [...el.shadowRoot!.children].find((e) => e.localName !== 'style');
  if (!root) throw new Error(`${el.localName} drew nothing`);
  return root;
};

/** Every language after English, by the words each says for "Buy tickets". */
const BUY: Record<string, string> = {
  de: 'Tickets kaufen',
  fr: 'Acheter des billets',
  es: 'Comprar entradas',
  it: 'Acquista biglietti',
  nl: 'Tickets kopen',
  pt: 'Comprar bilhetes',
  'pt-BR': 'Comprar ingressos',
  pl: 'Kup bilety',
  sv: 'Köp biljetter',
  da: 'Køb billetter',
  cs: 'Koupit vstupenky',
  ar: 'شراء التذاكر',
  he: 'לרכישת כרטיסים',
};
const LOCALES = Object.keys(BUY);
const rtl = (locale: string) => locale === 'ar' || locale === 'he';

/** `el`'s shadow root's `selector`, once there. */
const shown = <T extends Element = HTMLElement>(el: Element, selector: string) =>
  waitFor(() => el.shadowRoot?.querySelector<T>(selector), `${el.localName}: ${selector}`);

/** A collapsed text. */
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim();

/**
 * What each view shows in `locale`, gathered step by step as a visitor goes through it (every
 * text and every name or hint), with what it must show in every language.
 */
interface View {
  name: string;
  /** Shows the view in `locale`, checking what it must say there; every text it showed. */
  show: (locale: string) => Promise<string[]>;
  /** The English strings it shows in English: that the view drew what the check looks at. */
  english: string[];
}

const listView: View = {
  name: 'a list: the cards, the filter bar and the buy control’s states',
  english: [
    'Buy tickets',
    'Sales close',
    'Online sales closed',
    'Online sales have ended',
    'no tickets on sale',
    'Not sold online',
    'Cancelled',
    'Over',
    'Next date',
    'All dates',
    'Image for',
    'Upcoming events',
    'Add to calendar',
    'Share',
    'Calendar file',
    'Save',
    'View',
    'List',
    'Calendar',
    'Search events',
    'From',
    'Reset',
    'Subscribe',
    'Calendar app',
    'Saved',
    'Dec',
    'Thu',
  ],
  async show(locale) {
    const el = await list(`<venue-events venue="states" locale="${locale}"></venue-events>`);
    const root = rootOf(el);
    expect(root.getAttribute('lang')).to.equal(locale);
    expect(root.getAttribute('dir')).to.equal(rtl(locale) ? 'rtl' : null);
    if (BUY[locale])
      expect(buyControl(card(el, 'Open Show')).link!.textContent!.trim()).to.equal(BUY[locale]);
    for (const title of BUY_STATES) {
      const { link, status } = buyControl(card(el, title));
      expect(text(link ?? status), `${title}'s buy control`).to.not.equal(undefined);
      expect(text(link ?? status)).to.not.equal('');
    }
    return [everything(el)];
  },
};

/** The month grid of `<venue-events views="list calendar">`, reached by its switch. */
async function monthGrid(locale: string): Promise<{ el: VenueEvents; grid: VenueCalendar }> {
  const el = await list(
    `<venue-events venue="states" views="list calendar" locale="${locale}"></venue-events>`,
  );
  const [, toCalendar] = el.shadowRoot!.querySelectorAll<HTMLElement>(
    '[part="view-switch"] button',
  );
  toCalendar!.click();
  return { el, grid: await statesMonthGrid(el) };
}

/** December 2026 and its weekdays as `Intl` writes them in `locale`. */
function checkMonthNames(grid: VenueCalendar, locale: string): void {
  const fmt = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' });
  expect(text(grid.shadowRoot!.querySelector('[part="month"]'))).to.equal(
    fmt({ month: 'long', year: 'numeric' }).format(Date.UTC(2026, 11, 1)),
  );
  // 7–13 Dec 2026 is a Monday to a Sunday: every weekday once.
  const week = [7, 8, 9, 10, 11, 12, 13].map((d) => Date.UTC(2026, 11, d));
  const [short, long] = [fmt({ weekday: 'short' }), fmt({ weekday: 'long' })];
  const headers = [...grid.shadowRoot!.querySelectorAll('[part="weekday"]')];
  expect(headers.map((th) => text(th)).sort()).to.deep.equal(
    week.map((d) => short.format(d)).sort(),
  );
  expect(headers.map((th) => th.getAttribute('abbr')).sort()).to.deep.equal(
    week.map((d) => long.format(d)).sort(),
  );
}

const calendarView: View = {
  name: 'the month calendar: month, weekdays, days, a chosen day’s list and its controls',
  english: [
    'December',
    'Mon',
    'Sun',
    'Thursday',
    'Previous month',
    'Next month',
    'events',
    'more',
    'Events on',
    'Cancelled on this date',
    'No events on this day',
    'Buy tickets',
    'Not sold online',
    'Add to calendar',
    'View',
    'List',
    'Calendar',
  ],
  async show(locale) {
    const { el, grid } = await monthGrid(locale);
    checkMonthNames(grid, locale);
    const ct = calendarStrings(locale);
    expect(rootOf(grid).getAttribute('dir')).to.equal(rtl(locale) ? 'rtl' : null);
    const texts = [everything(el)];
    const day = (date: string) =>
      grid.shadowRoot!.querySelector<HTMLElement>(`td[data-date="${date}"]`)!.click();
    const dayPart = (selector: string) =>
      waitFor(
        () => grid.shadowRoot!.querySelector(`[part="day-events"] ${selector}`),
        `the day's ${selector}`,
      );
    // Five events, three named in the cell and "+2 more"; the tour's stop off on the 12th; none
    // on the 15th.
    day('2026-12-10');
    await waitFor(
      () => grid.shadowRoot!.querySelectorAll('[part="day-events"] [part="card"]').length === 5,
      'the 10th’s cards',
    );
    await buyButtonsDrawn(grid);
    texts.push(everything(el));
    day('2026-12-12');
    await dayPart('[part="stop-cancelled"]');
    await buyButtonsDrawn(grid);
    texts.push(everything(el));
    day('2026-12-15');
    expect(text(await dayPart('[part="empty"]'))).to.equal(ct.noEvents);
    texts.push(everything(el));
    return texts;
  },
};

const errorView: View = {
  name: 'the error and not-found states of every element',
  english: [
    'Events could not be loaded',
    'Try again',
    'No venue',
    'was found',
    'Could not refresh',
    'The calendar could not be loaded',
    'This event was not found',
  ],
  async show(locale) {
    const texts: string[] = [];
    // A server fault we cannot cause for real: the list's first request answered 503.
    await fetch('/__test/flaky?fails=1', { method: 'POST' });
    const failed = await list(
      `<venue-events venue="flaky" base-url="${location.origin}/__flaky" locale="${locale}"></venue-events>`,
    );
    const error = await shown(failed, '[part="error"]');
    expect(text(error!.querySelector('p'))).to.equal((loadedPack(locale)?.core ?? en).error);
    texts.push(everything(failed.parentElement!));
    cleanup();
    // A refresh that fails keeps the cards, saying so.
    const refreshed = await list(
      `<venue-events venue="states" base-url="${location.origin}/__flaky" locale="${locale}" no-filters></venue-events>`,
    );
    await fetch('/__test/flaky?fails=1', { method: 'POST' });
    refreshed.refresh();
    await shown(refreshed, '.notice[role="alert"]');
    texts.push(everything(refreshed));
    // No failure left over for another test's request, whatever happened to this one.
    await fetch('/__test/flaky?fails=0', { method: 'POST' });
    cleanup();
    // No answer in time (calendar, single event, buy control), an unknown venue or event.
    const stalled = `base-url="${location.origin}/__stall" timeout="300" locale="${locale}"`;
    const host = mountAll(
      [
        `<venue-events venue="nowhere" locale="${locale}"></venue-events>`,
        `<venue-calendar venue="states" ${stalled}></venue-calendar>`,
        `<venue-event venue="states" event-id="1" ${stalled}></venue-event>`,
        `<venue-buy-button venue="states" event-id="1" ${stalled}></venue-buy-button>`,
        `<venue-event venue="states" event-id="424242" locale="${locale}"></venue-event>`,
        `<venue-buy-button venue="states" event-id="424242" locale="${locale}"></venue-buy-button>`,
      ].join(''),
    );
    const [unknownVenue, calendar, event, button, missing, missingButton] = host.children;
    await shown(unknownVenue!, '[part~="not-found"]');
    const calendarError = await shown(calendar!, '[part="error"]');
    expect(text(calendarError.querySelector('p'))).to.equal(calendarStrings(locale).error);
    await shown(event!, '[part="error"] button');
    await shown(button!, '[data-reason="error"] button');
    await shown(missing!, '[part~="not-found"]');
    await shown(missingButton!, '[data-reason="not-found"]');
    texts.push(everything(host));
    return texts;
  },
};

const emptyView: View = {
  name: 'an empty venue: no upcoming events, then no past ones',
  english: [
    'No upcoming events',
    'see past events',
    'No past events',
    'Upcoming events',
    'past events',
    'newest first',
  ],
  async show(locale) {
    const el = await list(
      `<venue-events venue="empty" views="list past" locale="${locale}"></venue-events>`,
    );
    const empty = await shown(el, '[part="empty"] [part="past-toggle"]');
    const texts = [everything(el)];
    empty.click();
    await waitFor(
      () => text(el.shadowRoot!.querySelector('[part="empty"]')) === pastStrings(locale).noPast,
      'no past events',
    );
    texts.push(everything(el));
    return texts;
  },
};

const pastView: View = {
  name: 'the past events: their control, their cards and what is announced',
  english: [
    'Past events',
    'Upcoming events',
    'past events',
    'newest first',
    'Rescheduled',
    'Postponed',
    'Doors',
    'Over',
    'Next date',
    'Add to calendar',
  ],
  async show(locale) {
    const el = await list(
      `<venue-events venue="plans" views="list past" locale="${locale}"></venue-events>`,
    );
    const p = pastStrings(locale);
    const toggle = () => el.shadowRoot!.querySelector<HTMLElement>('[part="past-toggle"]')!;
    expect(text(toggle())).to.equal(p.pastEvents);
    const texts = [everything(el)];
    toggle().click();
    const live = () => text(el.shadowRoot!.querySelector('[aria-live]'));
    await waitFor(() => live() === p.pastShown(3), 'the past events announced');
    expect(text(toggle())).to.equal(p.upcomingEvents);
    expect(el.shadowRoot!.querySelector('[part="list"]')!.getAttribute('aria-label')).to.equal(
      p.pastEvents,
    );
    texts.push(everything(el));
    return texts;
  },
};

const singleView: View = {
  name: '<venue-event> and <venue-buy-button> on their own',
  english: [
    'Buy tickets',
    'Sales close',
    'Online sales closed',
    'no tickets on sale',
    'Not sold online',
    'Cancelled',
    'cancelled',
    'Over',
    'Next date',
    'All dates',
    'Image for',
    'Add to calendar',
    'Calendar file',
    'Share',
    'Save',
    'Dec',
  ],
  async show(locale) {
    const of = (tag: string, id: number) =>
      `<${tag} venue="states" event-id="${id}" locale="${locale}"></${tag}>`;
    const host = mountAll(
      [
        ...[1, 5, 7].map((id) => of('venue-event', id)),
        ...[1, 2, 3, 4, 5, 6].map((id) => of('venue-buy-button', id)),
      ].join(''),
    );
    for (const event of host.querySelectorAll('venue-event'))
      await shown(event, '[part="card"] [part="title"]');
    for (const button of host.querySelectorAll('venue-buy-button'))
      await shown(button, '[part="buy-button"], [part="buy-status"]');
    await buyButtonsDrawn(host);
    return [everything(host)];
  },
};

const VIEWS = [listView, calendarView, errorView, emptyView, pastView, singleView];

for (const view of VIEWS) {
  describe(`in every language: ${view.name}`, () => {
    afterEach(cleanup);

    it(`en-GB (the check's own check): it shows ${view.english.length} of the English strings looked for`, async () => {
      const shownEnglish = englishIn(...(await view.show('en-GB')));
      expect(view.english.filter((s) => !shownEnglish.includes(s))).to.deep.equal([]);
    });

    for (const locale of LOCALES) {
      it(`${locale}: no English`, async () => {
        expect(englishIn(...(await view.show(locale))), 'English strings shown').to.deep.equal([]);
      });
    }
  });
}

describe('counts take each language’s plural forms (Intl.PluralRules)', () => {
  it('"+1 altro" and "+1 נוסף" in a day cell; Arabic’s dual agrees with its adjective', () => {
    expect([itPack.calendar.more(1), itPack.calendar.more(2)]).to.deep.equal([
      '+1 altro',
      '+2 altri',
    ]);
    expect([hePack.calendar.more(1), hePack.calendar.more(3)]).to.deep.equal([
      '+1 נוסף',
      '+3 נוספים',
    ]);
    const n = (k: number) => k.toLocaleString('ar');
    expect([0, 1, 2, 3, 11].map((k) => arPack.past.upcomingShown(k))).to.deep.equal([
      'لا فعاليات قادمة',
      'فعالية قادمة واحدة',
      'فعاليتان قادمتان',
      `${n(3)} فعاليات قادمة`,
      `${n(11)} فعالية قادمة`,
    ]);
    expect(arPack.past.pastShown(2)).to.equal('فعاليتان سابقتان، الأحدث أولًا');
  });
});

describe('right to left on their own: each element puts `dir` on its shadow root’s top element', () => {
  afterEach(cleanup);

  /** The three elements besides the list, on their own, once each has drawn. */
  async function elements(markup: (attrs: string) => string, locale?: string) {
    const attrs = `venue="states"${locale ? ` locale="${locale}"` : ''}`;
    const host = mountAll(
      markup(
        [
          `<venue-buy-button ${attrs} event-id="1"></venue-buy-button>`,
          `<venue-event ${attrs} event-id="1"></venue-event>`,
          `<venue-calendar ${attrs}></venue-calendar>`,
        ].join(''),
      ),
    );
    const [button, event, calendar] = ['venue-buy-button', 'venue-event', 'venue-calendar'].map(
      (tag) => host.querySelector(tag)!,
    );
    await shown(button!, '[part="buy-button"]');
    await shown(event!, '[part="card"] [part="title"]');
    await shown(calendar!, 'td[data-date="2026-12-10"].has-events');
    return [button!, event!, calendar!];
  }

  for (const [locale, dir] of [
    ['ar', 'rtl'],
    ['es', null],
  ] as const) {
    it(`locale="${locale}": ${dir ?? 'no dir'}`, async () => {
      for (const el of await elements((m) => m, locale)) {
        const root = rootOf(el);
        expect(root.getAttribute('lang'), el.localName).to.equal(locale);
        expect(root.getAttribute('dir'), el.localName).to.equal(dir);
        expect(getComputedStyle(root).direction, el.localName).to.equal(dir ?? 'ltr');
      }
    });
  }

  it('inside a lang="he" page: rtl', async () => {
    for (const el of await elements((m) => `<div lang="he">${m}</div>`)) {
      expect(rootOf(el).getAttribute('lang'), el.localName).to.equal('he');
      expect(rootOf(el).getAttribute('dir'), el.localName).to.equal('rtl');
    }
  });

  it('the error state of a buy control fetching its event: rtl too', async () => {
    const host = mountAll(
      `<venue-buy-button venue="states" event-id="1" base-url="${location.origin}/__stall" timeout="300" locale="ar"></venue-buy-button>`,
    );
    const button = host.querySelector('venue-buy-button')!;
    await shown(button, '[data-reason="error"]');
    expect(rootOf(button).getAttribute('dir')).to.equal('rtl');
  });
});

describe('<venue-events> locales', () => {
  afterEach(cleanup);

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
