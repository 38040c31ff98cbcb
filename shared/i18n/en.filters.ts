/** English's filters words both the widget and the pages say (`en.ts` holds the rest). */
import type { FilterWords } from './types.js';

export const category = 'Category';
export const allCategories = 'All categories';
export const access = 'Access';

export const filters: FilterWords = { category, allCategories, access };
