/**
 * Polish: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'Kup bilety',
  postponed: 'Przełożone',
  rescheduled: 'Nowy termin',
  doors: (time) => `Otwarcie drzwi ${time}`,
  allDay: 'Cały dzień',
  free: 'Wstęp wolny',
  withPerformers: (names) => `Występują: ${names}`,
  fewLeft: 'Ostatnie bilety',
  access: 'Dostępność',
  addToCalendar: 'Dodaj do kalendarza',
};

export const list: ListWords = {
  previous: 'Poprzednia',
  next: 'Następna',
};

export const filters: FilterWords = {
  category: 'Kategoria',
  allCategories: 'Wszystkie kategorie',
  access: 'Dostępność',
};

export const past: PastWords = {
  pastEvents: 'Minione wydarzenia',
  upcomingEvents: 'Nadchodzące wydarzenia',
};
