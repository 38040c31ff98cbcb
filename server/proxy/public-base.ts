/**
 * The proxy's public base URL, which rewritten links start with (docs/api.md §2.1 `links.self`): the
 * configured `--base-url`, or else the scheme and `Host` the client used. It is applied when a
 * response is sent, never part of a cache key; `requireValidHost`
 * (`server/http/host.ts`) has rejected a missing or malformed `Host` before.
 */
import type { Request } from 'express';
import { withoutTrailingSlash } from '../../shared/url.js';

/** Returns `publicBase(req)`: `baseUrl` when configured, else `{scheme}://{Host}` of `req`. */
export function publicBaseOf(baseUrl: string | undefined): (req: Request) => string {
  if (baseUrl !== undefined) {
    const base = withoutTrailingSlash(baseUrl);
    return () => base;
  }
  return (req) => `${req.protocol}://${req.headers.host!.toLowerCase()}`;
}
