/**
 * Swedish: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
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
export const soldOut = 'Slutsålt';
export const joinWaitlist = 'Skriv upp dig på väntelistan';
export const onSale = (when: string): string => `Biljettsläpp ${when}`;
export const remindMe = 'Påminn mig';
export const directions = 'Vägbeskrivning';
