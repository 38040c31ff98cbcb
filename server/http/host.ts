/**
 * The request's `Host` (RFC 9110 §7.2), checked before it can reach a link or a cache: a request
 * without one (HTTP/1.0), with a malformed one (`a b`, `evil.example/#`) or, when the operator
 * lists allowed hosts, with another one gets a 400 JSON error.
 */
import type { RequestHandler } from 'express';
import { createError } from './errors.js';

/**
 * Express's `trust proxy` setting (expressjs.com "Express behind proxies"): whether, how many
 * hops, or which addresses' `X-Forwarded-*` headers are believed (`req.host`, `req.ip`).
 */
export type TrustProxy = boolean | number | string[];

/** `host[:port]`: a DNS name or IPv4 address, or a bracketed IPv6 address, and a decimal port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * True when `value` is a well-formed `Host` header value with a port a URL can hold (≤ 65535):
 * every accepted Host must make a valid base URL for links, calendar UIDs and pages.
 */
export function isValidHost(value: string | undefined): value is string {
  if (value === undefined || value.length > 255 || !HOST.test(value)) return false;
  const port = /:(\d+)$/.exec(value)?.[1];
  return port === undefined || Number(port) <= 65535;
}

/**
 * Middleware: 400 unless the `Host` header is well formed and, when `allowed` is given (lower-case
 * `host` or `host:port` entries), one of them; an entry without a port allows every port.
 */
export function requireValidHost(allowed?: readonly string[]): RequestHandler {
  const list = allowed?.map((h) => h.toLowerCase());
  // Nearly every request of a deployment carries the same Host: the last one accepted is not
  // checked again.
  let accepted: string | undefined;
  return function checkHost(req, _res, next) {
    // `req.host` is the Host header, or a trusted proxy's X-Forwarded-Host (`trust proxy`):
    // without an X-Forwarded-Host, the Host header (what `req.host` would read, more slowly).
    const host = req.headers['x-forwarded-host'] ? req.host : req.headers.host || undefined;
    if (host !== undefined && host === accepted) return next();
    if (!isValidHost(host)) {
      throw createError(400, 'The request has no valid Host header.');
    }
    if (list) {
      const value = host.toLowerCase();
      const name = value.replace(/:\d+$/, '');
      if (!list.includes(value) && !list.includes(name)) {
        throw createError(400, `The host "${value}" is not served here.`);
      }
    }
    accepted = host;
    next();
  };
}
