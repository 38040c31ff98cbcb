/** French strings of the list's controls (`list-controls.ts`), in the French chunk (`fr.ts`). */
import type { ListMessages } from './types.js';
import { next, previous } from '../../shared/i18n/fr.js';

export const list: ListMessages = {
  views: 'Affichage',
  listView: 'Liste',
  calendarView: 'Calendrier',
  noMatch: 'Aucun événement ne correspond',
  resetFilters: 'Voir tous les événements',
  matches: (n) => (n <= 1 ? `${n} événement correspond` : `${n} événements correspondent`),
  pagination: 'Pages d’événements',
  previous,
  next,
  page: (n) => `Page ${n}`,
  pageAnnounce: (n, last) => `Page ${n} sur ${last}`,
};
