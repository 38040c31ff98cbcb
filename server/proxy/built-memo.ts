/**
 * The memo of what the proxy builds from the upstream pages it gathers (docs/api.md §10.5,
 * §10.12–§10.16: lists, finders, pages and calendar files of a venue or several), so a repeated
 * request costs one look-up: no upstream answer is even looked up while the entry is fresh. An
 * entry is kept per key (`memoKey`) with the venue-local day(s) it was built on, the upstream
 * answers it was built from (`Gathered.version`: their templates, which a revalidation keeps) and
 * the earliest instant one of them stops being fresh. Once past it the pages are gathered again;
 * if they are the same answers, the entry is fresh again without a rebuild. Random filter values
 * cannot grow it without bound: an lru-cache bounded in bytes (docs/decisions.md "Response memo").
 */
import { forBase, type Representation } from '../http/conditional.js';
import { HeldCopies, MemoStore, stringBytes } from '../http/held-copies.js';
import { cutAtBase, fillBase, type LinkTemplate } from '../http/public-base.js';

/** What an entry was built from, and until when it holds. */
export interface Validity {
  /** The upstream answers read (`Gathered.version` of each venue, joined). */
  version: string;
  /** The venue-local date(s) it was built on (tours list stops from today on). */
  day: string;
  /** UTC epoch ms from which it must be checked again: the earliest expiry of its answers. */
  freshUntilMs: number;
  /** Headers it is sent with (`X-Filter-Truncated`). */
  headers: Readonly<Record<string, string>>;
}

/** One built answer: its text cut where the public base goes, and its last representation. */
export class Kept extends HeldCopies {
  readonly template: LinkTemplate;
  readonly #textBytes: number;

  constructor(
    text: string,
    public validity: Validity,
    /** UTC epoch ms until which the text itself holds (a calendar's `DTSTAMP` minute), or ∞. */
    readonly untilMs: number,
  ) {
    super();
    this.template = cutAtBase(text);
    this.#textBytes = stringBytes(text);
  }

  /** UTC epoch ms until which it may be sent without looking at the upstream again. */
  get freshUntilMs(): number {
    return Math.min(this.validity.freshUntilMs, this.untilMs);
  }

  /** Its representation with links on public base `base` (no trailing slash). */
  on(base: string): Representation {
    return forBase(this, base, () => Buffer.from(fillBase(this.template, base)));
  }

  /** Bytes held beyond the objects: the cut text, its pieces, its validity and copies. */
  get heldBytes(): number {
    const pieces = PIECE_BYTES * this.template.length;
    return this.#textBytes + pieces + stringBytes(this.validity.version) + this.sentBytes;
  }
}

/** A piece of a cut text beyond its characters: V8's string header (a slice) and its slot. */
const PIECE_BYTES = 32;

export interface BuiltMemo {
  /** The entry `key` built on `day`, while fresh at `nowMs` (UTC epoch ms); counted as a lookup. */
  fresh(key: string, day: string, nowMs: number): Kept | undefined;
  /**
   * The entry `key` when it was built from the same answers on the same day as `validity` says
   * (a revalidation kept them): it takes `validity`'s freshness. Else undefined.
   */
  same(key: string, validity: Validity, nowMs: number): Kept | undefined;
  /**
   * `text` built under `validity`, holding until `untilMs`, kept at `key` when `keep` (else any
   * old entry is dropped).
   */
  keep(key: string, text: string, validity: Validity, untilMs: number, keep: boolean): Kept;
  /**
   * The entry `key` drawn from answers (`Backend.derived`): kept while what it was drawn from
   * (`from`) is the same, else `draw()`'s, kept. Counted as a lookup, as `fresh` is.
   */
  derived(key: string, from: string, draw: () => string): Kept;
}

/**
 * The memo of at most `maxBytes` held (each entry counted again as a copy is attached); 0 keeps
 * nothing (every answer is built). `onLookup` is told of every `fresh` and `derived` look-up (true
 * for a hit):
 * the metrics' memo counter, which the tests read to tell a hit from a rebuild. Throws nothing.
 */
export function createBuiltMemo(maxBytes: number, onLookup?: (hit: boolean) => void): BuiltMemo {
  const kept = new MemoStore<Kept>(maxBytes);

  const keep: BuiltMemo['keep'] = (key, text, validity, untilMs, worth) => {
    const entry = new Kept(text, validity, untilMs);
    if (worth) kept.set(key, entry);
    else kept.delete(key);
    return entry;
  };

  return {
    fresh(key, day, nowMs) {
      const entry = kept.get(key);
      const hit = entry?.validity.day === day && nowMs < entry.freshUntilMs;
      onLookup?.(hit);
      return hit ? entry : undefined;
    },
    same(key, validity, nowMs) {
      const entry = kept.peek(key);
      const same =
        entry?.validity.version === validity.version &&
        entry.validity.day === validity.day &&
        nowMs < entry.untilMs;
      if (!same) return undefined;
      entry.validity = validity;
      return entry;
    },
    keep,
    derived(key, from, draw) {
      const entry = kept.get(key);
      const hit = entry !== undefined && entry.validity.version === from;
      onLookup?.(hit);
      if (hit) return entry;
      // What it was drawn from says when it changes: no day, no upstream expiry of its own.
      const validity = { version: from, day: '', freshUntilMs: Infinity, headers: {} };
      return keep(key, draw(), validity, Infinity, true);
    },
  };
}
