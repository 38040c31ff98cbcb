/**
 * A request's public base URL, and where it goes in text built before a request is known (docs/api.md
 * §2.1 `links.self`, docs/deploy.md "Behind a TLS proxy"). Both modes use these two and only these:
 *
 * - `publicBaseOf(baseUrl)(req)`: the configured `--base-url`, else the scheme and host the client
 *   used, which with `--trust-proxy` are a trusted proxy's `X-Forwarded-Proto` and
 *   `X-Forwarded-Host` (Express's `req.protocol` and `req.host`; `requireValidHost` has checked
 *   that host, forwarded or not, before any route runs).
 * - `BASE_MARKER`, `cutAtBase`, `fillBase`: what is memoised or cached (the origin's rendered
 *   answers, the proxy's upstream answers and what it builds from them) is made once with the
 *   marker where the base goes and cut there; each request's base is filled in as it is sent, so
 *   no cache is keyed by `Host`.
 */
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { withoutTrailingSlash } from '../../shared/url.js';

/**
 * Where the public base goes in what is built before a request's base is known: a valid URL (the
 * contract's links are `uri`s) under `.invalid` (RFC 2606), random per process and never sent, so
 * no venue or upstream text can forge a cut.
 */
export const BASE_MARKER = `https://venue-events-${randomUUID()}.invalid`;

/** A text cut where the public base of its links goes (`cutAtBase`). */
export type LinkTemplate = readonly string[];

/** `text` cut at each `marker` (default `BASE_MARKER`). */
export const cutAtBase = (text: string, marker: string = BASE_MARKER): LinkTemplate =>
  text.split(marker);

/**
 * The text of `template` with `base` (no trailing slash) where it was cut. The base is written as
 * a JSON string's content would hold it; a checked base (scheme, host, port, path) needs no
 * escaping in JSON or HTML, so the same text serves both.
 */
export function fillBase(template: LinkTemplate, base: string): string {
  if (template.length === 1) return template[0]!;
  return template.join(JSON.stringify(base).slice(1, -1));
}

/** `text` with `base` where `BASE_MARKER` is. */
export const onBase = (text: string, base: string): string => fillBase(cutAtBase(text), base);

/**
 * `{scheme}://{host}` of `req` as the client reached it: `http` or `https` (a trusted proxy's
 * `X-Forwarded-Proto`; any other value is taken as `http`), and the host lower-cased (a trusted
 * proxy's `X-Forwarded-Host`, else `Host`).
 */
export function requestBase(req: Request): string {
  const scheme = req.protocol.toLowerCase() === 'https' ? 'https' : 'http';
  return `${scheme}://${req.host.toLowerCase()}`;
}

/**
 * Returns `publicBase(req)`: `baseUrl` (trailing slash removed) when configured, else
 * `requestBase(req)`.
 */
export function publicBaseOf(baseUrl: string | undefined): (req: Request) => string {
  if (baseUrl === undefined) return requestBase;
  const base = withoutTrailingSlash(baseUrl);
  return () => base;
}
