/** English's list words both the widget and the pages say (`en.ts` holds the rest). */
export const previous = 'Previous';
export const next = 'Next';
