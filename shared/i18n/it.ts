/**
 * Italian: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'Acquista biglietti',
  postponed: 'Rinviato',
  rescheduled: 'Nuova data',
  doors: (time) => `Apertura porte ${time}`,
  allDay: 'Tutto il giorno',
  free: 'Ingresso libero',
  withPerformers: (names) => `Con ${names}`,
  fewLeft: 'Ultimi biglietti',
  access: 'Accessibilità',
  addToCalendar: 'Aggiungi al calendario',
};

export const list: ListWords = {
  previous: 'Precedente',
  next: 'Successiva',
};

export const filters: FilterWords = {
  category: 'Categoria',
  allCategories: 'Tutte le categorie',
  access: 'Accessibilità',
};

export const past: PastWords = {
  pastEvents: 'Eventi passati',
  upcomingEvents: 'Prossimi eventi',
};
