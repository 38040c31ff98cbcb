/** French's calendar words both the widget and the pages say (`fr.ts` holds the rest). */
import type { CalendarWords } from './types.js';

export const calendar: CalendarWords<'one' | 'many' | 'other'> = {
  eventCount: { one: '# événement', many: '# événements', other: '# événements' },
};
