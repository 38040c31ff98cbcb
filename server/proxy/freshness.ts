/**
 * How long the proxy may serve an upstream response without asking again. Pure; instants are UTC
 * epoch milliseconds. Implements docs/decisions.md "Caching": never longer than `MAX_AGE_SECONDS`, the
 * upstream's own freshness lifetime (its `Cache-Control`, read by http-cache-semantics as a shared
 * cache would), a pending `closes_at` in the body, or the next moment some venue's midnight can
 * fall (the proxy does not know the venue's zone; every IANA offset is a multiple of 15 minutes,
 * so midnight somewhere falls only on a UTC quarter hour).
 */
import CachePolicy from 'http-cache-semantics';
import { MAX_AGE_SECONDS } from '../../shared/contract.js';

const QUARTER_HOUR_MS = 15 * 60_000;

/** What a shared cache may do with one upstream answer. */
export interface Storability {
  /** The upstream allows storing the answer at all (no `no-store`, no `private`, …). */
  storable: boolean;
  /** Its freshness lifetime in ms, as the upstream gives it (0 = revalidate every time). */
  lifetimeMs: number;
}

/** Directive names are case-insensitive (RFC 9111 §5.2); http-cache-semantics matches lower case. */
function lowerCaseCacheControl(headers: CachePolicy.Headers): CachePolicy.Headers {
  const cacheControl = headers['cache-control'];
  return typeof cacheControl === 'string'
    ? { ...headers, 'cache-control': cacheControl.toLowerCase() }
    : headers;
}

/**
 * The HTTP caching policy of an upstream answer to `GET path` (RFC 9111 for a shared cache).
 * Without explicit freshness the answer is revalidated every time: no heuristic lifetime.
 */
export function upstreamPolicy(
  path: string,
  status: number,
  headers: CachePolicy.Headers,
): CachePolicy {
  return new CachePolicy(
    { method: 'GET', url: path, headers: {} },
    { status, headers: lowerCaseCacheControl(headers) },
    { shared: true, cacheHeuristic: 0 },
  );
}

/** `policy` updated by the upstream's `304` to a revalidation of `GET path` (RFC 9111 §4.3.4). */
export function revalidatedPolicy(
  policy: CachePolicy,
  path: string,
  headers: CachePolicy.Headers,
): CachePolicy {
  return policy.revalidatedPolicy(
    { method: 'GET', url: path, headers: {} },
    { status: 304, headers: lowerCaseCacheControl(headers) },
  ).policy;
}

/** What `policy` allows now: stored or not, and for how long fresh. */
export function storability(policy: CachePolicy): Storability {
  if (!policy.storable()) return { storable: false, lifetimeMs: 0 };
  // maxAge() − age(), not timeToLive(): stale-if-error/-while-revalidate are not freshness.
  // Whole seconds: age() also counts the microseconds since the policy was built.
  return {
    storable: true,
    lifetimeMs: Math.max(0, policy.maxAge() - Math.floor(policy.age())) * 1000,
  };
}

/** Every `ticket_office.closes_at` instant in a list or single-event body, as epoch ms. */
export function closureInstants(body: unknown): number[] {
  const data = (body as { data?: unknown } | null)?.data;
  const events = Array.isArray(data) ? data : data ? [data] : [];
  const out: number[] = [];
  for (const event of events) {
    const closesAt = (event as { attributes?: { ticket_office?: { closes_at?: unknown } } })
      ?.attributes?.ticket_office?.closes_at;
    const ms = typeof closesAt === 'string' ? Date.parse(closesAt) : NaN;
    if (Number.isFinite(ms)) out.push(ms);
  }
  return out;
}

/**
 * The instant until which a response fetched at `nowMs` is fresh: `lifetimeMs` (the upstream's),
 * capped by `MAX_AGE_SECONDS`, the next UTC quarter hour and every closure after `nowMs`.
 */
export function freshUntil(lifetimeMs: number, closures: readonly number[], nowMs: number): number {
  const nextQuarter = Math.floor(nowMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + QUARTER_HOUR_MS;
  let until = Math.min(nowMs + Math.min(lifetimeMs, MAX_AGE_SECONDS * 1000), nextQuarter);
  for (const closesAt of closures) if (closesAt > nowMs) until = Math.min(until, closesAt);
  return until;
}
