/**
 * The origin's listing page, `GET /t/{slug}/events`: 12 events a page in the API's order with the
 * API's filters from its form, or `?view=calendar[&month=YYYY-MM]` its month view (docs/api.md
 * §10.5, §10.12), built by `listingView` from the store's listing source. A bad filter or month
 * value is the page again with the message by the field, as a 400.
 */
import type { RequestHandler } from 'express';
import { parsePage } from '../../shared/rules/pagination.js';
import { listingView } from '../listing/listing-view.js';
import { readListingQuery } from '../pages/page-query.js';
import { sendBadQueryPage } from '../pages/send-page.js';
import { HTML, pageContext, send, type PagesRouterOptions } from './page-context.js';
import { storeSource } from './store-source.js';
import type { VenueLocals } from './venue-loader.js';

/**
 * The listing page's handler (mounted by `pagesRouter`): GET
 * /t/{slug}/events[?categories=…&access=…&search=…&start_date=…&end_date=…&page=n], or
 * `?view=calendar[&month=YYYY-MM&categories=…&access=…&search=…]` (docs/api.md §10.5, §10.15:
 * `access` repeated, as the form's checkboxes send it, or comma-separated).
 */
export function listingRoute(options: PagesRouterOptions): RequestHandler {
  const deps = { ...options, earlierShape: options.earlierShape ?? false };
  return async function showListing(req, res) {
    const { nowMs, day, base } = pageContext(options, req, res);
    const source = storeSource(deps, res.locals as VenueLocals, nowMs, base);
    const query = readListingQuery(req.query, day.today);
    const view = await listingView(source, query, parsePage(req.query.page), {
      base,
      today: day.today,
    });
    if (!view.valid) return sendBadQueryPage(res, view.html);
    send(req, res, view.html, view.untilMs, nowMs, HTML);
  };
}
