import { describe, expect, it } from 'vitest';
import {
  FilterError,
  filterQuery,
  foldText,
  isFiltered,
  matchesFilter,
  NO_FILTER,
  parseListFilter,
  searchWords,
} from '../../shared/rules/filters.js';
import { pageWindow } from '../../shared/rules/pagination.js';
import { envelopeLinks } from '../support/contract.js';
import { eventAttributes, eventResource } from '../support/resources.js';

const plain = (html: string) => html.replace(/<[^>]*>/g, ' ');

describe('parseListFilter (docs/api.md §10.12)', () => {
  it('no parameters, empty values and unknown ones: no filter', () => {
    expect(parseListFilter({})).toEqual({ categories: [], words: [] });
    const empty = parseListFilter({ categories: '', search: '  ', start_date: '', foo: 'x' });
    expect(isFiltered(empty)).toBe(false);
    expect(filterQuery(empty)).toBe('');
  });

  it('categories: case-insensitive, trimmed, unique and sorted (one memo key)', () => {
    const filter = parseListFilter({ categories: ' Jazz,comedy,,JAZZ ' });
    expect(filter.categories).toEqual(['comedy', 'jazz']);
    expect(filterQuery(filter)).toBe('categories=comedy%2Cjazz');
  });

  it('search: folded words, the canonical query keeps them in order', () => {
    const filter = parseListFilter({ search: '  Björk   Live! ' });
    expect(filter.words).toEqual(['bjork', 'live']);
    expect(filterQuery(filter)).toBe('search=bjork%20live');
    expect(isFiltered(parseListFilter({ search: '!!!' }))).toBe(false);
  });

  it('the canonical order is categories, search, start_date, end_date', () => {
    const filter = parseListFilter({
      end_date: '2026-12-31',
      search: 'trio',
      start_date: '2026-12-01',
      categories: 'Jazz',
    });
    expect(filterQuery(filter)).toBe(
      'categories=jazz&search=trio&start_date=2026-12-01&end_date=2026-12-31',
    );
  });

  it.each([
    [{ start_date: '2026-13-01' }, 'start_date'],
    [{ start_date: '2026-02-30' }, 'start_date'],
    [{ end_date: '26-12-01' }, 'end_date'],
    [{ start_date: '2026-12-02', end_date: '2026-12-01' }, 'end_date'],
    [{ start_date: '2026-01-01', end_date: '2027-01-02' }, 'end_date'],
    [{ search: 'x'.repeat(101) }, 'search'],
    [{ categories: Array.from({ length: 21 }, (_, i) => `c${i}`).join(',') }, 'categories'],
    [{ categories: ['a', 'b'] }, 'categories'],
  ])('%j is rejected naming %s', (query, parameter) => {
    let error: unknown;
    try {
      parseListFilter(query);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).parameter).toBe(parameter);
  });

  it('bounds are inclusive: 366 days, 100 characters and 20 categories pass', () => {
    expect(() =>
      parseListFilter({ start_date: '2028-01-01', end_date: '2028-12-31' }),
    ).not.toThrow();
    expect(() => parseListFilter({ search: 'x'.repeat(100) })).not.toThrow();
    const twenty = Array.from({ length: 20 }, (_, i) => `c${i}`).join(',');
    expect(() => parseListFilter({ categories: twenty })).not.toThrow();
  });
});

describe('matchesFilter (what the proxy filters with)', () => {
  const today = '2026-12-01';
  const jazz = eventResource(
    eventAttributes({
      title: 'Late Night Jazz',
      category: 'Jazz',
      location: 'Main Room',
      description: '<p>With <strong>Björk</strong> guesting</p>',
      event_date: '2026-12-05T00:00:00.000000Z',
    }),
  );
  const match = (query: Record<string, string>) =>
    matchesFilter(jazz, parseListFilter(query), today, plain);

  it('no filter matches', () => expect(matchesFilter(jazz, NO_FILTER, today, plain)).toBe(true));

  it('search: every word, the last as a prefix, accents and case ignored', () => {
    expect(match({ search: 'jaz' })).toBe(true);
    expect(match({ search: 'BJORK' })).toBe(true);
    expect(match({ search: 'late jazz' })).toBe(true);
    expect(match({ search: 'lat jazz' })).toBe(false);
    expect(match({ search: 'main roo' })).toBe(true);
    expect(match({ search: 'strong' })).toBe(false);
    expect(match({ search: 'comedy' })).toBe(false);
  });

  it('categories: any of them, case-insensitive', () => {
    expect(match({ categories: 'comedy,JAZZ' })).toBe(true);
    expect(match({ categories: 'comedy' })).toBe(false);
  });

  it('dates: the event day inside the inclusive range', () => {
    expect(match({ start_date: '2026-12-05', end_date: '2026-12-05' })).toBe(true);
    expect(match({ start_date: '2026-12-06' })).toBe(false);
    expect(match({ end_date: '2026-12-04' })).toBe(false);
  });

  it('a tour matches on any stop from today on, not on a past one', () => {
    const stop = (occurrence_date: string) => ({
      occurrence_date,
      time_label: '7:00 PM',
      location_label: 'Leeds',
      status: 'scheduled' as const,
    });
    const tour = eventResource(
      eventAttributes({
        date_mode: 'multiple',
        occurrence_count: 3,
        occurrences: [stop('2026-11-20'), stop('2026-12-08'), stop('2026-12-20')],
      }),
    );
    const on = (start_date: string, end_date: string) =>
      matchesFilter(tour, parseListFilter({ start_date, end_date }), today, plain);
    expect(on('2026-12-20', '2026-12-20')).toBe(true);
    expect(on('2026-12-09', '2026-12-19')).toBe(false);
    expect(on('2026-11-20', '2026-11-20')).toBe(false);
    expect(matchesFilter(tour, parseListFilter({ search: 'leeds' }), today, plain)).toBe(true);
  });

  it('foldText removes accents and case', () => expect(foldText('Ça Été')).toBe('ca ete'));
});

describe('foldText: letters as a visitor types them (docs/api.md §10.12 "search")', () => {
  it.each([
    ['Łódź Bjørn', 'lodz bjorn'],
    ['Ærø', 'aero'],
    ['Straße STRAẞE', 'strasse strasse'],
    ['Đorđe', 'dorde'],
    ['Þórr', 'thorr'],
    ['Œuvre', 'oeuvre'],
    ['Diyarbakır İstanbul', 'diyarbakir istanbul'],
    ['Ĳssel', 'ijssel'],
    ['Москва', 'moskva'],
    // Umlauts lose their marks first, as before: "bjork" finds "Björk", not "bjoerk".
    ['Björk Fußgänger', 'bjork fussganger'],
  ])('%s → %s', (text, folded) => expect(foldText(text)).toBe(folded));

  it('leaves ASCII words, and scripts the library does not spell, as they were', () => {
    expect(foldText('Late-Night JAZZ, 7pm')).toBe('late night jazz 7pm');
    expect(foldText('北京 ソウル')).toBe('北京 ソウル');
  });

  it('spells no symbol as a letter, and splits words at ASCII punctuation whatever else', () => {
    expect(searchWords('Tickets €20 or £15 ½')).toEqual(['tickets', '20', 'or', '15', '1', '2']);
    expect(searchWords('Łódź rock^roll a`b')).toEqual(['lodz', 'rock', 'roll', 'a', 'b']);
  });

  it('changes nothing it has folded already, for every letter and digit', () => {
    const letters: string[] = [];
    for (let code = 0x80; code < 0x30000; code++) {
      const char = String.fromCodePoint(code);
      if (/[\p{L}\p{N}]/u.test(char)) letters.push(char);
    }
    for (const text of [letters.join(' '), letters.join('')]) {
      const folded = foldText(text);
      expect(foldText(folded) === folded).toBe(true);
    }
  });

  it('the proxy finds every spelling by its ASCII words and by itself', () => {
    const event = eventResource(
      eventAttributes({
        title: 'Łódź meets Bjørn',
        location: 'Ærø Straße',
        description: '<p>With Đorđe.</p>',
      }),
    );
    const found = (search: string) =>
      matchesFilter(event, parseListFilter({ search }), '2026-12-01', plain);
    for (const search of [
      'lodz bjorn',
      'Łódź Bjørn',
      'aero',
      'Ærø',
      'strasse',
      'Straße',
      'dorde',
    ]) {
      expect(found(search), search).toBe(true);
    }
    expect(found('lodz bjorg')).toBe(false);
  });

  it('cuts words lengthened by folding to 100 characters, as the stores index them', () => {
    const long = 'ß'.repeat(60);
    expect(searchWords(long)).toEqual(['s'.repeat(100)]);
    expect(parseListFilter({ search: long }).words).toEqual(['s'.repeat(100)]);
    // By code points: an astral letter is not cut in half.
    expect(searchWords('𠀀'.repeat(101))).toEqual(['𠀀'.repeat(100)]);
  });
});

describe('envelopeJson with filters (Laravel withQueryString)', () => {
  it('every page URL carries the canonical filter query before page; meta.path none', () => {
    const path = 'https://x.test/t/v/api/events';
    const query = filterQuery(parseListFilter({ search: 'Jazz', categories: 'Live' }));
    const { links, meta } = envelopeLinks(path, pageWindow(30, 2), 30, query);
    expect(links.first).toBe(`${path}?categories=live&search=jazz&page=1`);
    expect(links.next).toBe(`${path}?categories=live&search=jazz&page=3`);
    expect(meta.links.map((l) => l.url)).toEqual([
      `${path}?categories=live&search=jazz&page=1`,
      `${path}?categories=live&search=jazz&page=1`,
      `${path}?categories=live&search=jazz&page=2`,
      `${path}?categories=live&search=jazz&page=3`,
      `${path}?categories=live&search=jazz&page=3`,
    ]);
    expect(meta.path).toBe(path);
  });
});
