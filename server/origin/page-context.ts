/**
 * What the origin's page handlers share (`pages-router.ts`, `listing-route.ts`): their options,
 * the request's context (venue, moment, day, base, rendering) and the ways a page is sent.
 */
import type { Request, Response } from 'express';
import type { EventResource } from '../../shared/contract.js';
import { entityTag, maxAgeSeconds, sendRepresentation } from '../http/conditional.js';
import { requestBase } from '../http/public-base.js';
import { PAGE_CSP } from '../pages/page-shell.js';
import type { Store, StoredEvent } from '../store/store.js';
import { renderEvent, type Moment } from './resources.js';
import type { StoreReads } from './store-reads.js';
import type { VenueLocals } from './venue-loader.js';

export interface PagesRouterOptions {
  store: Store;
  reads: StoreReads;
  /** Current instant; default `() => new Date()`. */
  clock?: () => Date;
  /** Public base URL of links (no trailing slash); default each request's own origin. */
  baseUrl?: string;
  /** Serve the earlier shape (docs/api.md §9) for every venue: pages derive the ticket office. */
  earlierShape?: boolean;
}

export const HTML = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': PAGE_CSP,
};

/**
 * Sends `text` with its strong ETag (a 304 on a match), `Content-Type` and the other `headers`,
 * fresh until `untilMs` as seen at `nowMs` (epoch ms; `max-age` at most 60 s).
 */
export function send(
  req: Request,
  res: Response,
  text: string,
  untilMs: number,
  nowMs: number,
  { 'Content-Type': contentType, ...headers }: Record<string, string>,
): void {
  const body = Buffer.from(text);
  sendRepresentation(
    req,
    res,
    { body, etag: entityTag(body) },
    { maxAgeSeconds: maxAgeSeconds(untilMs, nowMs), contentType, headers },
  );
}

/**
 * What every page handler starts from: the venue (the loader's), the moment and its venue-local
 * day, the links' base (configured, else the request's origin) and the rendering of a stored
 * event as the API renders it.
 */
export function pageContext(options: PagesRouterOptions, req: Request, res: Response) {
  const { venue, version } = res.locals as VenueLocals;
  const nowMs = (options.clock ?? (() => new Date()))().getTime();
  const day = options.reads.day(venue.timezone, nowMs);
  const moment: Moment = { nowMs, today: day.today };
  const base = options.baseUrl ?? requestBase(req);
  const render = (event: StoredEvent): EventResource =>
    renderEvent(event, venue, base, moment, options.earlierShape ?? false);
  return { venue, version, nowMs, day, base, render };
}
