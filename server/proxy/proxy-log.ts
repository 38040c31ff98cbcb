/**
 * What the request log line and the metrics say about a proxied request: how its upstream
 * answers were obtained (`res.locals.proxy`), summed up when a page was built from several.
 */
import type { RequestHandler, Response } from 'express';
import type { Metrics } from '../http/metrics.js';
import type { UpstreamReport } from './upstream-cache.js';

/** Where an answer came from: a fresh cached copy, the upstream, or a stale copy for a fault. */
export type CacheStatus = 'HIT' | 'MISS' | 'STALE';

/** What the request log line carries for a proxied request (`res.locals.proxy`). */
export interface ProxyLog extends UpstreamReport {
  cache: CacheStatus;
  coalesced?: boolean;
  revalidated?: boolean;
  /** Why a stale copy was served: our sentence and the fault's own (it may name addresses). */
  reason?: string;
  cause?: string;
  /** A page built from several list responses: how many. */
  pages?: number;
  /** Upstream events a page left out as unreadable. */
  dropped?: number;
}

const CACHE_RANK: Record<CacheStatus, number> = { HIT: 0, MISS: 1, STALE: 2 };

/**
 * The log of a request answered from the `logs` of its upstream answers (at least one): one as
 * is; several (the calendar files) summed up by the least fresh cache result, the upstream
 * request of that one (or else the slowest), how many answers, and every event left out.
 */
export function summary(logs: readonly ProxyLog[]): ProxyLog {
  if (logs.length === 1) return logs[0]!;
  const worst = logs.reduce((a, b) => (CACHE_RANK[b.cache] > CACHE_RANK[a.cache] ? b : a));
  const timed = logs.filter((log) => log.upstreamMs !== undefined);
  const upstream =
    worst.upstreamMs !== undefined
      ? worst
      : timed.reduce<ProxyLog | undefined>(
          (a, b) => (a && a.upstreamMs! >= b.upstreamMs! ? a : b),
          undefined,
        );
  const dropped = logs.reduce((sum, log) => sum + (log.dropped ?? 0), 0);
  return {
    ...worst,
    upstreamStatus: upstream?.upstreamStatus,
    upstreamMs: upstream?.upstreamMs,
    pages: logs.length,
    dropped: dropped > 0 ? dropped : undefined,
  };
}

/** The members the proxy adds to a request's log line (the app shell's `logFields`). */
export const proxyLogFields = (res: Response): object => ({
  proxy: res.locals.proxy as ProxyLog | undefined,
});

/** Middleware counting each answered request's cache result and upstream latency (seconds). */
export function countProxyResults(metrics: Metrics): RequestHandler {
  return function countResults(_req, res, next) {
    res.on('finish', () => {
      const log = res.locals.proxy as ProxyLog | undefined;
      if (!log) return;
      metrics.proxyCache.inc({ result: log.cache });
      if (log.upstreamMs !== undefined) {
        const status = String(log.upstreamStatus ?? 'failed');
        metrics.upstreamSeconds.observe({ status }, log.upstreamMs / 1000);
      }
    });
    next();
  };
}
