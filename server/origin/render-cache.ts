/**
 * The origin's response memo: each API response is rendered once and kept, as bytes with its
 * ETag, until the store changes or its next transition (a venue's midnight or a pending
 * `closes_at`, docs/decisions.md "Caching"). Bounded by bytes, not entries, so no request pattern can
 * grow it past `maxBytes`: each entry counts everything it holds (its text, its bytes, the copy
 * with the request's base and every compressed copy, docs/decisions.md "Response memo"), and is
 * counted again each time a copy is attached, as it is sent.
 */
import { entityTag, ownBytes, type PerBase, type Representation } from '../http/conditional.js';
import { HeldCopies, MemoStore, stringBytes } from '../http/held-copies.js';

/**
 * A rendered response, valid for store `version` and the instants [fromMs, untilMs) (UTC epoch
 * ms). Its bytes and ETag are made on first use: when links are filled in per request (no
 * configured base), only the per-base copies (`PerBase`) are ever sent, so the template's own
 * bytes and hash would be work thrown away on every render.
 */
export class Rendered extends HeldCopies implements Representation, PerBase {
  #body: Buffer | undefined;
  #etag: string | undefined;
  #textBytes: number | undefined;
  readonly encoded = this.copies();

  constructor(
    /** The JSON text as rendered. */
    readonly text: string,
    readonly version: string,
    readonly fromMs: number,
    readonly untilMs: number,
  ) {
    super();
  }

  get body(): Buffer {
    if (this.#body) return this.#body;
    this.#body = ownBytes(Buffer.from(this.text));
    this.grew();
    return this.#body;
  }

  get etag(): string {
    return (this.#etag ??= entityTag(this.body));
  }

  /**
   * Bytes held beyond the objects themselves: the text (one byte a character for Latin-1 text,
   * two otherwise), its bytes once made, its compressed copies and the per-base copies.
   */
  get heldBytes(): number {
    this.#textBytes ??= stringBytes(this.text);
    return this.#textBytes + (this.#body?.length ?? 0) + this.encoded.bytes + this.sentBytes;
  }
}

/** What a renderer returns: the JSON text and the instant (UTC epoch ms) it stops being valid. */
export interface Rendering {
  body: string;
  untilMs: number;
  /**
   * False for a response not worth a memo entry (an out-of-range page: cheap to render, and an
   * attacker could ask for millions of them). Default true.
   */
  keep?: boolean;
}

export interface RenderCacheOptions {
  /** Keep renderings between requests (default true); off only to measure the render path. */
  enabled?: boolean;
  /** Most bytes held by the entries, everything counted (default `DEFAULT_MEMO_BYTES`). */
  maxBytes?: number;
  /** Told of every lookup: true for a memo hit (metrics). */
  onLookup?: (hit: boolean) => void;
}

/** The memo's bound when none is given (what `createApp` uses): 32 MiB. */
export const DEFAULT_MEMO_BYTES = 32 * 1024 * 1024;

/** The origin's memo: renderings in the shared `MemoStore`, valid for a store version and a span. */
export class RenderCache {
  readonly #entries: MemoStore<Rendered>;
  readonly #enabled: boolean;
  readonly #onLookup: ((hit: boolean) => void) | undefined;

  constructor(options: RenderCacheOptions = {}) {
    this.#enabled = options.enabled !== false;
    this.#onLookup = options.onLookup;
    this.#entries = new MemoStore(this.#enabled ? (options.maxBytes ?? DEFAULT_MEMO_BYTES) : 0);
  }

  /**
   * The rendering stored under `key` if it is valid for `version` at `nowMs`, else `render()`'s,
   * stored. Undefined when `render` finds nothing to serve (nothing is stored then).
   */
  async get(
    key: string,
    version: string,
    nowMs: number,
    render: () => Promise<Rendering | undefined>,
  ): Promise<Rendered | undefined> {
    const hit = this.#entries.get(key);
    if (hit && hit.version === version && nowMs >= hit.fromMs && nowMs < hit.untilMs) {
      this.#onLookup?.(true);
      return hit;
    }
    this.#onLookup?.(false);
    const fresh = await render();
    if (!fresh) return undefined;
    const rendered = new Rendered(fresh.body, version, nowMs, fresh.untilMs);
    if (fresh.keep !== false) this.#entries.set(key, rendered);
    return rendered;
  }

  /** Bytes currently held by the entries, as counted (`heldBytes`, keys and overhead). */
  get size(): number {
    return this.#entries.size;
  }
}
