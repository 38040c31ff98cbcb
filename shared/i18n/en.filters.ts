/** English's filters words both the widget and the pages say (`en.ts` holds the rest). */
import type { FilterWords } from './types.js';

export const filters: FilterWords = {
  category: 'Category',
  allCategories: 'All categories',
  access: 'Access',
};
