/**
 * Danish: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
export const buy = 'Køb billetter';
export const postponed = 'Udskudt';
export const rescheduled = 'Flyttet';
export const doors = (time: string): string => `Dørene åbner kl. ${time}`;
export const allDay = 'Hele dagen';
export const free = 'Gratis';
export const withPerformers = (names: string): string => `Med ${names}`;
export const fewLeft = 'Få billetter tilbage';
export const access = 'Tilgængelighed';
export const addToCalendar = 'Føj til kalender';
export const previous = 'Forrige';
export const next = 'Næste';
export const category = 'Kategori';
export const allCategories = 'Alle kategorier';
export const pastEvents = 'Tidligere arrangementer';
export const upcomingEvents = 'Kommende arrangementer';
export const soldOut = 'Udsolgt';
export const joinWaitlist = 'Skriv dig på ventelisten';
export const onSale = (when: string): string => `Billetsalg fra ${when}`;
export const remindMe = 'Mind mig om det';
export const directions = 'Rutevejledning';
