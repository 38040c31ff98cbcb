/**
 * The proxy's only way to the upstream platform: one `GET` with Node's own HTTP client over a
 * keep-alive agent, the body buffered up to a size cap so it can be checked, rewritten and cached.
 * Faults reject with http errors (502, or 504 for a timeout) whose `detail` names no address; the
 * low-level cause (e.g. `connect ECONNREFUSED 10.0.0.5:443`) travels as `cause`, for the log only
 * (docs/decisions.md "Errors": one human sentence).
 *
 * Why not http-proxy-middleware: it streams one upstream answer into one client's response. The
 * proxy instead shares one upstream answer between every waiting client (lru-cache's `fetchMethod`
 * coalesces misses; it has no client request or response to hand to a middleware), revalidates a
 * cached copy, and answers from that copy when the upstream fails.
 */
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { HttpError } from 'http-errors';
import { withoutTrailingSlash } from '../../shared/url.js';
import { createError } from '../http/errors.js';

/** One complete upstream answer. */
export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface UpstreamOptions {
  /** Base URL of the platform (a path prefix is kept). */
  upstream: string;
  /** Abort and reject with a 504 after this many ms (connect to last body byte). */
  timeoutMs: number;
  /** Largest body accepted, in bytes; above it, a 502. */
  maxBodyBytes: number;
}

/** A 502/504 whose `detail` is safe to send; `cause` (logged) may hold addresses. */
export function upstreamFault(status: 502 | 504, detail: string, cause?: unknown): HttpError {
  return createError(status, detail, { expose: true, cause });
}

/** A one-sentence, address-free account of a transport error. */
function describe(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'The events platform refused the connection.';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'The events platform closed the connection.';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return "The events platform's host name could not be resolved.";
    default:
      return 'The events platform could not be reached.';
  }
}

/** Returns `get(path, headers)`: `GET {upstream}{path}` → the whole answer, or a 502/504 http error. */
export function createUpstream(options: UpstreamOptions) {
  const base = new URL(withoutTrailingSlash(options.upstream));
  const client = base.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true });
  const prefix = withoutTrailingSlash(base.pathname);

  return function get(path: string, headers: OutgoingHttpHeaders): Promise<UpstreamResponse> {
    return new Promise((resolve, reject) => {
      let settled = false;
      let request: http.ClientRequest;
      const fail = (error: HttpError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(upstreamFault(504, 'The events platform did not answer in time.')),
        options.timeoutMs,
      );
      const tooBig = () =>
        upstreamFault(
          502,
          `The events platform answered with more than ${options.maxBodyBytes} bytes.`,
        );

      function send(retry: boolean) {
        request = client.request({
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          path: prefix + path,
          method: 'GET',
          headers: { ...headers, host: base.host },
          agent,
        });
        request.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive socket the upstream closed while idle: try once more on a new one.
          if (retry && request.reusedSocket && error.code === 'ECONNRESET' && !settled) {
            return send(false);
          }
          fail(upstreamFault(502, describe(error), error));
        });
        request.on('response', (response) => {
          if (Number(response.headers['content-length'] ?? 0) > options.maxBodyBytes) {
            return fail(tooBig());
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > options.maxBodyBytes) fail(tooBig());
            else chunks.push(chunk);
          });
          response.on('error', (error) => fail(upstreamFault(502, describe(error), error)));
          response.on('close', () => {
            if (!response.complete) {
              fail(upstreamFault(502, 'The events platform closed the connection mid-answer.'));
            }
          });
          response.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            const { statusCode = 502, headers } = response;
            resolve({ status: statusCode, headers, body: Buffer.concat(chunks) });
          });
        });
        request.end();
      }
      send(true);
    });
  };
}

export type Upstream = ReturnType<typeof createUpstream>;
