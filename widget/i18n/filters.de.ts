/** German strings of the filter bar (`venue-events-filters.ts`), in the German chunk (`de.ts`). */
import type { FilterMessages } from './types.js';
import { access, allCategories, category } from '../../shared/i18n/de.js';

export const filters: FilterMessages = {
  category,
  allCategories,
  search: 'Veranstaltungen suchen',
  from: 'Ab',
  reset: 'Zurücksetzen',
  resetLabel: 'Zurücksetzen: alle Filter',
  subscribe: 'Abonnieren',
  subscribeLabel: 'Abonnieren: Kalender',
  webcal: 'Kalender-App (webcal)',
  google: 'Google Kalender',
  outlook: 'Outlook.com',
  access,
  anyAccess: 'Alle Angebote',
  saved: (n) => `Gemerkt (${n})`,
  savedLabel: (n) => `Gemerkt (${n}): nur gemerkte Veranstaltungen zeigen`,
  addSaved: 'Gemerkte zum Kalender hinzufügen',
  venue: 'Veranstaltungsort',
  allVenues: 'Alle Veranstaltungsorte',
  filters: (n) => (n ? `Filter (${n})` : 'Filter'),
};
