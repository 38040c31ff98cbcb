/**
 * One set of listing routes over a mode's `Backend` (docs/architecture.md "One set of routes"):
 * the API of a venue and of several, their pages and calendar files, `widget.html` and the
 * per-venue script. Both modes mount exactly these; a mode adds only its own guard before them
 * (the proxy's check of the raw request target).
 */
import express, { type RequestHandler, type Router } from 'express';
import { cors } from '../http/cors.js';
import type { Backend } from '../listing/backend.js';
import { apiRoutes } from './api-routes.js';
import { pageRoutes } from './page-routes.js';
import { widgetRoutes } from './widget-routes.js';

export { listAnswer } from './api-routes.js';

export interface ListingRoutesOptions {
  /** Allowed CORS origins of the API (and every answer under `/t/`). */
  corsOrigins: '*' | readonly string[];
  /** Current instant (the drawn buy controls are judged at it). */
  clock: () => Date;
  /** Directory of the built widget (the per-venue script's entry and chunks). */
  widgetDir: string;
  /**
   * A mode's own checks, after CORS and before the routes: of every target under `/t/`, under
   * `/api/`, and of the pages of several venues (`/events`, `/events.ics`).
   */
  guards?: { venue?: RequestHandler; api?: RequestHandler; pages?: RequestHandler };
}

/** Builds the router; mount it at the app's root among the routes that encode themselves. */
export function listingRoutes(backend: Backend, options: ListingRoutesOptions): Router {
  const router = express.Router({ caseSensitive: true });
  const { guards = {} } = options;
  const pass: RequestHandler = (_req, _res, next) => next();
  router.use(widgetRoutes(backend, options));
  // Every answer under /t/, a 404 for a mistyped venue included, carries the CORS headers, so a
  // widget on another origin can read the error (docs/api.md §10.3).
  const corsed = cors(options.corsOrigins);
  router.use('/t', corsed, guards.venue ?? pass);
  router.use('/api', corsed, guards.api ?? pass);
  router.use(['/events', '/events.ics'], guards.pages ?? pass);
  router.use(apiRoutes(backend), pageRoutes(backend));
  return router;
}
