/**
 * The past events' strings (docs/api.md §10.20, `views` with `past`) in English, German and
 * French (the other languages bring theirs in their own chunks, `FullPack`), with the list's controls that show them (`list-controls.ts`): loaded after the first
 * cards, so the German and French chunks every first card in those languages waits for stay
 * small.
 */
import { language, loadedPack } from './load.js';
import type { PastMessages } from './types.js';
import * as de from '../../shared/i18n/de.past.js';
import * as en from '../../shared/i18n/en.past.js';
import * as fr from '../../shared/i18n/fr.past.js';

const tables: Record<string, PastMessages> = {
  en: {
    pastEvents: en.pastEvents,
    upcomingEvents: en.upcomingEvents,
    seePast: 'see past events',
    noPast: 'No past events',
    pastShown: (n) => (n === 1 ? '1 past event, newest first' : `${n} past events, newest first`),
    upcomingShown: (n) => (n === 1 ? '1 upcoming event' : `${n} upcoming events`),
  },
  de: {
    pastEvents: de.pastEvents,
    upcomingEvents: de.upcomingEvents,
    seePast: 'vergangene Veranstaltungen ansehen',
    noPast: 'Keine vergangenen Veranstaltungen',
    pastShown: (n) =>
      n === 1
        ? '1 vergangene Veranstaltung, die neueste zuerst'
        : `${n} vergangene Veranstaltungen, die neuesten zuerst`,
    upcomingShown: (n) => (n === 1 ? '1 kommende Veranstaltung' : `${n} kommende Veranstaltungen`),
  },
  fr: {
    pastEvents: fr.pastEvents,
    upcomingEvents: fr.upcomingEvents,
    seePast: 'voir les événements passés',
    noPast: 'Aucun événement passé',
    pastShown: (n) =>
      n <= 1
        ? `${n} événement passé, le plus récent d’abord`
        : `${n} événements passés, les plus récents d’abord`,
    upcomingShown: (n) => (n <= 1 ? `${n} événement à venir` : `${n} événements à venir`),
  },
};

/** The past events' strings in `locale`'s language (one `resolveI18n` gave, so loaded), else English. */
export const pastStrings = (locale: string): PastMessages =>
  tables[language(locale)] ?? loadedPack(locale)?.past ?? tables.en!;
