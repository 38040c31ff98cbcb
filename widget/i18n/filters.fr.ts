/** French strings of the filter bar (`venue-events-filters.ts`), in the French chunk (`fr.ts`). */
import type { FilterMessages } from './types.js';
import { access, allCategories, category } from '../../shared/i18n/fr.js';

export const filters: FilterMessages = {
  category,
  allCategories,
  search: 'Rechercher des événements',
  from: 'À partir du',
  reset: 'Réinitialiser',
  resetLabel: 'Réinitialiser les filtres',
  subscribe: "S'abonner",
  subscribeLabel: "S'abonner au calendrier",
  webcal: 'Application de calendrier (webcal)',
  google: 'Google Agenda',
  outlook: 'Outlook.com',
  access,
  anyAccess: 'Toute accessibilité',
  saved: (n) => `Enregistrés (${n})`,
  savedLabel: (n) => `Enregistrés (${n}) : afficher seulement les événements enregistrés`,
  addSaved: 'Ajouter les enregistrés au calendrier',
  venue: 'Lieu',
  allVenues: 'Tous les lieux',
  filters: (n) => (n ? `Filtres (${n})` : 'Filtres'),
};
