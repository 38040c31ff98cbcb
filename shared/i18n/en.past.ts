/** English's past words both the widget and the pages say (`en.ts` holds the rest). */
export const pastEvents = 'Past events';
export const upcomingEvents = 'Upcoming events';
