/**
 * The proxy's cache of upstream answers: lru-cache, bounded in bytes, keyed by the upstream path
 * (which holds the normalised page) and nothing else — never the client's `Host`.
 * Its `fetchMethod` is the one place an upstream answer is fetched, revalidated with the cached
 * copy's `ETag`, checked and turned into an entry; lru-cache coalesces concurrent fetches of one
 * path and keeps the last good copy when a refresh fails (`noDeleteOnFetchRejection`), so the
 * caller can answer from it. Freshness (docs/decisions.md "Caching") is ours, on the injected clock.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import { forBase, type PerBase, type Representation } from '../http/conditional.js';
import { createError } from '../http/errors.js';
import { upstreamHeaders, type ClientFacts } from './forwarding.js';
import {
  closureInstants,
  freshUntil,
  revalidatedPolicy,
  storability,
  upstreamPolicy,
} from './freshness.js';
import { fillBase, type LinkTemplate } from '../http/public-base.js';
import { linkTemplate } from './rewrite.js';
import { upstreamFault, type Upstream, type UpstreamResponse } from './upstream.js';

/**
 * One upstream answer, checked and with its links cut out for the public base, and (`PerBase`)
 * the representation last sent with the base it was filled with. Times: epoch ms.
 */
export interface Entry extends PerBase {
  template: LinkTemplate;
  /** Approximate bytes held (the template, one rendered copy and its compressed copies); what `maxBytes` counts. */
  size: number;
  /** Its HTTP caching policy, renewed by each revalidation. */
  policy: CachePolicy;
  /** The upstream allowed storing it; if not, it is never served from the cache. */
  storable: boolean;
  /** The upstream's ETag, for revalidation. */
  upstreamEtag: string | undefined;
  /** Every `closes_at` in the body. */
  closures: number[];
  fetchedAt: number;
  freshUntil: number;
  /** This copy was confirmed by a 304 rather than fetched whole. */
  revalidated: boolean;
}

/** What the upstream did for one fetch, for the request log. */
export interface UpstreamReport {
  upstreamStatus?: number;
  upstreamMs?: number;
}

/** Per-request state of the request that starts a fetch (lru-cache's `context`). */
export interface FetchContext {
  /** The client's request headers (only the allow-listed ones go upstream). */
  clientHeaders: IncomingHttpHeaders;
  facts: ClientFacts;
  /** Filled in by the fetch. */
  report: UpstreamReport;
}

export type UpstreamCache = LRUCache<string, Entry, FetchContext>;

export interface UpstreamCacheOptions {
  get: Upstream;
  /** Base URL of the upstream, no trailing slash: the links to rebase. */
  upstreamBase: string;
  clock: () => Date;
  /** Keep answers for reuse (false: every request goes upstream, concurrent ones coalesced). */
  caching: boolean;
  /** Most bytes kept. */
  maxBytes: number;
  /** Most entries kept. */
  maxEntries: number;
}

/** The JSON media types (`application/json`, `application/vnd.api+json`, …). */
const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/** A cached copy the upstream confirmed with a 304, fresh again under the merged policy. */
function renewed(path: string, kept: Entry, response: UpstreamResponse, at: number): Entry {
  const policy = revalidatedPolicy(kept.policy, path, response.headers);
  const { storable, lifetimeMs } = storability(policy);
  return {
    ...kept,
    policy,
    storable,
    fetchedAt: at,
    freshUntil: storable ? freshUntil(lifetimeMs, kept.closures, at) : at,
    revalidated: true,
  };
}

/** The upstream's 404 sentence, or ours for an HTML or empty 404. */
function notFoundDetail(response: UpstreamResponse): string {
  try {
    const detail = JSON.parse(response.body.toString()).errors?.[0]?.detail;
    if (typeof detail === 'string') return detail;
  } catch {
    // keeps our own sentence
  }
  return 'The events platform has no such venue or event.';
}

/**
 * The cache, empty. Its fetches reject with http errors: the upstream's 404, or a 502/504
 * (`upstreamFault`) for a fault or an answer that is not a readable API document.
 */
export function createUpstreamCache(options: UpstreamCacheOptions): UpstreamCache {
  const { get, upstreamBase, clock, caching } = options;

  /** An upstream 200 as an entry; a 502 when it is not an API document we can re-serialise. */
  function toEntry(path: string, response: UpstreamResponse, at: number): Entry {
    if (!JSON_TYPE.test(String(response.headers['content-type'] ?? ''))) {
      throw upstreamFault(502, 'The events platform answered with a non-JSON body.');
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch (error) {
      throw upstreamFault(502, 'The events platform answered with invalid JSON.', error);
    }
    if (typeof body !== 'object' || body === null || !('data' in body)) {
      throw upstreamFault(502, 'The events platform answered with something not an API resource.');
    }
    const closures = closureInstants(body);
    let template: LinkTemplate;
    try {
      template = linkTemplate(body, upstreamBase);
    } catch (error) {
      // e.g. a RangeError: valid JSON nested too deep to serialise again.
      throw upstreamFault(
        502,
        'The events platform answered with JSON we cannot re-serialise.',
        error,
      );
    }
    const policy = upstreamPolicy(path, response.status, response.headers);
    const { storable, lifetimeMs } = storability(policy);
    const chars = template.reduce((sum, part) => sum + part.length, 0);
    return {
      template,
      // The template as UTF-16 (2 bytes a unit), one rendered UTF-8 copy and its brotli and gzip
      // copies (sendRepresentation keeps them): 5 bytes a unit covers ASCII bodies, plus overhead.
      size: 5 * chars + 1024,
      policy,
      storable,
      upstreamEtag: storable ? (response.headers.etag as string | undefined) : undefined,
      closures,
      fetchedAt: at,
      freshUntil: caching && storable ? freshUntil(lifetimeMs, closures, at) : at,
      revalidated: false,
    };
  }

  const fetchMethod: LRUCache.Fetcher<string, Entry, FetchContext> = async (
    path,
    kept,
    { context },
  ) => {
    const etag = caching && kept?.storable ? kept.upstreamEtag : undefined;
    const started = performance.now();
    let response: UpstreamResponse;
    try {
      response = await get(path, upstreamHeaders(context.clientHeaders, context.facts, etag));
    } finally {
      context.report.upstreamMs = Math.round(performance.now() - started);
    }
    context.report.upstreamStatus = response.status;
    const at = clock().getTime();
    if (response.status === 304 && kept && etag) return renewed(path, kept, response, at);
    if (response.status === 404) throw createError(404, notFoundDetail(response));
    if (response.status !== 200) {
      throw upstreamFault(502, `The events platform answered ${response.status}.`);
    }
    return toEntry(path, response, at);
  };

  return new LRUCache<string, Entry, FetchContext>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => entry.size,
    fetchMethod,
    // A failed refresh keeps the last good copy for the caller's stale-on-error decision.
    noDeleteOnFetchRejection: true,
    // Evicting a path while it is being fetched must not fail the requests waiting for it.
    ignoreFetchAbort: true,
  });
}

/** `entry` is fresh at `nowMs` (and the clock has not gone back past its fetch). */
export const isFresh = (entry: Entry, nowMs: number): boolean =>
  entry.storable && nowMs >= entry.fetchedAt && nowMs < entry.freshUntil;

/** `entry` with its links on `base`, as bytes and ETag; the last one is kept for the next request. */
export function representationFor(entry: Entry, base: string): Representation {
  return forBase(entry, base, () => Buffer.from(fillBase(entry.template, base)));
}
