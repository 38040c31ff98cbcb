/**
 * English: the words the widget and the pages both say (docs/architecture.md "Where each rule
 * lives": strings). The card's words here; the list's, the filter bar's and the past events' in
 * `en.list.ts`, `en.filters.ts` and `en.past.ts`, apart because the widget loads them in other
 * chunks than the first paint.
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
