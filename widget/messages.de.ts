/** German UI strings, loaded on first use (see `messages.ts`). */
import type { Messages } from './messages.js';
import type { FilterMessages } from './venue-events-filters.js';

export const de: Messages = {
  loading: 'Veranstaltungen werden geladen…',
  empty: 'Keine kommenden Veranstaltungen',
  error: 'Die Veranstaltungen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  refreshFailed:
    'Aktualisierung fehlgeschlagen; die zuletzt geladenen Veranstaltungen werden gezeigt.',
  notShown: 'Die Veranstaltungen konnten nicht angezeigt werden.',
  someNotShown: 'Einige Veranstaltungen konnten nicht angezeigt werden.',
  buy: 'Tickets kaufen',
  buyFor: (title) => `Tickets kaufen: ${title}`,
  salesCloseIn: (relative) => `Vorverkauf endet ${relative}`,
  salesCloseAt: (when) => `Vorverkauf endet ${when}`,
  closedManual: 'Online-Verkauf geschlossen',
  closedScheduled: 'Online-Verkauf beendet',
  closedEnded: 'Diese Veranstaltung ist vorbei',
  closedCancelled: 'Abgesagt – kein Ticketverkauf',
  closedNotTicketed: 'Kein Online-Verkauf',
  cancelled: 'Abgesagt',
  stopCancelled: 'abgesagt',
  over18: 'ab 18',
  over18Label: 'Nur für Volljährige',
  nextStop: 'Nächster Termin',
  allStops: 'Alle Termine',
  pagination: 'Seiten',
  previous: 'Zurück',
  next: 'Weiter',
  page: (n) => `Seite ${n}`,
  pageAnnounce: (n, last) => `Seite ${n} von ${last}`,
  imageAlt: (title) => `Bild zu ${title}`,
  events: 'Kommende Veranstaltungen',
  addToCalendar: 'Zum Kalender hinzufügen',
  addToCalendarFor: (what) => `Zum Kalender hinzufügen: ${what}`,
  share: 'Teilen',
  shareFor: (title) => `Teilen: ${title}`,
  linkCopied: 'Link kopiert',
  noMatch: 'Keine passenden Veranstaltungen',
  resetFilters: 'Alle Veranstaltungen zeigen',
  matches: (n) => (n === 1 ? '1 passende Veranstaltung' : `${n} passende Veranstaltungen`),
};

/** German strings of the filter bar (`venue-events-filters.ts`). */
export const deFilters: FilterMessages = {
  category: 'Kategorie',
  allCategories: 'Alle Kategorien',
  search: 'Veranstaltungen suchen',
  from: 'Ab',
  reset: 'Zurücksetzen',
  resetLabel: 'Zurücksetzen: alle Filter',
  subscribe: 'Abonnieren',
  subscribeLabel: 'Abonnieren: Kalender',
  webcal: 'Kalender-App (webcal)',
  google: 'Google Kalender',
  outlook: 'Outlook.com',
};
