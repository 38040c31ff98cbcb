/**
 * The widget drawn on the server and the per-venue script (docs/api.md §10.17), once for both
 * modes: `GET|HEAD /t/{slug}/widget.html`, `/widget.html?venues=a,b,c` (§10.16) and
 * `/t/{slug}/venue-events.js` with its chunks beside it. Each is drawn in process from the very
 * list answer the element asks for (`listAnswer`, the backend's memo or cache): no request to the
 * app itself, one log line, its links on the request's own public base (trusted forwarded headers
 * included), the list's 404s and 400s as the API's.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { LRUCache } from 'lru-cache';
import { parseListFilter } from '../../shared/rules/filters.js';
import { parsePage } from '../../shared/rules/pagination.js';
import { zonedStartDate } from '../../shared/rules/zoned-time.js';
import {
  drawnElement,
  drawnListUrl,
  firstPageUrl,
  SEEDED_PAGES_KEY,
} from '../../widget/declarative.js';
import { entityTag, sendRepresentation, type Representation } from '../http/conditional.js';
import { methodNotAllowed } from '../http/errors.js';
import type { Answer, Backend, Named } from '../listing/backend.js';
import { plainText } from '../lib/html-text.js';
import { readDrawnElement, readVenues } from '../web/fragment.js';
import { entryReader, venueChunks } from '../web/venue-script.js';
import { listAnswer } from './api-routes.js';
import { venueNamed } from './common.js';

/** The per-venue script's `max-age` at most: 5 minutes, as the "latest" script's. */
const SCRIPT_MAX_AGE_SECONDS = 300;

/** The list answer of the element's own first request (`drawnListUrl`), as the API answers it. */
function elementList(backend: Backend, req: Request, res: Response, named: Named, url: string) {
  const { searchParams } = new URL(url);
  const filter = parseListFilter({ categories: searchParams.get('categories') ?? undefined });
  const page = parsePage(searchParams.get('page') ?? undefined);
  return listAnswer(backend, { req, res }, named, filter, page);
}

/** The seeding statement: the list document under the URL the first paint will ask for. */
const seed = (url: string, listText: string) =>
  `globalThis[Symbol.for(${JSON.stringify(SEEDED_PAGES_KEY)})]={${JSON.stringify(url)}:${listText}};\n`;

/** Kept drawings, bounded by bytes as the response memo is (docs/decisions.md "Response memo"). */
const drawings = () =>
  new LRUCache<string, Representation>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (r) => r.body.length + 200,
  });

/**
 * `representation` of the drawing `key` (the list's ETag and what is drawn), kept, else `draw()`'s.
 */
function drawnOnce(kept: LRUCache<string, Representation>, key: string, draw: () => string) {
  let representation = kept.get(key);
  if (!representation) {
    const body = Buffer.from(draw());
    representation = { body, etag: entityTag(body) };
    kept.set(key, representation);
  }
  return representation;
}

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
  const kept = drawings();
  const entry = entryReader(options.widgetDir);
  let lastScript: { key: string; representation: Representation } | undefined;

  /** `widget.html` of the element `venue` (one slug, or several separated by spaces). */
  const draw = async (req: Request, res: Response, venue: string, named: Named) => {
    const el = readDrawnElement(
      venue,
      req.query as Record<string, unknown>,
      backend.publicBase(req),
    );
    const answer = await elementList(backend, req, res, named, drawnListUrl(el));
    // After the list: its 404s and 400s are the API's, and a proxy's venues are known by then.
    const venues = await backend.venues({ req, res }, named);
    const listText = () => answer.representation.body.toString('utf8');
    const nowMs = options.clock().getTime();
    const key = `${answer.representation.etag}|${JSON.stringify(el)}|${JSON.stringify(venues)}`;
    const drawn = drawnOnce(kept, key, () =>
      drawnElement(el, { listText: listText(), nowMs, plainText, venues, zonedStartDate }),
    );
    sendDrawn(req, res, drawn, answer, 'text/html; charset=utf-8', Infinity);
  };
  const one: RequestHandler = (req, res) => {
    const named = venueNamed(req);
    return draw(req, res, named.slugs[0]!, named);
  };
  const several: RequestHandler = (req, res) => {
    const venue = readVenues(req.query as Record<string, unknown>);
    const slugs = venue.split(' ');
    // One venue named this way is that venue's own element, as `venue="a"` is.
    return draw(req, res, venue, { slugs, several: slugs.length > 1 });
  };

  /** `venue-events.js` of a venue: the built entry preceded by its first page. */
  const script: RequestHandler = async (req, res) => {
    const named = venueNamed(req);
    const text = entry();
    const url = firstPageUrl(backend.publicBase(req), named.slugs[0]!);
    const answer = await elementList(backend, req, res, named, url);
    const key = `${answer.representation.etag}|${url}|${text.length}`;
    if (lastScript?.key !== key) {
      const body = Buffer.from(seed(url, answer.representation.body.toString('utf8')) + text);
      lastScript = { key, representation: { body, etag: entityTag(body) } };
    }
    res.setHeader('Access-Control-Allow-Origin', '*');
    sendDrawn(
      req,
      res,
      lastScript.representation,
      answer,
      'text/javascript; charset=utf-8',
      SCRIPT_MAX_AGE_SECONDS,
    );
  };

  const router = express.Router({ caseSensitive: true });
  router.route('/t/:slug/widget.html').get(one).all(methodNotAllowed);
  router.route('/widget.html').get(several).all(methodNotAllowed);
  router.route('/t/:slug/venue-events.js').get(script).all(methodNotAllowed);
  router.use(venueChunks(options.widgetDir));
  return router;
}
