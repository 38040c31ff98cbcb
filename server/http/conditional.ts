/**
 * Conditional responses (RFC 9110 §8.8.3 ETag, §13.1.2 If-None-Match) and the freshness header of
 * decisions.md "Caching", shared by the origin and the proxy so both validate the same way.
 */
import { createHash } from 'node:crypto';
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

/**
 * `max-age` in whole seconds for a response that stays valid until `untilMs` (UTC epoch ms) seen
 * at `nowMs`: never negative, never above `MAX_AGE_SECONDS` (decisions.md "Caching").
 */
export function maxAgeSeconds(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.min(MAX_AGE_SECONDS, Math.floor((untilMs - nowMs) / 1000)));
}

/** A stored response body and its validator. */
export interface Representation {
  body: Buffer;
  /** Strong ETag of `body` (`entityTag`). */
  etag: string;
}

/**
 * Sends `representation` as 200 with its `ETag` and `Cache-Control: public, max-age=N`, or a
 * bodiless 304 when the request's `If-None-Match` matches. `headers` are added to either answer
 * (the proxy's `X-Cache`, `Via`). HEAD gets the headers only (Express drops the body).
 */
export function sendRepresentation(
  req: Request,
  res: Response,
  representation: Representation,
  options: { maxAgeSeconds: number; contentType?: string; headers?: Record<string, string> },
): void {
  res.status(200).set({
    'Content-Type': options.contentType ?? 'application/json; charset=utf-8',
    ETag: representation.etag,
    'Cache-Control': `public, max-age=${options.maxAgeSeconds}`,
    ...options.headers,
  });
  if (matchesIfNoneMatch(req.get('If-None-Match'), representation.etag)) {
    res.status(304).end();
    return;
  }
  res.send(representation.body);
}
