/**
 * Dutch: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
export const buy = 'Tickets kopen';
export const postponed = 'Uitgesteld';
export const rescheduled = 'Verplaatst';
export const doors = (time: string): string => `Deuren open ${time}`;
export const allDay = 'Hele dag';
export const free = 'Gratis';
export const withPerformers = (names: string): string => `Met ${names}`;
export const fewLeft = 'Laatste tickets';
export const access = 'Toegankelijkheid';
export const addToCalendar = 'Toevoegen aan agenda';
export const previous = 'Vorige';
export const next = 'Volgende';
export const category = 'Categorie';
export const allCategories = 'Alle categorieën';
export const pastEvents = 'Afgelopen evenementen';
export const upcomingEvents = 'Komende evenementen';
export const soldOut = 'Uitverkocht';
export const joinWaitlist = 'Op de wachtlijst';
export const onSale = (when: string): string => `Kaartverkoop vanaf ${when}`;
export const remindMe = 'Herinner me';
export const directions = 'Routebeschrijving';
