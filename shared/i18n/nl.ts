/**
 * Dutch: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const buy = 'Tickets kopen';
export const postponed = 'Uitgesteld';
export const rescheduled = 'Verplaatst';
export const doors = (time: string): string => `Deuren open ${time}`;
export const allDay = 'Hele dag';
export const free = 'Gratis';
export const withPerformers = (names: string): string => `Met ${names}`;
export const fewLeft = 'Laatste tickets';
export const access = 'Toegankelijkheid';
export const addToCalendar = 'Toevoegen aan agenda';
export const previous = 'Vorige';
export const next = 'Volgende';
export const category = 'Categorie';
export const allCategories = 'Alle categorieën';
export const pastEvents = 'Afgelopen evenementen';
export const upcomingEvents = 'Komende evenementen';

export const card: CardWords = {
  buy,
  postponed,
  rescheduled,
  doors,
  allDay,
  free,
  withPerformers,
  fewLeft,
  access,
  addToCalendar,
};
export const list: ListWords = { previous, next };
export const filters: FilterWords = { category, allCategories, access };
export const past: PastWords = { pastEvents, upcomingEvents };
