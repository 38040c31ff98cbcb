/**
 * The API's finding aids beside the list (docs/api.md §10.13–§10.15): a venue's categories, its
 * access provisions and its FullCalendar event feed, built from the store's listing source by the
 * builders both modes share (`server/listing/feeds.ts`). Handlers only: `events-router.ts` mounts
 * them with the list's CORS, venue loader, 405s and 404s. Each is memoised like the list
 * (`RenderCache`, keyed by the canonical query) and sent with its ETag and `Cache-Control`.
 */
import type { RequestHandler } from 'express';
import {
  accessText,
  categoriesText,
  feedText,
  readFeedQuery,
  zonedStarts,
  type BuiltJson,
} from '../listing/feeds.js';
import type { ListingSource } from '../listing/source.js';
import type { apiSender } from './api-send.js';
import type { RenderCache } from './render-cache.js';
import { storeSource, type StoreSourceDeps } from './store-source.js';
import type { VenueLocals } from './venue-loader.js';

export interface FindHandlerOptions extends StoreSourceDeps {
  cache: RenderCache;
  /** Current instant. */
  clock: () => Date;
  /** The API's sender (`apiSender`): the links' base and how a rendering is sent. */
  sender: ReturnType<typeof apiSender>;
}

/** What one answer is: its memo key (after the venue's slug) and how it is built. */
interface Plan {
  key: string;
  build: (source: ListingSource) => Promise<BuiltJson>;
}

/**
 * The handler sending the answer `plan` makes of the request's query for the venue the loader
 * found (key `{kind}|{slug}|{plan.key}`), memoised until the store changes or the answer's
 * `untilMs`, else built from the venue's listing source. `plan` may throw a `FilterError` for a
 * bad query (a 400 naming the parameter).
 */
function memoised(
  options: FindHandlerOptions,
  kind: string,
  plan: (query: Record<string, unknown>, locals: VenueLocals) => Plan,
): RequestHandler {
  const { cache, clock, sender } = options;
  return async (req, res) => {
    const locals = res.locals as VenueLocals;
    const { key, build } = plan(req.query, locals);
    const nowMs = clock().getTime();
    const memoKey = `${kind}|${locals.venue.slug}|${key}`;
    const rendered = (await cache.get(memoKey, locals.version, nowMs, async () => {
      const { text, untilMs } = await build(storeSource(options, locals, nowMs, sender.renderBase));
      return { untilMs, body: text };
    }))!;
    sender.send(req, res, rendered, nowMs);
  };
}

/**
 * `GET /t/{slug}/api/categories` (docs/api.md §10.13): the listed events' categories, valid until
 * the venue's midnight (when events stop being listed) or the store changes.
 */
export const categoriesHandler = (options: FindHandlerOptions): RequestHandler =>
  memoised(options, 'categories', () => ({ key: '', build: categoriesText }));

/**
 * `GET /t/{slug}/api/access` (docs/api.md §10.15): `{"data":[{"type":"access","id":"captioned",
 * "attributes":{"name":"Captioned","count":2}}]}`, vocabulary order, ids no listed event has left
 * out; cached as the categories.
 */
export const accessHandler = (options: FindHandlerOptions): RequestHandler =>
  memoised(options, 'access', () => ({ key: '', build: accessText }));

/**
 * `GET /t/{slug}/api/calendar?start=…&end=…[&timeZone=…][&categories=…][&access=…][&search=…]`
 * (docs/api.md §10.14): FullCalendar's JSON event feed (`feedText`), the range read in the venue's
 * zone.
 * @throws FilterError (a 400 naming the parameter) for a bad `start`, `end`, `timeZone`,
 *   `categories`, `access` or `search`
 */
export function calendarHandler(options: FindHandlerOptions): RequestHandler {
  const zoned = zonedStarts();
  return memoised(options, 'calendar', (query, { venue }) => {
    const feed = readFeedQuery(query, venue.timezone);
    return { key: feed.key, build: (source) => feedText(source, feed, zoned) };
  });
}
