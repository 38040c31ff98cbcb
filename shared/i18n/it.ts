/**
 * Italian: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
export const buy = 'Acquista biglietti';
export const postponed = 'Rinviato';
export const rescheduled = 'Nuova data';
export const doors = (time: string): string => `Apertura porte ${time}`;
export const allDay = 'Tutto il giorno';
export const free = 'Ingresso libero';
export const withPerformers = (names: string): string => `Con ${names}`;
export const fewLeft = 'Ultimi biglietti';
export const access = 'Accessibilità';
export const addToCalendar = 'Aggiungi al calendario';
export const previous = 'Precedente';
export const next = 'Successiva';
export const category = 'Categoria';
export const allCategories = 'Tutte le categorie';
export const pastEvents = 'Eventi passati';
export const upcomingEvents = 'Prossimi eventi';
export const soldOut = 'Esaurito';
export const joinWaitlist = 'Iscriviti alla lista d’attesa';
export const onSale = (when: string): string => `In vendita da ${when}`;
export const remindMe = 'Ricordamelo';
export const directions = 'Indicazioni';
