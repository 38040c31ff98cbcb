/** English strings of the filter bar (`venue-events-filters.ts`), in its chunk. */
import type { FilterMessages } from './types.js';
import { access, allCategories, category } from '../../shared/i18n/en.filters.js';

export const filters: FilterMessages = {
  category,
  allCategories,
  search: 'Search events',
  from: 'From',
  reset: 'Reset',
  resetLabel: 'Reset filters',
  subscribe: 'Subscribe',
  subscribeLabel: 'Subscribe to the calendar',
  webcal: 'Calendar app (webcal)',
  google: 'Google Calendar',
  outlook: 'Outlook.com',
  access,
  anyAccess: 'Any access',
  saved: (n) => `Saved (${n})`,
  savedLabel: (n) => `Saved (${n}): show only the events you saved`,
  addSaved: 'Add saved to calendar',
  venue: 'Venue',
  allVenues: 'All venues',
  filters: (n) => (n ? `Filters (${n})` : 'Filters'),
};
