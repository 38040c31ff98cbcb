/**
 * The widget drawn on the server and the per-venue script (docs/api.md §10.17), once for both
 * modes: `GET|HEAD /t/{slug}/widget.html`, `/widget.html?venues=a,b,c` (§10.16) and
 * `/t/{slug}/venue-events.js` with its chunks beside it. Each is drawn in process from the very
 * list answer the element asks for (`listAnswer`, the backend's memo or cache): no request to the
 * app itself, one log line, its links on the request's own public base (trusted forwarded headers
 * included), the list's 404s and 400s as the API's.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { PARAM } from '../../shared/queries.js';
import { parseListFilter } from '../../shared/rules/filters.js';
import { parsePage } from '../../shared/rules/pagination.js';
import { readTextLocale } from '../../shared/rules/text-locale.js';
import { zonedStartDate } from '../../shared/rules/zoned-time.js';
import {
  drawnElement,
  drawnListUrl,
  firstPageUrl,
  SEEDED_PAGES_KEY,
} from '../../widget/declarative.js';
import { entityTag, sendRepresentation, type Representation } from '../http/conditional.js';
import { methodNotAllowed } from '../http/errors.js';
import { plainText } from '../lib/html-text.js';
import type { Answer, Backend, Named } from '../listing/backend.js';
import { memoKey } from '../listing/memo-key.js';
import { drawnQuery, readDrawnElement, readVenues } from '../web/fragment.js';
import { entryReader, venueChunks } from '../web/venue-script.js';
import { listAnswer } from './api-routes.js';
import { venueNamed } from './common.js';

/** The per-venue script's `max-age` at most: 5 minutes, as the "latest" script's. */
const SCRIPT_MAX_AGE_SECONDS = 300;

/**
 * The list answer of the element's own first request (`drawnListUrl`), as the API answers it; in
 * the element's language `locale` (docs/api.md §10.24) where the URL asks none.
 */
function elementList(
  backend: Backend,
  req: Request,
  res: Response,
  named: Named,
  url: string,
  locale?: string,
) {
  const { searchParams } = new URL(url);
  const filter = parseListFilter({
    [PARAM.categories]: searchParams.get(PARAM.categories) ?? undefined,
  });
  const page = parsePage(searchParams.get(PARAM.page) ?? undefined);
  const asked = readTextLocale(searchParams.get(PARAM.locale) ?? locale);
  return listAnswer(backend, { req, res }, named, filter, page, asked);
}

/** The seeding statement: the list document under the URL the first paint will ask for. */
const seed = (url: string, listText: string) =>
  `globalThis[Symbol.for(${JSON.stringify(SEEDED_PAGES_KEY)})]={${JSON.stringify(url)}:${listText}};\n`;

/** Sends a drawing fresh as the list `answer` it was drawn from. */
function sendDrawn(
  req: Request,
  res: Response,
  drawn: Representation,
  answer: Answer,
  type: string,
  maxAge: number,
) {
  sendRepresentation(req, res, drawn, {
    maxAgeSeconds: Math.min(maxAge, answer.maxAgeSeconds),
    contentType: type,
    headers: { ...answer.headers },
  });
}

/**
 * Builds the router of `widget.html`, the per-venue script and its chunks; mount it at the app's
 * root. `clock` gives the instant the buy controls are judged at; `widgetDir` the built widget.
 */
export function widgetRoutes(
  backend: Backend,
  options: { clock: () => Date; widgetDir: string },
): Router {
  const entry = entryReader(options.widgetDir);

  /**
   * `widget.html` of the element `venue` (one slug, or several separated by spaces), in the
   * language of its `locale` alone (docs/api.md §10.17). Decided: `Accept-Language` is not read,
   * unlike the pages' (§10.5): the drawing is included in another site's page, whose server
   * fetches it (its own header, not its visitor's) and whose page has a language of its own, and
   * the element the drawing becomes speaks its `locale`, else that page's `lang` — never this
   * request's header. So no `Vary: Accept-Language`, and one drawing per `locale` in the memo.
   */
  const draw = async (req: Request, res: Response, named: Named, venuesRoute: boolean) => {
    const base = backend.publicBase(req);
    const venue = named.slugs.join(' ');
    const el = readDrawnElement(venue, req.query as Record<string, unknown>, base, venuesRoute);
    const answer = await elementList(backend, req, res, named, drawnListUrl(el), el.locale);
    // After the list: its 404s and 400s are the API's, and a proxy's venues are known by then.
    const venues = await backend.venues({ req, res }, named);
    const listText = () => answer.representation.body.toString('utf8');
    const nowMs = options.clock().getTime();
    // Drawn from the list answer and the venues (the JSON-LD's places): kept while both are the
    // same, whatever the clock (a buy control's state changes with the list's freshness).
    const from = `${answer.representation.etag}|${entityTag(Buffer.from(JSON.stringify(venues)))}`;
    const key = memoKey('widget', named, drawnQuery(el), base);
    const drawn = await backend.derived({ req, res }, key, from, () =>
      drawnElement(el, { listText: listText(), nowMs, plainText, venues, zonedStartDate }),
    );
    sendDrawn(req, res, drawn, answer, 'text/html; charset=utf-8', Infinity);
  };
  const one: RequestHandler = (req, res) => draw(req, res, venueNamed(req), false);
  const several: RequestHandler = (req, res) => {
    const slugs = readVenues(req.query as Record<string, unknown>);
    // One venue named this way is that venue's own element, as `venue="a"` is (`several` false:
    // its list is `/t/a/api/events`, not a listing of several, docs/api.md §10.17).
    return draw(req, res, { slugs, several: slugs.length > 1 }, true);
  };

  /** `venue-events.js` of a venue: the built entry preceded by its first page. */
  const script: RequestHandler = async (req, res) => {
    const named = venueNamed(req);
    const text = entry();
    const base = backend.publicBase(req);
    const url = firstPageUrl(base, named.slugs[0]!);
    const answer = await elementList(backend, req, res, named, url);
    // The first page's answer, and the built entry (its length tells a rebuild).
    const from = `${answer.representation.etag}|${text.length}`;
    const seeded = await backend.derived(
      { req, res },
      memoKey('script', named, {}, base),
      from,
      () => seed(url, answer.representation.body.toString('utf8')) + text,
    );
    res.setHeader('Access-Control-Allow-Origin', '*');
    sendDrawn(req, res, seeded, answer, 'text/javascript; charset=utf-8', SCRIPT_MAX_AGE_SECONDS);
  };

  const router = express.Router({ caseSensitive: true });
  router.route('/t/:slug/widget.html').get(one).all(methodNotAllowed);
  router.route('/widget.html').get(several).all(methodNotAllowed);
  router.route('/t/:slug/venue-events.js').get(script).all(methodNotAllowed);
  router.use(venueChunks(options.widgetDir));
  return router;
}
