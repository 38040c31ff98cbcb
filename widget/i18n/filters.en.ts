/** English strings of the filter bar (`venue-events-filters.ts`), in its chunk. */
import type { FilterMessages } from './types.js';
import { filters as words } from '../../shared/i18n/en.filters.js';

export const filters: FilterMessages = {
  ...words,
  search: 'Search events',
  from: 'From',
  reset: 'Reset',
  resetLabel: 'Reset filters',
  subscribe: 'Subscribe',
  subscribeLabel: 'Subscribe to the calendar',
  webcal: 'Calendar app (webcal)',
  google: 'Google Calendar',
  outlook: 'Outlook.com',
  anyAccess: 'Any access',
  saved: (n) => `Saved (${n})`,
  savedLabel: (n) => `Saved (${n}): show only the events you saved`,
  addSaved: 'Add saved to calendar',
  venue: 'Venue',
  allVenues: 'All venues',
  filters: (n) => (n ? `Filters (${n})` : 'Filters'),
};
