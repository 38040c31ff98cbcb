/**
 * Dutch: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'Tickets kopen',
  postponed: 'Uitgesteld',
  rescheduled: 'Verplaatst',
  doors: (time) => `Deuren open ${time}`,
  allDay: 'Hele dag',
  free: 'Gratis',
  withPerformers: (names) => `Met ${names}`,
  fewLeft: 'Laatste tickets',
  access: 'Toegankelijkheid',
  addToCalendar: 'Toevoegen aan agenda',
};

export const list: ListWords = {
  previous: 'Vorige',
  next: 'Volgende',
};

export const filters: FilterWords = {
  category: 'Categorie',
  allCategories: 'Alle categorieën',
  access: 'Toegankelijkheid',
};

export const past: PastWords = {
  pastEvents: 'Afgelopen evenementen',
  upcomingEvents: 'Komende evenementen',
};
