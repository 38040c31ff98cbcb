/** French's past words both the widget and the pages say (`fr.ts` holds the rest). */
export const pastEvents = 'Événements passés';
export const upcomingEvents = 'Événements à venir';
