/**
 * Portugal's Portuguese: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'Comprar bilhetes',
  postponed: 'Adiado',
  rescheduled: 'Nova data',
  doors: (time) => `Abertura de portas ${time}`,
  allDay: 'Todo o dia',
  free: 'Entrada livre',
  withPerformers: (names) => `Com ${names}`,
  fewLeft: 'Últimos bilhetes',
  access: 'Acessibilidade',
  addToCalendar: 'Adicionar ao calendário',
};

export const list: ListWords = {
  previous: 'Anterior',
  next: 'Seguinte',
};

export const filters: FilterWords = {
  category: 'Categoria',
  allCategories: 'Todas as categorias',
  access: 'Acessibilidade',
};

export const past: PastWords = {
  pastEvents: 'Eventos passados',
  upcomingEvents: 'Próximos eventos',
};
