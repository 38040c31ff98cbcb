/**
 * English: the words the widget and the pages both say (card; the rest of English's in `en.list.ts`, `en.filters.ts`, `en.past.ts`, `en.calendar.ts`, apart because the widget loads them in other chunks) (docs/architecture.md "Where each rule lives": strings).
 */
import type { CardWords } from './types.js';

export const card: CardWords = {
  buy: 'Buy tickets',
  postponed: 'Postponed',
  rescheduled: 'Rescheduled',
  doors: (time) => `Doors ${time}`,
  allDay: 'All day',
  free: 'Free',
  withPerformers: (names) => `With ${names}`,
  fewLeft: 'Few tickets left',
  access: 'Access',
  addToCalendar: 'Add to calendar',
};
