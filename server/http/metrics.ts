/**
 * Prometheus metrics (prom-client), opt-in with `--metrics`: requests by route and status, a
 * latency histogram in seconds, response-memo hits and misses, and, in proxy mode, cache results
 * (HIT/MISS/STALE) and upstream latency. One registry per app: nothing global.
 */
import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /**
   * Counts the response memo's lookups (the origin's render cache, the proxy's built memo): every
   * answer's, `widget.html`'s and the per-venue script's drawings included (`Backend.derived`).
   */
  memo: Counter<'result'>;
  /** Counts the proxy's cache results. */
  proxyCache: Counter<'result'>;
  /** Upstream request durations, seconds. */
  upstreamSeconds: Histogram<'status'>;
  /** Middleware timing every request; mount it first. */
  track: RequestHandler;
  /** `GET /metrics` in the Prometheus text format. */
  expose: RequestHandler;
}

/** One events source's last figures (`server/sources/sync.ts` `SourceState`), by venue slug. */
export interface SourceFigures {
  venue: string;
  /** UTC epoch ms, or null before its first good sync. */
  lastSuccessMs: number | null;
  failures: number;
  events: number | null;
  /** Events the last applied sync could not read and left out. */
  skipped: number;
}

/**
 * The gauges of the events sources (docs/sources.md "Kept in step"), read from `sources` at each
 * scrape: the last good sync (Unix seconds), failed syncs since start, events listed, events
 * skipped (docs/api.md §10.21).
 */
function sourceGauges(registry: Registry, sources: () => readonly SourceFigures[]): void {
  const gauge = (name: string, help: string, value: (s: SourceFigures) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['venue'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const source of sources()) {
          const v = value(source);
          if (v !== null) this.set({ venue: source.venue }, v);
        }
      },
    });
  gauge(
    'venue_events_source_last_success_seconds',
    "When a venue's source last synced, Unix seconds",
    (s) => (s.lastSuccessMs === null ? null : s.lastSuccessMs / 1000),
  );
  gauge(
    'venue_events_source_failures',
    "A venue's failed source syncs since start",
    (s) => s.failures,
  );
  gauge(
    'venue_events_source_events',
    "Events of a venue's source, as last applied",
    (s) => s.events,
  );
  gauge(
    'venue_events_source_skipped_events',
    "Events of a venue's source that its last applied sync could not read and left out",
    (s) => s.skipped,
  );
}

/** The metrics of one app; `sources` adds the events sources' gauges (origin mode). */
export function createMetrics(sources?: () => readonly SourceFigures[]): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  if (sources) sourceGauges(registry, sources);
  const requests = new Counter({
    name: 'venue_events_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'venue_events_http_request_duration_seconds',
    help: 'Time from request to response end, seconds',
    labelNames: ['route'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const memo = new Counter({
    name: 'venue_events_response_memo_total',
    help: 'Origin response-memo lookups by result (hit, miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const proxyCache = new Counter({
    name: 'venue_events_proxy_cache_total',
    help: 'Proxy cache results (HIT, MISS, STALE)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const upstreamSeconds = new Histogram({
    name: 'venue_events_upstream_duration_seconds',
    help: 'Upstream request durations in proxy mode, seconds',
    labelNames: ['status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const track: RequestHandler = function trackRequest(req, res, next) {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      // The matched route's pattern, never the raw path: label values stay few.
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      seconds.observe({ route }, Number(process.hrtime.bigint() - start) / 1e9);
    });
    next();
  };
  const expose: RequestHandler = async function exposeMetrics(_req, res) {
    res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store');
    res.send(await registry.metrics());
  };
  return { registry, memo, proxyCache, upstreamSeconds, track, expose };
}
