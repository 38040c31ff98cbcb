/**
 * Danish: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'Køb billetter',
  postponed: 'Udskudt',
  rescheduled: 'Flyttet',
  doors: (time) => `Dørene åbner kl. ${time}`,
  allDay: 'Hele dagen',
  free: 'Gratis',
  withPerformers: (names) => `Med ${names}`,
  fewLeft: 'Få billetter tilbage',
  access: 'Tilgængelighed',
  addToCalendar: 'Føj til kalender',
};

export const list: ListWords = {
  previous: 'Forrige',
  next: 'Næste',
};

export const filters: FilterWords = {
  category: 'Kategori',
  allCategories: 'Alle kategorier',
  access: 'Tilgængelighed',
};

export const past: PastWords = {
  pastEvents: 'Tidligere arrangementer',
  upcomingEvents: 'Kommende arrangementer',
};
