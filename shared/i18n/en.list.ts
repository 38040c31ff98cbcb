/** English's list words both the widget and the pages say (`en.ts` holds the rest). */
import type { ListWords } from './types.js';

export const list: ListWords = {
  previous: 'Previous',
  next: 'Next',
};
