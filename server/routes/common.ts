/**
 * What the listing routes share: which venues a request names, how an answer is sent (the one
 * send path of both modes), and the page of a query with a bad value.
 */
import type { Request, Response } from 'express';
import { SLUG, whole } from '../../shared/contract.js';
import { PARAM } from '../../shared/queries.js';
import { parseVenues } from '../../shared/rules/venues.js';
import { VenueInputSchema } from '../../shared/venue-file.js';
import { sendRepresentation } from '../http/conditional.js';
import { unknownVenueError } from '../http/errors.js';
import { onBase } from '../http/public-base.js';
import type { Answer, Named } from '../listing/backend.js';
import { sendBadQueryPage } from '../pages/send-page.js';

const VENUE_SLUG = whole(SLUG);
/** A venue file cannot publish a longer slug, so no read is needed to know it is unknown. */
const MAX_SLUG_LENGTH = VenueInputSchema.properties.slug.maxLength ?? Infinity;

/**
 * `[slug]` of a `/t/{slug}/…` path.
 * @throws the 404 of an unknown venue for a slug no venue file could publish
 */
export function venueNamed(req: Request): Named {
  const slug = String(req.params.slug);
  if (slug.length > MAX_SLUG_LENGTH || !VENUE_SLUG.test(slug)) throw unknownVenueError(slug);
  return { slugs: [slug], several: false };
}

/**
 * The venues of `?venues=a,b,c` (docs/api.md §10.16).
 * @throws FilterError (400, `venues`) for a bad list
 */
export const venuesNamed = (req: Request): Named => ({
  slugs: parseVenues(req.query[PARAM.venues]),
  several: true,
});

/** Sends `answer` (200 with its ETag and `max-age`, or a 304) as `contentType` with `headers`. */
export function sendAnswer(
  req: Request,
  res: Response,
  answer: Answer,
  contentType?: string,
  headers?: Readonly<Record<string, string>>,
): void {
  sendRepresentation(req, res, answer.representation, {
    maxAgeSeconds: answer.maxAgeSeconds,
    contentType,
    // The backend's own headers as they are where the route adds none (every API answer).
    headers: headers ? { ...headers, ...answer.headers } : answer.headers,
  });
}

/**
 * A listing page whose query has a bad value (docs/api.md §10.5): thrown by its build, so no memo
 * keeps it, and sent by the route as a 400 (`sendBadQuery`).
 */
export class BadQueryPage extends Error {
  constructor(readonly html: string) {
    super('bad listing query');
  }
}

/** Sends `error`'s page on `base` as a 400; rethrows anything else. */
export function sendBadQuery(res: Response, error: unknown, base: string): void {
  if (!(error instanceof BadQueryPage)) throw error;
  const cache = res.getHeader('X-Cache');
  sendBadQueryPage(res, onBase(error.html, base), cache ? { 'X-Cache': String(cache) } : {});
}
