/**
 * The English core strings only the elements show, not the first paint (`en.ts`): imported by
 * `venue-element.ts`, so every element's module brings them, and they complete the one English
 * table (`en`, which `resolveI18n` gives) before any element renders. Kept out of the script every
 * first card waits for.
 */
import { en, type LaterMessages } from './en.js';

const later: LaterMessages = {
  empty: 'No upcoming events',
  error: 'Events could not be loaded.',
  retry: 'Try again',
  venueNotFound: (venue) => `No venue "${venue}" was found.`,
  eventNotFound: 'This event was not found.',
  refreshFailed: 'Could not refresh; showing the last loaded events.',
  notShown: 'Events could not be shown.',
  someNotShown: 'Some events could not be shown.',
  calendarFile: 'Calendar file (.ics)',
  linkCopied: 'Link copied',
  save: 'Save',
  saveFor: (title) => `Save: ${title}`,
};

Object.assign(en, later);
