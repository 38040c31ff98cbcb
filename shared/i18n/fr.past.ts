/** French's past words both the widget and the pages say (`fr.ts` holds the rest). */
import type { PastWords } from './types.js';

export const past: PastWords = {
  pastEvents: 'Événements passés',
  upcomingEvents: 'Événements à venir',
};
