/**
 * German: the words the widget and the pages both say (docs/architecture.md "Where each rule
 * lives": strings). The card, list and filter words here; the past events' in `de.past.ts`, apart
 * because the widget loads them in other chunks than the German one.
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
