/**
 * An iCalendar event's texts in other languages (RFC 5545 §3.2.10 `LANGUAGE`; docs/sources.md
 * "Languages", docs/api.md §10.24): `SUMMARY;LANGUAGE=de:Später Jazz` beside the untagged
 * `SUMMARY`, and the same for `DESCRIPTION` and `LOCATION`. Pure: one VEVENT (ical.js 2) and the
 * venue's language in, the venue file's `translations` of the event out.
 *
 * A property whose language is the venue's own, or one we do not speak, is no translation (the
 * first is the venue's own text: `ownText` reads it where the feed tags every property).
 */
import type { EventInput } from '../../shared/venue-file.js';
import { knownLanguage } from '../../shared/rules/venue-language.js';
import type { Component } from './ics-time.js';
import { plainTextHtml } from './source-event.js';

/** An event's translations as the venue file gives them. */
export type IcsTranslations = NonNullable<EventInput['translations']>;

/** The iCalendar properties that have translations, and the venue file's member each becomes. */
const TRANSLATED = [
  ['summary', 'title'],
  ['description', 'description'],
  ['location', 'location'],
] as const;

/** A property's text, trimmed; undefined when it is not text or empty. */
function textValue(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The language we speak a property's `LANGUAGE` parameter names, else undefined. */
function languageOf(property: { getFirstParameter(name: string): unknown }): string | undefined {
  const tag = property.getFirstParameter('language');
  return typeof tag === 'string' ? knownLanguage(tag) : undefined;
}

/**
 * The venue's own text of property `name` (`summary`, `description`, `location`) of `vevent`:
 * the first without `LANGUAGE`, else the first in the venue's language (a feed that tags every
 * property), else the first; trimmed, undefined when there is none.
 * @param venueLanguage the venue's BCP 47 tag (`en` when its file names none)
 */
export function ownText(
  vevent: Component,
  name: string,
  venueLanguage: string,
): string | undefined {
  const properties = vevent.getAllProperties(name);
  // The venue's language is read only for a feed that tags every property: reading a tag costs
  // more than the rest of an event's mapping, and most feeds tag none.
  const chosen =
    properties.find((p) => p.getFirstParameter('language') == null) ??
    properties.find((p) => languageOf(p) === knownLanguage(venueLanguage)) ??
    properties[0];
  return chosen === undefined ? undefined : textValue(chosen.getFirstValue());
}

/**
 * The translations of `vevent`: each `SUMMARY`, `DESCRIPTION` and `LOCATION` tagged with a
 * `LANGUAGE` we speak other than the venue's, the first of each language; descriptions written
 * as HTML as the untagged one is (`plainTextHtml`, cut at `maxDescriptionLength`), titles and
 * locations trimmed. Undefined when there are none.
 * @param vevent one VEVENT as ical.js 2 reads it
 * @param venueLanguage the venue's BCP 47 tag (`en` when its file names none)
 * @param maxDescriptionLength the source's limit of a description's characters
 */
export function icsTranslations(
  vevent: Component,
  venueLanguage: string,
  maxDescriptionLength = Infinity,
): IcsTranslations | undefined {
  const tagged = TRANSLATED.flatMap(([name, member]) =>
    vevent
      .getAllProperties(name)
      .filter((p) => p.getFirstParameter('language') != null)
      .map((property) => [property, member] as const),
  );
  // Most feeds tag nothing: no language is read then (`ownText` says why).
  if (tagged.length === 0) return undefined;
  const own = knownLanguage(venueLanguage);
  const translations: IcsTranslations = {};
  for (const [property, member] of tagged) {
    const language = languageOf(property);
    if (language === undefined || language === own) continue;
    const text = textValue(property.getFirstValue());
    const into = (translations[language] ??= {});
    if (text === undefined || into[member] !== undefined) continue;
    into[member] = member === 'description' ? plainTextHtml(text, maxDescriptionLength) : text;
  }
  const languages = Object.keys(translations).filter(
    (language) => Object.keys(translations[language]!).length > 0,
  );
  return languages.length === 0
    ? undefined
    : Object.fromEntries(languages.map((language) => [language, translations[language]!]));
}
