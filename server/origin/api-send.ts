/**
 * How the origin's API routes send a memoised rendering (`Rendered`): with the request's own
 * origin in its links when no public base is configured, its strong ETag (304 on a match) and a
 * `max-age` never past its next transition (docs/api.md §10.2).
 */
import type { Request, Response } from 'express';
import {
  forBase,
  maxAgeSeconds,
  sendRepresentation,
  type Representation,
} from '../http/conditional.js';
import { BASE_MARKER, onBase, requestBase } from '../http/public-base.js';
import type { Rendered } from './render-cache.js';

/** The API's base of rendered links and its sender, for configured base `baseUrl` (or none). */
export function apiSender(baseUrl: string | undefined) {
  /** `rendered` with the request's origin in its links when no base is configured. */
  function forRequest(req: Request, rendered: Rendered): Representation {
    if (baseUrl !== undefined) return rendered;
    const base = requestBase(req);
    return forBase(rendered, base, () => Buffer.from(onBase(rendered.text, base)));
  }

  return {
    /**
     * The base links are rendered with: the configured one, else `BASE_MARKER`, which each
     * request's own base replaces when sent: the memo is keyed by path and query, never by `Host`.
     */
    renderBase: baseUrl ?? BASE_MARKER,
    /** Sends `rendered` as seen at `nowMs` (UTC epoch ms). */
    send(req: Request, res: Response, rendered: Rendered, nowMs: number): void {
      sendRepresentation(req, res, forRequest(req, rendered), {
        maxAgeSeconds: maxAgeSeconds(rendered.untilMs, nowMs),
      });
    },
  };
}
