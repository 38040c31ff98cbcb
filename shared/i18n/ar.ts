/**
 * Arabic: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
export const buy = 'شراء التذاكر';
export const postponed = 'مؤجلة';
export const rescheduled = 'موعد جديد';
export const doors = (time: string): string => `فتح الأبواب ${time}`;
export const allDay = 'طوال اليوم';
export const free = 'مجانًا';
export const withPerformers = (names: string): string => `بمشاركة ${names}`;
export const fewLeft = 'تذاكر قليلة متبقية';
export const access = 'إمكانية الوصول';
export const addToCalendar = 'إضافة إلى التقويم';
export const previous = 'السابق';
export const next = 'التالي';
export const category = 'الفئة';
export const allCategories = 'كل الفئات';
export const pastEvents = 'الفعاليات السابقة';
export const upcomingEvents = 'الفعاليات القادمة';
export const soldOut = 'نفدت التذاكر';
export const joinWaitlist = 'انضم إلى قائمة الانتظار';
export const onSale = (when: string): string => `يبدأ البيع ${when}`;
export const remindMe = 'ذكّرني';
export const directions = 'الاتجاهات';
