/**
 * Hebrew, loaded on first use (`load.ts`) as one chunk: every table of the widget in Hebrew, the
 * past events' and the calendar's with the rest (`FullPack`); the widget lays it out right to
 * left (`dir`). Counts take Hebrew's forms by `Intl.PluralRules` (one, two, other).
 */
import type { FullPack } from './types.js';
import { card, filters, list, past } from '../../shared/i18n/he.js';
import { plural } from '../../shared/i18n/plural.js';
import { accessLabels } from '../../shared/access-labels/he.js';

const events = (n: number): string =>
  plural('he', n, { one: 'אירוע אחד', two: 'שני אירועים', other: `${n} אירועים` });

export const pack: FullPack = {
  core: {
    dir: 'rtl',
    ...card,
    loading: 'טוען אירועים…',
    empty: 'אין אירועים קרובים',
    error: 'לא ניתן היה לטעון את האירועים.',
    retry: 'לנסות שוב',
    venueNotFound: (venue) => `לא נמצא מקום בשם ״${venue}״.`,
    eventNotFound: 'האירוע לא נמצא.',
    refreshFailed: 'הרענון נכשל; מוצגים האירועים שנטענו לאחרונה.',
    notShown: 'לא ניתן היה להציג את האירועים.',
    someNotShown: 'לא ניתן היה להציג חלק מהאירועים.',
    buyFor: (title) => `לרכישת כרטיסים: ${title}`,
    salesClose: (when) => `המכירה נסגרת ${when}`,
    closed: {
      manual: 'המכירה המקוונת סגורה',
      scheduled: 'המכירה המקוונת הסתיימה',
      event_ended: 'האירוע הסתיים',
      cancelled: 'בוטל — אין כרטיסים למכירה',
      not_ticketed: 'לא נמכר באינטרנט',
    },
    cancelled: 'בוטל',
    stopCancelled: 'בוטל',
    age: (n) => `${n}+`,
    ageLabel: (n) => `מגיל ${n} ומעלה בלבד`,
    was: (date) => `(במקום ${date})`,
    nextStop: 'המועד הבא',
    allStops: 'כל המועדים',
    imageAlt: (title) => `תמונה של ${title}`,
    events: 'אירועים קרובים',
    addToCalendarFor: (what) => `הוספה ליומן: ${what}`,
    calendarFile: 'קובץ יומן (.ics)',
    share: 'שיתוף',
    shareFor: (title) => `שיתוף: ${title}`,
    linkCopied: 'הקישור הועתק',
    save: 'שמירה',
    saveFor: (title) => `שמירה: ${title}`,
    accessLabels,
  },
  list: {
    ...list,
    views: 'תצוגה',
    listView: 'רשימה',
    calendarView: 'לוח שנה',
    noMatch: 'אין אירועים מתאימים',
    resetFilters: 'הצגת כל האירועים',
    matches: (n) =>
      plural('he', n, {
        one: 'אירוע אחד מתאים',
        two: 'שני אירועים מתאימים',
        other: `${n} אירועים מתאימים`,
      }),
    pagination: 'עמודי אירועים',
    page: (n) => `עמוד ${n}`,
    pageAnnounce: (n, last) => `עמוד ${n} מתוך ${last}`,
  },
  filters: {
    ...filters,
    search: 'חיפוש אירועים',
    from: 'מתאריך',
    reset: 'איפוס',
    resetLabel: 'איפוס כל המסננים',
    subscribe: 'הרשמה',
    subscribeLabel: 'הרשמה ליומן',
    webcal: 'אפליקציית יומן (webcal)',
    google: 'יומן Google',
    outlook: 'Outlook.com',
    anyAccess: 'הכול',
    saved: (n) => `שמורים (${n})`,
    savedLabel: (n) => `שמורים (${n}): הצגת אירועים שמורים בלבד`,
    addSaved: 'הוספת השמורים ליומן',
    venue: 'מקום',
    allVenues: 'כל המקומות',
    filters: (n) => (n ? `מסננים (${n})` : 'מסננים'),
  },
  past: {
    ...past,
    seePast: 'הצגת אירועים קודמים',
    noPast: 'אין אירועים קודמים',
    pastShown: (n) =>
      plural('he', n, {
        one: 'אירוע קודם אחד',
        two: 'שני אירועים קודמים, מהחדש לישן',
        other: `${n} אירועים קודמים, מהחדש לישן`,
      }),
    upcomingShown: (n) =>
      plural('he', n, {
        one: 'אירוע קרוב אחד',
        two: 'שני אירועים קרובים',
        other: `${n} אירועים קרובים`,
      }),
  },
  calendar: {
    calendar: 'לוח אירועים',
    previousMonth: 'החודש הקודם',
    nextMonth: 'החודש הבא',
    eventCount: events,
    countAt: (count, venues) => `${count}: ${venues}`,
    dayHeading: (date) => `אירועים ב${date}`,
    noEvents: 'אין אירועים ביום זה',
    error: 'לא ניתן היה לטעון את לוח השנה.',
    loading: 'טוען את לוח השנה…',
    more: (n) => plural('he', n, { one: `+${n} נוסף`, other: `+${n} נוספים` }),
    stopCancelledOn: (what) => `בוטל במועד זה: ${what}`,
  },
};
