/**
 * Czech: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'Koupit vstupenky',
  postponed: 'Odloženo',
  rescheduled: 'Přesunuto',
  doors: (time) => `Otevřeno od ${time}`,
  allDay: 'Celý den',
  free: 'Vstup zdarma',
  withPerformers: (names) => `Účinkují: ${names}`,
  fewLeft: 'Poslední vstupenky',
  access: 'Přístupnost',
  addToCalendar: 'Přidat do kalendáře',
};

export const list: ListWords = {
  previous: 'Předchozí',
  next: 'Další',
};

export const filters: FilterWords = {
  category: 'Kategorie',
  allCategories: 'Všechny kategorie',
  access: 'Přístupnost',
};

export const past: PastWords = {
  pastEvents: 'Proběhlé akce',
  upcomingEvents: 'Nadcházející akce',
};
