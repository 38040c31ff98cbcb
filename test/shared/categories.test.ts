import { describe, expect, it } from 'vitest';
import { categoriesDocument, categorySlug } from '../../shared/rules/categories.js';

describe('categoriesDocument (docs/api.md §10.13)', () => {
  it('merges spellings that differ in case, named as most events spell it, sorted by name', () => {
    const doc = categoriesDocument([
      { name: 'jazz', count: 1 },
      { name: 'Live music', count: 4 },
      { name: 'Jazz', count: 2 },
      { name: 'comedy', count: 1 },
      { name: '', count: 3 },
    ]);
    expect(doc).toEqual({
      data: [
        { type: 'categories', id: 'comedy', attributes: { name: 'comedy', count: 1 } },
        { type: 'categories', id: 'jazz', attributes: { name: 'Jazz', count: 3 } },
        { type: 'categories', id: 'live-music', attributes: { name: 'Live music', count: 4 } },
      ],
    });
  });

  it('no categories: an empty data array', () => {
    expect(categoriesDocument([])).toEqual({ data: [] });
  });

  it('slugs fold accents and join words with single hyphens', () => {
    expect(categorySlug(' Live Music & Café ')).toBe('live-music-cafe');
  });
});
