/**
 * Hebrew: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
export const buy = 'לרכישת כרטיסים';
export const postponed = 'נדחה';
export const rescheduled = 'מועד חדש';
export const doors = (time: string): string => `פתיחת דלתות ${time}`;
export const allDay = 'כל היום';
export const free = 'כניסה חופשית';
export const withPerformers = (names: string): string => `בהשתתפות ${names}`;
export const fewLeft = 'נותרו כרטיסים אחרונים';
export const access = 'נגישות';
export const addToCalendar = 'הוספה ליומן';
export const previous = 'הקודם';
export const next = 'הבא';
export const category = 'קטגוריה';
export const allCategories = 'כל הקטגוריות';
export const pastEvents = 'אירועים קודמים';
export const upcomingEvents = 'אירועים קרובים';
export const soldOut = 'אזל המלאי';
export const joinWaitlist = 'הצטרפות לרשימת ההמתנה';
export const onSale = (when: string): string => `המכירה נפתחת ${when}`;
export const remindMe = 'הזכירו לי';
export const directions = 'הוראות הגעה';
