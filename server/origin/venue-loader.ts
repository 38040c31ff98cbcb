/**
 * The `:slug` loader both origin routers use (`router.param('slug', venueLoader(…))`): finds the
 * venue once per request at the store's current version, or answers the 404 of docs/decisions.md
 * "Errors". A slug no venue file could publish (not `SLUG`, docs/api.md §4, or too long) gets that 404
 * without a store read.
 */
import type { Request, Response } from 'express';
import { SLUG, whole } from '../../shared/contract.js';
import { VenueInputSchema } from '../../shared/venue-file.js';
import { createError } from '../http/errors.js';
import type { Store, VenueRecord } from '../store/store.js';
import type { StoreReads } from './store-reads.js';

/** What the loader leaves in `res.locals` for the route handlers. */
export interface VenueLocals {
  venue: VenueRecord;
  /** The store version the venue was read at: the memo's validity key. */
  version: string;
}

const VENUE_SLUG = whole(SLUG);
/** A venue file cannot publish a longer slug, so no store read is needed to know it is unknown. */
const MAX_SLUG_LENGTH = VenueInputSchema.properties.slug.maxLength ?? Infinity;

/** `slug` can name a venue: the `SLUG` pattern, within the venue file's length. */
const isVenueSlug = (slug: string) => slug.length <= MAX_SLUG_LENGTH && VENUE_SLUG.test(slug);

/**
 * The param handler: leaves `VenueLocals` in `res.locals`.
 * @throws (to the error handler) a 404 for a slug no venue is published under, malformed or not.
 */
export function venueLoader(store: Store, reads: StoreReads) {
  return async function loadVenue(
    _req: Request,
    res: Response,
    next: () => void,
    slug: string,
  ): Promise<void> {
    const unknown = () => createError(404, `No venue is published under the slug "${slug}".`);
    if (!isVenueSlug(slug)) throw unknown();
    const version = store.version();
    const venue = await reads.venue(slug, version);
    if (!venue) throw unknown();
    const locals: VenueLocals = { venue, version };
    Object.assign(res.locals, locals);
    next();
  };
}
