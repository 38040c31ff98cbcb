/**
 * `<venue-calendar>`'s own strings in English, German and French. They live in the calendar's
 * lazy chunk rather than in `messages.ts`, whose English table ships in the budgeted initial
 * script: a page without the calendar view never pays for them. The table follows the locale
 * `VenueElement` resolved (`I18n.locale`), so it switches language when the main table does.
 */
export interface CalendarMessages {
  /** The grid's name around the month heading, e.g. "Event calendar". */
  calendar: string;
  previousMonth: string;
  nextMonth: string;
  /** A day cell's count for a screen reader: "1 event", "3 events". */
  eventCount: (n: number) => string;
  /** The heading of a chosen day's list: "Events on Thursday 10 December". */
  dayHeading: (date: string) => string;
  noEvents: string;
  error: string;
  loading: string;
  /** A tour's cancelled stop on the chosen day: "Cancelled on this date: 19:30, Bristol". */
  stopCancelledOn: (what: string) => string;
}

/** `one` or `other` wording of `n` by `locale`'s plural rules. */
const plural = (locale: string, n: number, one: string, other: string) =>
  new Intl.PluralRules(locale).select(n) === 'one' ? one : other;

const en: CalendarMessages = {
  calendar: 'Event calendar',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  eventCount: (n) => plural('en', n, `${n} event`, `${n} events`),
  dayHeading: (date) => `Events on ${date}`,
  noEvents: 'No events on this day',
  error: 'The calendar could not be loaded.',
  loading: 'Loading the calendar…',
  stopCancelledOn: (what) => `Cancelled on this date: ${what}`,
};

const de: CalendarMessages = {
  calendar: 'Veranstaltungskalender',
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  eventCount: (n) => plural('de', n, `${n} Veranstaltung`, `${n} Veranstaltungen`),
  dayHeading: (date) => `Veranstaltungen am ${date}`,
  noEvents: 'Keine Veranstaltungen an diesem Tag',
  error: 'Der Kalender konnte nicht geladen werden.',
  loading: 'Kalender wird geladen…',
  stopCancelledOn: (what) => `An diesem Termin abgesagt: ${what}`,
};

const fr: CalendarMessages = {
  calendar: 'Calendrier des événements',
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  eventCount: (n) => plural('fr', n, `${n} événement`, `${n} événements`),
  dayHeading: (date) => `Événements du ${date}`,
  noEvents: 'Aucun événement ce jour-là',
  error: "Le calendrier n'a pas pu être chargé.",
  loading: 'Chargement du calendrier…',
  stopCancelledOn: (what) => `Annulé à cette date : ${what}`,
};

/** The table of `locale` (a locale `resolveI18n` gave: English unless German or French). */
export const calendarMessages = (locale: string): CalendarMessages =>
  ({ de, fr })[locale.toLowerCase().split('-')[0]!] ?? en;
