/**
 * The origin's HTML pages under a venue: the public event page buy links open
 * (`/t/{slug}/events/{event-slug}`, decisions.md "Buy link").
 */
import express, { type RequestHandler, type Router } from 'express';
import { MAX_AGE_SECONDS } from '../../shared/contract.js';
import { createError } from '../http/errors.js';
import type { Store } from '../store/store.js';
import { eventPage } from './event-page.js';
import type { StoreReads } from './store-reads.js';
import { venueLoader, type VenueLocals } from './venue-loader.js';

export interface PagesRouterOptions {
  store: Store;
  reads: StoreReads;
}

/** Builds the router; mount it at the app's root. */
export function pagesRouter(options: PagesRouterOptions): Router {
  const { store, reads } = options;
  const router = express.Router({ strict: false });

  /** GET /t/{slug}/events/{event-slug}: the page buy links open. */
  const showEventPage: RequestHandler = async (req, res) => {
    const { venue } = res.locals as VenueLocals;
    const event = await store.eventBySlug(venue.slug, String(req.params.eventSlug));
    if (!event) throw createError(404, `Venue "${venue.slug}" has no public event page here.`);
    res.type('html').set('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`);
    res.send(eventPage(venue, event));
  };

  router.param('slug', venueLoader(store, reads));
  router.get('/t/:slug/events/:eventSlug', showEventPage);
  return router;
}
