/**
 * Brazil's Portuguese: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
export const buy = 'Comprar ingressos';
export const postponed = 'Adiado';
export const rescheduled = 'Nova data';
export const doors = (time: string): string => `Abertura da casa ${time}`;
export const allDay = 'Dia inteiro';
export const free = 'Entrada gratuita';
export const withPerformers = (names: string): string => `Com ${names}`;
export const fewLeft = 'Últimos ingressos';
export const access = 'Acessibilidade';
export const addToCalendar = 'Adicionar ao calendário';
export const previous = 'Anterior';
export const next = 'Próxima';
export const category = 'Categoria';
export const allCategories = 'Todas as categorias';
export const pastEvents = 'Eventos passados';
export const upcomingEvents = 'Próximos eventos';
export const soldOut = 'Esgotado';
export const joinWaitlist = 'Entrar na lista de espera';
export const onSale = (when: string): string => `À venda a partir de ${when}`;
export const remindMe = 'Me lembre';
export const directions = 'Como chegar';
