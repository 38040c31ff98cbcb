/**
 * Portugal's Portuguese: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
import type { CardWords, ListWords, FilterWords, PastWords } from './types.js';

export const buy = 'Comprar bilhetes';
export const postponed = 'Adiado';
export const rescheduled = 'Nova data';
export const doors = (time: string): string => `Abertura de portas ${time}`;
export const allDay = 'Todo o dia';
export const free = 'Entrada livre';
export const withPerformers = (names: string): string => `Com ${names}`;
export const fewLeft = 'Últimos bilhetes';
export const access = 'Acessibilidade';
export const addToCalendar = 'Adicionar ao calendário';
export const previous = 'Anterior';
export const next = 'Seguinte';
export const category = 'Categoria';
export const allCategories = 'Todas as categorias';
export const pastEvents = 'Eventos passados';
export const upcomingEvents = 'Próximos eventos';

export const card: CardWords = {
  buy,
  postponed,
  rescheduled,
  doors,
  allDay,
  free,
  withPerformers,
  fewLeft,
  access,
  addToCalendar,
};
export const list: ListWords = { previous, next };
export const filters: FilterWords = { category, allCategories, access };
export const past: PastWords = { pastEvents, upcomingEvents };
