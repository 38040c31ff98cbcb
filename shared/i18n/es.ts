/**
 * Spanish: the words the widget and the pages both say (docs/architecture.md "Where each
 * rule lives": strings).
 */
export const buy = 'Comprar entradas';
export const postponed = 'Aplazado';
export const rescheduled = 'Nueva fecha';
export const doors = (time: string): string => `Apertura de puertas ${time}`;
export const allDay = 'Todo el día';
export const free = 'Gratis';
export const withPerformers = (names: string): string => `Con ${names}`;
export const fewLeft = 'Últimas entradas';
export const access = 'Accesibilidad';
export const addToCalendar = 'Añadir al calendario';
export const previous = 'Anterior';
export const next = 'Siguiente';
export const category = 'Categoría';
export const allCategories = 'Todas las categorías';
export const pastEvents = 'Eventos pasados';
export const upcomingEvents = 'Próximos eventos';
export const soldOut = 'Agotado';
export const joinWaitlist = 'Unirse a la lista de espera';
export const onSale = (when: string): string => `A la venta ${when}`;
export const remindMe = 'Recordármelo';
export const directions = 'Cómo llegar';
