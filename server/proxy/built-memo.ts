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
import { forBase, type Representation } from '../http/conditional.js';
import { HeldCopies, stringBytes } from '../http/held-copies.js';
import { cutAtBase, fillBase, type LinkTemplate } from '../http/public-base.js';
import type { Gathered } from './list-pages.js';

/** One built answer: its text cut where the public base goes, and its last representation. */
class Kept extends HeldCopies {
  readonly template: LinkTemplate;
  /** Bytes of the cut text (its pieces share the built text's characters). */
  readonly #textBytes: number;

  constructor(
    text: string,
    /** The `Gathered.version` of the upstream answers it was built from. */
    readonly version: string,
    /** The venue-local date it was built on (tours list stops from today on). */
    readonly today: string,
  ) {
    super();
    this.template = cutAtBase(text);
    this.#textBytes = stringBytes(text);
  }

  /**
   * Bytes held beyond the objects themselves: the cut text and its pieces' headers, its version,
   * the representation for the last base and its compressed copies.
   */
  get heldBytes(): number {
    const pieces = PIECE_BYTES * this.template.length;
    return this.#textBytes + pieces + stringBytes(this.version) + this.sentBytes;
  }
}

/** A piece of a cut text beyond its characters: V8's string header (a slice of the text) and its slot. */
const PIECE_BYTES = 32;

/**
 * Fixed cost of an entry beyond `heldBytes`, in bytes: its objects, the buffers' backing stores
 * and the memo's bookkeeping, measured as for the origin's memo (`render-cache.ts`).
 */
const ENTRY_OVERHEAD = 1536;

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
   * `build()`'s, kept when it says so. Rejects as `build` does.
   */
  get(
    key: string,
    gathered: Pick<Gathered, 'version'>,
    today: string,
    base: string,
    build: () => Promise<Build>,
  ): Promise<Representation>;
}

/**
 * The memo of the answers of docs/api.md §10.12–§10.14 the proxy builds, of at most `maxBytes`
 * held: the cut text, one filled copy and its compressed copies, each entry counted again as a
 * copy is attached (docs/decisions.md "Response memo"); 0 keeps nothing (every answer is built).
 * Throws nothing itself.
 */
export function createBuiltMemo(maxBytes: number): BuiltMemo {
  const kept =
    maxBytes > 0
      ? new LRUCache<string, Kept>({
          maxSize: maxBytes,
          sizeCalculation: (entry, key) => entry.heldBytes + stringBytes(key) + ENTRY_OVERHEAD,
        })
      : undefined;

  /** Counts `entry` again after a copy was attached, while it is the one kept at `key`. */
  function recount(key: string, entry: Kept): void {
    if (kept?.peek(key) !== entry) return;
    // lru-cache sizes an entry again only when it is set with another value: out, then in again.
    kept.delete(key);
    kept.set(key, entry);
  }

  return {
    async get(key, gathered, today, base, build) {
      let entry = kept?.get(key);
      if (!entry || entry.today !== today || entry.version !== gathered.version) {
        const { text, keep } = await build();
        const fresh = new Kept(text, gathered.version, today);
        entry = fresh;
        if (keep && kept) {
          kept.set(key, fresh);
          fresh.onGrow(() => recount(key, fresh));
        } else kept?.delete(key);
      }
      const { template } = entry;
      return forBase(entry, base, () => Buffer.from(fillBase(template, base)));
    },
  };
}
