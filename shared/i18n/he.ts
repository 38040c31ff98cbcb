/**
 * Hebrew: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'לרכישת כרטיסים',
  postponed: 'נדחה',
  rescheduled: 'מועד חדש',
  doors: (time) => `פתיחת דלתות ${time}`,
  allDay: 'כל היום',
  free: 'כניסה חופשית',
  withPerformers: (names) => `בהשתתפות ${names}`,
  fewLeft: 'נותרו כרטיסים אחרונים',
  access: 'נגישות',
  addToCalendar: 'הוספה ליומן',
};

export const list: ListWords = {
  previous: 'הקודם',
  next: 'הבא',
};

export const filters: FilterWords = {
  category: 'קטגוריה',
  allCategories: 'כל הקטגוריות',
  access: 'נגישות',
};

export const past: PastWords = {
  pastEvents: 'אירועים קודמים',
  upcomingEvents: 'אירועים קרובים',
};
