/** German UI strings, loaded on first use (see `messages.ts`). */
import type { Messages } from './messages.js';

export const de: Messages = {
  loading: 'Veranstaltungen werden geladen…',
  empty: 'Keine kommenden Veranstaltungen',
  error: 'Die Veranstaltungen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  refreshFailed:
    'Aktualisierung fehlgeschlagen; die zuletzt geladenen Veranstaltungen werden gezeigt.',
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
};
