/** German strings of the list's controls (`list-controls.ts`), in the German chunk (`de.ts`). */
import type { ListMessages } from './types.js';
import { next, previous } from '../../shared/i18n/de.js';

export const list: ListMessages = {
  views: 'Ansicht',
  listView: 'Liste',
  calendarView: 'Kalender',
  noMatch: 'Keine passenden Veranstaltungen',
  resetFilters: 'Alle Veranstaltungen zeigen',
  matches: (n) => (n === 1 ? '1 passende Veranstaltung' : `${n} passende Veranstaltungen`),
  pagination: 'Seiten',
  previous,
  next,
  page: (n) => `Seite ${n}`,
  pageAnnounce: (n, last) => `Seite ${n} von ${last}`,
};
