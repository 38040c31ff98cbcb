/**
 * Swedish: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'Köp biljetter',
  postponed: 'Uppskjutet',
  rescheduled: 'Nytt datum',
  doors: (time) => `Insläpp ${time}`,
  allDay: 'Heldag',
  free: 'Fri entré',
  withPerformers: (names) => `Med ${names}`,
  fewLeft: 'Få biljetter kvar',
  access: 'Tillgänglighet',
  addToCalendar: 'Lägg till i kalendern',
};

export const list: ListWords = {
  previous: 'Föregående',
  next: 'Nästa',
};

export const filters: FilterWords = {
  category: 'Kategori',
  allCategories: 'Alla kategorier',
  access: 'Tillgänglighet',
};

export const past: PastWords = {
  pastEvents: 'Tidigare evenemang',
  upcomingEvents: 'Kommande evenemang',
};
