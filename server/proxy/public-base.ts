/**
 * The proxy's public base URL, which rewritten links start with (spec §2.1 `links.self`): the
 * configured `--base-url`, or else the scheme and `Host` the client used. The `Host` header is
 * client input: a missing or malformed one is a 400 (RFC 9112 §3.2), and it is never part of a
 * cache key (issue 9 item 2).
 */
import type { Request, RequestHandler } from 'express';
import { withoutTrailingSlash } from '../../shared/url.js';
import { createError } from '../http/errors.js';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** RFC 9110 §7.2 `Host = uri-host [ ":" port ]`, as DNS names, IPv4 or bracketed IPv6 only. */
const HOST = new RegExp(`^(${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, 'i');

/** A well-formed `Host` header, lower-cased and split; `undefined` for a missing or bad one. */
export function parseHost(
  header: string | undefined,
): { host: string; hostname: string; port?: number } | undefined {
  const match = header === undefined ? null : HOST.exec(header);
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && port > 65535) return undefined;
  return { host: header!.toLowerCase(), hostname: match[1]!.toLowerCase(), port };
}

/**
 * Middleware: a request without a well-formed `Host`, or (with `allowedHosts`) whose host name
 * is not listed, is a 400 JSON error. Names in `allowedHosts` match any port.
 */
export function requireHost(allowedHosts?: readonly string[]): RequestHandler {
  const allowed = allowedHosts && new Set(allowedHosts.map((name) => name.toLowerCase()));
  return function checkHost(req, _res, next) {
    const host = parseHost(req.headers.host);
    if (!host) throw createError(400, 'The request needs a valid Host header.');
    if (allowed && !allowed.has(host.hostname)) {
      throw createError(400, `This server does not answer for the host "${host.hostname}".`);
    }
    next();
  };
}

/** Returns `publicBase(req)`: `baseUrl` when configured, else `{scheme}://{Host}` of `req`. */
export function publicBaseOf(baseUrl: string | undefined): (req: Request) => string {
  if (baseUrl !== undefined) {
    const base = withoutTrailingSlash(baseUrl);
    return () => base;
  }
  // `requireHost` ran first, so the header is present and well formed.
  return (req) => `${req.protocol}://${req.headers.host!.toLowerCase()}`;
}
