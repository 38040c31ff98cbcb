/**
 * German: the words the widget and the pages both say (card, list, filters; the rest of German's in `de.past.ts`, `de.calendar.ts`, apart because the widget loads them in other chunks) (docs/architecture.md "Where each rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords } from './types.js';

export const card: CardWords = {
  buy: 'Tickets kaufen',
  postponed: 'Verschoben',
  rescheduled: 'Verlegt',
  doors: (time) => `Einlass ${time}`,
  allDay: 'Ganztägig',
  free: 'Eintritt frei',
  withPerformers: (names) => `Mit ${names}`,
  fewLeft: 'Nur noch wenige Tickets',
  access: 'Barrierefreiheit',
  addToCalendar: 'Zum Kalender hinzufügen',
};

export const list: ListWords = {
  previous: 'Zurück',
  next: 'Weiter',
};

export const filters: FilterWords = {
  category: 'Kategorie',
  allCategories: 'Alle Kategorien',
  access: 'Barrierefreiheit',
};
