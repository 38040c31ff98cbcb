/**
 * The API of a venue and of several (docs/api.md §4, §10.12–§10.16), once for both modes and both
 * scopes: `GET|HEAD /t/{slug}/api/events[?filters][&page=n]`, `/t/{slug}/api/events/{id}`,
 * `/t/{slug}/api/{categories,access,calendar}`, and the same under `/api/…?venues=a,b,c`. Each
 * answer is the backend's memo entry (`Backend.answer`, key `memoKey`) built by the listing
 * engine (`server/listing/feeds.ts`) from the listing of the venues named, and sent by
 * `sendAnswer`. Each route declares GET only, so Express answers HEAD, and every other method
 * gets the 405 of docs/decisions.md "Errors".
 */
import express, { type Request, type RequestHandler, type Router } from 'express';
import { PARAM } from '../../shared/queries.js';
import {
  filterParams,
  FilterError,
  filterQuery,
  isFiltered,
  parseListFilter,
  type ListFilter,
} from '../../shared/rules/filters.js';
import { parsePage } from '../../shared/rules/pagination.js';
import { readTextLocale } from '../../shared/rules/text-locale.js';
import { venuesQuery } from '../../shared/rules/venues.js';
import { createError, methodNotAllowed } from '../http/errors.js';
import type { Answer, Backend, Build, Call, Listing, Named } from '../listing/backend.js';
import { memoKey, type MemoQuery } from '../listing/memo-key.js';
import {
  accessText,
  categoriesText,
  feedText,
  listDocument,
  readFeedQuery,
  venueScope,
  venuesFeedText,
  zonedStarts,
} from '../listing/feeds.js';
import { sendAnswer, venueNamed, venuesNamed } from './common.js';
import { ROUTE_PATHS } from './paths.js';

/**
 * Page `page` (≥ 1) of the list of the venues `named` passing `filter` (docs/api.md §4.1,
 * §10.12, §10.16), in the language `asked` (§10.24, `readTextLocale`) when given: the backend's
 * own page where it has one (an unfiltered venue's list in proxy mode), else the built one. What `GET …/api/events` sends, and what `widget.html` and the
 * per-venue script are drawn from.
 */
export function listAnswer(
  backend: Backend,
  call: Call,
  named: Named,
  filter: ListFilter,
  page: number,
  asked?: string,
): Promise<Answer> {
  const [slug] = named.slugs;
  if (!named.several && backend.ownList && !isFiltered(filter)) {
    return backend.ownList(call, slug!, page, undefined, asked);
  }
  // Only the platform knows its past events (docs/api.md §10.20): asked with every filter; a
  // merge of its venues' past would read every past page of each, so the proxy does not offer it.
  if (backend.ownList && filter.past) {
    if (named.several)
      throw new FilterError(
        PARAM.when,
        'Past events of several venues are not listed in proxy mode.',
      );
    return backend.ownList(call, slug!, page, filterQuery(filter), asked);
  }
  const scope = named.several
    ? { path: '/api/events', query: venuesQuery(named.slugs) }
    : venueScope(slug!);
  const key = memoKey('list', named, {
    ...filterParams(filter),
    [PARAM.page]: page,
    [PARAM.locale]: asked,
  });
  return backend.answer(
    call,
    named,
    key,
    async ({ source }) => {
      const { text, untilMs, lastPage } = await listDocument(source, filter, page, scope);
      return { text, untilMs, keep: page <= lastPage };
    },
    asked,
  );
}

/** One answer of a request: its query as the memo key reads it (`memoKey`) and its build. */
interface Plan {
  query: MemoQuery;
  build: (listing: Listing) => Promise<Build>;
  /** The language asked for the venue's text (docs/api.md §10.24), also in `query`. */
  asked?: string;
}

/** A build of a JSON text that is always worth keeping. */
const kept =
  (build: (listing: Listing) => Promise<{ text: string; untilMs: number }>) =>
  async (listing: Listing): Promise<Build> => ({ ...(await build(listing)), keep: true });

/**
 * The handlers of one scope (`named` reads the venues from the request).
 * @throws (each) FilterError, a 400 naming the parameter, for a bad query value
 */
function handlers(backend: Backend, named: (req: Request) => Named) {
  const zoned = zonedStarts();
  const serve =
    (kind: string, plan: (req: Request, venues: Named) => Plan) =>
    async (req: Request, res: express.Response) => {
      const venues = named(req);
      const { query, build, asked } = plan(req, venues);
      const key = memoKey(kind, venues, query);
      sendAnswer(req, res, await backend.answer({ req, res }, venues, key, build, asked));
    };
  const list: RequestHandler = async (req, res) => {
    // Express 5 parses the query string again at every read of `req.query`: read it once.
    const params = req.query;
    const filter = parseListFilter(params);
    const page = parsePage(params[PARAM.page]);
    const asked = readTextLocale(params[PARAM.locale]);
    sendAnswer(req, res, await listAnswer(backend, { req, res }, named(req), filter, page, asked));
  };
  return {
    list,
    categories: serve('categories', () => ({
      query: {},
      build: kept(({ source }) => categoriesText(source)),
    })),
    access: serve('access', () => ({ query: {}, build: kept(({ source }) => accessText(source)) })),
    // §10.14: read once before the memo, so a bad value is its 400 (the key is the same in every
    // zone); each venue's range is read in its own zone (UTC where the proxy knows none).
    calendar: serve('calendar', (req, venues) => {
      const query = req.query;
      const { memo, asked } = readFeedQuery(query, 'UTC');
      return {
        query: memo,
        asked,
        build: kept(({ sources, source }) =>
          venues.several
            ? venuesFeedText(sources, query, zoned)
            : feedText(source, readFeedQuery(query, source.venue.timezone ?? 'UTC'), zoned),
        ),
      };
    }),
  };
}

/** Builds the router of both scopes; mount it at the app's root, after CORS. */
export function apiRoutes(backend: Backend): Router {
  const router = express.Router({ strict: false, caseSensitive: true });
  const one = handlers(backend, venueNamed);
  const several = handlers(backend, venuesNamed);
  const showEvent: RequestHandler = async (req, res) => {
    const { slugs } = venueNamed(req);
    const asked = readTextLocale(req.query[PARAM.locale]);
    const id = String(req.params.id);
    sendAnswer(req, res, await backend.eventById({ req, res }, slugs[0]!, id, asked));
  };
  for (const [finder, handler] of Object.entries(one) as [keyof typeof one, RequestHandler][]) {
    const resource = finder === 'list' ? 'events' : finder;
    router.route(ROUTE_PATHS.venueApi(resource)).get(handler).all(methodNotAllowed);
    router.route(ROUTE_PATHS.venuesApi(resource)).get(several[finder]).all(methodNotAllowed);
    if (finder === 'list') router.route(ROUTE_PATHS.event).get(showEvent).all(methodNotAllowed);
  }
  router.all('/t/:slug/api{/*rest}', (req) => {
    venueNamed(req);
    throw createError(
      404,
      'The API has only /events, /events/{id}, /categories, /access and /calendar.',
    );
  });
  return router;
}
