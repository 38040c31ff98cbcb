/**
 * German strings of `<venue-calendar>`, in its chunk with the other languages': a page without the
 * calendar view never loads them.
 */
import { plural } from '../../shared/i18n/plural.js';
import type { CalendarMessages } from './types.js';

export const calendar: CalendarMessages = {
  calendar: 'Veranstaltungskalender',
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  eventCount: (n) => plural('de', n, { one: `${n} Veranstaltung`, other: `${n} Veranstaltungen` }),
  countAt: (count, venues) => `${count}: ${venues}`,
  dayHeading: (date) => `Veranstaltungen am ${date}`,
  more: (n) => `+${n} weitere`,
  noEvents: 'Keine Veranstaltungen an diesem Tag',
  error: 'Der Kalender konnte nicht geladen werden.',
  loading: 'Kalender wird geladen…',
  stopCancelledOn: (what) => `An diesem Termin abgesagt: ${what}`,
};
