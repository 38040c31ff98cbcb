/** German's past words both the widget and the pages say (`de.ts` holds the rest). */
import type { PastWords } from './types.js';

export const pastEvents = 'Vergangene Veranstaltungen';
export const upcomingEvents = 'Kommende Veranstaltungen';

export const past: PastWords = { pastEvents, upcomingEvents };
