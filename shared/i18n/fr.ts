/**
 * French: the words the widget and the pages both say (docs/architecture.md "Where each rule
 * lives": strings). The card, list and filter words here; the past events' in `fr.past.ts`, apart
 * because the widget loads them in other chunks than the French one.
 */
export const buy = 'Acheter des billets';
export const postponed = 'Reporté';
export const rescheduled = 'Reprogrammé';
export const doors = (time: string): string => `Ouverture des portes ${time}`;
export const allDay = 'Toute la journée';
export const free = 'Gratuit';
export const withPerformers = (names: string): string => `Avec ${names}`;
export const fewLeft = 'Derniers billets';
export const access = 'Accessibilité';
export const addToCalendar = 'Ajouter au calendrier';
export const previous = 'Précédent';
export const next = 'Suivant';
export const category = 'Catégorie';
export const allCategories = 'Toutes les catégories';
export const soldOut = 'Complet';
export const joinWaitlist = 'Rejoindre la liste d’attente';
export const onSale = (when: string): string => `Mise en vente ${when}`;
export const remindMe = 'Me le rappeler';
export const directions = 'Itinéraire';
