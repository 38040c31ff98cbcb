/**
 * A sheet's columns in other languages (docs/sources.md "Languages", docs/api.md §10.24):
 * `title@de`, `description@fr`, `performers@pt-BR` — a translatable column, `@` and a language
 * tag we speak (`de-AT` read as `de`). Pure: the header's names in, the columns and their
 * problems out; a row's cells in, the event's `translations` out.
 */
import { LANGUAGES } from '../../shared/i18n/index.js';
import { knownLanguage } from '../../shared/rules/venue-language.js';
import type { EventInput } from '../../shared/venue-file.js';
import { plainTextHtml, type SourceLimits, type SourceProblem } from './source-event.js';

/** The sheet's columns that have translations: those of its own columns the venue file translates. */
export const TRANSLATED_COLUMNS = [
  'title',
  'description',
  'category',
  'location',
  'cancellation_reason',
  'performers',
] as const;
type TranslatedColumn = (typeof TRANSLATED_COLUMNS)[number];

/** A column in another language: which member, in which language, at which position. */
export interface TranslationColumn {
  member: TranslatedColumn;
  language: string;
  index: number;
}

type Translations = NonNullable<EventInput['translations']>;

const isTranslated = (name: string): name is TranslatedColumn =>
  (TRANSLATED_COLUMNS as readonly string[]).includes(name);

/**
 * The column `cell` (the header's name as written, `index` its position) when it is one in
 * another language (`name@tag`); undefined for a name without `@`. A problem in `problems` for an
 * untranslatable column, a language we do not speak, or a column and language given twice.
 */
export function translationColumn(
  cell: string,
  index: number,
  known: readonly TranslationColumn[],
  problems: SourceProblem[],
): TranslationColumn | undefined {
  const at = cell.indexOf('@');
  if (at === -1) return undefined;
  const member = cell.slice(0, at).trim().toLowerCase();
  const tag = cell.slice(at + 1).trim();
  const path = `row 1, ${cell.trim()}`;
  const language = knownLanguage(tag);
  if (!isTranslated(member))
    problems.push({
      path,
      message: `"${member}" has no translations; the columns that do are ${TRANSLATED_COLUMNS.join(', ')}`,
    });
  else if (language === undefined)
    problems.push({
      path,
      message: `expected a language we speak after @ (one of ${LANGUAGES.join(', ')})`,
    });
  else if (known.some((c) => c.member === member && c.language === language))
    problems.push({ path, message: `column given twice (${member} in ${language})` });
  else return { member, language, index };
  return undefined;
}

/**
 * The translations a row's cells give (`cell(index)`, trimmed), only the non-empty ones:
 * descriptions as the untranslated column's (plain text to HTML, cut to the limit), performers
 * `;`-separated; undefined for none.
 */
export function rowTranslations(
  columns: readonly TranslationColumn[],
  cell: (index: number) => string,
  limits: SourceLimits,
): Translations | undefined {
  const translations: Translations = {};
  for (const { member, language, index } of columns) {
    const value = cell(index);
    if (value === '') continue;
    const text = (translations[language] ??= {});
    if (member === 'performers') {
      const names = value
        .split(';')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      if (names.length > 0) text.performers = names;
    } else if (member === 'description') {
      text.description = plainTextHtml(value, limits.maxDescriptionLength);
    } else text[member] = value;
  }
  const languages = Object.keys(translations).filter(
    (language) => Object.keys(translations[language]!).length > 0,
  );
  return languages.length === 0
    ? undefined
    : Object.fromEntries(languages.map((language) => [language, translations[language]!]));
}

/**
 * A stop's translations in a series of rows: the row's translated location where the row names a
 * location of its own (as the stop does); undefined for none.
 */
export function stopTranslations(
  translations: Translations | undefined,
): NonNullable<NonNullable<EventInput['occurrences']>[number]['translations']> | undefined {
  const located = Object.entries(translations ?? {}).filter(([, t]) => t.location !== undefined);
  return located.length === 0
    ? undefined
    : Object.fromEntries(located.map(([language, t]) => [language, { location: t.location! }]));
}
