/**
 * The pages' languages (docs/api.md §10.5, §10.6): which ones there are, how a request chooses
 * one — `?locale=` (a BCP 47 tag; a region falls back to its language, `de-AT` → `de`), else the
 * best of `Accept-Language` (the routes ask Express, `req.acceptsLanguages`), else English — and
 * the `Intl` formatting of counts, numbers and lists in it. The words are the tables beside this
 * file, one per language.
 */
import { escapeHtml } from '../../lib/html.js';
import { textLanguageOf } from '../../../shared/rules/text-language.js';
import { ar } from './ar.js';
import { cs } from './cs.js';
import { da } from './da.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { he } from './he.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { ptBR } from './pt-BR.js';
import { pt } from './pt.js';
import { sv } from './sv.js';
import type { AnyPageStrings, Plural } from './types.js';
import { LANGUAGES, type Language } from '../../../shared/i18n/index.js';
import { plural } from '../../../shared/i18n/plural.js';
import { PARAM } from '../../../shared/queries.js';
import { knownLanguage } from '../../../shared/rules/venue-language.js';

export type { AnyPageStrings, FieldName, PageStrings, Plural } from './types.js';

/**
 * Every language the pages speak, English first: it is what `Accept-Language: *` and a request
 * without the header get (Express answers with the first offered). The one list of them, those
 * with a dictionary (`shared/i18n/`).
 */
export const PAGE_LOCALES = LANGUAGES;

/** A language the pages speak: a language subtag, or `pt-BR` where Brazil differs. */
export type PageLocale = Language;

/** Each language's table. */
export const PAGE_STRINGS: Readonly<Record<PageLocale, AnyPageStrings>> = {
  en,
  de,
  fr,
  es,
  it,
  nl,
  pt,
  'pt-BR': ptBR,
  pl,
  sv,
  da,
  cs,
  ar,
  he,
};

/**
 * The `Intl` locale a language formats in where it is not the tag itself: the pages' English is
 * British (`Sat, 5 Dec 2026, 20:00`, `£12`, as they always were), and `Intl`'s bare `pt` is
 * Brazil's, so the European table formats as `pt-PT`.
 */
const INTL_LOCALE: Partial<Record<PageLocale, string>> = { en: 'en-GB', pt: 'pt-PT' };

/** The languages written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<PageLocale> = new Set<PageLocale>(['ar', 'he']);

/** The language one page is written in, as its request chose it. */
export interface PageLang {
  /** The tag of `<html lang>`: `en`, `de`, `pt-BR`, … */
  tag: PageLocale;
  /** The locale of its `Intl` formats (dates, times, prices, lists, numbers, plural rules). */
  intl: string;
  dir: 'ltr' | 'rtl';
  t: AnyPageStrings;
  /**
   * What the page's own links carry so the next page speaks the same (`locale=de`), when the
   * request chose it with `?locale=`; `''` when it came from `Accept-Language` or the default.
   */
  carry: string;
}

const langs = new Map<string, PageLang>();

/** The page language `tag`, its links carrying `locale=` when `carried`. Made once each. */
export function pageLang(tag: PageLocale, carried = false): PageLang {
  const key = `${tag}|${carried}`;
  let lang = langs.get(key);
  if (!lang) {
    lang = {
      tag,
      intl: INTL_LOCALE[tag] ?? tag,
      dir: RIGHT_TO_LEFT.has(tag) ? 'rtl' : 'ltr',
      t: PAGE_STRINGS[tag],
      carry: carried ? `${PARAM.locale}=${tag}` : '',
    };
    langs.set(key, lang);
  }
  return lang;
}

/** English, links carrying nothing: what every renderer speaks unless told otherwise. */
export const ENGLISH: PageLang = pageLang('en');

const isPageLocale = (tag: string): tag is PageLocale =>
  (PAGE_LOCALES as readonly string[]).includes(tag);

/**
 * The language a `?locale=` value names (docs/api.md §10.5): a well-formed BCP 47 tag whose
 * language and region are one (`pt-BR`, any case), else whose language is (`de-AT` → `de`,
 * `en-US` → `en`); undefined for anything else (absent, repeated, malformed, unknown), which
 * leaves the choice to `Accept-Language`.
 */
export function localeOf(value: unknown): PageLocale | undefined {
  // The one reading of a tag as a language we speak: the venue's translations' too (§10.24).
  return typeof value === 'string' ? knownLanguage(value) : undefined;
}

/**
 * The language of a request (docs/api.md §10.5, §10.6): its `?locale=` value (`localeOf`), the
 * page's links then carrying it; else the best of `Accept-Language` by q-values among
 * `PAGE_LOCALES` (`accepts`: Express's `req.acceptsLanguages`, which also takes a region's
 * language, `de-AT` for `de`); else English.
 */
export function chooseLanguage(
  locale: unknown,
  accepts: (offered: string[]) => string | false,
): PageLang {
  const asked = localeOf(locale);
  if (asked) return pageLang(asked, true);
  const best = accepts([...PAGE_LOCALES]);
  return pageLang(best && isPageLocale(best) ? best : 'en');
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `n` as `lang` writes numbers: `1,234` in English, `1.234` in German. */
export function numberText(lang: PageLang, n: number): string {
  let format = numberFormats.get(lang.intl);
  if (!format) numberFormats.set(lang.intl, (format = new Intl.NumberFormat(lang.intl)));
  return format.format(n);
}

/**
 * `n` counted in `lang`: the wording of `forms` for `n`'s plural category (the one rule,
 * `shared/i18n/plural.ts`), `#` replaced by the number (`numberText`); `other`'s when the table
 * has none for it.
 */
export function countText(lang: PageLang, forms: Plural<never>, n: number): string {
  let rules = pluralRules.get(lang.intl);
  if (!rules) pluralRules.set(lang.intl, (rules = new Intl.PluralRules(lang.intl)));
  return plural(lang.intl, n, forms, rules).replace('#', numberText(lang, n));
}

const listFormats = new Map<string, Intl.ListFormat>();

/** `items` as one phrase in `lang`: `A, B and C` (`and`), or `A, B or C` (`or`). */
export function listText(lang: PageLang, items: readonly string[], joined: 'and' | 'or'): string {
  const type = joined === 'and' ? 'conjunction' : 'disjunction';
  const key = `${lang.intl}|${type}`;
  let format = listFormats.get(key);
  if (!format) {
    listFormats.set(key, (format = new Intl.ListFormat(lang.intl, { style: 'long', type })));
  }
  return format.format(items);
}

/**
 * ` lang="de" dir="auto"` for an event's text `name` (its title unless named) when the API names
 * that text's language and it is not the page's, so a screen reader reads it in its own language
 * and it reads in its own direction (WCAG 3.1.2); '' otherwise. The text's language is
 * `textLanguageOf`'s (docs/api.md §10.24).
 */
export function textLang(
  attributes: Parameters<typeof textLanguageOf>[0],
  lang: PageLang,
  name = 'title',
): string {
  const of = textLanguageOf(attributes, name);
  return of && of !== lang.tag ? ` lang="${escapeHtml(of)}" dir="auto"` : '';
}

/**
 * `text` escaped, inside `<span lang dir="auto">` when `textLang` marks it (an event's text `name`,
 * or a stop's with the stop's own `untranslated`, docs/api.md §10.24), for a text that shares a
 * line with others ("Leeds · Jazz · 18+").
 */
export function langText(
  text: string,
  attributes: Parameters<typeof textLanguageOf>[0],
  lang: PageLang,
  name: string,
): string {
  const marks = textLang(attributes, lang, name);
  return marks ? `<span${marks}>${escapeHtml(text)}</span>` : escapeHtml(text);
}

/**
 * A stop's texts' language members: its event's `language` and `languages`, its own
 * `untranslated` (docs/api.md §10.24), for `textLang` and `langText` with `location_label`.
 */
export const stopTexts = (
  event: { language?: string; languages?: readonly string[] },
  stop: { untranslated?: readonly string[] },
) => ({ language: event.language, languages: event.languages, untranslated: stop.untranslated });
