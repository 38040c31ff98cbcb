/**
 * Brazil's Portuguese: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const card: CardWords = {
  buy: 'Comprar ingressos',
  postponed: 'Adiado',
  rescheduled: 'Nova data',
  doors: (time) => `Abertura da casa ${time}`,
  allDay: 'Dia inteiro',
  free: 'Entrada gratuita',
  withPerformers: (names) => `Com ${names}`,
  fewLeft: 'Últimos ingressos',
  access: 'Acessibilidade',
  addToCalendar: 'Adicionar ao calendário',
};

export const list: ListWords = {
  previous: 'Anterior',
  next: 'Próxima',
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
