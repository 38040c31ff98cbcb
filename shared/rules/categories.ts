/**
 * The categories resource (docs/api.md §10.13, an extension): a venue's categories with how many
 * listed events have each. Pure: the stores (and the proxy, from the upstream's pages) count the
 * spellings; this merges spellings that differ only in case, names and sorts them.
 */
import { foldText } from './filters.js';

/** A category name as events spell it, and how many listed events spell it so. */
export interface CategoryCount {
  name: string;
  count: number;
}

/** One member of the categories document's `data`. */
export interface CategoryResource {
  type: 'categories';
  id: string;
  attributes: CategoryCount;
}

/** `Live Music & Café` → `live-music-cafe`: the folded name, non-alphanumerics as single `-`. */
export const categorySlug = (name: string): string =>
  foldText(name)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The categories document from counted spellings (any order; empty names ignored). Spellings
 * equal but for case are one category, named by the spelling most events use (ties: the one
 * sorting first); sorted by name, ignoring case.
 */
export function categoriesDocument(spellings: Iterable<CategoryCount>): {
  data: CategoryResource[];
} {
  const groups = new Map<string, CategoryCount[]>();
  for (const spelling of spellings) {
    if (!spelling.name || spelling.count <= 0) continue;
    const key = spelling.name.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), spelling]);
  }
  const merged = [...groups.values()].map((group) => {
    const [best] = [...group].sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1));
    return { name: best!.name, count: group.reduce((sum, s) => sum + s.count, 0) };
  });
  merged.sort((a, b) => {
    const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return {
    data: merged.map((attributes) => ({
      type: 'categories',
      id: categorySlug(attributes.name),
      attributes,
    })),
  };
}
