/**
 * Polish: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
export const buy = 'Kup bilety';
export const postponed = 'Przełożone';
export const rescheduled = 'Nowy termin';
export const doors = (time: string): string => `Otwarcie drzwi ${time}`;
export const allDay = 'Cały dzień';
export const free = 'Wstęp wolny';
export const withPerformers = (names: string): string => `Występują: ${names}`;
export const fewLeft = 'Ostatnie bilety';
export const access = 'Dostępność';
export const addToCalendar = 'Dodaj do kalendarza';
export const previous = 'Poprzednia';
export const next = 'Następna';
export const category = 'Kategoria';
export const allCategories = 'Wszystkie kategorie';
export const pastEvents = 'Minione wydarzenia';
export const upcomingEvents = 'Nadchodzące wydarzenia';
export const soldOut = 'Wyprzedane';
export const joinWaitlist = 'Dołącz do listy oczekujących';
export const onSale = (when: string): string => `Sprzedaż od ${when}`;
export const remindMe = 'Przypomnij mi';
export const directions = 'Jak dojechać';
