/**
 * The one rule of the venue's words in other languages (shared/rules/venue-language.ts, docs/api.md
 * §10.24): which tag is a language we speak, how a `locale` reads, which translation it chooses,
 * and the order of an event's languages.
 */
import { describe, expect, it } from 'vitest';
import {
  askedLanguage,
  chosenTranslation,
  knownLanguage,
  languagesOf,
} from '../../shared/rules/venue-language.js';
import { readTextLocale } from '../../shared/rules/text-locale.js';
import { FilterError } from '../../shared/rules/filters.js';

describe('venue-language', () => {
  it('reads a tag as a language we speak, a region as its language', () => {
    expect(
      ['de', 'de-AT', 'DE-at', 'pt-BR', 'pt-PT', 'ja', 'xx', '', '--'].map(knownLanguage),
    ).toEqual(['de', 'de', 'de', 'pt-BR', 'pt', undefined, undefined, undefined, undefined]);
  });

  it('reads a locale asked: ours, else its language subtag, else nothing', () => {
    expect(['de-CH', 'ja-JP', '--'].map(askedLanguage)).toEqual(['de', 'ja', undefined]);
    expect(readTextLocale(undefined)).toBeUndefined();
    expect(readTextLocale('')).toBeUndefined();
    expect(readTextLocale('fr-BE')).toBe('fr');
    for (const bad of ['--', ['de', 'fr'], 'x'.repeat(80)])
      expect(() => readTextLocale(bad)).toThrow(FilterError);
  });

  it('chooses the language, else its base, else none (the venue’s own)', () => {
    expect(chosenTranslation('de', ['fr', 'de'])).toBe('de');
    expect(chosenTranslation('pt-BR', ['pt'])).toBe('pt');
    expect(chosenTranslation('pt-BR', ['pt', 'pt-BR'])).toBe('pt-BR');
    expect(chosenTranslation('ja', ['de'])).toBeUndefined();
    expect(chosenTranslation('en', ['de'])).toBeUndefined();
  });

  it('lists the venue’s language first, then the translations in our order', () => {
    expect(languagesOf('fr-CA', ['he', 'de', 'en'])).toEqual(['fr-CA', 'en', 'de', 'he']);
  });
});
