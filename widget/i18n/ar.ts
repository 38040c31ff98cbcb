/**
 * Arabic, loaded on first use (`load.ts`) as one chunk: every table of the widget in Arabic, the
 * past events' and the calendar's with the rest (`FullPack`); the widget lays it out right to
 * left (`dir`). Counts take Arabic's six forms by `Intl.PluralRules` (zero, one,
 * two, few 3–10, many 11–99, other), and numbers are written as the locale writes them.
 */
import type { FullPack } from './types.js';
import {
  access,
  addToCalendar,
  allCategories,
  allDay,
  buy,
  category,
  doors,
  fewLeft,
  free,
  next,
  pastEvents,
  postponed,
  previous,
  rescheduled,
  upcomingEvents,
  withPerformers,
} from '../../shared/i18n/ar.js';
import { plural } from '../../shared/i18n/plural.js';
import { accessLabels } from '../../shared/access-labels/ar.js';

/** `n` in the locale's digits. */
const num = (n: number): string => n.toLocaleString('ar');

const events = (n: number): string =>
  plural('ar', n, {
    zero: 'لا فعاليات',
    one: 'فعالية واحدة',
    two: 'فعاليتان',
    few: `${num(n)} فعاليات`,
    many: `${num(n)} فعالية`,
    other: `${num(n)} فعالية`,
  });

export const pack: FullPack = {
  core: {
    dir: 'rtl',
    loading: 'جارٍ تحميل الفعاليات…',
    empty: 'لا توجد فعاليات قادمة',
    error: 'تعذّر تحميل الفعاليات.',
    retry: 'إعادة المحاولة',
    venueNotFound: (venue) => `لم يُعثر على مكان باسم «${venue}».`,
    eventNotFound: 'لم يُعثر على هذه الفعالية.',
    refreshFailed: 'تعذّر التحديث؛ تُعرض آخر الفعاليات التي حُمّلت.',
    notShown: 'تعذّر عرض الفعاليات.',
    someNotShown: 'تعذّر عرض بعض الفعاليات.',
    buy,
    buyFor: (title) => `شراء التذاكر: ${title}`,
    salesClose: (when) => `ينتهي البيع ${when}`,
    closed: {
      manual: 'البيع عبر الإنترنت مغلق',
      scheduled: 'انتهى البيع عبر الإنترنت',
      event_ended: 'انتهت هذه الفعالية',
      cancelled: 'أُلغيت — لا تذاكر للبيع',
      not_ticketed: 'لا تُباع عبر الإنترنت',
    },
    cancelled: 'أُلغيت',
    stopCancelled: 'أُلغي',
    age: (n) => `${num(n)}+`,
    ageLabel: (n) => `من سن ${num(n)} فما فوق`,
    postponed,
    rescheduled,
    was: (date) => `(بدلًا من ${date})`,
    doors,
    allDay,
    nextStop: 'الموعد التالي',
    allStops: 'كل المواعيد',
    imageAlt: (title) => `صورة ${title}`,
    events: 'الفعاليات القادمة',
    addToCalendar,
    addToCalendarFor: (what) => `إضافة إلى التقويم: ${what}`,
    calendarFile: 'ملف تقويم (.ics)',
    share: 'مشاركة',
    shareFor: (title) => `مشاركة: ${title}`,
    linkCopied: 'نُسخ الرابط',
    save: 'حفظ',
    saveFor: (title) => `حفظ: ${title}`,
    free,
    withPerformers,
    fewLeft,
    access,
    accessLabels,
  },
  list: {
    views: 'طريقة العرض',
    listView: 'قائمة',
    calendarView: 'تقويم',
    noMatch: 'لا توجد فعاليات مطابقة',
    resetFilters: 'عرض كل الفعاليات',
    matches: (n) =>
      plural('ar', n, {
        zero: 'لا فعاليات مطابقة',
        one: 'فعالية واحدة مطابقة',
        two: 'فعاليتان مطابقتان',
        few: `${num(n)} فعاليات مطابقة`,
        other: `${num(n)} فعالية مطابقة`,
      }),
    pagination: 'صفحات الفعاليات',
    previous,
    next,
    page: (n) => `الصفحة ${num(n)}`,
    pageAnnounce: (n, last) => `الصفحة ${num(n)} من ${num(last)}`,
  },
  filters: {
    category,
    allCategories,
    search: 'البحث في الفعاليات',
    from: 'من',
    reset: 'إعادة الضبط',
    resetLabel: 'إعادة الضبط: كل عوامل التصفية',
    subscribe: 'اشتراك',
    subscribeLabel: 'اشتراك في التقويم',
    webcal: 'تطبيق التقويم (webcal)',
    google: 'تقويم Google',
    outlook: 'Outlook.com',
    access,
    anyAccess: 'الكل',
    saved: (n) => `المحفوظة (${num(n)})`,
    savedLabel: (n) => `المحفوظة (${num(n)}): عرض الفعاليات المحفوظة فقط`,
    addSaved: 'إضافة المحفوظة إلى التقويم',
    venue: 'المكان',
    allVenues: 'كل الأماكن',
    filters: (n) => (n ? `التصفية (${num(n)})` : 'التصفية'),
  },
  past: {
    pastEvents,
    upcomingEvents,
    seePast: 'عرض الفعاليات السابقة',
    noPast: 'لا توجد فعاليات سابقة',
    // The adjective agrees with the count: dual "سابقتان", singular after 11 and more.
    pastShown: (n) =>
      plural('ar', n, {
        zero: 'لا فعاليات سابقة',
        one: 'فعالية سابقة واحدة',
        two: 'فعاليتان سابقتان، الأحدث أولًا',
        few: `${num(n)} فعاليات سابقة، الأحدث أولًا`,
        other: `${num(n)} فعالية سابقة، الأحدث أولًا`,
      }),
    upcomingShown: (n) =>
      plural('ar', n, {
        zero: 'لا فعاليات قادمة',
        one: 'فعالية قادمة واحدة',
        two: 'فعاليتان قادمتان',
        few: `${num(n)} فعاليات قادمة`,
        other: `${num(n)} فعالية قادمة`,
      }),
  },
  calendar: {
    calendar: 'تقويم الفعاليات',
    previousMonth: 'الشهر السابق',
    nextMonth: 'الشهر التالي',
    eventCount: events,
    countAt: (count, venues) => `${count}: ${venues}`,
    dayHeading: (date) => `فعاليات ${date}`,
    noEvents: 'لا فعاليات في هذا اليوم',
    error: 'تعذّر تحميل التقويم.',
    loading: 'جارٍ تحميل التقويم…',
    more: (n) => `+${num(n)} أخرى`,
    stopCancelledOn: (what) => `أُلغي موعد هذا اليوم: ${what}`,
  },
};
