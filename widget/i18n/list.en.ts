/**
 * English strings of the list's controls (`list-controls.ts`), in their chunk: loaded after the first
 * cards, as the parts are.
 */
import type { ListMessages } from './types.js';
import { next, previous } from '../../shared/i18n/en.list.js';

export const list: ListMessages = {
  views: 'View',
  listView: 'List',
  calendarView: 'Calendar',
  noMatch: 'No events match',
  resetFilters: 'Show all events',
  matches: (n) => (n === 1 ? '1 event matches' : `${n} events match`),
  pagination: 'Event pages',
  previous,
  next,
  page: (n) => `Page ${n}`,
  pageAnnounce: (n, last) => `Page ${n} of ${last}`,
};
