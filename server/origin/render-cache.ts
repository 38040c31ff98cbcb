/**
 * The origin's response memo: each API response is rendered once and kept, as bytes with its
 * ETag, until the store changes or its next transition (a venue's midnight or a pending
 * `closes_at`, docs/decisions.md "Caching"). Bounded by bytes, not entries, so no request pattern can
 * grow it past `maxBytes`.
 */
import { LRUCache } from 'lru-cache';
import { entityTag, type PerBase, type Representation } from '../http/conditional.js';

/**
 * A rendered response, valid for store `version` and the instants [fromMs, untilMs) (UTC epoch
 * ms). Its bytes and ETag are made on first use: when links are filled in per request (no
 * configured base), only the per-base copies (`PerBase`) are ever sent, so the template's own
 * bytes and hash would be work thrown away on every render.
 */
export class Rendered implements Representation, PerBase {
  #body: Buffer | undefined;
  #etag: string | undefined;
  sent?: PerBase['sent'];
  encoded?: Representation['encoded'];

  constructor(
    /** The JSON text as rendered. */
    readonly text: string,
    readonly version: string,
    readonly fromMs: number,
    readonly untilMs: number,
  ) {}

  get body(): Buffer {
    return (this.#body ??= Buffer.from(this.text));
  }

  get etag(): string {
    return (this.#etag ??= entityTag(this.body));
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
  /** Most bytes of bodies kept (default 32 MiB). */
  maxBytes?: number;
  /** Told of every lookup: true for a memo hit (metrics). */
  onLookup?: (hit: boolean) => void;
}

/** Fixed cost of an entry beyond its body (key, ETag, bookkeeping), in bytes. */
const ENTRY_OVERHEAD = 256;

export class RenderCache {
  readonly #entries: LRUCache<string, Rendered>;
  readonly #enabled: boolean;
  readonly #onLookup: ((hit: boolean) => void) | undefined;

  constructor(options: RenderCacheOptions = {}) {
    this.#enabled = options.enabled !== false;
    this.#onLookup = options.onLookup;
    this.#entries = new LRUCache<string, Rendered>({
      maxSize: options.maxBytes ?? 32 * 1024 * 1024,
      // Twice the text: an entry also holds its bytes or one copy with the request's base in its
      // links (a JSON text is one byte per character in memory, bar rare non-Latin-1 titles).
      sizeCalculation: (entry, key) => 2 * entry.text.length + key.length + ENTRY_OVERHEAD,
    });
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
    const hit = this.#enabled ? this.#entries.get(key) : undefined;
    if (hit && hit.version === version && nowMs >= hit.fromMs && nowMs < hit.untilMs) {
      this.#onLookup?.(true);
      return hit;
    }
    this.#onLookup?.(false);
    const fresh = await render();
    if (!fresh) return undefined;
    const rendered = new Rendered(fresh.body, version, nowMs, fresh.untilMs);
    if (this.#enabled && fresh.keep !== false) this.#entries.set(key, rendered);
    return rendered;
  }

  /** Bytes currently held (bodies, keys and overhead). */
  get size(): number {
    return this.#entries.calculatedSize;
  }
}
