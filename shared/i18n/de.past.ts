/** German's past words both the widget and the pages say (`de.ts` holds the rest). */
export const pastEvents = 'Vergangene Veranstaltungen';
export const upcomingEvents = 'Kommende Veranstaltungen';
