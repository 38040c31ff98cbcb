/** English's filters words both the widget and the pages say (`en.ts` holds the rest). */
export const category = 'Category';
export const allCategories = 'All categories';
export const access = 'Access';
