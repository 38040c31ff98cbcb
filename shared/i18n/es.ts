/**
 * Spanish: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'Comprar entradas',
  postponed: 'Aplazado',
  rescheduled: 'Nueva fecha',
  doors: (time) => `Apertura de puertas ${time}`,
  allDay: 'Todo el día',
  free: 'Gratis',
  withPerformers: (names) => `Con ${names}`,
  fewLeft: 'Últimas entradas',
  access: 'Accesibilidad',
  addToCalendar: 'Añadir al calendario',
};

export const list: ListWords = {
  previous: 'Anterior',
  next: 'Siguiente',
};

export const filters: FilterWords = {
  category: 'Categoría',
  allCategories: 'Todas las categorías',
  access: 'Accesibilidad',
};

export const past: PastWords = {
  pastEvents: 'Eventos pasados',
  upcomingEvents: 'Próximos eventos',
};
