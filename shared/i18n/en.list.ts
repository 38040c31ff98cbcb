/** English's list words both the widget and the pages say (`en.ts` holds the rest). */
import type { ListWords } from './types.js';

export const previous = 'Previous';
export const next = 'Next';

export const list: ListWords = { previous, next };
