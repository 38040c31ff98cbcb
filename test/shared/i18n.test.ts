/**
 * One dictionary per language (shared/i18n, docs/architecture.md "Where each rule lives":
 * strings): a word the widget and the pages both say is the dictionary's, on both sides, in every
 * language; the languages' list is the dictionaries present; one plural rule counts for both.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DICTIONARIES, LANGUAGES, type Language } from '../../shared/i18n/index.js';
import { plural } from '../../shared/i18n/plural.js';
import { PAGE_LOCALES, PAGE_STRINGS, countText, pageLang } from '../../server/pages/i18n/index.js';
import { language } from '../../widget/i18n/load.js';
import { load } from '../../widget/i18n/more.js';
import { en } from '../../widget/i18n/en.js';
import { list as listEn } from '../../widget/i18n/list.en.js';
import { filters as filtersEn } from '../../widget/i18n/filters.en.js';
import { pastStrings } from '../../widget/i18n/past.js';
import type { FullPack, LanguagePack } from '../../widget/i18n/types.js';
import '../../widget/i18n/en-later.js';

/** The widget's tables of `tag`, past events' included, as the browser loads them. */
async function widgetTables(tag: Language): Promise<FullPack | Omit<FullPack, 'calendar'>> {
  if (tag === 'en') return { core: en, list: listEn, filters: filtersEn, past: pastStrings('en') };
  const { pack } = (await load(language(tag))) as { pack: LanguagePack };
  return { ...pack, past: pack.past ?? pastStrings(tag) };
}

describe('one dictionary per language (shared/i18n)', () => {
  it('the languages are the dictionaries present, English first, each tag spelled as BCP 47 writes it', () => {
    const files = readdirSync(new URL('../../shared/i18n/', import.meta.url))
      .filter((name) => /^[a-z]{2}(-[A-Z]{2})?\.ts$/.test(name))
      .map((name) => name.replace(/\.ts$/, ''));
    expect([...LANGUAGES].sort()).toEqual(files.sort());
    expect(Object.keys(DICTIONARIES)).toEqual([...LANGUAGES]);
    expect(LANGUAGES[0]).toBe('en');
    expect(PAGE_LOCALES).toEqual(LANGUAGES);
    for (const tag of LANGUAGES) expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
    expect(LANGUAGES).toContain('pt-BR');
  });

  it('a word both say is the same on the widget and the pages: the dictionary’s, in every language', async () => {
    for (const tag of LANGUAGES) {
      const { card, list, filters, past } = DICTIONARIES[tag];
      const page = PAGE_STRINGS[tag];
      const widget = await widgetTables(tag);
      const both: [string, unknown, unknown, unknown][] = [
        ['Buy tickets', widget.core.buy, page.buyTickets, card.buy],
        ['Postponed', widget.core.postponed, page.postponed, card.postponed],
        ['Rescheduled', widget.core.rescheduled, page.rescheduled, card.rescheduled],
        ['All day', widget.core.allDay, page.allDay, card.allDay],
        ['Free', widget.core.free, page.free, card.free],
        ['Few tickets left', widget.core.fewLeft, page.fewLeft, card.fewLeft],
        ['Access', widget.core.access, page.access, card.access],
        ['Add to calendar', widget.core.addToCalendar, page.addToCalendar, card.addToCalendar],
        ['Doors', widget.core.doors('19:00'), page.doors('19:00'), card.doors('19:00')],
        [
          'With',
          widget.core.withPerformers('A'),
          page.withPerformers('A'),
          card.withPerformers('A'),
        ],
        ['Previous', widget.list.previous, page.previous, list.previous],
        ['Next', widget.list.next, page.next, list.next],
        ['Category', widget.filters.category, page.fields.categories, filters.category],
        ['All categories', widget.filters.allCategories, page.allCategories, filters.allCategories],
        ['Access filter', widget.filters.access, page.fields.access, filters.access],
        ['Past events', widget.past.pastEvents, page.pastLink, past.pastEvents],
        ['Upcoming events', widget.past.upcomingEvents, page.upcomingLink, past.upcomingEvents],
      ];
      for (const [what, onWidget, onPages, inDictionary] of both) {
        expect(onWidget, `${tag} ${what} (widget)`).toBe(inDictionary);
        expect(onPages, `${tag} ${what} (pages)`).toBe(inDictionary);
      }
    }
    // Spot checks of the words themselves, so the test cannot pass on empty tables.
    expect(DICTIONARIES.de.card.buy).toBe('Tickets kaufen');
    expect(DICTIONARIES.en.card.postponed).toBe('Postponed');
    expect(DICTIONARIES['pt-BR'].card.buy).toBe('Comprar ingressos');
    expect(DICTIONARIES.pt.card.buy).not.toBe(DICTIONARIES['pt-BR'].card.buy);
  });

  it('Brazil’s Portuguese is pt-BR everywhere; ?locale= still takes any case of it', async () => {
    expect(language('pt-BR')).toBe('pt-BR');
    expect(language('pt-PT')).toBe('pt');
    expect(language('de-AT')).toBe('de');
    expect((await load(language('pt-BR'))).pack.core.buy).toBe('Comprar ingressos');
    const { localeOf } = await import('../../server/pages/i18n/index.js');
    for (const asked of ['pt-BR', 'pt-br', 'PT-BR']) expect(localeOf(asked)).toBe('pt-BR');
    expect(pageLang('pt-BR').tag).toBe('pt-BR');
  });
});

describe('the one plural rule (shared/i18n/plural.ts)', () => {
  const forms = { one: 'one', two: 'two', few: 'few', many: 'many', other: 'other' };

  it('is Intl.PluralRules: Polish 1, 3, 5, 22; Arabic 0, 2, 11', () => {
    expect([1, 3, 5, 22].map((n) => plural('pl', n, forms))).toEqual(['one', 'few', 'many', 'few']);
    expect(plural('ar', 0, { zero: 'zero', other: 'other' })).toBe('zero');
    expect([2, 11].map((n) => plural('ar', n, forms))).toEqual(['two', 'many']);
  });

  it('Brazil’s 0 is plural, Portugal’s and 1 are not; Hebrew’s two without a wording is other', () => {
    expect(plural('pt-BR', 0, { one: '# evento', other: '# eventos' })).toBe('# eventos');
    expect(plural('pt-BR', 1, { one: '# evento', other: '# eventos' })).toBe('# evento');
    expect(plural('pt-PT', 0, { one: '# evento', other: '# eventos' })).toBe('# eventos');
    expect(plural('fr', 0, { one: 'un', other: 'plusieurs' })).toBe('un');
    expect(plural('he', 2, { one: 'אחד', two: 'שניים', other: 'רבים' })).toBe('שניים');
    expect(plural('he', 2, { one: 'אחד', other: 'רבים' })).toBe('רבים');
  });

  it('counts the same on the widget and the pages: "0 eventos" in Brazil on both', async () => {
    const widget = (await load('pt-BR')).pack as FullPack;
    expect(widget.calendar.eventCount(0)).toBe('0 eventos');
    expect(widget.list.matches(0)).toBe('0 eventos correspondem');
    expect(countText(pageLang('pt-BR'), PAGE_STRINGS['pt-BR'].eventCount, 0)).toBe('0 eventos');
    expect(countText(pageLang('pt-BR'), PAGE_STRINGS['pt-BR'].eventCount, 2)).toBe('2 eventos');
    expect(countText(pageLang('pl'), PAGE_STRINGS.pl.eventCount, 5)).toBe('5 wydarzeń');
  });
});
