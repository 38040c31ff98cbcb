/** English's calendar words both the widget and the pages say (`en.ts` holds the rest). */
import type { CalendarWords } from './types.js';

export const calendar: CalendarWords<'one' | 'other'> = {
  eventCount: { one: '# event', other: '# events' },
};
