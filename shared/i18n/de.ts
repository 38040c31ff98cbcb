/**
 * German: the words the widget and the pages both say (docs/architecture.md "Where each rule
 * lives": strings). The card, list and filter words here; the past events' in `de.past.ts`, apart
 * because the widget loads them in other chunks than the German one.
 */
export const buy = 'Tickets kaufen';
export const postponed = 'Verschoben';
export const rescheduled = 'Verlegt';
export const doors = (time: string): string => `Einlass ${time}`;
export const allDay = 'Ganztägig';
export const free = 'Eintritt frei';
export const withPerformers = (names: string): string => `Mit ${names}`;
export const fewLeft = 'Nur noch wenige Tickets';
export const access = 'Barrierefreiheit';
export const addToCalendar = 'Zum Kalender hinzufügen';
export const previous = 'Zurück';
export const next = 'Weiter';
export const category = 'Kategorie';
export const allCategories = 'Alle Kategorien';
export const soldOut = 'Ausverkauft';
export const joinWaitlist = 'Auf die Warteliste';
export const onSale = (when: string): string => `Vorverkauf ab ${when}`;
export const remindMe = 'Erinnern';
export const directions = 'Anfahrt';
