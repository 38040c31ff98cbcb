/**
 * How long the proxy may serve an upstream response without asking again. Pure; times in UTC
 * epoch milliseconds. Implements decisions.md "Caching": never longer than 60 s, the upstream's
 * own `max-age`, a pending `closes_at` in the body, or the next moment some venue's midnight can
 * fall (the proxy does not know the venue's zone; every IANA offset is a multiple of 15 minutes,
 * so midnight somewhere falls only on a UTC quarter hour).
 */

/** decisions.md: at most 60 s. */
export const MAX_FRESH_MS = 60_000;
const QUARTER_HOUR_MS = 15 * 60_000;

export interface CacheDirectives {
  /** Upstream allows storing the response at all. */
  store: boolean;
  /** Upstream's freshness lifetime in ms (0 = revalidate every time). */
  maxAgeMs: number;
}

/** Reads `Cache-Control` (`no-store`, `private`, `no-cache`, `s-maxage`, `max-age`). Absent → revalidate every time. */
export function cacheDirectives(header: string | undefined): CacheDirectives {
  const value = (header ?? '').toLowerCase();
  if (/(^|[\s,])(no-store|private)\b/.test(value)) return { store: false, maxAgeMs: 0 };
  if (/(^|[\s,])no-cache\b/.test(value)) return { store: true, maxAgeMs: 0 };
  const s =
    /(?:^|[\s,])s-maxage\s*=\s*(\d+)/.exec(value) ?? /(?:^|[\s,])max-age\s*=\s*(\d+)/.exec(value);
  return { store: true, maxAgeMs: s ? Number(s[1]) * 1000 : 0 };
}

/** Every pending `ticket_office.closes_at` after `nowMs` in a list or single-event body. */
function pendingClosures(body: unknown, nowMs: number): number[] {
  const data = (body as { data?: unknown })?.data;
  const events = Array.isArray(data) ? data : data ? [data] : [];
  const out: number[] = [];
  for (const event of events) {
    const closesAt = (event as { attributes?: { ticket_office?: { closes_at?: unknown } } })
      ?.attributes?.ticket_office?.closes_at;
    const ms = typeof closesAt === 'string' ? Date.parse(closesAt) : NaN;
    if (ms > nowMs) out.push(ms);
  }
  return out;
}

/** The instant until which a response fetched at `nowMs` is fresh. */
export function freshUntil(directives: CacheDirectives, body: unknown, nowMs: number): number {
  const nextQuarter = Math.floor(nowMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + QUARTER_HOUR_MS;
  return Math.min(
    nowMs + Math.min(directives.maxAgeMs, MAX_FRESH_MS),
    nextQuarter,
    ...pendingClosures(body, nowMs),
  );
}
