/**
 * The glue between the proxy's routes and its upstream (`upstream-cache.ts` over `upstream.ts`):
 * one upstream answer for a request, from a fresh cached copy (`HIT`), else from the upstream
 * (`MISS`, or `HIT` when it confirmed the copy with a 304), else, when the upstream fails with a
 * 502/504, from a copy younger than `staleMs` (`STALE`, docs/decisions.md "Caching"). Each answer's
 * log goes onto the request's logs (`proxy-log.ts`).
 */
import type { Request } from 'express';
import { isHttpError } from 'http-errors';
import type { LRUCache } from 'lru-cache';
import { maxAgeSeconds } from '../http/conditional.js';
import type { ClientFacts } from './forwarding.js';
import type { CacheStatus, ProxyLog } from './proxy-log.js';
import {
  isFresh,
  type Entry,
  type FetchContext,
  type UpstreamCache,
  type UpstreamReport,
} from './upstream-cache.js';

/** One upstream answer for a request, from the cache or the upstream. */
export interface Obtained {
  entry: Entry;
  cache: CacheStatus;
  /** When it was obtained (epoch ms), for its max-age. */
  at: number;
}

/**
 * `obtain(req, path, logs)`: the answer for upstream `path` (a `query.ts` `listPath`, or an event's path). Its log
 * is pushed onto `logs`, also when it fails; then it rejects with the upstream's http error (a
 * 404, or a 502/504 no stale copy could mask).
 */
export type Obtain = (req: Request, path: string, logs: ProxyLog[]) => Promise<Obtained>;

export interface ObtainOptions {
  cache: UpstreamCache;
  clock: () => Date;
  /** Reuse cached answers; off, every answer is fetched (and none is kept). */
  caching: boolean;
  /** Serve a cached copy up to this many ms old when the upstream fails. */
  staleMs: number;
  /** The configured public base URL, whose scheme and host go upstream as forwarding facts. */
  baseUrl: string | undefined;
}

/** What the proxy's routers share: the way to an upstream answer, the public base, the clock. */
export interface ProxyContext {
  obtain: Obtain;
  /** The public base of links for `req` (`server/http/public-base.ts`). */
  publicBase: (req: Request) => string;
  clock: () => Date;
  /** The platform's base URL, no trailing slash (the event page redirects there). */
  upstreamBase: string;
}

/** `max-age` in seconds for an answer built from `obtained` at `nowMs`: 0 once any is stale. */
export const maxAgeOf = (obtained: readonly Obtained[], nowMs: number): number =>
  obtained.some((o) => o.cache === 'STALE')
    ? 0
    : Math.min(...obtained.map((o) => maxAgeSeconds(o.entry.freshUntil, nowMs)));

/** Forwarding facts of a request: its address, and our public scheme and (configured) host. */
function factsOf(baseUrl: string | undefined): (req: Request) => ClientFacts {
  const publicUrl = baseUrl === undefined ? undefined : new URL(baseUrl);
  return (req) =>
    publicUrl
      ? {
          address: req.socket.remoteAddress,
          proto: publicUrl.protocol.slice(0, -1),
          host: publicUrl.host,
        }
      : { address: req.socket.remoteAddress, proto: req.protocol };
}

/** Builds `obtain` over `options.cache`. Throws nothing itself. */
export function createObtain(options: ObtainOptions): Obtain {
  const { cache, clock, caching, staleMs } = options;
  const facts = factsOf(options.baseUrl);

  /** A cached copy for a failed fetch of `path`, when the fault is one to mask and it is young. */
  function staleCopy(path: string, error: unknown, at: number): Entry | undefined {
    // Only an upstream fault (502, 504) is masked; an upstream 404 stays a 404.
    const fault = isHttpError(error) && (error.status === 502 || error.status === 504);
    const kept = caching && fault ? cache.peek(path) : undefined;
    return kept?.storable && at - kept.fetchedAt < staleMs ? kept : undefined;
  }

  return async function obtain(req, path, logs) {
    const nowMs = clock().getTime();
    const cached = caching ? cache.get(path) : undefined;
    if (cached && isFresh(cached, nowMs)) {
      logs.push({ cache: 'HIT' });
      return { entry: cached, cache: 'HIT', at: nowMs };
    }
    const report: UpstreamReport = {};
    const status: LRUCache.Status<string, Entry, FetchContext> = {};
    let entry: Entry;
    try {
      entry = await cache.forceFetch(path, {
        forceRefresh: true,
        context: { clientHeaders: req.headers, facts: facts(req), report },
        status,
      });
    } catch (error) {
      const at = clock().getTime();
      const kept = staleCopy(path, error, at);
      if (kept) {
        const { message, cause } = error as Error;
        const reason = {
          reason: message,
          cause: cause instanceof Error ? cause.message : undefined,
        };
        logs.push({ ...report, cache: 'STALE', ...reason });
        return { entry: kept, cache: 'STALE', at };
      }
      logs.push({ ...report, cache: 'MISS' });
      throw error;
    }
    // Coalescing needed the entry in the cache; an answer not to be reused leaves it now.
    if (!caching || !entry.storable) cache.delete(path);
    const hit = entry.revalidated;
    logs.push({
      ...report,
      cache: hit ? 'HIT' : 'MISS',
      ...(hit && { revalidated: true }),
      ...(status.fetch === 'inflight' && { coalesced: true }),
    });
    return { entry, cache: hit ? 'HIT' : 'MISS', at: clock().getTime() };
  };
}
