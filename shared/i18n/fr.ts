/**
 * French: the words the widget and the pages both say (card, list, filters; the rest of French's in `fr.past.ts`, `fr.calendar.ts`, apart because the widget loads them in other chunks) (docs/architecture.md "Where each rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords } from './types.js';

export const card: CardWords = {
  buy: 'Acheter des billets',
  postponed: 'Reporté',
  rescheduled: 'Reprogrammé',
  doors: (time) => `Ouverture des portes ${time}`,
  allDay: 'Toute la journée',
  free: 'Gratuit',
  withPerformers: (names) => `Avec ${names}`,
  fewLeft: 'Derniers billets',
  access: 'Accessibilité',
  addToCalendar: 'Ajouter au calendrier',
};

export const list: ListWords = {
  previous: 'Précédent',
  next: 'Suivant',
};

export const filters: FilterWords = {
  category: 'Catégorie',
  allCategories: 'Toutes les catégories',
  access: 'Accessibilité',
};
