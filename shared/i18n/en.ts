/**
 * English: the words the widget and the pages both say (docs/architecture.md "Where each rule
 * lives": strings). The card's words here; the list's, the filter bar's and the past events' in
 * `en.list.ts`, `en.filters.ts` and `en.past.ts`, apart because the widget loads them in other
 * chunks than the first paint.
 */
export const buy = 'Buy tickets';
export const postponed = 'Postponed';
export const rescheduled = 'Rescheduled';
export const doors = (time: string): string => `Doors ${time}`;
export const allDay = 'All day';
export const free = 'Free';
export const withPerformers = (names: string): string => `With ${names}`;
export const fewLeft = 'Few tickets left';
export const access = 'Access';
export const addToCalendar = 'Add to calendar';
export const soldOut = 'Sold out';
export const joinWaitlist = 'Join the waitlist';
export const onSale = (when: string): string => `On sale ${when}`;
export const remindMe = 'Remind me';
export const directions = 'Directions';
