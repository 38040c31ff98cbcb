/**
 * French: the words the widget and the pages both say (docs/architecture.md "Where each rule
 * lives": strings). The card, list and filter words here; the past events' in `fr.past.ts`, apart
 * because the widget loads them in other chunks than the French one.
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
