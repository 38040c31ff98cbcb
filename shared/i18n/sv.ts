/**
 * Swedish: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const buy = 'Köp biljetter';
export const postponed = 'Uppskjutet';
export const rescheduled = 'Nytt datum';
export const doors = (time: string): string => `Insläpp ${time}`;
export const allDay = 'Heldag';
export const free = 'Fri entré';
export const withPerformers = (names: string): string => `Med ${names}`;
export const fewLeft = 'Få biljetter kvar';
export const access = 'Tillgänglighet';
export const addToCalendar = 'Lägg till i kalendern';
export const previous = 'Föregående';
export const next = 'Nästa';
export const category = 'Kategori';
export const allCategories = 'Alla kategorier';
export const pastEvents = 'Tidigare evenemang';
export const upcomingEvents = 'Kommande evenemang';

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
