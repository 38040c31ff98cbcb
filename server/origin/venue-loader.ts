/**
 * The `:slug` loader both origin routers use (`router.param('slug', venueLoader(…))`): finds the
 * venue once per request at the store's current version, or answers the 404 of decisions.md
 * "Errors".
 */
import type { Request, Response } from 'express';
import { createError } from '../http/errors.js';
import type { Store, VenueRecord } from '../store/store.js';
import type { StoreReads } from './store-reads.js';

/** What the loader leaves in `res.locals` for the route handlers. */
export interface VenueLocals {
  venue: VenueRecord;
  /** The store version the venue was read at: the memo's validity key. */
  version: string;
}

/** The param handler. @throws (to the error handler) a 404 for an unknown slug. */
export function venueLoader(store: Store, reads: StoreReads) {
  return async function loadVenue(
    _req: Request,
    res: Response,
    next: () => void,
    slug: string,
  ): Promise<void> {
    const version = store.version();
    const venue = await reads.venue(slug, version);
    if (!venue) throw createError(404, `No venue is published under the slug "${slug}".`);
    const locals: VenueLocals = { venue, version };
    Object.assign(res.locals, locals);
    next();
  };
}
