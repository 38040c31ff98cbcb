/**
 * Czech: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const buy = 'Koupit vstupenky';
export const postponed = 'Odloženo';
export const rescheduled = 'Přesunuto';
export const doors = (time: string): string => `Otevřeno od ${time}`;
export const allDay = 'Celý den';
export const free = 'Vstup zdarma';
export const withPerformers = (names: string): string => `Účinkují: ${names}`;
export const fewLeft = 'Poslední vstupenky';
export const access = 'Přístupnost';
export const addToCalendar = 'Přidat do kalendáře';
export const previous = 'Předchozí';
export const next = 'Další';
export const category = 'Kategorie';
export const allCategories = 'Všechny kategorie';
export const pastEvents = 'Proběhlé akce';
export const upcomingEvents = 'Nadcházející akce';

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
