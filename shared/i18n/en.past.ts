/** English's past words both the widget and the pages say (`en.ts` holds the rest). */
import type { PastWords } from './types.js';

export const past: PastWords = {
  pastEvents: 'Past events',
  upcomingEvents: 'Upcoming events',
};
