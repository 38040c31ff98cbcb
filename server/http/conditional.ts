/**
 * Conditional responses (RFC 9110 §8.8.3 ETag, §13.1.2 If-None-Match) and the freshness header of
 * docs/decisions.md "Caching", shared by the origin and the proxy so both validate the same way.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { MAX_AGE_SECONDS } from '../../shared/contract.js';

/** A strong ETag of `body`: a quoted SHA-1 in base64url, so equal bytes give equal tags anywhere. */
export function entityTag(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * RFC 9110 §13.1.2: does the `If-None-Match` header match `etag` (weak comparison)? Evaluated
 * even when the request says `Cache-Control: no-cache` (as fetch() adds to conditional requests):
 * that directive binds caches, not the origin that validates.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Where a response made for one public base keeps its last copy (see `forBase`). */
export interface PerBase {
  sent?: { base: string; representation: Representation };
  /** Its copies are sent once and dropped (`Representation.transient`). Default false. */
  readonly transient?: boolean;
}

/**
 * The representation of `holder` for public base `base` (links differ per base): made by `fill`
 * when the base differs from the last one, else the kept copy. Nearly every request of a
 * deployment has the same base, so this is one copy per response, made once.
 */
export function forBase(holder: PerBase, base: string, fill: () => Buffer): Representation {
  if (holder.sent?.base !== base) {
    const body = fill();
    const representation: Representation = { body, etag: entityTag(body) };
    if (holder.transient) representation.transient = true;
    holder.sent = { base, representation };
  }
  return holder.sent.representation;
}

/**
 * `max-age` in whole seconds for a response that stays valid until `untilMs` (UTC epoch ms) seen
 * at `nowMs`: never negative, never above `MAX_AGE_SECONDS` (docs/decisions.md "Caching").
 */
export function maxAgeSeconds(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.min(MAX_AGE_SECONDS, Math.floor((untilMs - nowMs) / 1000)));
}

/** A stored response body and its validator. */
export interface Representation {
  body: Buffer;
  /** Strong ETag of `body` (`entityTag`). */
  etag: string;
  /**
   * Compressed copies, made on first demand and kept with the representation, so a memoised
   * response is compressed once, never per request.
   */
  encoded?: Partial<Record<ContentCoding, Buffer>>;
  /**
   * Sent once and dropped: no memo keeps it (the memo is off or full of better entries, a page
   * past the last, an event page made per request), so its compressed copy serves this request
   * alone and is made at the fastest level (`encodedBody`). Default false: compressed once at a
   * level worth keeping.
   */
  transient?: boolean;
}

/** The content codings we send (RFC 9110 §8.4.1), in our order of preference. */
export type ContentCoding = 'br' | 'gzip';

/** The last `Accept-Encoding` negotiated and its coding: clients of one kind send one value. */
let lastNegotiated: { header: string; coding: ContentCoding | undefined } | undefined;

/** The coding for `req`'s `Accept-Encoding`: brotli, else gzip, else none (identity). */
export function negotiateCoding(req: Request): ContentCoding | undefined {
  const header = req.headers['accept-encoding'];
  // No header (or an empty one) accepts identity only (RFC 9110 §12.5.3, as negotiator reads it).
  if (!header) return undefined;
  if (lastNegotiated?.header === header) return lastNegotiated.coding;
  const coding = req.acceptsEncodings('br', 'gzip', 'identity');
  lastNegotiated = { header, coding: coding === 'br' || coding === 'gzip' ? coding : undefined };
  return lastNegotiated.coding;
}

/**
 * The levels of each coding: for a copy kept with its representation and sent again (`kept`), and
 * for one sent once (`transient`, `Representation.transient`). Kept: brotli quality 5, 0.1 ms for
 * a 10 KB page and within 10 % of quality 11's size, which takes 8 ms (a cost the first request
 * after every transition would pay); gzip 6. Sent once: the fastest of each, since no request
 * after this one shares the cost: brotli 1 compresses the merged list's 90 KB (its envelope's 417
 * page links, docs/api.md §2.5) in 80 µs where 5 takes 370 µs, to 3.4 KB rather than 2.6 KB
 * (docs/benchmarks.md "Several venues in one listing").
 */
const LEVELS = {
  kept: { br: 5, gzip: 6 },
  transient: { br: 1, gzip: 1 },
} as const;

/** `representation`'s body in `coding`, compressed once and kept with it. */
export function encodedBody(representation: Representation, coding: ContentCoding): Buffer {
  const cache = (representation.encoded ??= {});
  const level = LEVELS[representation.transient ? 'transient' : 'kept'][coding];
  return (cache[coding] ??= ownBytes(
    coding === 'br'
      ? brotliCompressSync(representation.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: level,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: representation.body.length,
          },
        })
      : gzipSync(representation.body, { level }),
  ));
}

/**
 * `bytes` in memory of its own size, for bytes a memo keeps. zlib's sync calls return a view of
 * their 16 KiB output chunk, and `Buffer.from` a view of an 8 KiB pool for small sizes, so a kept
 * 2 KB copy would hold 16 KiB, or hold a pool's unused end, that no byte-bounded memo counts.
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/**
 * The strong ETag of `etag`'s representation in `coding`: a strong validator is per
 * representation (RFC 9110 §8.8.3), so `"abc"` becomes `"abc-br"` for its brotli bytes.
 */
export function codedEntityTag(etag: string, coding: ContentCoding | undefined): string {
  return coding ? `${etag.slice(0, -1)}-${coding}"` : etag;
}

/**
 * Sends `representation` as 200 with its `ETag` and `Cache-Control: public, max-age=N`, or a
 * bodiless 304 when the request's `If-None-Match` matches; brotli or gzip when the request's
 * `Accept-Encoding` allows (each with its own ETag), always with `Vary: Accept-Encoding`. `headers` are added to either answer
 * (the proxy's `X-Cache`, `Via`). HEAD gets the headers only (Express drops the body).
 */
export function sendRepresentation(
  req: Request,
  res: Response,
  representation: Representation,
  options: { maxAgeSeconds: number; contentType?: string; headers?: Record<string, string> },
): void {
  const coding = negotiateCoding(req);
  const etag = codedEntityTag(representation.etag, coding);
  // Node's own setHeader and end where Express's set and send would only add work: these values
  // need no charset lookup, and `send`'s freshness check would repeat the If-None-Match one below.
  res.statusCode = 200;
  if (options.contentType === undefined) res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  else res.set('Content-Type', options.contentType);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl(options.maxAgeSeconds));
  const { headers } = options;
  // As `res.set(headers)` does, one `res.set` a member (none for a memo hit of the origin).
  if (headers) for (const name in headers) res.set(name, headers[name]);
  varyOnCoding(res);
  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (coding) res.setHeader('Content-Encoding', coding);
  const body = coding ? encodedBody(representation, coding) : representation.body;
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The API's media type, as Express's `res.set` would complete `application/json`. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The last `Cache-Control` value sent and its `max-age`: most answers in a second share one. */
let lastCacheControl = { maxAge: -1, value: '' };

/** `public, max-age=N`, the string made once per distinct `N` in a row. */
function cacheControl(maxAgeSeconds: number): string {
  if (lastCacheControl.maxAge !== maxAgeSeconds) {
    lastCacheControl = { maxAge: maxAgeSeconds, value: `public, max-age=${maxAgeSeconds}` };
  }
  return lastCacheControl.value;
}

/**
 * `res.vary('Accept-Encoding')`: the header set as is where the response has no `Vary` yet (what
 * `vary` would write), else added to it by `vary` (after CORS's `Origin`, say).
 */
function varyOnCoding(res: Response): void {
  if (res.getHeader('Vary') === undefined) res.setHeader('Vary', 'Accept-Encoding');
  else res.vary('Accept-Encoding');
}

/**
 * Sends a small body made for this request only (an error, a probe) in the request's preferred
 * coding, compressed as it is sent: routes whose responses are memoised never pay for a
 * compression middleware wrapping every response.
 */
export function sendEncoded(res: Response, body: string, contentType: string): void {
  const coding = negotiateCoding(res.req);
  res.vary('Accept-Encoding').type(contentType);
  if (!coding) {
    res.send(body);
    return;
  }
  res.set('Content-Encoding', coding);
  res.send(encodedBody({ body: Buffer.from(body), etag: '', transient: true }, coding));
}
