/** French's past words both the widget and the pages say (`fr.ts` holds the rest). */
import type { PastWords } from './types.js';

export const pastEvents = 'Événements passés';
export const upcomingEvents = 'Événements à venir';

export const past: PastWords = { pastEvents, upcomingEvents };
