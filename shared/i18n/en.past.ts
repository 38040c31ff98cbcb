/** English's past words both the widget and the pages say (`en.ts` holds the rest). */
import type { PastWords } from './types.js';

export const pastEvents = 'Past events';
export const upcomingEvents = 'Upcoming events';

export const past: PastWords = { pastEvents, upcomingEvents };
