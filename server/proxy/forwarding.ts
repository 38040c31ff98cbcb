/**
 * The request headers the proxy sends upstream: an allow-list of the client's
 * (`Accept-Language`, `User-Agent`), our own `Accept`, `Via` and validators, and forwarding
 * headers with our own values only. Nothing else a client sends — credentials, cookies, custom
 * headers, a body or its framing headers, its `X-Forwarded-*`/`Forwarded` — reaches the upstream,
 * whose answer is cached for every client. Pure.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** Client headers forwarded as they are. */
export const FORWARDED_CLIENT_HEADERS = ['accept-language', 'user-agent'] as const;

/** What the proxy states about the client in forwarding headers. */
export interface ClientFacts {
  /** The client's address as our socket saw it. */
  address: string | undefined;
  /** The scheme of the proxy's public face (`http`/`https`). */
  proto: string;
  /**
   * The proxy's public host, only when configured (`--base-url`): a client-given `Host` varies per
   * request while the answer is shared, so it is never forwarded.
   */
  host?: string;
}

/** RFC 7239 `node`: an IPv6 address is bracketed and quoted. */
const forwardedNode = (address: string) => (address.includes(':') ? `"[${address}]"` : address);

/** Headers of the upstream `GET`; `etag` (ours, from the cached copy) makes it conditional. */
export function upstreamHeaders(
  client: IncomingHttpHeaders,
  facts: ClientFacts,
  etag?: string,
): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {
    accept: 'application/json',
    'accept-encoding': 'identity',
    via: '1.1 venue-events',
  };
  for (const name of FORWARDED_CLIENT_HEADERS) {
    const value = client[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const forwarded: string[] = [];
  if (facts.address) {
    headers['x-forwarded-for'] = facts.address;
    forwarded.push(`for=${forwardedNode(facts.address)}`);
  }
  headers['x-forwarded-proto'] = facts.proto;
  forwarded.push(`proto=${facts.proto}`);
  if (facts.host) {
    headers['x-forwarded-host'] = facts.host;
    forwarded.push(`host="${facts.host}"`);
  }
  headers.forwarded = forwarded.join(';');
  if (etag) headers['if-none-match'] = etag;
  return headers;
}
