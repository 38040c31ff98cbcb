/**
 * The origin's response memo: each API response is rendered once and kept, as bytes with its
 * ETag, until the store changes or its next transition (a venue's midnight or a pending
 * `closes_at`, decisions.md "Caching"). Bounded by bytes, not entries, so no request pattern can
 * grow it past `maxBytes`.
 */
import { LRUCache } from 'lru-cache';
import { entityTag, type PerBase, type Representation } from '../http/conditional.js';

/** A rendered response body, valid for store `version` and the instants [fromMs, untilMs) (UTC epoch ms). */
export interface Rendered extends Representation, PerBase {
  version: string;
  fromMs: number;
  untilMs: number;
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
      // Twice the body: an entry may also hold one copy with the request's base in its links.
      sizeCalculation: (entry, key) => 2 * entry.body.length + key.length + ENTRY_OVERHEAD,
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
    const body = Buffer.from(fresh.body);
    const rendered = {
      version,
      fromMs: nowMs,
      untilMs: fresh.untilMs,
      body,
      etag: entityTag(body),
    };
    if (this.#enabled && fresh.keep !== false) this.#entries.set(key, rendered);
    return rendered;
  }

  /** Bytes currently held (bodies, keys and overhead). */
  get size(): number {
    return this.#entries.calculatedSize;
  }
}
