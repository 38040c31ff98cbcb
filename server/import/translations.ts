/**
 * The venue's own words in other languages (docs/api.md §10.24, docs/venue-file.md "Languages"):
 * the checks the schema cannot state, with their JSON paths, and the translations as stored. A
 * translation's tag is one we speak (`knownLanguage`: `de`, `de-AT` read as `de`, `pt-BR`), named
 * once per event or stop, and not the venue's own language; a title is not empty after trimming,
 * performers' names are checked as the untranslated ones are; a description is sanitised as the
 * untranslated one is. Stored by the language of `LANGUAGES` each tag reads as.
 */
import { LANGUAGES } from '../../shared/i18n/index.js';
import { MAX_PERFORMER_LENGTH } from '../../shared/patterns.js';
import {
  canonicalTag,
  DEFAULT_VENUE_LANGUAGE,
  knownLanguage,
  type TranslatedStopText,
  type TranslatedText,
  type Translations,
} from '../../shared/rules/venue-language.js';
import type { EventExtras, EventInput, VenueInput } from '../../shared/venue-file.js';
import type { JsonProblem } from '../lib/schema-problems.js';

const LANGUAGE_LIST = LANGUAGES.join(', ');

/** An event's translations as the venue file gives them. */
type EventTranslationsInput = NonNullable<EventInput['translations']>;
/** One language's texts as the venue file gives them. */
type TextInput = EventTranslationsInput[string];

/**
 * The venue's language as stored: its tag as BCP 47 writes it (`de-ch` → `de-CH`); undefined
 * when the file names none (English, `DEFAULT_VENUE_LANGUAGE`) or a malformed one (refused by
 * `languageProblems`).
 */
export const storedVenueLanguage = (venue: Pick<VenueInput, 'language'>): string | undefined =>
  venue.language === undefined ? undefined : canonicalTag(venue.language);

/** The performers' names of one translation, as `factProblems` checks the untranslated ones. */
function performerProblems(names: readonly string[], at: string): JsonProblem[] {
  return names.flatMap((name, i) => {
    const length = [...name.trim()].length;
    if (length > 0 && length <= MAX_PERFORMER_LENGTH) return [];
    return [
      {
        path: `${at}.performers[${i}]`,
        message:
          length === 0
            ? 'expected a name (empty after trimming)'
            : `expected at most ${MAX_PERFORMER_LENGTH} characters (has ${length})`,
      },
    ];
  });
}

/** The problems of one event's or stop's `translations` at `at`, the venue's language `own`. */
function translationsProblems(
  translations: Record<string, TextInput> | undefined,
  at: string,
  own: string | undefined,
): JsonProblem[] {
  const problems: JsonProblem[] = [];
  const seen = new Map<string, string>();
  for (const [tag, text] of Object.entries(translations ?? {})) {
    const path = `${at}.translations[${JSON.stringify(tag)}]`;
    const language = knownLanguage(tag);
    if (language === undefined) {
      problems.push({
        path,
        message: `expected a language we speak (a BCP 47 tag of one of ${LANGUAGE_LIST})`,
      });
      continue;
    }
    const earlier = seen.get(language);
    if (earlier !== undefined)
      problems.push({ path, message: `"${earlier}" is ${language} already: one per language` });
    else if (own !== undefined && knownLanguage(own) === language)
      problems.push({ path, message: `${language} is the venue's own language (${own})` });
    seen.set(language, tag);
    if (text.title !== undefined && text.title.trim() === '')
      problems.push({ path: `${path}.title`, message: 'expected a title (empty after trimming)' });
    problems.push(...performerProblems(text.performers ?? [], path));
  }
  return problems;
}

/**
 * The language rules of a venue at `at` beyond the schema's: its `language` a well-formed BCP 47
 * tag; each translation of its events, their stops and its `event_extras` as
 * `translationsProblems` says.
 */
export function languageProblems(venue: VenueInput, at: string): JsonProblem[] {
  const own = venue.language ?? DEFAULT_VENUE_LANGUAGE;
  const problems: JsonProblem[] =
    canonicalTag(own) === undefined
      ? [{ path: `${at}.language`, message: 'expected a BCP 47 language tag, such as de or fr-BE' }]
      : [];
  (venue.events ?? []).forEach((event, e) => {
    const ev = `${at}.events[${e}]`;
    problems.push(...translationsProblems(event.translations, ev, own));
    (event.occurrences ?? []).forEach((o, i) =>
      problems.push(...translationsProblems(o.translations, `${ev}.occurrences[${i}]`, own)),
    );
  });
  for (const [key, extra] of Object.entries(venue.event_extras ?? {}))
    problems.push(
      ...translationsProblems(
        extra.translations,
        `${at}.event_extras[${JSON.stringify(key)}]`,
        own,
      ),
    );
  return problems;
}

/** One language's texts as stored: the members given, trimmed where the untranslated are. */
function storedText(text: TextInput, clean: (html: string) => string): TranslatedText {
  const performers = (text.performers ?? []).map((name) => name.trim());
  return {
    ...(text.title !== undefined && { title: text.title }),
    ...(text.description !== undefined && { description: clean(text.description) }),
    ...(text.category !== undefined && { category: text.category }),
    ...(text.location !== undefined && { location: text.location }),
    ...(text.status_reason !== undefined && { statusReason: text.status_reason }),
    ...(text.cancellation_reason !== undefined && {
      cancellationReason: text.cancellation_reason,
    }),
    ...(performers.length > 0 && { performers }),
  };
}

/**
 * An event's (or a stop's) translations as stored, by the language each tag reads as; undefined
 * for none, so an event without them is stored, and served, as before. Only after
 * `languageProblems` found nothing.
 * @param clean the importer's description sanitiser
 */
export function storedTranslations(
  translations: EventInput['translations'] | EventExtras['translations'],
  clean: (html: string) => string,
): Translations<TranslatedText> | undefined {
  const entries = Object.entries(translations ?? {});
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([tag, text]) => [knownLanguage(tag)!, storedText(text, clean)]),
  );
}

/** An event's `translations` member as stored, or nothing (`storedTranslations`). */
export function translationsMember(
  translations: EventInput['translations'],
  clean: (html: string) => string,
): { translations?: Translations<TranslatedText> } {
  const stored = storedTranslations(translations, clean);
  return stored ? { translations: stored } : {};
}

/** A stop's `translations` member as stored, or nothing: its location and reason only. */
export function stopTranslationsMember(
  translations: NonNullable<EventInput['occurrences']>[number]['translations'],
): { translations?: Translations<TranslatedStopText> } {
  const stored = storedTranslations(translations, (html) => html);
  return stored ? { translations: stored } : {};
}
