/**
 * German, loaded on first use (`load.ts`) as one chunk: the core table here, with the list's and
 * the filter bar's (`list.de.ts`, `filters.de.ts`), which the list needs before its first cards
 * in German anyway.
 */
import { filters } from './filters.de.js';
import { list } from './list.de.js';
import type { LanguagePack } from './types.js';
import {
  access,
  addToCalendar,
  allDay,
  buy,
  directions,
  doors,
  fewLeft,
  free,
  joinWaitlist,
  onSale,
  postponed,
  remindMe,
  rescheduled,
  soldOut,
  withPerformers,
} from '../../shared/i18n/de.js';
import { accessLabels } from '../../shared/access-labels/de.js';

export const de: LanguagePack = {
  core: {
    loading: 'Veranstaltungen werden geladen…',
    empty: 'Keine kommenden Veranstaltungen',
    error: 'Die Veranstaltungen konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    venueNotFound: (venue) => `Kein Veranstaltungsort „${venue}“ gefunden.`,
    eventNotFound: 'Diese Veranstaltung wurde nicht gefunden.',
    refreshFailed:
      'Aktualisierung fehlgeschlagen; die zuletzt geladenen Veranstaltungen werden gezeigt.',
    notShown: 'Die Veranstaltungen konnten nicht angezeigt werden.',
    someNotShown: 'Einige Veranstaltungen konnten nicht angezeigt werden.',
    buy,
    buyFor: (title) => `Tickets kaufen: ${title}`,
    salesClose: (when) => `Vorverkauf endet ${when}`,
    closed: {
      sold_out: soldOut,
      manual: 'Online-Verkauf geschlossen',
      scheduled: 'Online-Verkauf beendet',
      event_ended: 'Diese Veranstaltung ist vorbei',
      cancelled: 'Abgesagt – kein Ticketverkauf',
      not_ticketed: 'Kein Online-Verkauf',
    },
    cancelled: 'Abgesagt',
    stopCancelled: 'abgesagt',
    age: (n) => `ab ${n}`,
    ageLabel: (n) => `Ab ${n} Jahren`,
    postponed,
    rescheduled,
    was: (date) => `(vorher ${date})`,
    doors,
    allDay,
    nextStop: 'Nächster Termin',
    allStops: 'Alle Termine',
    imageAlt: (title) => `Bild zu ${title}`,
    events: 'Kommende Veranstaltungen',
    addToCalendar,
    addToCalendarFor: (what) => `Zum Kalender hinzufügen: ${what}`,
    calendarFile: 'Kalenderdatei (.ics)',
    remindMe,
    directions,
    share: 'Teilen',
    shareFor: (title) => `Teilen: ${title}`,
    linkCopied: 'Link kopiert',
    save: 'Merken',
    saveFor: (title) => `Merken: ${title}`,
    free,
    withPerformers,
    fewLeft,
    joinWaitlist,
    onSale,
    access,
    accessLabels,
  },
  list,
  filters,
};

/** The name every language's chunk gives its tables (`load.ts`). */
export { de as pack };
