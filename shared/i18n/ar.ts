/**
 * Arabic: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'شراء التذاكر',
  postponed: 'مؤجلة',
  rescheduled: 'موعد جديد',
  doors: (time) => `فتح الأبواب ${time}`,
  allDay: 'طوال اليوم',
  free: 'مجانًا',
  withPerformers: (names) => `بمشاركة ${names}`,
  fewLeft: 'تذاكر قليلة متبقية',
  access: 'إمكانية الوصول',
  addToCalendar: 'إضافة إلى التقويم',
};

export const list: ListWords = {
  previous: 'السابق',
  next: 'التالي',
};

export const filters: FilterWords = {
  category: 'الفئة',
  allCategories: 'كل الفئات',
  access: 'إمكانية الوصول',
};

export const past: PastWords = {
  pastEvents: 'الفعاليات السابقة',
  upcomingEvents: 'الفعاليات القادمة',
};
