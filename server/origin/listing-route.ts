/**
 * The origin's listing page, `GET /t/{slug}/events`: 12 events a page in the API's order with the
 * API's filters from its form, or `?view=calendar[&month=YYYY-MM]` its month view (docs/api.md
 * §10.5, §10.12). A bad filter or month value is the page again with the message by the field, as
 * a 400.
 */
import type { RequestHandler } from 'express';
import { parsePage } from '../../shared/rules/pagination.js';
import { listingPage } from '../pages/listing-page.js';
import { MONTH_MAX_EVENTS, monthPage } from '../pages/month-view.js';
import { isValid, monthDays, readListingQuery, type ListingQuery } from '../pages/page-query.js';
import { HTML, NOWHERE, pageContext, send, type PagesRouterOptions } from './page-context.js';
import { nextTransition } from './resources.js';
import { sendBadQueryPage } from '../pages/send-page.js';

/** The listing page's handler (mounted by `pagesRouter`). */
export function listingRoute(options: PagesRouterOptions): RequestHandler {
  const { store, reads } = options;

  /**
   * The events passing `query`'s filter on a day of its month (at most MONTH_MAX_EVENTS, in the
   * API's order) and how many pass in all. A month over before `today` lists nothing.
   */
  async function monthEvents(slug: string, today: string, version: string, query: ListingQuery) {
    const days = monthDays(query.month);
    const [first, last] = [days[0]!, days[days.length - 1]!];
    if (last < today) return { events: [], total: 0 };
    // At most 31 days: well inside the filters' 366-day bound.
    const filter = { ...query.filter, startDate: first, endDate: last };
    const total = await reads.countListed(slug, today, version, filter);
    const events = total > 0 ? await store.listed(slug, today, 0, MONTH_MAX_EVENTS, filter) : [];
    return { events, total };
  }

  /**
   * GET /t/{slug}/events[?categories=…&access=…&search=…&start_date=…&end_date=…&page=n]: the
   * listing page; `?view=calendar[&month=YYYY-MM&categories=…&access=…&search=…]`: its month view
   * (docs/api.md §10.5, §10.15: `access` repeated, as the form's checkboxes send it, or
   * comma-separated).
   */
  const showListing: RequestHandler = async (req, res) => {
    const { venue, version, nowMs, day, base, render } = pageContext(options, req, res);
    const query = readListingQuery(req.query, day.today);
    const categories = await reads.categories(venue.slug, day.today, version);
    const access = await reads.access(venue.slug, day.today, version);
    const page = { base, today: day.today };
    if (query.view === 'calendar') {
      const { events, total } = isValid(query)
        ? await monthEvents(venue.slug, day.today, version, query)
        : { events: [], total: 0 };
      const html = monthPage({
        events: events.map(render),
        total,
        query,
        categories,
        access,
        venue,
        context: page,
      });
      if (!isValid(query)) return sendBadQueryPage(res, html);
      return send(req, res, html, nextTransition(events, day.endMs, nowMs), nowMs, HTML);
    }
    if (!isValid(query)) {
      return sendBadQueryPage(
        res,
        listingPage([], NOWHERE, venue, page, { query, categories, access }),
      );
    }
    const current = parsePage(req.query.page);
    const { total, window, events } = await reads.listedPage(
      venue.slug,
      day.today,
      current,
      version,
      query.filter,
    );
    const html = listingPage(
      events.map(render),
      { currentPage: current, lastPage: window.lastPage, total, from: window.from },
      venue,
      page,
      { query, categories, access },
    );
    send(req, res, html, nextTransition(events, day.endMs, nowMs), nowMs, HTML);
  };

  return showListing;
}
