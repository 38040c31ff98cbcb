/**
 * The memo of what the proxy builds from a venue's gathered list pages (docs/api.md §10.12–§10.14:
 * a filtered list page, the categories, a calendar feed; §10.5: the listing page's filtered list
 * and month view, whose keys carry the public base as their text holds it), so that a repeated request costs a
 * look-up instead of a filtering. An answer is kept per key (venue, canonical query, page) and
 * reused while it was built from exactly the same upstream answers (`Gathered.version`: their
 * templates, which a revalidation keeps) on the same venue-local day. Random filter values cannot grow it without
 * bound: it is an lru-cache bounded in bytes.
 */
import { LRUCache } from 'lru-cache';
import { forBase, type PerBase, type Representation } from '../http/conditional.js';
import { cutAtBase, fillBase, type LinkTemplate } from '../http/public-base.js';
import type { Gathered } from './list-pages.js';

/** One built answer: its text cut where the public base goes, and its last representation. */
interface Kept extends PerBase {
  template: LinkTemplate;
  /** The `Gathered.version` of the upstream answers it was built from. */
  version: string;
  /** The venue-local date it was built on (tours list stops from today on). */
  today: string;
  /** Approximate bytes held, as the upstream cache counts its entries. */
  size: number;
}

/** A built answer: `text` (links on `BASE_MARKER`), and whether it is worth keeping. */
export interface Build {
  text: string;
  /** False for an answer no one is likely to ask again (a page past the last). */
  keep: boolean;
}

export interface BuiltMemo {
  /**
   * The representation for public base `base` (no trailing slash) of the answer `key` built
   * from `gathered` on `today`: the kept one while its upstream answers and day are the same, else
   * `build()`'s, kept when it says so. Throws what `build` throws.
   */
  get(
    key: string,
    gathered: Gathered,
    today: string,
    base: string,
    build: () => Build,
  ): Representation;
}

/**
 * The memo of the answers of docs/api.md §10.12–§10.14 the proxy builds, of at most `maxBytes`
 * (approximate: the cut text as UTF-16, one filled copy and its compressed copies, as
 * `upstream-cache.ts` counts); 0 keeps nothing (every answer is built). Throws nothing itself.
 */
export function createBuiltMemo(maxBytes: number): BuiltMemo {
  const kept =
    maxBytes > 0
      ? new LRUCache<string, Kept>({
          maxSize: maxBytes,
          sizeCalculation: (entry, key) => entry.size + 2 * key.length,
        })
      : undefined;
  return {
    get(key, gathered, today, base, build) {
      let entry = kept?.get(key);
      if (!entry || entry.today !== today || entry.version !== gathered.version) {
        const { text, keep } = build();
        const template = cutAtBase(text);
        const chars = template.reduce((sum, part) => sum + part.length, 0);
        entry = {
          template,
          version: gathered.version,
          today,
          size: 5 * chars + 2 * gathered.version.length + 1024,
        };
        if (keep) kept?.set(key, entry);
        else kept?.delete(key);
      }
      const { template } = entry;
      return forBase(entry, base, () => Buffer.from(fillBase(template, base)));
    },
  };
}
