/**
 * `GET /t/{slug}/venue-events.js` (docs/api.md §10.17, docs/widget.md "Server-rendered pages"):
 * the widget script with the venue's first page in it, for the one-line snippet
 * `<script type="module" src="…/t/{slug}/venue-events.js"></script>`. Its first paint takes the
 * page it brought (`widget/first-page.ts` `takeSeeded`), so the first card waits for this one
 * response and no API request. Short-lived as the list (`max-age` at most 300 s, an ETag), so not
 * pinnable and not for Subresource Integrity: the versioned script stays for that. Its chunks are
 * served beside it, under the venue's path.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Request, RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { SLUG } from '../../shared/patterns.js';
import { SEEDED_PAGES_KEY } from '../../widget/declarative.js';
import { entityTag, sendRepresentation, type Representation } from '../http/conditional.js';
import { createError } from '../http/errors.js';
import { askSelf, detailOf } from './fragment.js';

/** At most 5 minutes, as the "latest" script (widget-router.ts). */
const MAX_AGE_SECONDS = 300;
const SLUG_VALUE = new RegExp(`^${SLUG}$`);

/**
 * The built entry script, read again when the file changes (a new build). Served as it is: its
 * chunks import it as `./venue-events.js`, which from `/t/{slug}/` is this very module, so the
 * chunks are served beside it (`venueChunks`) and the page holds one copy of the widget's state.
 */
function entryReader(widgetDir: string): () => string {
  let kept: { mtimeMs: number; text: string } | undefined;
  return () => {
    const file = join(widgetDir, 'venue-events.js');
    const { mtimeMs } = statSync(file);
    if (kept?.mtimeMs !== mtimeMs) kept = { mtimeMs, text: readFileSync(file, 'utf8') };
    return kept.text;
  };
}

/** A built chunk's name: content-hashed, so immutable. */
const CHUNK = /^[\w-]+-[\w-]{8}\.js$/;

/**
 * `GET /t/{slug}/{chunk}.js`: the widget's chunks beside the per-venue script (see
 * `entryReader`), as built (brotli, gzip) and immutable; anything else falls through.
 */
export function venueChunks(widgetDir: string): RequestHandler {
  const files = expressStaticGzip(widgetDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      fallthrough: true,
      setHeaders(res) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    },
  });
  return (req, res, next) => {
    const chunk = String(req.params.chunk);
    if (!CHUNK.test(chunk)) return next();
    req.url = `/${chunk}`;
    // As Node starts a response (a host framework mounting the app may not have).
    res.statusCode = 200;
    return files(req, res, next);
  };
}

/** The seeding statement: the list document under the URL the first paint will ask for. */
const seed = (url: string, listText: string) =>
  `globalThis[Symbol.for(${JSON.stringify(SEEDED_PAGES_KEY)})]={${JSON.stringify(url)}:${listText}};\n`;

/**
 * The handler of `GET|HEAD /t/{slug}/venue-events.js`: a 404 for an unknown venue (or an unbuilt
 * widget), the list's own error otherwise; CORS-readable by any page (a module script).
 */
export function venueScriptHandler(options: {
  widgetDir: string;
  publicBase: (req: Request) => string;
}): RequestHandler {
  const entry = entryReader(options.widgetDir);
  let last: { key: string; representation: Representation } | undefined;
  return async (req, res) => {
    const slug = String(req.params.slug);
    if (!SLUG_VALUE.test(slug)) throw createError(404, `No venue "${slug}".`);
    let script: string;
    try {
      script = entry();
    } catch {
      throw createError(404, 'The widget is not built: run npm run build.');
    }
    const list = await askSelf(req, `/t/${slug}/api/events?page=1`);
    if (list.status !== 200)
      throw createError(list.status === 404 ? 404 : 502, detailOf(list.text, 'No list.'));
    const url = `${options.publicBase(req)}/t/${slug}/api/events?page=1`;
    const key = `${list.etag}|${url}|${script.length}`;
    if (last?.key !== key || !list.etag) {
      const body = Buffer.from(seed(url, list.text) + script);
      last = { key, representation: { body, etag: entityTag(body) } };
    }
    sendRepresentation(req, res, last.representation, {
      maxAgeSeconds: Math.min(MAX_AGE_SECONDS, list.maxAgeSeconds),
      contentType: 'text/javascript; charset=utf-8',
      headers: { 'Access-Control-Allow-Origin': '*' },
    });
  };
}
