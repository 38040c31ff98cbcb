/**
 * The venue's own words in other languages (docs/api.md §10.24): which languages a translation
 * may be in, how a `locale` chooses among an event's, and the languages it has. Pure: the
 * importer, the origin's renderer, the pages and the proxy read the same rule.
 *
 * A translation is in a language we speak (`LANGUAGES`, shared/i18n/index.ts): its words and
 * plural rules are there, so a card in that language is whole. The venue's own language may be
 * any BCP 47 tag (a programme written in Japanese is the venue's own words, with no words of
 * ours to go beside them); absent, it is English.
 */
import { LANGUAGES, type Language } from '../i18n/index.js';

/** The language of a venue's texts when its file names none (docs/venue-file.md). */
export const DEFAULT_VENUE_LANGUAGE = 'en';

/** The members an event's translation may give (docs/api.md §10.24), in the venue file's spelling. */
export const TRANSLATABLE = [
  'title',
  'description',
  'category',
  'location',
  'status_reason',
  'cancellation_reason',
  'performers',
] as const;

/** The members a stop's translation may give: the stop's own texts. */
export const STOP_TRANSLATABLE = ['location', 'status_reason'] as const;

/** An event's texts in one language, each absent where the venue's own stands (stored form). */
export interface TranslatedText {
  title?: string;
  description?: string;
  category?: string;
  location?: string;
  statusReason?: string;
  cancellationReason?: string;
  performers?: string[];
}

/** A stop's texts in one language. */
export type TranslatedStopText = Pick<TranslatedText, 'location' | 'statusReason'>;

/** Translations by language (`de`, `pt-BR`: always a tag of `LANGUAGES`). */
export type Translations<T> = Partial<Record<Language, T>>;

const isLanguage = (tag: string): tag is Language => (LANGUAGES as readonly string[]).includes(tag);

/**
 * `tag` as BCP 47 writes it (`de-at` → `de-AT`), or undefined when it is not a well-formed tag
 * (`Intl.getCanonicalLocales` refuses it).
 */
export function canonicalTag(tag: string): string | undefined {
  if (tag === '' || tag.length > 64) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The language of `LANGUAGES` a tag names: its language and region where they are one
 * (`pt-BR`), else its language (`de-AT` → `de`, `en-US` → `en`); undefined for a malformed tag
 * or one we do not speak (`ja`). The pages' `?locale=` reads the same way
 * (server/pages/i18n/index.ts `localeOf`).
 */
export function knownLanguage(tag: string): Language | undefined {
  // As written in our list (`de`, `pt-BR`): already canonical, and what nearly every request asks
  // (the widget asks with these), read without Intl's parsing (a few µs a request).
  if (isLanguage(tag)) return tag;
  const canonical = canonicalTag(tag);
  if (canonical === undefined) return undefined;
  const locale = new Intl.Locale(canonical);
  const regional = locale.region ? `${locale.language}-${locale.region}` : '';
  if (regional && isLanguage(regional)) return regional;
  return isLanguage(locale.language) ? locale.language : undefined;
}

/**
 * The language an asked `locale` reads as (what the memo keys and the proxy's upstream carry):
 * one we speak (`knownLanguage`), else the tag's language subtag (`ja-JP` → `ja`: whatever is
 * asked in a language no translation can be in, the venue's own text answers); undefined for a
 * malformed tag.
 */
export function askedLanguage(locale: string): string | undefined {
  const known = knownLanguage(locale);
  if (known !== undefined) return known;
  const canonical = canonicalTag(locale);
  return canonical === undefined ? undefined : new Intl.Locale(canonical).language;
}

/**
 * The translation `asked` (an `askedLanguage`) chooses among `has` (the languages of an event's
 * translations): that language, else its base language (`pt-BR` → `pt`); undefined where the
 * venue's own text answers.
 */
export function chosenTranslation(asked: string, has: readonly string[]): Language | undefined {
  if (has.includes(asked) && isLanguage(asked)) return asked;
  const base = asked.split('-')[0]!;
  return base !== asked && has.includes(base) && isLanguage(base) ? base : undefined;
}

/**
 * The languages an event's text is in (`attributes.languages`): the venue's own first, then its
 * translations' in the order of `LANGUAGES`.
 */
export function languagesOf(venueLanguage: string, translated: readonly string[]): string[] {
  return [venueLanguage, ...LANGUAGES.filter((tag) => translated.includes(tag))];
}
