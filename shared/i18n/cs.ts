/**
 * Czech: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
export const buy = 'Koupit vstupenky';
export const postponed = 'Odloženo';
export const rescheduled = 'Přesunuto';
export const doors = (time: string): string => `Otevřeno od ${time}`;
export const allDay = 'Celý den';
export const free = 'Vstup zdarma';
export const withPerformers = (names: string): string => `Účinkují: ${names}`;
export const fewLeft = 'Poslední vstupenky';
export const access = 'Přístupnost';
export const addToCalendar = 'Přidat do kalendáře';
export const previous = 'Předchozí';
export const next = 'Další';
export const category = 'Kategorie';
export const allCategories = 'Všechny kategorie';
export const pastEvents = 'Proběhlé akce';
export const upcomingEvents = 'Nadcházející akce';
export const soldOut = 'Vyprodáno';
export const joinWaitlist = 'Zapsat se na čekací listinu';
export const onSale = (when: string): string => `V prodeji od ${when}`;
export const remindMe = 'Připomenout';
export const directions = 'Trasa';
