/**
 * `GET /t/{slug}/widget.html` (docs/api.md §10.17, docs/widget.md "Server-rendered pages"): the
 * `<venue-events>` element drawn on the server, for a site builder's server to include in its
 * pages. The same in both modes: the page it is drawn from is the app's own list answer
 * (`/t/{slug}/api/events`), asked of the app itself on its loopback address, so it comes from
 * the same memo (origin) or upstream cache (proxy), with its 404s and 400s, and its freshness.
 * The markup is the widget's (`widget/declarative.ts`); a drawn fragment is kept per list ETag and
 * query, so a fresh list is drawn once.
 */
import { request as httpRequest } from 'node:http';
import type { Request, RequestHandler, Response, Router } from 'express';
import express from 'express';
import { compile } from 'html-to-text';
import { LRUCache } from 'lru-cache';
import { SLUG } from '../../shared/patterns.js';
import { FilterError } from '../../shared/rules/filters.js';
import {
  drawnElement,
  drawnListUrl,
  serverI18n,
  type DrawnElement,
} from '../../widget/declarative.js';
import { entityTag, sendRepresentation, type Representation } from '../http/conditional.js';
import { createError, methodNotAllowed } from '../http/errors.js';
import { venueChunks, venueScriptHandler } from './venue-script.js';

/** The query parameters, each mirroring the element's attribute of that name. */
const PARAMETERS = [
  'locale',
  'category',
  'page',
  'heading-level',
  'no-filters',
  'no-share',
  'layout',
  'views',
] as const;

const SLUG_VALUE = new RegExp(`^${SLUG}$`);

/** Plain text of venue HTML as the browser's `textContent` reads it (no bullets, no wrapping). */
export const plainText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'ul', options: { itemPrefix: '' } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => ({
      selector: h,
      options: { uppercase: false },
    })),
  ],
});

/** A 400 naming `parameter` (docs/decisions.md "Errors"). */
const bad = (parameter: string, detail: string) => new FilterError(parameter, detail);

/** A flag parameter: present empty or `true` (as the attribute's presence). */
function flag(query: Record<string, unknown>, name: string): boolean {
  const value = query[name];
  if (value === undefined) return false;
  if (value === '' || value === 'true') return true;
  throw bad(name, `${name} is a flag: give it empty or "true".`);
}

/**
 * The element asked for by `query` for `venue` (one slug, or several separated by spaces), its
 * base `base`.
 * @throws FilterError (a 400) naming the parameter for an unknown, repeated or malformed one
 */
export function readDrawnElement(
  venue: string,
  query: Record<string, unknown>,
  base: string,
): DrawnElement {
  // `venues` is read by the route of several venues (`readVenues`).
  const known: readonly string[] = venue.includes(' ') ? [...PARAMETERS, 'venues'] : PARAMETERS;
  for (const [name, value] of Object.entries(query)) {
    if (!known.includes(name))
      throw bad(name, `Unknown parameter "${name}": ${PARAMETERS.join(', ')}.`);
    if (typeof value !== 'string') throw bad(name, `${name} may be given once.`);
  }
  const text = (name: string) => query[name] as string | undefined;
  const locale = text('locale');
  if (locale !== undefined) {
    try {
      serverI18n(locale);
    } catch {
      throw bad('locale', 'locale is a BCP 47 language tag, such as en-GB or de.');
    }
  }
  const page = Number(text('page') ?? '1');
  if (!Number.isSafeInteger(page) || page < 1 || !/^\d+$/.test(text('page') ?? '1'))
    throw bad('page', 'page is a whole number of at least 1.');
  const level = Number(text('heading-level') ?? '2');
  if (![2, 3, 4, 5, 6].includes(level) || !/^\d$/.test(text('heading-level') ?? '2'))
    throw bad('heading-level', 'heading-level is 2, 3, 4, 5 or 6.');
  const layout = text('layout');
  if (layout !== undefined && layout !== 'compact')
    throw bad('layout', 'layout is "compact" or absent.');
  const views = text('views');
  if (views !== undefined && views !== 'list')
    throw bad('views', 'views is "list" or absent (the month view is drawn in the browser).');
  const category = text('category');
  if (category === '') throw bad('category', 'category names a category.');
  return {
    venue,
    base,
    page,
    ...(locale !== undefined && { locale }),
    ...(category !== undefined && { category }),
    level: level as DrawnElement['level'],
    noFilters: flag(query, 'no-filters'),
    noShare: flag(query, 'no-share'),
    compact: layout === 'compact',
    listOnly: views === 'list',
  };
}

/**
 * The `venues` of `GET /widget.html?venues=a,b,c` as the element's `venue` ("a b c"): two to 20
 * slugs, each once (docs/api.md §10.16).
 * @throws FilterError (a 400 naming `venues`) otherwise
 */
export function readVenues(query: Record<string, unknown>): string {
  const value = query.venues;
  const slugs = typeof value === 'string' ? value.split(',') : [];
  if (
    slugs.length < 2 ||
    slugs.length > 20 ||
    new Set(slugs).size !== slugs.length ||
    !slugs.every((s) => SLUG_VALUE.test(s))
  )
    throw bad('venues', 'venues is 2 to 20 venue slugs separated by commas, each once.');
  return slugs.join(' ');
}

/** The list answer the fragment is drawn from, as the app sent it. */
export interface ListAnswer {
  status: number;
  text: string;
  etag: string;
  maxAgeSeconds: number;
}

/**
 * `path` asked of this app on the address `req` arrived at, as the client asked (its Host and a
 * trusted proxy's forwarded scheme and host, so the links are the same).
 */
export function askSelf(req: Request, path: string): Promise<ListAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // node:http, not fetch: fetch sets its own Host, and the links would name the loopback address.
  const target = { host: req.socket.localAddress, port: req.socket.localPort, path, headers };
  return new Promise((resolve, reject) => {
    const ask = httpRequest(target, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const maxAge = /max-age=(\d+)/.exec(res.headers['cache-control'] ?? '');
        resolve({
          status: res.statusCode ?? 502,
          text: Buffer.concat(chunks).toString('utf8'),
          etag: res.headers.etag ?? '',
          maxAgeSeconds: maxAge ? Number(maxAge[1]) : 0,
        });
      });
    });
    ask.on('error', reject);
    ask.end();
  });
}

/** The detail of a JSON:API error body, or `fallback`. */
export function detailOf(text: string, fallback: string): string {
  try {
    return (JSON.parse(text) as { errors: { detail: string }[] }).errors[0]!.detail;
  } catch {
    return fallback;
  }
}

/**
 * The router of `GET|HEAD /t/{slug}/widget.html`, `/widget.html?venues=a,b,c` (several venues,
 * docs/api.md §10.16) and `/t/{slug}/venue-events.js`; mount it before the mode's `/t/` routes.
 * `publicBase` gives the base of the element's `base-url` (as the API's links), `clock` the
 * instant its buy controls are judged at.
 */
export function fragmentRouter(options: {
  publicBase: (req: Request) => string;
  clock: () => Date;
  /** The built widget (the per-venue script's entry, `venue-script.ts`). */
  widgetDir: string;
}): Router {
  const router = express.Router({ caseSensitive: true });
  // Bounded by bytes as the response memo is (docs/decisions.md "Response memo"): 8 MiB.
  const drawn = new LRUCache<string, Representation>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (r) => r.body.length + 200,
  });
  const draw = async (req: Request, res: Response, venue: string) => {
    const query = req.query as Record<string, unknown>;
    const el = readDrawnElement(venue, query, options.publicBase(req));
    // The very request the element would make, asked of this app.
    const url = new URL(drawnListUrl(el));
    const list = await askSelf(req, `${url.pathname}${url.search}`);
    if (list.status === 404 || list.status === 400)
      throw createError(list.status, detailOf(list.text, `No venue "${venue}".`));
    if (list.status !== 200) throw createError(502, 'The list of events could not be read.');
    const key = `${list.etag}|${JSON.stringify(el)}`;
    let representation = list.etag ? drawn.get(key) : undefined;
    if (!representation) {
      const nowMs = options.clock().getTime();
      const body = Buffer.from(drawnElement(el, { listText: list.text, nowMs, plainText }));
      representation = { body, etag: entityTag(body) };
      if (list.etag) drawn.set(key, representation);
    }
    sendRepresentation(req, res, representation, {
      maxAgeSeconds: list.maxAgeSeconds,
      contentType: 'text/html; charset=utf-8',
    });
  };
  const handler: RequestHandler = async (req, res) => {
    const slug = String(req.params.slug);
    if (!SLUG_VALUE.test(slug)) throw createError(404, `No venue "${slug}".`);
    await draw(req, res, slug);
  };
  const several: RequestHandler = (req, res) =>
    draw(req, res, readVenues(req.query as Record<string, unknown>));
  router.route('/t/:slug/widget.html').get(handler).all(methodNotAllowed);
  router.route('/widget.html').get(several).all(methodNotAllowed);
  router.route('/t/:slug/venue-events.js').get(venueScriptHandler(options)).all(methodNotAllowed);
  router.get('/t/:slug/:chunk', venueChunks(options.widgetDir));
  return router;
}
