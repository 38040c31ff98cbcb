/**
 * The bytes a byte-bounded memo entry holds, counted as they grow (docs/decisions.md "Response
 * memo"). A memoised response gets its per-base copy (`forBase`) and its compressed copies
 * (`encodedBody`) only when it is first sent, after the memo has stored and sized it; an entry
 * built on `HeldCopies` tells its memo each time one is attached, so the memo counts it again.
 */
import { LRUCache } from 'lru-cache';
import { ownBytes, type ContentCoding, type PerBase, type Representation } from './conditional.js';

/**
 * Bytes of `text` in V8's heap: one a character when all are Latin-1 (V8's one-byte strings),
 * else two. The string's header is left to the caller's fixed overhead.
 */
export function stringBytes(text: string): number {
  return (/[\u0100-\uffff]/.test(text) ? 2 : 1) * text.length;
}

type Coded = Partial<Record<ContentCoding, Buffer>>;

/** Compressed copies (`Representation.encoded`) that call `grew` after one is attached. */
export class Copies implements Coded {
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;

  constructor(
    private readonly grew: () => void,
    from: Coded = {},
  ) {
    this.#br = from.br;
    this.#gzip = from.gzip;
  }

  get br(): Buffer | undefined {
    return this.#br;
  }

  set br(bytes: Buffer | undefined) {
    this.#br = bytes;
    this.grew();
  }

  get gzip(): Buffer | undefined {
    return this.#gzip;
  }

  set gzip(bytes: Buffer | undefined) {
    this.#gzip = bytes;
    this.grew();
  }

  /** Bytes of the copies held. */
  get bytes(): number {
    return (this.#br?.length ?? 0) + (this.#gzip?.length ?? 0);
  }
}

/**
 * Fixed cost of an entry beyond the bytes `heldBytes` counts, in bytes: its objects (the
 * rendering, its copies' holders, up to six buffers and their backing stores, two ETags) and the
 * memo's own bookkeeping. Measured: 1.25–1.5 KB (`process.memoryUsage()` after a full GC, 20,000
 * entries with their copies).
 */
const ENTRY_OVERHEAD = 1536;

/**
 * The one store of both modes' response memos (the origin's `RenderCache`, the proxy's
 * `BuiltMemo`): entries by key, least recently used first out, bounded by the bytes they hold
 * (`heldBytes`, the key and `ENTRY_OVERHEAD` each), each counted again whenever a copy is attached
 * to it as it is sent, so no request pattern grows it past `maxBytes` (docs/decisions.md "Response
 * memo"). `maxBytes` 0 keeps nothing. Each mode decides on top when an entry is still valid.
 */
export class MemoStore<E extends HeldCopies & { readonly heldBytes: number }> {
  readonly #entries: LRUCache<string, E> | undefined;

  constructor(maxBytes: number) {
    this.#entries =
      maxBytes > 0
        ? new LRUCache<string, E>({
            maxSize: maxBytes,
            sizeCalculation: (entry, key) => entry.heldBytes + stringBytes(key) + ENTRY_OVERHEAD,
          })
        : undefined;
  }

  /** The entry at `key`, made the most recently used. */
  get(key: string): E | undefined {
    return this.#entries?.get(key);
  }

  /** The entry at `key`, its place left as it is. */
  peek(key: string): E | undefined {
    return this.#entries?.peek(key);
  }

  /** Keeps `entry` at `key`, sized now and again as copies are attached. */
  set(key: string, entry: E): void {
    if (!this.#entries) return;
    this.#entries.set(key, entry);
    entry.onGrow(() => this.#recount(key, entry));
  }

  delete(key: string): void {
    this.#entries?.delete(key);
  }

  /** Bytes currently held by the entries, as counted (`heldBytes`, keys and overhead). */
  get size(): number {
    return this.#entries?.calculatedSize ?? 0;
  }

  /** Counts `entry` again after a copy was attached, while it is the one kept at `key`. */
  #recount(key: string, entry: E): void {
    if (this.#entries?.peek(key) !== entry) return;
    // lru-cache sizes an entry again only when it is set with another value: out, then in again
    // (as the most recent, which it is: it is being sent). Older entries are evicted to make room.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
  }
}

/**
 * A memo entry's copies: the representation for the last public base (`PerBase.sent`) with its
 * compressed copies, and (`copies()`) compressed copies of the entry's own body when it is itself
 * a `Representation`. The listener given to `onGrow` is called after each one is attached.
 */
export class HeldCopies implements PerBase {
  #sent: PerBase['sent'];
  #sentCopies: Copies | undefined;
  #grew: () => void = () => {};
  #kept = false;

  /**
   * Called by the memo that keeps this entry: `listener` is called after each copy attached from
   * now on (the memo counts the entry again).
   */
  onGrow(listener: () => void): void {
    this.#grew = listener;
    this.#kept = true;
  }

  /**
   * True until a memo keeps the entry (`onGrow`): its copies are then sent once and dropped, and
   * compressed at the fastest level (`Representation.transient`).
   */
  get transient(): boolean {
    return !this.#kept;
  }

  /** For subclasses that attach bytes of their own (a body made on first use). */
  protected grew(): void {
    this.#grew();
  }

  /**
   * An empty `Representation.encoded` that reports what is attached to it. Make it with the
   * entry, not on demand: `encodedBody` would fill a plain object it made itself.
   */
  protected copies(): Copies {
    return new Copies(() => this.#grew());
  }

  get sent(): PerBase['sent'] {
    return this.#sent;
  }

  set sent(value: PerBase['sent']) {
    this.#sentCopies = undefined;
    if (value) {
      const representation: Representation = value.representation;
      representation.body = ownBytes(representation.body);
      this.#sentCopies = new Copies(() => this.#grew(), representation.encoded);
      representation.encoded = this.#sentCopies;
    }
    this.#sent = value;
    this.#grew();
  }

  /** Bytes of the last base's representation: its body and compressed copies. */
  protected get sentBytes(): number {
    const body = this.#sent?.representation.body;
    return body ? body.length + (this.#sentCopies?.bytes ?? 0) : 0;
  }
}
