/**
 * The proxy's only way to the upstream platform: http-proxy-middleware, with the response
 * buffered (size-capped) instead of piped, so it can be checked, rewritten and cached.
 * Identical concurrent requests share one upstream request.
 */
import type { IncomingMessage, ServerResponse, ClientRequest } from 'node:http';
import { createProxyMiddleware, proxyEventsPlugin } from 'http-proxy-middleware';

/** What one upstream request produced. `ms` is the upstream latency in milliseconds. */
export type UpstreamResult =
  | {
      kind: 'response';
      status: number;
      headers: IncomingMessage['headers'];
      body: Buffer;
      ms: number;
    }
  | { kind: 'timeout'; ms: number }
  | { kind: 'failed'; reason: string; ms: number };

interface Flight {
  path: string;
  etag: string | undefined;
  method: string;
  finish: (result: UpstreamResult) => void;
  proxyReq?: ClientRequest;
}

const FLIGHT = Symbol('venue-events upstream flight');
type FlightRequest = IncomingMessage & { [FLIGHT]?: Flight };

/** Request headers never sent upstream: credentials, cookies, and the client's own validators. */
const STRIPPED = [
  'cookie',
  'authorization',
  'proxy-authorization',
  'if-none-match',
  'if-modified-since',
  'origin',
  'referer',
];

export interface UpstreamOptions {
  /** Base URL of the platform, no trailing slash. */
  upstream: string;
  /** Abort and report a timeout after this many ms (connect to last body byte). */
  timeoutMs: number;
  /** Largest body accepted, in bytes. */
  maxBodyBytes: number;
}

/**
 * Returns `fetch(req, res, path, etag)`: GET `path` from the upstream through http-proxy-middleware,
 * with `If-None-Match: etag` when given. `req`/`res` are the client's (http-proxy needs them; the
 * response is never written by it). Concurrent calls for the same `key` share one request.
 */
export function createUpstream(options: UpstreamOptions) {
  const inFlight = new Map<string, Promise<UpstreamResult>>();
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: options.upstream,
    changeOrigin: true,
    selfHandleResponse: true,
    xfwd: true,
    ejectPlugins: true,
    plugins: [proxyEventsPlugin],
    pathRewrite: (_path, req) => (req as FlightRequest)[FLIGHT]!.path,
    on: {
      proxyReq(proxyReq, req) {
        const flight = (req as FlightRequest)[FLIGHT]!;
        flight.proxyReq = proxyReq;
        req.method = flight.method; // restored: it was set to GET only for the outgoing request
        for (const name of STRIPPED) proxyReq.removeHeader(name);
        proxyReq.setHeader('accept', 'application/json');
        proxyReq.setHeader('accept-encoding', 'identity');
        const via = req.headers.via;
        proxyReq.setHeader('via', `${via ? `${via}, ` : ''}1.1 venue-events`);
        if (flight.etag) proxyReq.setHeader('if-none-match', flight.etag);
      },
      proxyRes(proxyRes, req) {
        const flight = (req as FlightRequest)[FLIGHT]!;
        const tooBig = (size: number) => {
          if (size <= options.maxBodyBytes) return false;
          proxyRes.destroy();
          flight.finish({
            kind: 'failed',
            reason: `body over ${options.maxBodyBytes} bytes`,
            ms: 0,
          });
          return true;
        };
        if (tooBig(Number(proxyRes.headers['content-length'] ?? 0))) return;
        const chunks: Buffer[] = [];
        let size = 0;
        proxyRes.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (!tooBig(size)) chunks.push(chunk);
        });
        proxyRes.on('end', () =>
          flight.finish({
            kind: 'response',
            status: proxyRes.statusCode ?? 502,
            headers: proxyRes.headers,
            body: Buffer.concat(chunks),
            ms: 0,
          }),
        );
        proxyRes.on('aborted', () =>
          flight.finish({ kind: 'failed', reason: 'upstream reset mid-body', ms: 0 }),
        );
        proxyRes.on('error', (error) =>
          flight.finish({ kind: 'failed', reason: error.message, ms: 0 }),
        );
      },
      error(error, req) {
        (req as FlightRequest)[FLIGHT]?.finish({
          kind: 'failed',
          reason: (error as Error).message,
          ms: 0,
        });
      },
    },
  });

  function run(req: FlightRequest, res: ServerResponse, path: string, etag: string | undefined) {
    return new Promise<UpstreamResult>((resolve) => {
      const started = performance.now();
      let done = false;
      const timer = setTimeout(() => flight.finish({ kind: 'timeout', ms: 0 }), options.timeoutMs);
      const flight: Flight = {
        path,
        etag,
        method: req.method ?? 'GET',
        finish(result) {
          if (done) return;
          done = true;
          clearTimeout(timer);
          if (result.kind !== 'response') flight.proxyReq?.destroy();
          resolve({ ...result, ms: Math.round(performance.now() - started) });
        },
      };
      req[FLIGHT] = flight;
      req.method = 'GET'; // HEAD clients still need the body cached
      void proxy(req, res, (error?: unknown) =>
        flight.finish({ kind: 'failed', reason: String(error ?? 'not proxied'), ms: 0 }),
      );
    });
  }

  return function fetch(
    key: string,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    etag?: string,
  ) {
    let shared = inFlight.get(key);
    if (!shared) {
      shared = run(req, res, path, etag).finally(() => inFlight.delete(key));
      inFlight.set(key, shared);
    }
    return shared;
  };
}
